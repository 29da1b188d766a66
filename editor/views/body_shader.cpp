#include "views/body_shader.h"

#include <QOpenGLContext>
#include <QOpenGLShaderProgram>

namespace fatgraph::editor {
namespace {

// Linear blend skinning, v' = sum_k w_k M_{j_k} v (runtime/skinning.h); the blended matrix's
// 3x3 part also carries the normal because the palette holds rigid transforms. The shadow
// slides each skinned point down the light ray to the ground, so a foot on the ground keeps
// its shadow under it and a raised limb casts one off to the side.
constexpr char kVertexBody[] = R"(
in vec3 aPosition;
in vec3 aNormal;
in uvec4 aJoints;
in vec4 aWeights;
in vec2 aUv;
uniform mat4 uMvp;
uniform sampler2D uPalette;
uniform int uShadow;
uniform vec3 uToLight;
uniform float uGroundY;
out vec3 vNormal;
out vec2 vUv;
mat4 jointMatrix(uint joint) {
  int row = int(joint);
  return mat4(texelFetch(uPalette, ivec2(0, row), 0), texelFetch(uPalette, ivec2(1, row), 0),
              texelFetch(uPalette, ivec2(2, row), 0), texelFetch(uPalette, ivec2(3, row), 0));
}
void main() {
  mat4 skin = aWeights.x * jointMatrix(aJoints.x) + aWeights.y * jointMatrix(aJoints.y) +
              aWeights.z * jointMatrix(aJoints.z) + aWeights.w * jointMatrix(aJoints.w);
  vec3 p = (skin * vec4(aPosition, 1.0)).xyz;
  vNormal = mat3(skin) * aNormal;
  vUv = aUv;
  if (uShadow != 0) {
    float height = max(p.y - uGroundY, 0.0);
    p -= uToLight * (height / max(uToLight.y, 0.05));
    p.y = uGroundY + 0.003;
  }
  gl_Position = uMvp * vec4(p, 1.0);
}
)";

// A texel multiplies the colour as its bytes are: both are sRGB-encoded (the colour with the
// power 1/2.2 of viewport_body.cpp's displayColor), and with that power law the encoding of a
// product is the product of the encodings, so this is the encoded factor x texel glTF means.
constexpr char kFragmentBody[] = R"(
in vec3 vNormal;
in vec2 vUv;
uniform int uShadow;
uniform vec3 uToLight;
uniform vec4 uColor;
uniform int uTextured;
uniform sampler2D uBaseColor;
out vec4 fragColor;
void main() {
  if (uShadow != 0) {
    fragColor = uColor;
    return;
  }
  vec3 n = normalize(vNormal);
  if (!gl_FrontFacing) n = -n;
  float key = max(dot(n, uToLight), 0.0);
  vec3 hemisphere = mix(vec3(0.20, 0.19, 0.18), vec3(0.50, 0.55, 0.63), 0.5 + 0.5 * n.y);
  vec3 base = uColor.rgb;
  if (uTextured != 0) base *= texture(uBaseColor, vUv).rgb;
  vec3 lit = base * (hemisphere + 0.80 * key * vec3(1.0, 0.96, 0.90));
  fragColor = vec4(min(lit, vec3(1.0)), uColor.a);
}
)";

/// The GLSL header for the context; null when it is too old for the program.
const char* headerFor(const QOpenGLContext& context) {
  const QSurfaceFormat format = context.format();
  const auto version = qMakePair(format.majorVersion(), format.minorVersion());
  if (context.isOpenGLES()) {
    return version >= qMakePair(3, 0)
               ? "#version 300 es\nprecision highp float;\nprecision highp int;\n"
                 "precision highp sampler2D;\n"
               : nullptr;
  }
  if (version >= qMakePair(3, 3)) return "#version 330 core\n";
  if (version >= qMakePair(3, 2)) return "#version 150\n";
  return nullptr;
}

}  // namespace

std::unique_ptr<QOpenGLShaderProgram> createBodyProgram(QOpenGLContext& context, QString& log) {
  const char* header = headerFor(context);
  if (header == nullptr) {
    log = QStringLiteral("GPU skinning needs OpenGL 3.2 or OpenGL ES 3.0");
    return nullptr;
  }
  auto program = std::make_unique<QOpenGLShaderProgram>();
  program->addShaderFromSourceCode(QOpenGLShader::Vertex, QByteArray(header) + kVertexBody);
  program->addShaderFromSourceCode(QOpenGLShader::Fragment, QByteArray(header) + kFragmentBody);
  program->bindAttributeLocation("aPosition", kBodyPosition);
  program->bindAttributeLocation("aNormal", kBodyNormal);
  program->bindAttributeLocation("aJoints", kBodyJoints);
  program->bindAttributeLocation("aWeights", kBodyWeights);
  program->bindAttributeLocation("aUv", kBodyUv);
  if (!program->link()) {
    log = program->log();
    return nullptr;
  }
  return program;
}

}  // namespace fatgraph::editor
