#pragma once
// A glTF skin planned as the project's skeleton: the model loaded (images not decoded), the
// node hierarchy checked, and each joint's node transform mapped to a skeleton joint (the
// static nodes above a joint folded in, uniform scales moved into translations). Internal to
// the glTF importer; every problem is a GltfProblem without the file's name.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "fatgraph/core/model/quaternion.h"
#include "fatgraph/core/model/skeleton.h"
#include "gltf_accessor.h"

namespace tinygltf {
class Model;
struct Node;
}  // namespace tinygltf

namespace fatgraph::gltf {

/// The file's bytes parsed: binary .glb or .gltf JSON; `fileName`'s directory resolves external
/// buffers. Images are not decoded (motion needs none of their pixels; gltf_texture.h decodes
/// those a character's materials show).
tinygltf::Model loadModel(const std::string& bytes, const std::string& fileName);

/// A node's local transform, split as glTF defines it (a matrix has no shear in a valid file).
struct Trs {
  Vec3 t = Vec3::Zero();
  Quat r = Quat::Identity();
  Vec3 s = Vec3::Ones();
};

Trs nodeTrs(const tinygltf::Node& node);
/// The node's name, or "node N" when it has none.
std::string nodeName(const tinygltf::Model& model, int node);
/// Each node's parent (-1 for scene roots), refusing invalid children, shared nodes and cycles.
std::vector<int> nodeParents(const tinygltf::Model& model);
/// The skin whose joints the animations key most (the first on a tie): the character's body
/// rather than a prop's.
int chooseSkin(const tinygltf::Model& model);

/// A joint's frame (scene_rig.h: the static nodes above it folded in, uniform scales moved
/// into translations) and the node it was made from. The joint's glTF world matrix is
/// A * diag(ownScale), with A its rigid model transform in the skeleton.
struct JointFrame : scene::JointFrame {
  int node = -1;
};

struct SkinPlan {
  Skeleton skeleton;
  std::vector<JointFrame> frames;  // per skeleton joint
  std::vector<Trs> rest;           // each joint node's rest transform
  std::map<int, int> jointOfNode;  // node index -> skeleton joint
  std::set<int> foldedNodes;       // non-joint nodes folded into joints at their rest transform
  std::vector<int> nodeParent;     // nodeParents(model)
};

/// The skeleton of skin `skin` (joints ordered parents first, otherwise in the skin's order).
SkinPlan planSkin(const tinygltf::Model& model, int skin, int maxJoints);

}  // namespace fatgraph::gltf
