// Meshes to the project's model space. glTF skins a vertex v of a skinned mesh as
//   v' = sum_k w_k W_{j_k} IBM_{j_k} v
// with W_j the joint's world matrix and IBM_j the skin's inverse bind matrix (the node's own
// transform is ignored). The skeleton keeps each joint's rigid part A_j and its constant uniform
// scale s_j (W_j = A_j diag(s_j), gltf_skin.h), so K_j = diag(s_j) IBM_j is all the runtime
// needs: with c the uniform scale K leaves on the skin's first joint (the mesh's unit),
// K_j v = (K_j / c) (c v), so positions c v and inverse bind matrices K_j / c (a rotation, and a
// uniform scale of 1 unless the file binds a joint at another scale than it animates it) make
// the runtime's palette A_j K_j / c skin every vertex exactly as the file does.
#include "gltf_mesh.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include <Eigen/Geometry>
#include <tiny_gltf.h>

#include "gltf_texture.h"

namespace fatgraph::gltf {
namespace {

using Affine = Eigen::Affine3d;

// One joint as a skin binds it: K = [c R | t], and its uniform scale c.
struct Binding {
  int joint = -1;
  Affine bind = Affine::Identity();
  double scale = 1.0;
};

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

Binding splitBinding(int joint, const Eigen::Matrix4d& k, const std::string& what) {
  const Eigen::Matrix3d linear = k.block<3, 3>(0, 0);
  const double det = linear.determinant();
  if (!(det > 1e-18) || !k.allFinite()) throw GltfProblem(what + " is singular, mirrored or not finite");
  Binding b;
  b.joint = joint;
  b.scale = std::cbrt(det);
  const Eigen::Matrix3d r = linear / b.scale;
  if ((r.transpose() * r - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() > 1e-3) {
    throw GltfProblem(what + " has shear or a non-uniform scale, which a skeleton cannot carry");
  }
  b.bind.linear() = b.scale * Eigen::Quaterniond(r).normalized().toRotationMatrix();
  b.bind.translation() = k.block<3, 1>(0, 3);
  return b;
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

struct Influences {
  std::array<std::uint16_t, kMaxImportedInfluences> joints{};
  std::array<float, kMaxImportedInfluences> weights{};
};

// The vertex's influences merged per joint, strongest first, summing to 1. Slots index the
// skin's joint list; false when no weight is left.
bool makeInfluences(const std::vector<std::pair<int, double>>& raw, const std::vector<Binding>& bind,
                    Influences& out) {
  std::map<int, double> perSlot;
  for (const auto& [slot, w] : raw) {
    if (w > 0) perSlot[slot] += w;
  }
  std::vector<std::pair<double, int>> sorted;
  double sum = 0;
  for (const auto& [slot, w] : perSlot) { sorted.emplace_back(w, slot); sum += w; }
  if (!(sum > 0)) return false;
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
  out = {};
  for (size_t k = 0; k < sorted.size() && k < kMaxImportedInfluences; ++k) {
    out.joints[k] = static_cast<std::uint16_t>(bind[sorted[k].second].joint);
    out.weights[k] = static_cast<float>(sorted[k].first / sum);
  }
  float total = 0;  // float rounding: the strongest absorbs what the others leave
  for (size_t k = 1; k < kMaxImportedInfluences; ++k) total += out.weights[k];
  out.weights[0] = 1.0f - total;
  return true;
}

class MeshReader {
 public:
  MeshReader(const tinygltf::Model& model, const SkinPlan& plan, long long maxVertices)
      : model_(model), plan_(plan), rest_(restModel(plan)), maxVertices_(maxVertices),
        common_(plan.frames.size()) {}

  MeshImport read() {
    readMaterials();
    for (size_t node = 0; node < model_.nodes.size(); ++node) {
      const int mesh = model_.nodes[node].mesh;
      if (mesh < 0) continue;
      if (mesh >= static_cast<int>(model_.meshes.size())) throw GltfProblem("node " + std::to_string(node) + " names mesh " + std::to_string(mesh) + ", which does not exist");
      readNode(static_cast<int>(node), mesh);
    }
    finishInverseBind();
    if (!out_.mesh.textured()) out_.mesh.uvs.clear();  // a textured material no part uses
    if (unweighted_ > 0) {
      out_.notes.push_back(std::to_string(unweighted_) + " vertices have no weight; each is bound to its skin's first joint");
    }
    return std::move(out_);
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
      out_.mesh.materials.push_back(cm);
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
      out_.notes.push_back(material + "'s base colour texture reads TEXCOORD_" + std::to_string(info.texCoord) +
                           "; only TEXCOORD_0 is supported, so it is drawn in its base colour alone");
      return -1;
    }
    const int image = model_.textures[info.index].source;
    if (image < 0) {
      out_.notes.push_back(material + "'s base colour texture has no PNG or JPEG image (an extension's format); drawn in its base colour alone");
      return -1;
    }
    if (image >= static_cast<int>(model_.images.size())) {
      throw GltfProblem("texture " + std::to_string(info.index) + " names image " + std::to_string(image) + ", which does not exist");
    }
    if (const auto known = textureOfImage_.find(image); known != textureOfImage_.end()) return known->second;
    out_.mesh.textures.push_back(decodeImage(model_, image));
    const int texture = static_cast<int>(out_.mesh.textures.size()) - 1;
    textureOfImage_.emplace(image, texture);
    return texture;
  }

  void readNode(int node, int mesh) {
    const tinygltf::Mesh& m = model_.meshes[mesh];
    const std::string name = m.name.empty() ? "mesh " + std::to_string(mesh) : m.name;
    std::vector<Binding> bind = nodeBindings(model_, plan_, rest_, node, "mesh '" + name + "' (node " + std::to_string(node) + ")", out_.notes);
    if (bind.empty()) return;
    // The first binding of a joint is the common bind pose; a later skin that binds it
    // differently has its vertices moved into that pose (exact where one joint moves them).
    std::vector<Affine> toCommon;
    const double unit = bind.front().scale;
    for (Binding& b : bind) {
      b.bind = b.bind * Eigen::Scaling(1.0 / unit);
      if (!common_[b.joint]) common_[b.joint] = b.bind;
      toCommon.push_back(common_[b.joint]->inverse() * b.bind);
      if (!toCommon.back().isApprox(Affine::Identity(), 1e-5)) moved_.insert(plan_.skeleton.names[b.joint]);
    }
    if (!moved_.empty()) {
      out_.notes.push_back("mesh '" + name + "' binds joint '" + *moved_.begin() + "' differently from an earlier mesh; its vertices were moved into the first mesh's bind pose");
      moved_.clear();
    }
    for (size_t p = 0; p < m.primitives.size(); ++p) {
      readPrimitive(m.primitives[p], name + "/" + std::to_string(p), bind, toCommon, unit, model_.nodes[node].skin >= 0);
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
    std::vector<Influences> out(n);
    if (!skinned) {
      for (Influences& inf : out) { inf.joints[0] = static_cast<std::uint16_t>(bind[0].joint); inf.weights[0] = 1.0f; }
      return out;
    }
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
      std::vector<std::pair<int, double>> raw;
      for (size_t s = 0; s < joints.size(); ++s) {
        for (size_t k = 0; k < 4; ++k) {
          const double w = weights[s][4 * v + k];
          const double slot = joints[s][4 * v + k];
          if (w > 0 && slot >= static_cast<double>(bind.size())) {
            throw GltfProblem(where + " vertex " + std::to_string(v) + " names joint " + std::to_string(static_cast<long long>(slot)) +
                              " of a skin with " + std::to_string(bind.size()) + " joints");
          }
          raw.emplace_back(static_cast<int>(slot), w);
        }
      }
      if (!makeInfluences(raw, bind, out[v])) {
        ++unweighted_;
        out[v].joints[0] = static_cast<std::uint16_t>(bind[0].joint);
        out[v].weights[0] = 1.0f;
      }
    }
    return out;
  }

  void readPrimitive(const tinygltf::Primitive& prim, const std::string& name, const std::vector<Binding>& bind,
                     const std::vector<Affine>& toCommon, double unit, bool skinned) {
    const std::string where = "mesh '" + name.substr(0, name.rfind('/')) + "' primitive " + name.substr(name.rfind('/') + 1);
    const int mode = prim.mode < 0 ? TINYGLTF_MODE_TRIANGLES : prim.mode;
    if (mode != TINYGLTF_MODE_TRIANGLES && mode != TINYGLTF_MODE_TRIANGLE_STRIP && mode != TINYGLTF_MODE_TRIANGLE_FAN) {
      out_.notes.push_back(where + " draws points or lines, not triangles; skipped");
      return;
    }
    if (!prim.targets.empty()) out_.notes.push_back(where + " has morph targets; they are not applied");
    if (prim.material >= static_cast<int>(model_.materials.size())) throw GltfProblem(where + " names material " + std::to_string(prim.material) + ", which does not exist");
    const std::vector<double> pos = attribute(prim, "POSITION", floatRule(3), 0, where);
    if (pos.empty()) throw GltfProblem(where + " has no POSITION");
    const size_t n = pos.size() / 3;
    if (static_cast<long long>(out_.mesh.positions.size() + n) > maxVertices_) {
      throw GltfProblem("the meshes have more than the limit of " + std::to_string(maxVertices_) + " vertices");
    }
    const std::vector<double> nor = attribute(prim, "NORMAL", floatRule(3), n, where);
    const std::vector<Influences> inf = influences(prim, n, bind, skinned, where);
    const std::vector<Float2> uv = textureCoordinates(prim, n, where);
    const std::vector<std::uint32_t> tri = triangleList(prim, n, where);
    std::map<int, size_t> slotOfJoint;
    for (size_t s = 0; s < bind.size(); ++s) slotOfJoint.emplace(bind[s].joint, s);

    std::vector<Float3> p(n), nn(n);
    for (size_t v = 0; v < n; ++v) {
      const Eigen::Vector3d x = unit * Eigen::Vector3d(pos[3 * v], pos[3 * v + 1], pos[3 * v + 2]);
      Eigen::Vector3d moved = Eigen::Vector3d::Zero(), normal = Eigen::Vector3d::Zero();
      const Eigen::Vector3d n0 = nor.empty() ? Eigen::Vector3d::Zero() : Eigen::Vector3d(nor[3 * v], nor[3 * v + 1], nor[3 * v + 2]);
      for (int k = 0; k < kMaxImportedInfluences && inf[v].weights[k] > 0; ++k) {
        const Affine& d = toCommon[slotOfJoint.at(inf[v].joints[k])];
        moved += inf[v].weights[k] * (d * x);
        normal += inf[v].weights[k] * (d.linear() * n0);
      }
      p[v] = {static_cast<float>(moved.x()), static_cast<float>(moved.y()), static_cast<float>(moved.z())};
      const Eigen::Vector3d u = normal.norm() > 1e-12 ? normal.normalized() : Eigen::Vector3d::UnitY();
      nn[v] = {static_cast<float>(u.x()), static_cast<float>(u.y()), static_cast<float>(u.z())};
    }
    append(name, prim.material, {p, nn, uv, inf}, tri, nor.empty());
  }

  // TEXCOORD_0 of a primitive whose material has a texture; empty otherwise.
  std::vector<Float2> textureCoordinates(const tinygltf::Primitive& prim, size_t n, const std::string& where) {
    if (prim.material < 0 || out_.mesh.materials[prim.material].texture < 0) return {};
    std::vector<Float2> out(n);
    const std::vector<double> uv = attribute(prim, "TEXCOORD_0", normalizedRule(2), n, where);
    if (uv.empty()) {
      throw GltfProblem(where + " has no TEXCOORD_0 for material '" + out_.mesh.materials[prim.material].name + "''s base colour texture");
    }
    for (size_t v = 0; v < n; ++v) out[v] = {static_cast<float>(uv[2 * v]), static_cast<float>(uv[2 * v + 1])};
    return out;
  }

  // A primitive's vertices, before they join the mesh.
  struct Vertices {
    const std::vector<Float3>& positions;
    const std::vector<Float3>& normals;
    const std::vector<Float2>& uvs;
    const std::vector<Influences>& influences;
  };

  // Adds the primitive's vertices and triangles; without normals in the file each triangle gets
  // its own three vertices with the face's normal (the spec's flat shading).
  void append(const std::string& name, int material, const Vertices& in, const std::vector<std::uint32_t>& tri, bool flat) {
    CharacterMesh& m = out_.mesh;
    CharacterMeshPart part{name, m.triangleCount(), static_cast<int>(tri.size() / 3), material};
    // Texture coordinates only from the first textured part on, (0, 0) on the parts before.
    const bool withUv = !in.uvs.empty() || !m.uvs.empty();
    if (withUv) m.uvs.resize(m.positions.size());
    const auto push = [&](std::uint32_t v, const Float3& normal) {
      m.positions.push_back(in.positions[v]);
      m.normals.push_back(normal);
      if (withUv) m.uvs.push_back(in.uvs.empty() ? Float2{} : in.uvs[v]);
      m.joints.push_back(in.influences[v].joints);
      m.weights.push_back(in.influences[v].weights);
    };
    if (flat) {
      const auto& p = in.positions;
      for (size_t t = 0; t + 2 < tri.size(); t += 3) {
        const Eigen::Vector3f a(p[tri[t]].x, p[tri[t]].y, p[tri[t]].z), b(p[tri[t + 1]].x, p[tri[t + 1]].y, p[tri[t + 1]].z),
            c(p[tri[t + 2]].x, p[tri[t + 2]].y, p[tri[t + 2]].z);
        Eigen::Vector3f f = (b - a).cross(c - a);
        f = f.norm() > 0 ? f.normalized() : Eigen::Vector3f::UnitY();
        for (int k = 0; k < 3; ++k) {
          push(tri[t + k], Float3{f.x(), f.y(), f.z()});
          m.triangles.push_back(static_cast<std::uint32_t>(m.positions.size() - 1));
        }
      }
    } else {
      const auto base = static_cast<std::uint32_t>(m.positions.size());
      for (size_t v = 0; v < in.positions.size(); ++v) push(static_cast<std::uint32_t>(v), in.normals[v]);
      for (std::uint32_t i : tri) m.triangles.push_back(base + i);
    }
    m.parts.push_back(part);
  }

  // Joints no mesh binds keep the rest pose as their bind pose.
  void finishInverseBind() {
    CharacterMesh& m = out_.mesh;
    if (m.empty()) return;
    for (size_t j = 0; j < common_.size(); ++j) {
      const Affine k = common_[j] ? *common_[j] : rest_[j].inverse();
      Float4x4 f;
      for (int i = 0; i < 16; ++i) f.m[i] = static_cast<float>(k.matrix()(i % 4, i / 4));
      m.inverseBind.push_back(f);
    }
  }

  const tinygltf::Model& model_;
  const SkinPlan& plan_;
  const std::vector<Affine> rest_;
  const long long maxVertices_;
  std::vector<std::optional<Affine>> common_;  // per joint: its first binding
  std::set<std::string> moved_;
  std::map<int, int> textureOfImage_;  // file image -> CharacterMesh::textures
  long long unweighted_ = 0;
  MeshImport out_;
};

}  // namespace

MeshImport readCharacterMesh(const tinygltf::Model& model, const SkinPlan& plan, long long maxVertices) {
  return MeshReader(model, plan, maxVertices).read();
}

}  // namespace fatgraph::gltf
