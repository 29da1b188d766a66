// Meshes to the project's model space. glTF skins a vertex v of a skinned mesh as
//   v' = sum_k w_k W_{j_k} IBM_{j_k} v
// with W_j the joint's world matrix and IBM_j the skin's inverse bind matrix (the node's own
// transform is ignored). The skeleton keeps each joint's rigid part A_j and its constant uniform
// scale s_j (W_j = A_j diag(s_j), gltf_skin.h), so K_j = diag(s_j) IBM_j is the binding the
// shared assembly takes (mesh_assembly.h: positions c v, inverse binds K_j / c).
#include "gltf_mesh.h"

#include <algorithm>

#include <Eigen/Geometry>
#include <tiny_gltf.h>

#include "gltf_texture.h"

namespace fatgraph::gltf {
namespace {

using Affine = Eigen::Affine3d;
using scene::Binding;
using scene::Influences;
using scene::splitBinding;

Eigen::Matrix4d trsMatrix(const Trs& trs) {
  Affine a = Affine::Identity();
  a.translate(trs.t).rotate(trs.r).scale(trs.s);
  return a.matrix();
}

Eigen::Matrix4d nodeWorld(const tinygltf::Model& model, const std::vector<int>& parent, int node) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  for (int n = node; n != -1; n = parent[n]) m = trsMatrix(nodeTrs(model.nodes[n])) * m;
  return m;
}

// The rigid model transforms of the skeleton in the file's rest pose.
std::vector<Affine> restModel(const SkinPlan& plan) {
  std::vector<Affine> a(plan.frames.size());
  for (size_t j = 0; j < a.size(); ++j) {
    const Affine local = Eigen::Translation3d(plan.frames[j].translation(plan.rest[j].t)) *
                         plan.frames[j].rotation(plan.rest[j].r);
    const int p = plan.skeleton.parents[j];
    a[j] = p >= 0 ? a[p] * local : local;
  }
  return a;
}

// The bindings of a skinned node's skin, one per slot of the skin's joint list.
std::vector<Binding> skinBindings(const tinygltf::Model& model, const SkinPlan& plan, int skin,
                                  const std::string& what) {
  const tinygltf::Skin& s = model.skins[skin];
  std::vector<double> ibm;
  if (s.inverseBindMatrices >= 0) {
    ibm = readAccessor(model, s.inverseBindMatrices, floatRule(16), what + " inverseBindMatrices");
    if (ibm.size() < 16 * s.joints.size()) {
      throw GltfProblem(what + " has " + std::to_string(ibm.size() / 16) + " inverse bind matrices for " +
                        std::to_string(s.joints.size()) + " joints");
    }
  }
  std::vector<Binding> out;
  for (size_t i = 0; i < s.joints.size(); ++i) {
    const int joint = plan.jointOfNode.at(s.joints[i]);
    Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
    if (!ibm.empty()) m = Eigen::Map<const Eigen::Matrix4d>(&ibm[16 * i]);  // column-major
    m.topRows<3>() *= plan.frames[joint].ownScale;
    out.push_back(splitBinding(joint, m, what + " joint '" + plan.skeleton.names[joint] + "'"));
  }
  return out;
}

// Where a mesh node's vertices go: a skin over the skeleton, or the nearest joint above an
// unskinned node. Empty (with a note) when neither.
std::vector<Binding> nodeBindings(const tinygltf::Model& model, const SkinPlan& plan,
                                  const std::vector<Affine>& rest, int node, const std::string& what,
                                  std::vector<std::string>& notes) {
  const tinygltf::Node& n = model.nodes[node];
  if (n.skin >= 0) {
    if (n.skin >= static_cast<int>(model.skins.size())) throw GltfProblem(what + " names skin " + std::to_string(n.skin) + ", which does not exist");
    for (int j : model.skins[n.skin].joints) {
      if (!plan.jointOfNode.count(j)) {
        notes.push_back(what + " is skinned to skin " + std::to_string(n.skin) + ", whose joints are not the skeleton's; skipped");
        return {};
      }
    }
    return skinBindings(model, plan, n.skin, what);
  }
  for (int p = plan.nodeParent[node]; p != -1; p = plan.nodeParent[p]) {
    if (const auto joint = plan.jointOfNode.find(p); joint != plan.jointOfNode.end()) {
      const Eigen::Matrix4d k = rest[joint->second].inverse().matrix() * nodeWorld(model, plan.nodeParent, node);
      return {splitBinding(joint->second, k, what)};
    }
  }
  notes.push_back(what + " is neither skinned nor under a joint of the skeleton; skipped");
  return {};
}

class MeshReader {
 public:
  MeshReader(const tinygltf::Model& model, const SkinPlan& plan, long long maxVertices)
      : model_(model), plan_(plan), rest_(restModel(plan)),
        assembly_(rest_, plan.skeleton.names, maxVertices) {}

  MeshImport read() {
    readMaterials();
    for (size_t node = 0; node < model_.nodes.size(); ++node) {
      const int mesh = model_.nodes[node].mesh;
      if (mesh < 0) continue;
      if (mesh >= static_cast<int>(model_.meshes.size())) throw GltfProblem("node " + std::to_string(node) + " names mesh " + std::to_string(mesh) + ", which does not exist");
      readNode(static_cast<int>(node), mesh);
    }
    return assembly_.finish();
  }

 private:
  void readMaterials() {
    for (size_t i = 0; i < model_.materials.size(); ++i) {
      const tinygltf::Material& m = model_.materials[i];
      CharacterMaterial cm;
      cm.name = m.name.empty() ? "material " + std::to_string(i) : m.name;
      const std::vector<double>& f = m.pbrMetallicRoughness.baseColorFactor;
      for (size_t c = 0; c < 4 && c < f.size(); ++c) cm.baseColor[c] = static_cast<float>(std::clamp(f[c], 0.0, 1.0));
      cm.texture = baseColorTexture(m.pbrMetallicRoughness.baseColorTexture, "material '" + cm.name + "'");
      assembly_.addMaterial(cm);
    }
  }

  // The material's base-colour image, decoded once however many materials show it; -1 when it
  // has none or one this importer cannot show (noted).
  int baseColorTexture(const tinygltf::TextureInfo& info, const std::string& material) {
    if (info.index < 0) return -1;
    if (info.index >= static_cast<int>(model_.textures.size())) {
      throw GltfProblem(material + " names texture " + std::to_string(info.index) + ", which does not exist");
    }
    if (info.texCoord != 0) {
      assembly_.notes().push_back(material + "'s base colour texture reads TEXCOORD_" + std::to_string(info.texCoord) +
                           "; only TEXCOORD_0 is supported, so it is drawn in its base colour alone");
      return -1;
    }
    const int image = model_.textures[info.index].source;
    if (image < 0) {
      assembly_.notes().push_back(material + "'s base colour texture has no PNG or JPEG image (an extension's format); drawn in its base colour alone");
      return -1;
    }
    if (image >= static_cast<int>(model_.images.size())) {
      throw GltfProblem("texture " + std::to_string(info.index) + " names image " + std::to_string(image) + ", which does not exist");
    }
    if (const auto known = textureOfImage_.find(image); known != textureOfImage_.end()) return known->second;
    const int texture = assembly_.addTexture(decodeImage(model_, image));
    textureOfImage_.emplace(image, texture);
    return texture;
  }

  void readNode(int node, int mesh) {
    const tinygltf::Mesh& m = model_.meshes[mesh];
    const std::string name = m.name.empty() ? "mesh " + std::to_string(mesh) : m.name;
    std::vector<Binding> bind = nodeBindings(model_, plan_, rest_, node, "mesh '" + name + "' (node " + std::to_string(node) + ")", assembly_.notes());
    if (bind.empty()) return;
    assembly_.beginMesh(name, bind);
    for (size_t p = 0; p < m.primitives.size(); ++p) {
      readPrimitive(m.primitives[p], name + "/" + std::to_string(p), bind, model_.nodes[node].skin >= 0);
    }
  }

  std::vector<double> attribute(const tinygltf::Primitive& prim, const char* key, const AccessorRule& rule,
                                size_t count, const std::string& where) {
    const auto it = prim.attributes.find(key);
    if (it == prim.attributes.end()) return {};
    std::vector<double> v = readAccessor(model_, it->second, rule, where + " " + key);
    if (count && v.size() != count * rule.width) {
      throw GltfProblem(where + " " + key + " has " + std::to_string(v.size() / rule.width) + " elements for " + std::to_string(count) + " vertices");
    }
    return v;
  }

  std::vector<std::uint32_t> triangleList(const tinygltf::Primitive& prim, size_t vertices, const std::string& where) {
    std::vector<double> idx;
    if (prim.indices >= 0) {
      idx = readAccessor(model_, prim.indices, unsignedRule(1, true), where + " indices");
    } else {
      for (size_t i = 0; i < vertices; ++i) idx.push_back(static_cast<double>(i));
    }
    for (double i : idx) {
      if (i >= static_cast<double>(vertices)) throw GltfProblem(where + " has vertex index " + std::to_string(static_cast<long long>(i)) + ", beyond its " + std::to_string(vertices) + " vertices");
    }
    std::vector<std::uint32_t> tri;
    const auto at = [&](size_t k) { return static_cast<std::uint32_t>(idx[k]); };
    const int mode = prim.mode < 0 ? TINYGLTF_MODE_TRIANGLES : prim.mode;
    if (mode == TINYGLTF_MODE_TRIANGLES) {
      for (size_t k = 0; k + 2 < idx.size(); k += 3) tri.insert(tri.end(), {at(k), at(k + 1), at(k + 2)});
    } else if (mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
      for (size_t k = 0; k + 2 < idx.size(); ++k) {  // every other triangle flips to keep the winding
        if (k % 2 == 0) tri.insert(tri.end(), {at(k), at(k + 1), at(k + 2)});
        else tri.insert(tri.end(), {at(k + 1), at(k), at(k + 2)});
      }
    } else if (mode == TINYGLTF_MODE_TRIANGLE_FAN) {
      for (size_t k = 1; k + 1 < idx.size(); ++k) tri.insert(tri.end(), {at(0), at(k), at(k + 1)});
    }
    return tri;
  }

  std::vector<Influences> influences(const tinygltf::Primitive& prim, size_t n, const std::vector<Binding>& bind,
                                     bool skinned, const std::string& where) {
    if (!skinned) return std::vector<Influences>(n, scene::rigidInfluence(bind[0].joint));
    std::vector<Influences> out(n);
    std::vector<std::vector<double>> joints, weights;
    for (const char* set : {"0", "1"}) {
      const std::string j = std::string("JOINTS_") + set, w = std::string("WEIGHTS_") + set;
      std::vector<double> jv = attribute(prim, j.c_str(), unsignedRule(4, false), n, where);
      std::vector<double> wv = attribute(prim, w.c_str(), normalizedRule(4), n, where);
      if (jv.empty() != wv.empty()) throw GltfProblem(where + " has " + (jv.empty() ? w : j) + " without " + (jv.empty() ? j : w));
      if (jv.empty()) break;
      joints.push_back(std::move(jv));
      weights.push_back(std::move(wv));
    }
    if (joints.empty()) throw GltfProblem(where + " is skinned but has no JOINTS_0 and WEIGHTS_0");
    for (size_t v = 0; v < n; ++v) {
      std::vector<std::pair<int, double>> raw;  // skeleton joint, weight
      for (size_t s = 0; s < joints.size(); ++s) {
        for (size_t k = 0; k < 4; ++k) {
          const double w = weights[s][4 * v + k];
          const double slot = joints[s][4 * v + k];
          if (!(w > 0)) continue;
          if (slot >= static_cast<double>(bind.size())) {
            throw GltfProblem(where + " vertex " + std::to_string(v) + " names joint " + std::to_string(static_cast<long long>(slot)) +
                              " of a skin with " + std::to_string(bind.size()) + " joints");
          }
          raw.emplace_back(bind[static_cast<size_t>(slot)].joint, w);
        }
      }
      if (!scene::mergeInfluences(raw, out[v])) {
        assembly_.countUnweighted();
        out[v] = scene::rigidInfluence(bind[0].joint);
      }
    }
    return out;
  }

  void readPrimitive(const tinygltf::Primitive& prim, const std::string& name, const std::vector<Binding>& bind, bool skinned) {
    const std::string where = "mesh '" + name.substr(0, name.rfind('/')) + "' primitive " + name.substr(name.rfind('/') + 1);
    const int mode = prim.mode < 0 ? TINYGLTF_MODE_TRIANGLES : prim.mode;
    if (mode != TINYGLTF_MODE_TRIANGLES && mode != TINYGLTF_MODE_TRIANGLE_STRIP && mode != TINYGLTF_MODE_TRIANGLE_FAN) {
      assembly_.notes().push_back(where + " draws points or lines, not triangles; skipped");
      return;
    }
    if (!prim.targets.empty()) assembly_.notes().push_back(where + " has morph targets; they are not applied");
    if (prim.material >= assembly_.materialCount()) throw GltfProblem(where + " names material " + std::to_string(prim.material) + ", which does not exist");
    const std::vector<double> pos = attribute(prim, "POSITION", floatRule(3), 0, where);
    if (pos.empty()) throw GltfProblem(where + " has no POSITION");
    const size_t n = pos.size() / 3;
    assembly_.checkVertexLimit(n);
    const std::vector<double> nor = attribute(prim, "NORMAL", floatRule(3), n, where);
    scene::MeshPiece piece;
    piece.name = name;
    piece.material = prim.material;
    piece.influences = influences(prim, n, bind, skinned, where);
    piece.uvs = textureCoordinates(prim, n, where);
    piece.triangles = triangleList(prim, n, where);
    for (size_t v = 0; v < n; ++v) {
      piece.positions.emplace_back(pos[3 * v], pos[3 * v + 1], pos[3 * v + 2]);
      if (!nor.empty()) piece.normals.emplace_back(nor[3 * v], nor[3 * v + 1], nor[3 * v + 2]);
    }
    assembly_.addPiece(piece);
  }

  // TEXCOORD_0 of a primitive whose material has a texture; empty otherwise.
  std::vector<Float2> textureCoordinates(const tinygltf::Primitive& prim, size_t n, const std::string& where) {
    if (prim.material < 0 || assembly_.material(prim.material).texture < 0) return {};
    std::vector<Float2> out(n);
    const std::vector<double> uv = attribute(prim, "TEXCOORD_0", normalizedRule(2), n, where);
    if (uv.empty()) {
      throw GltfProblem(where + " has no TEXCOORD_0 for material '" + assembly_.material(prim.material).name + "''s base colour texture");
    }
    for (size_t v = 0; v < n; ++v) out[v] = {static_cast<float>(uv[2 * v]), static_cast<float>(uv[2 * v + 1])};
    return out;
  }

  const tinygltf::Model& model_;
  const SkinPlan& plan_;
  const std::vector<Affine> rest_;
  scene::MeshAssembly assembly_;
  std::map<int, int> textureOfImage_;  // file image -> CharacterMesh::textures
};

}  // namespace

MeshImport readCharacterMesh(const tinygltf::Model& model, const SkinPlan& plan, long long maxVertices) {
  return MeshReader(model, plan, maxVertices).read();
}

}  // namespace fatgraph::gltf
