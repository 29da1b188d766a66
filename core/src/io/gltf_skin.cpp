#include "gltf_skin.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <sstream>

#include <tiny_gltf.h>

#include "gltf_texture.h"

namespace fatgraph::gltf {
namespace {

std::string firstLine(std::string s) {
  s = s.substr(0, s.find('\n'));
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s.empty() ? std::string("unreadable glTF") : s;
}

Trs matrixTrs(const tinygltf::Node& node) {
  Trs out;
  Eigen::Matrix4d m;
  for (int i = 0; i < 16; ++i) m(i % 4, i / 4) = node.matrix[i];  // column-major
  out.t = m.block<3, 1>(0, 3);
  const Eigen::Matrix3d rs = m.block<3, 3>(0, 0);
  // A mirror has no rotation to split off; the spec forbids it in a node's matrix anyway.
  if (!(rs.determinant() > 0)) {
    throw GltfProblem("node '" + node.name + "' has a mirroring or degenerate matrix");
  }
  for (int c = 0; c < 3; ++c) out.s[c] = rs.col(c).norm();
  out.r = Quat(Eigen::Matrix3d(rs * out.s.cwiseInverse().asDiagonal())).normalized();
  return out;
}

Trs componentTrs(const tinygltf::Node& node) {
  Trs out;
  if (node.translation.size() == 3) out.t = Vec3(node.translation[0], node.translation[1], node.translation[2]);
  if (node.rotation.size() == 4) {
    out.r = Quat(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]);
    if (out.r.norm() < 1e-9) throw GltfProblem("node '" + node.name + "' has a zero rotation quaternion");
    out.r.normalize();
  }
  if (node.scale.size() == 3) out.s = Vec3(node.scale[0], node.scale[1], node.scale[2]);
  return out;
}

double uniformScale(const Trs& trs, const std::string& what) { return scene::uniformScale(trs.s, what); }

// The non-joint nodes from `node`'s parent up to (not including) `stop`, composed top-down.
void foldPrefix(const tinygltf::Model& model, const std::vector<int>& parent, int node, int stop,
                JointFrame& f, std::set<int>& folded) {
  std::vector<int> chain;
  for (int p = parent[node]; p != stop && p != -1; p = parent[p]) chain.push_back(p);
  folded.insert(chain.begin(), chain.end());
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const Trs trs = nodeTrs(model.nodes[*it]);
    f.fold(trs.t, trs.r, uniformScale(trs, "node '" + nodeName(model, *it) + "' above joint '" + nodeName(model, node) + "'"));
  }
}

std::vector<int> parentsFirst(const std::vector<int>& joints, const std::vector<int>& skinParent) {
  std::vector<int> order;
  std::vector<bool> placed(joints.size(), false);
  // Each joint after its chain of joint ancestors, otherwise in the skin's order.
  std::function<void(int)> place = [&](int j) {
    if (placed[j]) return;
    if (skinParent[j] >= 0) place(skinParent[j]);
    placed[j] = true;
    order.push_back(j);
  };
  for (size_t j = 0; j < joints.size(); ++j) place(static_cast<int>(j));
  return order;
}

}  // namespace

tinygltf::Model loadModel(const std::string& bytes, const std::string& fileName) {
  if (bytes.size() > 0xffffffffu) throw GltfProblem("larger than 4 GiB, the glTF limit");
  const auto n = static_cast<unsigned int>(bytes.size());
  const std::string dir = std::filesystem::path(fileName).parent_path().string();
  tinygltf::TinyGLTF loader;
  // Images are not needed for motion: decoding only those a character's materials show keeps
  // import fast and image decoders away from bytes nothing needs.
  loader.SetImageLoader(keepEncodedImage, nullptr);
  tinygltf::Model model;
  std::string err, warn;
  bool ok = false;
  const size_t text = bytes.find_first_not_of(" \t\r\n\xef\xbb\xbf");
  if (bytes.compare(0, 4, "glTF") == 0) {
    ok = loader.LoadBinaryFromMemory(&model, &err, &warn,
                                     reinterpret_cast<const unsigned char*>(bytes.data()), n, dir);
  } else if (text != std::string::npos && bytes[text] == '{') {
    ok = loader.LoadASCIIFromString(&model, &err, &warn, bytes.data(), n, dir);
  } else {
    throw GltfProblem("not a glTF file (neither the binary 'glTF' header nor JSON)");
  }
  // tinygltf's own words, first line only; a missing external buffer is the common case.
  if (!ok && err.find("File not found") != std::string::npos) {
    throw GltfProblem("refers to a file missing beside it (" + firstLine(err) + ")");
  }
  if (!ok) throw GltfProblem("not readable as glTF: " + firstLine(err));
  return model;
}

Trs nodeTrs(const tinygltf::Node& node) {
  const Trs out = node.matrix.size() == 16 ? matrixTrs(node) : componentTrs(node);
  if (!out.t.allFinite() || !out.r.coeffs().allFinite() || !out.s.allFinite()) {
    throw GltfProblem("node '" + node.name + "' has a non-finite transform");
  }
  return out;
}

std::string nodeName(const tinygltf::Model& model, int node) {
  const std::string& n = model.nodes[node].name;
  return n.empty() ? "node " + std::to_string(node) : n;
}

std::vector<int> nodeParents(const tinygltf::Model& model) {
  const int n = static_cast<int>(model.nodes.size());
  std::vector<int> parent(n, -1);
  for (int i = 0; i < n; ++i) {
    for (int c : model.nodes[i].children) {
      if (c < 0 || c >= n) throw GltfProblem("node " + std::to_string(i) + " has an invalid child " + std::to_string(c));
      if (parent[c] != -1 || c == i) throw GltfProblem("node " + std::to_string(c) + " has more than one parent");
      parent[c] = i;
    }
  }
  // A cycle would make the walk up from a joint endless.
  for (int i = 0; i < n; ++i) {
    int p = i;
    for (int steps = 0; p != -1; ++steps, p = parent[p]) {
      if (steps > n) throw GltfProblem("the node hierarchy has a cycle through node " + std::to_string(i));
    }
  }
  return parent;
}

// The skin whose joints the animations key most (the first on a tie): the character's body
// rather than a prop's.
int chooseSkin(const tinygltf::Model& model) {
  if (model.skins.empty()) throw GltfProblem("has no skin, so no skeleton to import");
  int best = 0, bestCount = -1;
  for (int s = 0; s < static_cast<int>(model.skins.size()); ++s) {
    const std::vector<int>& joints = model.skins[s].joints;
    int count = 0;
    for (const tinygltf::Animation& a : model.animations) {
      for (const tinygltf::AnimationChannel& c : a.channels) {
        count += std::find(joints.begin(), joints.end(), c.target_node) != joints.end();
      }
    }
    if (count > bestCount) { best = s; bestCount = count; }
  }
  return best;
}

SkinPlan planSkin(const tinygltf::Model& model, int skin, int maxJoints) {
  const std::vector<int>& joints = model.skins[skin].joints;
  const int n = static_cast<int>(model.nodes.size());
  if (joints.empty()) throw GltfProblem("skin " + std::to_string(skin) + " has no joints");
  if (static_cast<int>(joints.size()) > maxJoints) {
    throw GltfProblem("skin has " + std::to_string(joints.size()) + " joints, more than the limit of " + std::to_string(maxJoints));
  }
  std::map<int, int> slot;  // node -> index in the skin's list
  for (size_t i = 0; i < joints.size(); ++i) {
    if (joints[i] < 0 || joints[i] >= n) throw GltfProblem("skin " + std::to_string(skin) + " names node " + std::to_string(joints[i]) + ", which does not exist");
    if (!slot.emplace(joints[i], static_cast<int>(i)).second) throw GltfProblem("skin " + std::to_string(skin) + " lists node " + std::to_string(joints[i]) + " twice");
  }
  SkinPlan plan;
  plan.nodeParent = nodeParents(model);
  const std::vector<int>& parent = plan.nodeParent;
  std::vector<int> skinParent(joints.size(), -1), parentNode(joints.size(), -1);
  for (size_t i = 0; i < joints.size(); ++i) {
    for (int p = parent[joints[i]]; p != -1; p = parent[p]) {
      if (slot.count(p)) { skinParent[i] = slot[p]; parentNode[i] = p; break; }
    }
  }
  std::map<int, int> jointOfSlot;
  for (int i : parentsFirst(joints, skinParent)) {
    const int node = joints[i];
    JointFrame f;
    f.node = node;
    foldPrefix(model, parent, node, parentNode[i], f, plan.foldedNodes);
    const int pj = skinParent[i] >= 0 ? jointOfSlot.at(skinParent[i]) : -1;
    f.parentScale = pj >= 0 ? plan.frames[pj].ownScale : 1.0;
    const Trs rest = nodeTrs(model.nodes[node]);
    f.ownScale = f.parentScale * f.prefixS * uniformScale(rest, "joint '" + nodeName(model, node) + "'");
    std::string name = nodeName(model, node);
    if (plan.skeleton.find(name) >= 0) name += " (node " + std::to_string(node) + ")";
    jointOfSlot[i] = plan.skeleton.addJoint(name, pj, f.translation(rest.t), false);
    plan.jointOfNode[node] = jointOfSlot[i];
    plan.frames.push_back(f);
    plan.rest.push_back(rest);
  }
  return plan;
}

}  // namespace fatgraph::gltf
