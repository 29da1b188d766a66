#include "views/viewport.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QSurfaceFormat>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "views/leg_overlay.h"
#include "views/line_shader.h"
#include "views/terrain_mesh.h"

namespace fatgraph::editor {
namespace {

/// Opacity of the bones (and the legs on them) seen through the body in "both".
constexpr float kFaintBones = 0.45f;

}  // namespace

Viewport::Viewport(QWidget* parent) : QOpenGLWidget(parent) {
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(320, 240);
  setToolTip(tr("Left drag: orbit · Middle or Shift+left drag: pan · Wheel: zoom · "
                "F: frame the character"));
}

Viewport::~Viewport() {
  // The context outlives this object's members: release now and stop listening to it.
  if (context() != nullptr) disconnect(context(), nullptr, this, nullptr);
  releaseGL();
}

QSurfaceFormat Viewport::preferredFormat() {
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setDepthBufferSize(24);
  format.setSamples(4);
  return format;
}

void Viewport::setClip(const Skeleton& skeleton, const Clip& clip) {
  scene_.setClip(skeleton, clip);
  rebuildBody(skeleton);
  updateBodyPose();
  frameClip();
  staticDirty_ = true;
  poseDirty_ = true;
  rebuildTerrain();
  rebuildLegs();
  update();
}

void Viewport::clearClip() {
  scene_.clear();
  staticDirty_ = true;
  poseDirty_ = true;
  setLegTracks(nullptr);
  rebuildTerrain();
  rebuildLegs();
  update();
}

void Viewport::showFrame(const Skeleton& skeleton, const Clip& clip, int frame) {
  scene_.setFrame(skeleton, clip, frame);
  updateBodyPose();
  poseDirty_ = true;
  rebuildLegs();
  update();
}

void Viewport::showPose(const Skeleton& skeleton, std::span<const Quat> rotations,
                        std::span<const Vec3> positions) {
  scene_.setPose(skeleton, rotations, positions);
  updateBodyPose();
  poseDirty_ = true;
  rebuildLegs();
  update();
}

void Viewport::clearPose() {
  if (!previewFootprints_.batch.empty()) {
    previewFootprints_.batch.clear();
    previewFootprints_.dirty = true;
    update();
  }
  if (!scene_.showsPose()) return;
  scene_.clearPose();
  updateBodyPose();
  poseDirty_ = true;
  rebuildLegs();
  update();
}

void Viewport::setGhostPoses(LineBatch ghosts) {
  ghosts_.batch = std::move(ghosts);
  ghosts_.dirty = true;
  update();
}

void Viewport::setLegs(const LegSetup& legs) {
  legSetup_ = legs;
  rebuildLegs();
  update();
}

void Viewport::rebuildLegs() {
  legs_.batch.clear();
  legs_.batch.width = 6.0f;
  legs_.batch.cap = 2.0f;
  legMarkers_.batch.clear();
  legMarkers_.batch.width = 8.0f;
  legMarkers_.batch.cap = 3.0f;
  if (scene_.hasClip()) {
    addLegChains(legs_.batch, legMarkers_.batch, legSetup_, scene_.jointPositions(),
                 scene_.jointRotations());
  }
  if (bodyDisplay_ == BodyDisplay::Both && drawsBody()) {
    // The legs are drawn on the faint bones through the body: faint as well.
    for (LineBatch* batch : {&legs_.batch, &legMarkers_.batch}) {
      for (LineVertex& vertex : batch->vertices) vertex.color[3] *= kFaintBones;
    }
  }
  legs_.dirty = true;
  legMarkers_.dirty = true;
}

void Viewport::setLegTracks(std::shared_ptr<const ClipLegTracks> tracks) {
  legTracks_ = std::move(tracks);
  footprints_.batch.clear();
  footprints_.batch.width = 2.5f;
  footbasePaths_.batch.clear();
  footbasePaths_.batch.width = 2.0f;
  if (legTracks_) {
    addFootprints(footprints_.batch, *legTracks_);
    addFootbasePaths(footbasePaths_.batch, *legTracks_);
  }
  footprints_.dirty = true;
  footbasePaths_.dirty = true;
  update();
}

void Viewport::setTerrain(const Heightfield* terrain) {
  if (terrain != nullptr) {
    terrainSource_ = *terrain;
  } else {
    terrainSource_.reset();
  }
  rebuildTerrain();
  update();
}

void Viewport::rebuildTerrain() {
  terrain_.batch.clear();
  terrain_.batch.width = 1.0f;
  terrain_.dirty = true;
  if (!terrainSource_) return;
  QVector3D center;
  float halfExtent = 6.0f;
  if (scene_.hasClip()) {
    const Bounds& bounds = scene_.clipBounds();
    center = bounds.center;
    halfExtent = bounds.radius + 2.0f;
  }
  addTerrainMesh(terrain_.batch, *terrainSource_, center, halfExtent);
}

void Viewport::setPreviewFootprints(const std::vector<Footprint>& footprints,
                                    const std::vector<QString>& legNames) {
  previewFootprints_.batch.clear();
  previewFootprints_.batch.width = 3.0f;
  for (const Footprint& print : footprints) {
    const QString name = print.leg < static_cast<int>(legNames.size())
                             ? legNames[static_cast<size_t>(print.leg)]
                             : QString();
    // White-ish so predicted footprints stand apart from the clip's analysed ones.
    addFootOutline(previewFootprints_.batch, print.heel, print.toe,
                   legColor(name, print.leg).lighter(160));
  }
  previewFootprints_.dirty = true;
  update();
}

void Viewport::setAimMarker(const std::optional<QVector3D>& target, const std::optional<QVector3D>& planned) {
  aim_.batch.clear();
  aim_.batch.width = 3.0f;
  const QColor colour(255, 90, 90);
  if (target) {
    constexpr float arm = 0.08f;  // metres
    for (const QVector3D axis : {QVector3D(1, 0, 0), QVector3D(0, 1, 0), QVector3D(0, 0, 1)})
      aim_.batch.addSegment(*target - arm * axis, *target + arm * axis, colour);
  }
  if (target && planned) aim_.batch.addSegment(*planned, *target, colour.lighter(130));
  if (planned) aim_.batch.addMarker(*planned, QColor(255, 220, 90));
  aim_.dirty = true;
  update();
}

std::pair<QVector3D, QVector3D> Viewport::rayAt(const QPointF& pixel) const {
  const double w = std::max(width(), 1), h = std::max(height(), 1);
  const QMatrix4x4 inverse = (camera_.projection(static_cast<float>(w / h)) * camera_.view()).inverted();
  const float x = static_cast<float>(2.0 * pixel.x() / w - 1.0), y = static_cast<float>(1.0 - 2.0 * pixel.y() / h);
  const QVector3D nearPoint = inverse.map(QVector3D(x, y, -1.0f)), farPoint = inverse.map(QVector3D(x, y, 1.0f));
  return {nearPoint, (farPoint - nearPoint).normalized()};
}

void Viewport::frameCharacter() {
  if (!scene_.hasClip()) return;
  const Bounds bounds = scene_.poseBounds();
  camera_.frame(bounds.center, std::max(bounds.radius, 0.5f));
  update();
}

void Viewport::frameClip() {
  if (!scene_.hasClip()) return;
  const Bounds& bounds = scene_.clipBounds();
  camera_.frame(bounds.center, std::max(bounds.radius, 0.5f));
  update();
}

void Viewport::setShowGrid(bool show) {
  showGrid_ = show;
  update();
}

void Viewport::setShowTrajectory(bool show) {
  showTrajectory_ = show;
  update();
}

void Viewport::setShowLegs(bool show) {
  showLegs_ = show;
  update();
}

void Viewport::setShowFootprints(bool show) {
  showFootprints_ = show;
  update();
}

void Viewport::setShowFootbasePaths(bool show) {
  showFootbasePaths_ = show;
  update();
}

void Viewport::orbit(float yawDegrees, float pitchDegrees) {
  camera_.orbit(yawDegrees, pitchDegrees);
  update();
}

void Viewport::initializeGL() {
  initializeOpenGLFunctions();
  connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &Viewport::releaseGL,
          Qt::UniqueConnection);
  QString log;
  program_ = createLineProgram(*context(), log);
  if (!program_) {
    qWarning("fatgraph-editor: cannot build the viewport shader: %s", qPrintable(log));
    return;
  }
  vao_.create();  // required by core profiles; absent on plain GL 2.1, which works without
  if (!body_.initializeGL(*context(), log)) {
    qWarning("fatgraph-editor: the viewport shows bones only: %s", qPrintable(log));
  }
  for (QOpenGLBuffer* buffer : {&gridBuffer_, &trajectoryBuffer_, &bonesBuffer_, &jointsBuffer_}) {
    buffer->create();
  }
  for (Overlay* overlay : overlays()) {
    overlay->buffer.create();
    overlay->dirty = true;
  }
  staticDirty_ = true;
  poseDirty_ = true;
  rebuildLegs();  // faint over the body, now that it can be drawn
}

void Viewport::releaseGL() {
  if (!program_) return;
  makeCurrent();
  for (QOpenGLBuffer* buffer : {&gridBuffer_, &trajectoryBuffer_, &bonesBuffer_, &jointsBuffer_}) {
    buffer->destroy();
  }
  for (Overlay* overlay : overlays()) overlay->buffer.destroy();
  body_.releaseGL();
  vao_.destroy();
  program_.reset();
  doneCurrent();
}

void Viewport::rebuildStaticGeometry() {
  grid_.clear();
  grid_.width = 1.0f;
  QVector3D center;
  int halfExtent = 10;
  if (scene_.hasClip()) {
    const Bounds& bounds = scene_.clipBounds();
    center = bounds.center;
    halfExtent = std::max(5, static_cast<int>(std::ceil(bounds.radius)) + 3);
  }
  addGroundGrid(grid_, center, halfExtent, QColor(70, 75, 84), QColor(100, 107, 118));
  trajectory_.clear();
  trajectory_.width = 2.0f;
  scene_.buildTrajectory(trajectory_);
}

void Viewport::upload(QOpenGLBuffer& buffer, const LineBatch& batch) {
  buffer.bind();
  buffer.allocate(batch.vertices.data(),
                  static_cast<int>(batch.vertices.size() * sizeof(LineVertex)));
  buffer.release();
}

void Viewport::draw(QOpenGLBuffer& buffer, const LineBatch& batch, int vertexCount) {
  if (vertexCount == 0) return;
  buffer.bind();
  constexpr int stride = sizeof(LineVertex);
  program_->enableAttributeArray(kLineStart);
  program_->enableAttributeArray(kLineEnd);
  program_->enableAttributeArray(kLineCorner);
  program_->enableAttributeArray(kLineColor);
  program_->setAttributeBuffer(kLineStart, GL_FLOAT, offsetof(LineVertex, start), 3, stride);
  program_->setAttributeBuffer(kLineEnd, GL_FLOAT, offsetof(LineVertex, end), 3, stride);
  program_->setAttributeBuffer(kLineCorner, GL_FLOAT, offsetof(LineVertex, corner), 2, stride);
  program_->setAttributeBuffer(kLineColor, GL_FLOAT, offsetof(LineVertex, color), 4, stride);
  program_->setUniformValue("uWidth", batch.width * static_cast<float>(devicePixelRatioF()));
  program_->setUniformValue("uCap", batch.cap * static_cast<float>(devicePixelRatioF()));
  glDrawArrays(GL_TRIANGLES, 0, vertexCount);
  buffer.release();
}

void Viewport::drawOverlay(Overlay& overlay) { draw(overlay.buffer, overlay.batch, overlay.count); }

void Viewport::uploadStaleGeometry() {
  if (staticDirty_) {
    rebuildStaticGeometry();
    upload(gridBuffer_, grid_);
    upload(trajectoryBuffer_, trajectory_);
    gridCount_ = static_cast<int>(grid_.vertices.size());
    trajectoryCount_ = static_cast<int>(trajectory_.vertices.size());
    staticDirty_ = false;
  }
  if (poseDirty_) {
    bones_.clear();
    bones_.width = 4.0f;
    bones_.cap = 1.5f;
    joints_.clear();
    joints_.width = 7.0f;
    joints_.cap = 3.5f;
    // Faint bones seen through the body in "both"; full strength on their own.
    const bool faint = bodyDisplay_ == BodyDisplay::Both && drawsBody();
    scene_.buildPose(bones_, joints_, faint ? kFaintBones : 1.0f);
    upload(bonesBuffer_, bones_);
    upload(jointsBuffer_, joints_);
    bonesCount_ = static_cast<int>(bones_.vertices.size());
    jointsCount_ = static_cast<int>(joints_.vertices.size());
    poseDirty_ = false;
  }
  for (Overlay* overlay : overlays()) {
    if (!overlay->dirty) continue;
    upload(overlay->buffer, overlay->batch);
    overlay->count = static_cast<int>(overlay->batch.vertices.size());
    overlay->dirty = false;
  }
}

void Viewport::drawGroundAndOverlays() {
  // The terrain takes the grid's place: both at once would cut through slopes and stairs.
  if (terrainSource_) {
    drawOverlay(terrain_);
  } else if (showGrid_) {
    draw(gridBuffer_, grid_, gridCount_);
  }
  if (showTrajectory_) draw(trajectoryBuffer_, trajectory_, trajectoryCount_);
  if (showFootbasePaths_) drawOverlay(footbasePaths_);
  if (showFootprints_) drawOverlay(footprints_);
  drawOverlay(previewFootprints_);
  drawOverlay(ghosts_);
  drawOverlay(aim_);
}

void Viewport::drawCharacter(const QMatrix4x4& mvp) {
  const bool body = drawsBody();
  if (body) {
    program_->release();
    const QVector3D toLight = BodyRenderer::keyLight(camera_.yawDegrees);
    body_.drawShadow(mvp, toLight, shadowGroundHeight());
    body_.drawBody(mvp, toLight, QColor(204, 186, 166));
    program_->bind();
  }
  const bool bones = !body || bodyDisplay_ == BodyDisplay::Both;
  // With "both", the faint bones and the legs drawn on them show through the body; with the
  // body alone the legs are depth-tested like the rest of the scene.
  auto drawOverBody = [&](QOpenGLBuffer& buffer, const LineBatch& batch, int count) {
    if (body && bones) glDisable(GL_DEPTH_TEST);
    draw(buffer, batch, count);
    glEnable(GL_DEPTH_TEST);
  };
  if (bones) drawOverBody(bonesBuffer_, bones_, bonesCount_);
  if (showLegs_) drawOverBody(legs_.buffer, legs_.batch, legs_.count);
  if (bones) drawOverBody(jointsBuffer_, joints_, jointsCount_);
  if (showLegs_) drawOverBody(legMarkers_.buffer, legMarkers_.batch, legMarkers_.count);
}

void Viewport::paintGL() {
  const QColor background = backgroundColor();
  glClearColor(static_cast<float>(background.redF()), static_cast<float>(background.greenF()),
               static_cast<float>(background.blueF()), 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  if (!program_) return;
  uploadStaleGeometry();

  const float dpr = static_cast<float>(devicePixelRatioF());
  const QSizeF pixels(width() * dpr, height() * dpr);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);

  program_->bind();
  const QMatrix4x4 mvp =
      camera_.projection(static_cast<float>(pixels.width() / std::max(pixels.height(), 1.0))) *
      camera_.view();
  program_->setUniformValue("uMvp", mvp);
  program_->setUniformValue("uViewport", pixels);
  QOpenGLVertexArrayObject::Binder vaoBinder(&vao_);
  drawGroundAndOverlays();
  drawCharacter(mvp);
  program_->release();
}

void Viewport::mousePressEvent(QMouseEvent* event) {
  lastMouse_ = event->position().toPoint();
  setFocus(Qt::MouseFocusReason);
  if (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ControlModifier)) {
    const auto [origin, direction] = rayAt(event->position());
    emit aimRequested(origin, direction);
  }
}

void Viewport::mouseMoveEvent(QMouseEvent* event) {
  const QPoint position = event->position().toPoint();
  const QPoint delta = position - lastMouse_;
  lastMouse_ = position;
  const bool pan = (event->buttons() & Qt::MiddleButton) ||
                   ((event->buttons() & Qt::LeftButton) &&
                    (event->modifiers() & Qt::ShiftModifier));
  if (pan) {
    camera_.pan(static_cast<float>(delta.x()), static_cast<float>(delta.y()), height());
    update();
  } else if (event->buttons() & Qt::LeftButton) {
    orbit(-0.4f * static_cast<float>(delta.x()), 0.4f * static_cast<float>(delta.y()));
  }
}

void Viewport::wheelEvent(QWheelEvent* event) {
  camera_.zoom(static_cast<float>(event->angleDelta().y()) / 120.0f);
  update();
  event->accept();
}

void Viewport::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_F) {
    frameCharacter();
    return;
  }
  QOpenGLWidget::keyPressEvent(event);
}

}  // namespace fatgraph::editor
