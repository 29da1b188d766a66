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
  std::array<float, 2> uv;  // 0, 0 on a mesh without texture coordinates
};

constexpr int kPaletteUnit = 0;
constexpr int kBaseColorUnit = 1;

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

void BodyRenderer::setMesh(SkinnedMesh mesh, std::vector<Part> parts, std::vector<Float2> uvs,
                           std::vector<CharacterTexture> textures) {
  mesh_ = std::move(mesh);
  parts_ = std::move(parts);
  uvs_ = uvs.size() == mesh_.positions.size() ? std::move(uvs) : std::vector<Float2>{};
  textures_ = std::move(textures);
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
  baseColorTextures_.clear();
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
    out.uv = uvs_.empty() ? std::array<float, 2>{0.0f, 0.0f} : std::array<float, 2>{uvs_[v].x, uvs_[v].y};
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
  uploadTextures();
  meshDirty_ = false;
  paletteDirty_ = true;
}

// Texels as the file's bytes (sRGB, like the parts' colours): rows top to bottom, which is
// where glTF's v = 0 is, so the coordinates need no flip. Repeat and mipmaps, glTF's defaults.
void BodyRenderer::uploadTextures() {
  baseColorTextures_.clear();
  for (const CharacterTexture& t : textures_) {
    auto texture = std::make_unique<QOpenGLTexture>(QOpenGLTexture::Target2D);
    texture->setFormat(QOpenGLTexture::RGBA8_UNorm);
    texture->setSize(t.width, t.height);
    texture->setMipLevels(texture->maximumMipLevels());
    texture->allocateStorage(QOpenGLTexture::RGBA, QOpenGLTexture::UInt8);
    texture->setData(QOpenGLTexture::RGBA, QOpenGLTexture::UInt8, t.rgba.data());
    texture->generateMipMaps();
    texture->setWrapMode(QOpenGLTexture::Repeat);
    texture->setMinMagFilters(QOpenGLTexture::LinearMipMapLinear, QOpenGLTexture::Linear);
    baseColorTextures_.push_back(std::move(texture));
  }
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
  program_->setUniformValue("uPalette", kPaletteUnit);
  program_->setUniformValue("uBaseColor", kBaseColorUnit);
  program_->setUniformValue("uTextured", 0);
  program_->setUniformValue("uToLight", toLight);
  paletteTexture_->bind(kPaletteUnit);

  vertices_.bind();
  constexpr int stride = sizeof(BodyVertex);
  program_->enableAttributeArray(kBodyPosition);
  program_->enableAttributeArray(kBodyNormal);
  program_->enableAttributeArray(kBodyJoints);
  program_->enableAttributeArray(kBodyWeights);
  program_->enableAttributeArray(kBodyUv);
  program_->setAttributeBuffer(kBodyUv, GL_FLOAT, offsetof(BodyVertex, uv), 2, stride);
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
  paletteTexture_->release(kPaletteUnit);
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
  if (parts_.empty()) drawPart({0, indexCount_ / 3, color}, color);
  for (const Part& part : parts_) drawPart(part, color);
  unbind();
}

void BodyRenderer::drawPart(const Part& part, const QColor& fallback) {
  const QColor c = part.color.isValid() ? part.color : fallback;
  program_->setUniformValue("uColor", QVector4D(c.redF(), c.greenF(), c.blueF(), c.alphaF()));
  const bool textured = part.texture >= 0 && part.texture < static_cast<int>(baseColorTextures_.size()) && !uvs_.empty();
  if (textured) baseColorTextures_[static_cast<size_t>(part.texture)]->bind(kBaseColorUnit);
  program_->setUniformValue("uTextured", textured ? 1 : 0);
  const auto offset = static_cast<std::uintptr_t>(3 * part.firstTriangle) * sizeof(std::uint32_t);
  glDrawElements(GL_TRIANGLES, 3 * part.triangleCount, GL_UNSIGNED_INT, reinterpret_cast<const void*>(offset));
  if (textured) baseColorTextures_[static_cast<size_t>(part.texture)]->release(kBaseColorUnit);
}

}  // namespace fatgraph::editor
