#pragma once
// The shader program that draws LineBatch vertices (see line_geometry.h). Its GLSL header is
// chosen for the current context: 330 core, 150, 120, ES 3.00 or ES 1.00.
#include <QString>

#include <memory>

class QOpenGLContext;
class QOpenGLShaderProgram;

namespace fatgraph::editor {

/// Attribute locations the program binds (one per LineVertex field).
enum LineAttribute { kLineStart = 0, kLineEnd = 1, kLineCorner = 2, kLineColor = 3 };

/// Compiles and links the line program for `context` (which must be current). Returns null
/// and fills `log` on failure. Uniforms: uMvp (mat4), uViewport (vec2, pixels),
/// uWidth (float, pixels), uCap (float, pixels).
std::unique_ptr<QOpenGLShaderProgram> createLineProgram(QOpenGLContext& context, QString& log);

}  // namespace fatgraph::editor
