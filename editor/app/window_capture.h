#pragma once
// Rendering a window to an image, OpenGL views included (QWidget::grab alone may leave
// QOpenGLWidget areas empty on some platforms), and waiting until a window is on screen.
#include <QImage>

class QWidget;

namespace fatgraph::editor {

/// Processes events until `window` is exposed and its OpenGL children are initialised, or
/// `timeoutMs` passes. Returns true when exposed.
bool waitUntilExposed(QWidget& window, int timeoutMs = 5000);

/// The window as an image, every QOpenGLWidget child drawn from its framebuffer.
QImage captureWindow(QWidget& window);

}  // namespace fatgraph::editor
