#include "fatgraph/eigen_bridge.h"
#include "views/body_renderer.h"

#include <QColor>
#include <QOpenGLContext>
#include <QOpenGLShaderProgram>
#include <QOpenGLTexture>
#include <QtMath>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "views/body_shader.h"

namespace fatgraph::editor {
namespace {

/// One interleaved vertex as the shader reads it (body_shader.h).
struct BodyVertex {
  std::array<float, 3> position;
  std::array<float, 3> normal;
  std::array<std::uint16_t, kMaxSkinInfluences> joints;
  std::array<float, kMaxSkinInfluences> weights;
};

// The palette texture is the palette's bytes as they are: 16 floats per joint, column-major.
static_assert(sizeof(Float4x4) == 16 * sizeof(float));

}  // namespace

BodyRenderer::BodyRenderer() = default;
BodyRenderer::~BodyRenderer() = default;

QVector3D BodyRenderer::keyLight(float yawDegrees) {
  const float yaw = qDegreesToRadians(yawDegrees);
  const QVector3D towardCamera(std::sin(yaw), 0.0f, std::cos(yaw));
  const QVector3D right(std::cos(yaw), 0.0f, -std::sin(yaw));
  return (0.6f * right + 0.3f * towardCamera + QVector3D(0.0f, 1.0f, 0.0f)).normalized();
}

void BodyRenderer::setMesh(SkinnedMesh mesh, std::vector<Part> parts) {
  mesh_ = std::move(mesh);
  parts_ = std::move(parts);
  palette_.assign(static_cast<size_t>(mesh_.jointCount()), Float4x4{});
  hasPose_ = false;
  meshDirty_ = true;
  paletteDirty_ = true;
}

bool BodyRenderer::setPose(std::span<const Quat> rotations, std::span<const Vec3> positions) {
  const auto joints = static_cast<size_t>(mesh_.jointCount());
  hasPose_ = joints > 0 && rotations.size() == joints && positions.size() == joints;
  if (!hasPose_) return false;
  rotations_.resize(joints);
  positions_.resize(joints);
  for (size_t j = 0; j < joints; ++j) {
    rotations_[j] = toQuaternion(rotations[j]);
    positions_[j] = toFloat3(positions[j]);
  }
  SkinningPaletteJob{rotations_, positions_, mesh_.inverseBind, palette_}.run();
  paletteDirty_ = true;
  return true;
}

bool BodyRenderer::initializeGL(QOpenGLContext& context, QString& log) {
  initializeOpenGLFunctions();
  program_ = createBodyProgram(context, log);
  if (!program_) return false;
  vertices_.create();
  indices_.create();
  meshDirty_ = true;
  paletteDirty_ = true;
  return true;
}

void BodyRenderer::releaseGL() {
  paletteTexture_.reset();
  vertices_.destroy();
  indices_.destroy();
  program_.reset();
}

void BodyRenderer::uploadMesh() {
  std::vector<BodyVertex> interleaved(static_cast<size_t>(mesh_.vertexCount()));
  for (size_t v = 0; v < interleaved.size(); ++v) {
    BodyVertex& out = interleaved[v];
    const Float3& p = mesh_.positions[v];
    const Float3& n = mesh_.normals[v];
    out.position = {p.x, p.y, p.z};
    out.normal = {n.x, n.y, n.z};
    out.joints = mesh_.joints[v];
    out.weights = mesh_.weights[v];
  }
  vertices_.bind();
  vertices_.allocate(interleaved.data(), static_cast<int>(interleaved.size() * sizeof(BodyVertex)));
  vertices_.release();
  indices_.bind();
  indices_.allocate(mesh_.triangles.data(),
                    static_cast<int>(mesh_.triangles.size() * sizeof(std::uint32_t)));
  indices_.release();
  indexCount_ = static_cast<int>(mesh_.triangles.size());

  // One row of four RGBA32F texels per joint; a new mesh may have another joint count.
  paletteTexture_.reset();
  if (mesh_.jointCount() > 0) {
    paletteTexture_ = std::make_unique<QOpenGLTexture>(QOpenGLTexture::Target2D);
    paletteTexture_->setFormat(QOpenGLTexture::RGBA32F);
    paletteTexture_->setSize(4, mesh_.jointCount());
    paletteTexture_->setMipLevels(1);
    paletteTexture_->setMinMagFilters(QOpenGLTexture::Nearest, QOpenGLTexture::Nearest);
    paletteTexture_->allocateStorage(QOpenGLTexture::RGBA, QOpenGLTexture::Float32);
  }
  meshDirty_ = false;
  paletteDirty_ = true;
}

bool BodyRenderer::bind(const QMatrix4x4& mvp, const QVector3D& toLight) {
  if (!program_ || !canDraw()) return false;
  if (meshDirty_) uploadMesh();
  if (!paletteTexture_ || indexCount_ == 0) return false;
  if (paletteDirty_) {
    paletteTexture_->setData(QOpenGLTexture::RGBA, QOpenGLTexture::Float32, palette_.data());
    paletteDirty_ = false;
  }
  program_->bind();
  program_->setUniformValue("uMvp", mvp);
  program_->setUniformValue("uPalette", 0);
  program_->setUniformValue("uToLight", toLight);
  paletteTexture_->bind(0);

  vertices_.bind();
  constexpr int stride = sizeof(BodyVertex);
  program_->enableAttributeArray(kBodyPosition);
  program_->enableAttributeArray(kBodyNormal);
  program_->enableAttributeArray(kBodyJoints);
  program_->enableAttributeArray(kBodyWeights);
  program_->setAttributeBuffer(kBodyPosition, GL_FLOAT, offsetof(BodyVertex, position), 3, stride);
  program_->setAttributeBuffer(kBodyNormal, GL_FLOAT, offsetof(BodyVertex, normal), 3, stride);
  program_->setAttributeBuffer(kBodyWeights, GL_FLOAT, offsetof(BodyVertex, weights), 4, stride);
  // Integer attribute: QOpenGLShaderProgram only sets float ones.
  glVertexAttribIPointer(kBodyJoints, 4, GL_UNSIGNED_SHORT, stride,
                         reinterpret_cast<const void*>(offsetof(BodyVertex, joints)));
  indices_.bind();
  return true;
}

void BodyRenderer::unbind() {
  indices_.release();
  vertices_.release();
  paletteTexture_->release(0);
  program_->release();
}

void BodyRenderer::drawShadow(const QMatrix4x4& mvp, const QVector3D& toLight, float groundY) {
  if (!bind(mvp, toLight)) return;
  program_->setUniformValue("uShadow", 1);
  program_->setUniformValue("uGroundY", groundY);
  program_->setUniformValue("uColor", QVector4D(0.0f, 0.0f, 0.0f, 0.6f));
  // Overlapping limbs would darken twice: the stencil lets each pixel be shaded once.
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_EQUAL, 0, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
  glDepthMask(GL_FALSE);
  glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
  glDepthMask(GL_TRUE);
  glDisable(GL_STENCIL_TEST);
  unbind();
}

void BodyRenderer::drawBody(const QMatrix4x4& mvp, const QVector3D& toLight,
                            const QColor& color) {
  if (!bind(mvp, toLight)) return;
  program_->setUniformValue("uShadow", 0);
  const auto setColor = [&](const QColor& c) {
    program_->setUniformValue("uColor", QVector4D(c.redF(), c.greenF(), c.blueF(), c.alphaF()));
  };
  if (parts_.empty()) {
    setColor(color);
    glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
  }
  for (const Part& part : parts_) {
    setColor(part.color.isValid() ? part.color : color);
    const auto offset = static_cast<std::uintptr_t>(3 * part.firstTriangle) * sizeof(std::uint32_t);
    glDrawElements(GL_TRIANGLES, 3 * part.triangleCount, GL_UNSIGNED_INT, reinterpret_cast<const void*>(offset));
  }
  unbind();
}

}  // namespace fatgraph::editor
