#pragma once
// The character's skinned body in the viewport: a SkinnedMesh (core's generateBody output)
// in a vertex and an index buffer, uploaded once per mesh, and the pose's matrix palette,
// computed by the runtime's skinningPalette job and uploaded to a float texture per pose;
// the vertex shader (body_shader.h) does the skinning. It draws the lit body and its shadow
// on the ground; parts of a user's character may multiply their colour by a base-colour
// texture (its sRGB bytes as they are, like the colours, which are sRGB-encoded too). CPU state (mesh, palette) is kept apart from GL state so tests can check
// what is uploaded without a context.
#include <QMatrix4x4>
#include <QOpenGLBuffer>
#include <QOpenGLExtraFunctions>
#include <QColor>
#include <QString>

#include <memory>
#include <span>
#include <vector>

#include "fatgraph/core/body/character_mesh.h"
#include "fatgraph/core/model/quaternion.h"
#include "fatgraph/runtime/skinning.h"

class QOpenGLContext;
class QOpenGLShaderProgram;
class QOpenGLTexture;

namespace fatgraph::editor {

class BodyRenderer : protected QOpenGLExtraFunctions {
 public:
  BodyRenderer();
  ~BodyRenderer();
  BodyRenderer(const BodyRenderer&) = delete;
  BodyRenderer& operator=(const BodyRenderer&) = delete;

  /// A run of triangles drawn in one colour (a material of the user's character), sRGB-encoded,
  /// times a texture's texel where it has one.
  struct Part {
    int firstTriangle = 0;
    int triangleCount = 0;
    QColor color;
    int texture = -1;  // into the textures given to setMesh; -1: the colour alone
  };

  /// Replaces the mesh (empty: nothing to draw) and forgets the pose; the buffers are filled
  /// at the next draw. Without parts the whole mesh is drawn in drawBody's colour. `uvs` (one
  /// per vertex, or empty when no part has a texture) place the `textures` on the parts.
  void setMesh(SkinnedMesh mesh, std::vector<Part> parts = {}, std::vector<Float2> uvs = {},
               std::vector<CharacterTexture> textures = {});
  const std::vector<Part>& parts() const { return parts_; }
  const SkinnedMesh& mesh() const { return mesh_; }
  const std::vector<CharacterTexture>& textures() const { return textures_; }

  /// The palette of a pose given as model-space joint rotations and positions (one per joint,
  /// metres, world placement included), by the runtime's skinningPalette. Returns false and
  /// shows no pose when the counts do not match the mesh's joints (a pose of another skeleton).
  bool setPose(std::span<const Quat> rotations, std::span<const Vec3> positions);
  /// Forgets the pose: nothing is drawn until the next setPose.
  void clearPose() { hasPose_ = false; }
  bool canDraw() const { return hasPose_ && !mesh_.empty(); }
  /// Whether initializeGL built the program (false on contexts too old to skin).
  bool hasProgram() const { return program_ != nullptr; }
  /// The palette the next draw uploads (one column-major matrix per joint).
  const std::vector<Float4x4>& palette() const { return palette_; }

  /// Builds the program and GL objects; the context must be current. False with `log` set
  /// when the context cannot skin on the GPU (then draw calls do nothing).
  bool initializeGL(QOpenGLContext& context, QString& log);
  /// Frees the GL objects; the context must be current.
  void releaseGL();

  /// The shadow cast by a light in direction `toLight` (unit, world space, towards the light)
  /// on the plane y = groundY, each pixel darkened once (stencil), without writing depth.
  /// Call after the ground and before the body.
  void drawShadow(const QMatrix4x4& mvp, const QVector3D& toLight, float groundY);
  /// The body in `color` (or each part in its own), lit by the key light in direction `toLight` and the sky, depth-tested.
  void drawBody(const QMatrix4x4& mvp, const QVector3D& toLight, const QColor& color);

  /// The key light for a camera at `yawDegrees` (orbit_camera.h): high, to the camera's right
  /// and a little in front, so the lit side faces the viewer and the shadow falls beside the
  /// character, where it can be seen, whichever way the view is turned.
  static QVector3D keyLight(float yawDegrees);

 private:
  bool bind(const QMatrix4x4& mvp, const QVector3D& toLight);
  void unbind();
  void uploadMesh();
  void uploadTextures();
  void drawPart(const Part& part, const QColor& fallback);

  SkinnedMesh mesh_;
  std::vector<Part> parts_;
  std::vector<Float2> uvs_;
  std::vector<CharacterTexture> textures_;
  std::vector<Float4x4> palette_;
  std::vector<Quaternion> rotations_;  // the pose in float, the palette job's input
  std::vector<Float3> positions_;
  bool hasPose_ = false;
  bool meshDirty_ = true;
  bool paletteDirty_ = true;

  std::unique_ptr<QOpenGLShaderProgram> program_;
  std::unique_ptr<QOpenGLTexture> paletteTexture_;
  std::vector<std::unique_ptr<QOpenGLTexture>> baseColorTextures_;  // one per textures_ entry
  QOpenGLBuffer vertices_{QOpenGLBuffer::VertexBuffer};
  QOpenGLBuffer indices_{QOpenGLBuffer::IndexBuffer};
  int indexCount_ = 0;
};

}  // namespace fatgraph::editor
