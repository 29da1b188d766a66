#pragma once
// The shader program that draws a SkinnedMesh (runtime/skinning.h) skinned on the GPU. The
// matrix palette lives in a float texture, one row of four RGBA texels (the four columns of
// the column-major SkinMatrix) per joint, so any joint count fits where a uniform array would
// stop at the driver's uniform limit (64 matrices guaranteed on GL 3.3). Per vertex: bind-pose
// position and normal, four joint indices (uvec4), four weights (vec4) and a texture
// coordinate (vec2) for a part's base-colour texture.
//
// The same program draws the lit body (a warm key light plus a sky/ground hemisphere, lit on
// both sides) and its ground shadow: the skinned vertices slid along the light ray onto the
// plane y = uGroundY, in one flat translucent colour. Needs GLSL 1.50 / ES 3.00 (integer
// attributes, texelFetch); older contexts get no program and the viewport shows bones only.
#include <QString>

#include <memory>

class QOpenGLContext;
class QOpenGLShaderProgram;

namespace fatgraph::editor {

/// Attribute locations the program binds.
enum BodyAttribute { kBodyPosition = 0, kBodyNormal = 1, kBodyJoints = 2, kBodyWeights = 3, kBodyUv = 4 };

/// Compiles and links the skinning program for `context` (which must be current). Returns
/// null and fills `log` on failure. Uniforms: uMvp (mat4), uPalette (sampler2D, the palette
/// texture's unit), uShadow (int, 1 = draw the ground shadow), uToLight (vec3, unit, world
/// space), uGroundY (float, metres), uColor (vec4, body or shadow colour, sRGB-encoded),
/// uTextured (int, 1 = multiply uColor's rgb by the texel of uBaseColor, a sampler2D of
/// sRGB-encoded bytes, at the vertex's texture coordinate).
std::unique_ptr<QOpenGLShaderProgram> createBodyProgram(QOpenGLContext& context, QString& log);

}  // namespace fatgraph::editor
