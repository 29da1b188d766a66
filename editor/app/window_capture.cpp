#include "app/window_capture.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QOpenGLWidget>
#include <QPainter>
#include <QWidget>
#include <QWindow>

namespace fatgraph::editor {

bool waitUntilExposed(QWidget& window, int timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  auto exposed = [&] {
    return window.windowHandle() != nullptr && window.windowHandle()->isExposed();
  };
  while (!exposed() && clock.elapsed() < timeoutMs) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  // Let layouts settle and pending paints run once more.
  QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  return exposed();
}

QImage captureWindow(QWidget& window) {
  QImage image = window.grab().toImage().convertToFormat(QImage::Format_RGB32);
  QPainter painter(&image);
  const auto glViews = window.findChildren<QOpenGLWidget*>();
  for (QOpenGLWidget* view : glViews) {
    if (!view->isVisible()) continue;
    const QImage frame = view->grabFramebuffer();
    if (frame.isNull()) continue;
    const QRect target(view->mapTo(&window, QPoint(0, 0)), view->size());
    painter.drawImage(target, frame);
  }
  return image;
}

}  // namespace fatgraph::editor
