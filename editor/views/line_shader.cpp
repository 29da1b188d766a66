#include "views/line_shader.h"

#include <QOpenGLContext>
#include <QOpenGLShaderProgram>

namespace fatgraph::editor {
namespace {

// Expands each vertex across its segment in screen space. Endpoints behind the eye
// (w <= 0) are first moved along the segment to just in front of it, so segments that
// cross the camera plane (grid lines under the camera) keep a sane direction.
constexpr char kVertexBody[] = R"(
IN vec3 aStart;
IN vec3 aEnd;
IN vec2 aCorner;
IN vec4 aColor;
uniform mat4 uMvp;
uniform vec2 uViewport;
uniform float uWidth;
uniform float uCap;
OUT vec4 vColor;
void main() {
  vec4 s = uMvp * vec4(aStart, 1.0);
  vec4 e = uMvp * vec4(aEnd, 1.0);
  float nearW = 0.0001;
  vColor = aColor;
  if (s.w < nearW && e.w < nearW) {
    gl_Position = vec4(0.0, 0.0, -2.0, 1.0);
    return;
  }
  if (s.w < nearW) s = mix(s, e, (nearW - s.w) / (e.w - s.w));
  if (e.w < nearW) e = mix(e, s, (nearW - e.w) / (s.w - e.w));
  vec2 ps = s.xy / s.w * uViewport * 0.5;
  vec2 pe = e.xy / e.w * uViewport * 0.5;
  vec2 d = pe - ps;
  float len = length(d);
  vec2 dir = len > 0.0001 ? d / len : vec2(1.0, 0.0);
  vec2 across = vec2(-dir.y, dir.x);
  vec4 base = aCorner.y < 0.0 ? s : e;
  vec2 offset = across * aCorner.x * (0.5 * uWidth) + dir * aCorner.y * uCap;
  gl_Position = base + vec4(offset * 2.0 / uViewport * base.w, 0.0, 0.0);
}
)";

constexpr char kFragmentBody[] = R"(
IN vec4 vColor;
void main() {
  FRAG_COLOR = vColor;
}
)";

struct Headers {
  const char* vertex;
  const char* fragment;
};

Headers headersFor(const QOpenGLContext& context) {
  const QSurfaceFormat format = context.format();
  const auto version = qMakePair(format.majorVersion(), format.minorVersion());
  if (context.isOpenGLES()) {
    if (version >= qMakePair(3, 0)) {
      return {"#version 300 es\nprecision highp float;\n#define IN in\n#define OUT out\n",
              "#version 300 es\nprecision mediump float;\n#define IN in\n"
              "out vec4 fragColor;\n#define FRAG_COLOR fragColor\n"};
    }
    return {"#version 100\nprecision highp float;\n#define IN attribute\n#define OUT varying\n",
            "#version 100\nprecision mediump float;\n#define IN varying\n"
            "#define FRAG_COLOR gl_FragColor\n"};
  }
  if (version >= qMakePair(3, 2)) {
    const bool v33 = version >= qMakePair(3, 3);
    return {v33 ? "#version 330 core\n#define IN in\n#define OUT out\n"
                : "#version 150\n#define IN in\n#define OUT out\n",
            v33 ? "#version 330 core\n#define IN in\nout vec4 fragColor;\n"
                  "#define FRAG_COLOR fragColor\n"
                : "#version 150\n#define IN in\nout vec4 fragColor;\n"
                  "#define FRAG_COLOR fragColor\n"};
  }
  return {"#version 120\n#define IN attribute\n#define OUT varying\n",
          "#version 120\n#define IN varying\n#define FRAG_COLOR gl_FragColor\n"};
}

}  // namespace

std::unique_ptr<QOpenGLShaderProgram> createLineProgram(QOpenGLContext& context, QString& log) {
  const Headers headers = headersFor(context);
  auto program = std::make_unique<QOpenGLShaderProgram>();
  const QByteArray vertex = QByteArray(headers.vertex) + kVertexBody;
  const QByteArray fragment = QByteArray(headers.fragment) + kFragmentBody;
  program->addShaderFromSourceCode(QOpenGLShader::Vertex, vertex);
  program->addShaderFromSourceCode(QOpenGLShader::Fragment, fragment);
  program->bindAttributeLocation("aStart", kLineStart);
  program->bindAttributeLocation("aEnd", kLineEnd);
  program->bindAttributeLocation("aCorner", kLineCorner);
  program->bindAttributeLocation("aColor", kLineColor);
  if (!program->link()) {
    log = program->log();
    return nullptr;
  }
  return program;
}

}  // namespace fatgraph::editor
