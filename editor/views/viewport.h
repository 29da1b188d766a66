#pragma once
// The 3D view: a ground grid (1 m cells at y = 0) or the preview terrain in its place, the
// root's ground trajectory over the clip, the posed skeleton (bones from each joint to its
// parent and to its end sites, joints as square markers), the legs drawn over it in their
// colours with heel and toe marked, the clip's footprints and footbase paths, and the
// footprints the blend preview's leg layer predicts, and the character's body: a mesh generated
// from the skeleton once per skeleton (core's generateBody), skinned on the GPU with the
// runtime's matrix palette of whatever pose is shown (clip frame, blend preview, live player),
// lit, with its shadow on the ground; bodyDisplay() chooses bones, body or both. Left drag
// orbits, middle drag or Shift + left drag pans, the wheel zooms, F frames the character;
// Ctrl + left click asks the Play dock to aim there (aimRequested).
// Lines use one small shader program and vertex buffers, written for GL 3.3 core, GLES 3 or
// GL 2.1, so they run on Mesa llvmpipe under Xvfb; the body needs GL 3.2 or GLES 3 (without
// it the viewport shows bones).
#include <QMatrix4x4>
#include <QOpenGLBuffer>
#include <QOpenGLFunctions>
#include <QOpenGLShaderProgram>
#include <QOpenGLVertexArrayObject>
#include <QOpenGLWidget>
#include <QPoint>

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "fatgraph/core/body/character_mesh.h"
#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/runtime/terrain.h"
#include "document/leg_tracks.h"
#include "views/body_display.h"
#include "views/body_renderer.h"
#include "views/line_geometry.h"
#include "views/orbit_camera.h"
#include "views/skeleton_scene.h"

class QSurfaceFormat;

namespace fatgraph::editor {

class Viewport : public QOpenGLWidget, protected QOpenGLFunctions {
  Q_OBJECT

 public:
  explicit Viewport(QWidget* parent = nullptr);
  ~Viewport() override;

  /// The surface format the editor asks for: GL 3.3 core, depth buffer, 4x multisampling.
  /// Set it as the default before creating the QApplication.
  static QSurfaceFormat preferredFormat();
  static QColor backgroundColor() { return {38, 41, 46}; }

  /// Shows `clip` (copies what it needs), poses frame 0 and frames the whole clip.
  void setClip(const Skeleton& skeleton, const Clip& clip);
  void clearClip();
  /// Poses the skeleton at `frame` of the clip given to setClip.
  void showFrame(const Skeleton& skeleton, const Clip& clip, int frame);
  /// Shows a pose that is no frame of the clip (a blend preview; world-space rotations and
  /// positions, one per joint) until clearPose(), which returns to the clip's frame.
  void showPose(const Skeleton& skeleton, std::span<const Quat> rotations,
                std::span<const Vec3> positions);
  void clearPose();

  /// The legs to highlight on the pose (copied).
  void setLegs(const LegSetup& legs);
  /// The clip's gait analysis: its footprints and footbase paths; null clears them.
  void setLegTracks(std::shared_ptr<const ClipLegTracks> tracks);
  /// The preview ground, drawn instead of the grid around the clip; null: the flat grid.
  /// The mesh is built at once, so `terrain` need not outlive the call.
  void setTerrain(const Heightfield* terrain);
  /// Footprints of the blend preview's leg layer (previous and next per leg), shown with the
  /// preview pose; cleared by clearPose().
  void setPreviewFootprints(const std::vector<Footprint>& footprints,
                            const std::vector<QString>& legNames);

  const SkeletonScene& scene() const { return scene_; }
  /// CPU geometry of the overlays, for tests.
  const LineBatch& legLines() const { return legs_.batch; }
  const LineBatch& footprintLines() const { return footprints_.batch; }
  const LineBatch& footbasePathLines() const { return footbasePaths_.batch; }
  const LineBatch& terrainLines() const { return terrain_.batch; }
  const LineBatch& previewFootprintLines() const { return previewFootprints_.batch; }
  /// The Play dock's aim (Player::aim): a cross at the target and a line from where the blend
  /// puts the joint to it, world space; nullopt removes either.
  void setAimMarker(const std::optional<QVector3D>& target, const std::optional<QVector3D>& planned);
  const LineBatch& aimLines() const { return aim_.batch; }
  /// The world ray under a widget pixel (origin on the near plane, unit direction).
  std::pair<QVector3D, QVector3D> rayAt(const QPointF& pixel) const;
  /// Ghost skeletons (views/ghost_poses.h: a hub and its matches), drawn faint under the
  /// pose; an empty batch removes them.
  void setGhostPoses(LineBatch ghosts);
  const LineBatch& ghostLines() const { return ghosts_.batch; }
  bool showLegs() const { return showLegs_; }
  bool showFootprints() const { return showFootprints_; }
  bool showFootbasePaths() const { return showFootbasePaths_; }
  OrbitCamera& camera() { return camera_; }
  const OrbitCamera& camera() const { return camera_; }
  bool showGrid() const { return showGrid_; }
  BodyDisplay bodyDisplay() const { return bodyDisplay_; }
  /// The body's mesh and the palette of the shown pose (what the next paint uploads).
  const BodyRenderer& body() const { return body_; }
  /// The user's own character mesh (the project's /character), shown in the body's place for
  /// the next clip of its skeleton; an empty mesh brings back the generated body.
  void setCharacter(const CharacterMesh& mesh);
  /// Why the skeleton has no body (core could not generate one); empty when it has one.
  const QString& bodyProblem() const { return bodyProblem_; }
  bool showTrajectory() const { return showTrajectory_; }

 public slots:
  /// Centres the camera on the current pose at a distance that fits it.
  void frameCharacter();
  /// Centres the camera on the whole clip.
  void frameClip();
  void setShowGrid(bool show);
  void setShowTrajectory(bool show);
  void setShowLegs(bool show);
  void setShowFootprints(bool show);
  void setShowFootbasePaths(bool show);
  void setBodyDisplay(BodyDisplay display);
  /// Orbits the camera by angles in degrees and repaints.
  void orbit(float yawDegrees, float pitchDegrees);

 signals:
  /// Ctrl + left click: the world ray under the cursor (the Play dock aims there).
  void aimRequested(const QVector3D& origin, const QVector3D& direction);

 protected:
  void initializeGL() override;
  void paintGL() override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void releaseGL();
  void rebuildStaticGeometry();
  void draw(QOpenGLBuffer& buffer, const LineBatch& batch, int vertexCount);
  void upload(QOpenGLBuffer& buffer, const LineBatch& batch);

  /// One overlay: its lines, their buffer and whether the buffer is stale.
  struct Overlay {
    LineBatch batch;
    QOpenGLBuffer buffer{QOpenGLBuffer::VertexBuffer};
    int count = 0;
    bool dirty = true;
  };
  std::vector<Overlay*> overlays() {
    return {&terrain_, &footbasePaths_, &footprints_, &legs_, &legMarkers_, &previewFootprints_,
            &ghosts_, &aim_};
  }
  void drawOverlay(Overlay& overlay);
  /// paintGL's steps: re-upload what is stale (static lines, the pose, overlays), then draw
  /// the ground and overlays, then the body and the bones and legs over it.
  void uploadStaleGeometry();
  void drawGroundAndOverlays();
  void drawCharacter(const QMatrix4x4& mvp);
  void rebuildLegs();
  void rebuildTerrain();
  /// Generates the body when `skeleton` is not the one the current body was made for.
  void rebuildBody(const Skeleton& skeleton);
  /// The palette of the shown pose.
  void updateBodyPose();
  bool drawsBody() const;
  float shadowGroundHeight() const;

  SkeletonScene scene_;
  OrbitCamera camera_;
  bool showGrid_ = true;
  bool showTrajectory_ = true;
  bool showLegs_ = true;
  bool showFootprints_ = true;
  bool showFootbasePaths_ = true;
  BodyDisplay bodyDisplay_ = BodyDisplay::Both;
  QPoint lastMouse_;
  LegSetup legSetup_;
  std::shared_ptr<const ClipLegTracks> legTracks_;
  std::optional<Heightfield> terrainSource_;  // kept to rebuild the mesh for another clip

  // CPU geometry; `*Dirty_` marks what must be re-uploaded at the next paint.
  LineBatch grid_;
  LineBatch trajectory_;
  LineBatch bones_;
  LineBatch joints_;
  BodyRenderer body_;
  Skeleton bodySkeleton_;  // the skeleton body_'s mesh was generated for
  CharacterMesh character_;  // the user's character, shown instead of the generated body
  QString bodyProblem_;
  bool staticDirty_ = true;
  bool poseDirty_ = true;

  // GL resources, valid between initializeGL and releaseGL.
  std::unique_ptr<QOpenGLShaderProgram> program_;
  QOpenGLVertexArrayObject vao_;
  QOpenGLBuffer gridBuffer_{QOpenGLBuffer::VertexBuffer};
  QOpenGLBuffer trajectoryBuffer_{QOpenGLBuffer::VertexBuffer};
  QOpenGLBuffer bonesBuffer_{QOpenGLBuffer::VertexBuffer};
  QOpenGLBuffer jointsBuffer_{QOpenGLBuffer::VertexBuffer};
  int gridCount_ = 0;
  int trajectoryCount_ = 0;
  int bonesCount_ = 0;
  int jointsCount_ = 0;
  Overlay terrain_;
  Overlay footbasePaths_;
  Overlay footprints_;
  Overlay legs_;
  Overlay legMarkers_;
  Overlay previewFootprints_;
  Overlay ghosts_;
  Overlay aim_;
};

}  // namespace fatgraph::editor
