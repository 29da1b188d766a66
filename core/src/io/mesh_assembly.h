#pragma once
// What the scene importers share when they read a character's meshes (gltf_mesh.cpp,
// fbx_mesh.cpp): a joint's binding split into its rigid part and uniform scale, a vertex's
// influences merged per joint, and the assembly of every mesh into one CharacterMesh whose
// inverse bind matrices make the runtime's linear blend skinning equal the file's.
//
// Spaces: a mesh's vertices come in its binding space (as the file stores them, in the file's
// units); each of its bindings K_j maps that space into joint j's rigid frame in the skeleton's
// model space (metres), so the file skins a vertex v as sum_k w_k A_{j_k} K_{j_k} v with A_j
// the joint's rigid model transform. With c the uniform scale K leaves on a mesh's first
// joint (the mesh's unit), positions c v and inverse binds K_j / c skin the same (a rotation
// and a scale of 1 unless the file binds a joint at another scale than it animates it).
// Internal to the importers; problems are SceneProblems without the file's name.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Geometry>

#include "fatgraph/core/body/character_mesh.h"

namespace fatgraph::scene {

/// One joint as a mesh binds it: K = [c R | t] and its uniform scale c.
struct Binding {
  int joint = -1;
  Eigen::Affine3d bind = Eigen::Affine3d::Identity();
  double scale = 1.0;
};

/// K split into its rotation and uniform scale; a SceneProblem naming `what` when it is
/// singular, mirrored, not finite, sheared or non-uniformly scaled.
Binding splitBinding(int joint, const Eigen::Matrix4d& k, const std::string& what);

/// A vertex's influences on skeleton joints, strongest first; unused slots weight 0, joint 0.
struct Influences {
  std::array<std::uint16_t, kMaxImportedInfluences> joints{};
  std::array<float, kMaxImportedInfluences> weights{};
};

/// (skeleton joint, weight) pairs merged per joint, strongest first (the lower joint on a
/// tie), the strongest eight kept and renormalized to sum to 1. False when no weight is > 0.
bool mergeInfluences(const std::vector<std::pair<int, double>>& raw, Influences& out);

/// All of a vertex's weight on one joint (an unskinned mesh under a joint, an unweighted vertex).
Influences rigidInfluence(int joint);

/// One part of a mesh as the file gives it (a glTF primitive, an FBX mesh), in its mesh's
/// binding space.
struct MeshPiece {
  std::string name;  // "<mesh>/<part>"
  int material = -1;
  std::vector<Eigen::Vector3d> positions;
  std::vector<Eigen::Vector3d> normals;  // empty: flat normals per triangle
  std::vector<Float2> uvs;               // TEXCOORD_0 when its material has a texture, else empty
  std::vector<Influences> influences;    // per vertex, joints among the mesh's bindings
  std::vector<std::uint32_t> triangles;  // three vertex indices each, counter-clockwise
};

struct MeshImport {
  CharacterMesh mesh;
  /// What was left out or changed, one line each without the file's name.
  std::vector<std::string> notes;
};

/// Gathers the meshes bound to one skeleton.
class MeshAssembly {
 public:
  /// `rest`: each joint's rigid model transform in the skeleton's rest pose (joints no mesh
  /// binds keep it as their bind pose); `names` the joints' names for notes.
  MeshAssembly(std::vector<Eigen::Affine3d> rest, std::vector<std::string> names, long long maxVertices);

  void addMaterial(CharacterMaterial material) { out_.mesh.materials.push_back(std::move(material)); }
  int materialCount() const { return static_cast<int>(out_.mesh.materials.size()); }
  const CharacterMaterial& material(int index) const { return out_.mesh.materials.at(index); }
  /// Adds a base-colour image; returns its index for CharacterMaterial::texture.
  int addTexture(CharacterTexture texture) {
    out_.mesh.textures.push_back(std::move(texture));
    return static_cast<int>(out_.mesh.textures.size()) - 1;
  }
  std::vector<std::string>& notes() { return out_.notes; }

  /// Starts a mesh with its bindings (one per joint it binds, the first sets its unit). The
  /// first binding of a joint is the common bind pose; a later mesh that binds it differently
  /// has its vertices moved into that pose (exact where one joint moves them), with a note.
  void beginMesh(const std::string& name, std::vector<Binding> bindings);
  /// The first joint the current mesh binds (where its unweighted vertices go).
  int firstJoint() const { return bindings_.front().joint; }
  /// A SceneProblem when `more` vertices would pass the limit.
  void checkVertexLimit(size_t more) const;
  /// Adds a part of the current mesh; every influence names a joint of its bindings.
  void addPiece(const MeshPiece& piece);
  /// Counts a vertex given all its weight on the first joint because it had none.
  void countUnweighted() { ++unweighted_; }

  /// The mesh with one inverse bind matrix per joint, and the notes.
  MeshImport finish();

 private:
  void append(const MeshPiece& piece, const std::vector<Float3>& p, const std::vector<Float3>& n);

  const std::vector<Eigen::Affine3d> rest_;
  const std::vector<std::string> names_;
  const long long maxVertices_;
  std::vector<std::optional<Eigen::Affine3d>> common_;  // per joint: its first binding
  std::vector<Binding> bindings_;                       // the current mesh's
  std::map<int, Eigen::Affine3d> toCommon_;             // the current mesh's, per joint
  double unit_ = 1.0;
  long long unweighted_ = 0;
  MeshImport out_;
};

}  // namespace fatgraph::scene
