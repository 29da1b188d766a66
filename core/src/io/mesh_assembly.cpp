#include "mesh_assembly.h"

#include <algorithm>
#include <cmath>

#include "scene_rig.h"

namespace fatgraph::scene {

using Affine = Eigen::Affine3d;

Binding splitBinding(int joint, const Eigen::Matrix4d& k, const std::string& what) {
  const Eigen::Matrix3d linear = k.block<3, 3>(0, 0);
  const double det = linear.determinant();
  if (!(det > 1e-18) || !k.allFinite()) throw SceneProblem(what + " is singular, mirrored or not finite");
  Binding b;
  b.joint = joint;
  b.scale = std::cbrt(det);
  const Eigen::Matrix3d r = linear / b.scale;
  if ((r.transpose() * r - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() > 1e-3) {
    throw SceneProblem(what + " has shear or a non-uniform scale, which a skeleton cannot carry");
  }
  b.bind.linear() = b.scale * Eigen::Quaterniond(r).normalized().toRotationMatrix();
  b.bind.translation() = k.block<3, 1>(0, 3);
  return b;
}

bool mergeInfluences(const std::vector<std::pair<int, double>>& raw, Influences& out) {
  std::map<int, double> perJoint;
  for (const auto& [joint, w] : raw) {
    if (w > 0) perJoint[joint] += w;
  }
  std::vector<std::pair<double, int>> sorted;
  double sum = 0;
  for (const auto& [joint, w] : perJoint) { sorted.emplace_back(w, joint); sum += w; }
  if (!(sum > 0) || !std::isfinite(sum)) return false;
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
  // Renormalized over the eight kept, as the runtime renormalizes its four.
  double kept = 0;
  for (size_t k = 0; k < sorted.size() && k < kMaxImportedInfluences; ++k) kept += sorted[k].first;
  out = {};
  for (size_t k = 0; k < sorted.size() && k < kMaxImportedInfluences; ++k) {
    out.joints[k] = static_cast<std::uint16_t>(sorted[k].second);
    out.weights[k] = static_cast<float>(sorted[k].first / kept);
  }
  float total = 0;  // float rounding: the strongest absorbs what the others leave
  for (size_t k = 1; k < kMaxImportedInfluences; ++k) total += out.weights[k];
  out.weights[0] = 1.0f - total;
  return true;
}

Influences rigidInfluence(int joint) {
  Influences inf;
  inf.joints[0] = static_cast<std::uint16_t>(joint);
  inf.weights[0] = 1.0f;
  return inf;
}

MeshAssembly::MeshAssembly(std::vector<Affine> rest, std::vector<std::string> names, long long maxVertices)
    : rest_(std::move(rest)), names_(std::move(names)), maxVertices_(maxVertices), common_(rest_.size()) {}

void MeshAssembly::beginMesh(const std::string& name, std::vector<Binding> bindings) {
  bindings_ = std::move(bindings);
  toCommon_.clear();
  unit_ = bindings_.front().scale;
  std::set<std::string> moved;
  for (Binding& b : bindings_) {
    b.bind = b.bind * Eigen::Scaling(1.0 / unit_);
    if (!common_[b.joint]) common_[b.joint] = b.bind;
    const Affine d = common_[b.joint]->inverse() * b.bind;
    toCommon_.emplace(b.joint, d);
    if (!d.isApprox(Affine::Identity(), 1e-5)) moved.insert(names_[b.joint]);
  }
  if (!moved.empty()) {
    out_.notes.push_back("mesh '" + name + "' binds joint '" + *moved.begin() + "' differently from an earlier mesh; its vertices were moved into the first mesh's bind pose");
  }
}

void MeshAssembly::checkVertexLimit(size_t more) const {
  if (static_cast<long long>(out_.mesh.positions.size() + more) > maxVertices_) {
    throw SceneProblem("the meshes have more than the limit of " + std::to_string(maxVertices_) + " vertices");
  }
}

void MeshAssembly::addPiece(const MeshPiece& piece) {
  checkVertexLimit(piece.positions.size());
  const size_t n = piece.positions.size();
  std::vector<Float3> p(n), nn(n);
  for (size_t v = 0; v < n; ++v) {
    const Eigen::Vector3d x = unit_ * piece.positions[v];
    const Eigen::Vector3d n0 = piece.normals.empty() ? Eigen::Vector3d::Zero() : piece.normals[v];
    Eigen::Vector3d moved = Eigen::Vector3d::Zero(), normal = Eigen::Vector3d::Zero();
    const Influences& inf = piece.influences[v];
    for (int k = 0; k < kMaxImportedInfluences && inf.weights[k] > 0; ++k) {
      const Affine& d = toCommon_.at(inf.joints[k]);
      moved += inf.weights[k] * (d * x);
      normal += inf.weights[k] * (d.linear() * n0);
    }
    p[v] = {static_cast<float>(moved.x()), static_cast<float>(moved.y()), static_cast<float>(moved.z())};
    const Eigen::Vector3d u = normal.norm() > 1e-12 ? normal.normalized() : Eigen::Vector3d::UnitY();
    nn[v] = {static_cast<float>(u.x()), static_cast<float>(u.y()), static_cast<float>(u.z())};
  }
  append(piece, p, nn);
}

// Adds the piece's vertices and triangles; without normals in the file each triangle gets its
// own three vertices with the face's normal (flat shading).
void MeshAssembly::append(const MeshPiece& piece, const std::vector<Float3>& p, const std::vector<Float3>& nn) {
  CharacterMesh& m = out_.mesh;
  const std::vector<std::uint32_t>& tri = piece.triangles;
  const std::vector<Influences>& inf = piece.influences;
  CharacterMeshPart part{piece.name, m.triangleCount(), static_cast<int>(tri.size() / 3), piece.material};
  // Texture coordinates from the first textured piece on, (0, 0) on the pieces before it.
  const bool withUv = !piece.uvs.empty() || !m.uvs.empty();
  if (withUv) m.uvs.resize(m.positions.size());
  const auto push = [&](std::uint32_t v, const Float3& normal) {
    m.positions.push_back(p[v]);
    m.normals.push_back(normal);
    if (withUv) m.uvs.push_back(piece.uvs.empty() ? Float2{} : piece.uvs[v]);
    m.joints.push_back(inf[v].joints);
    m.weights.push_back(inf[v].weights);
  };
  if (piece.normals.empty()) {
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
    for (size_t v = 0; v < p.size(); ++v) push(static_cast<std::uint32_t>(v), nn[v]);
    for (std::uint32_t i : tri) m.triangles.push_back(base + i);
  }
  m.parts.push_back(part);
}

MeshImport MeshAssembly::finish() {
  CharacterMesh& m = out_.mesh;
  if (unweighted_ > 0) {
    out_.notes.push_back(std::to_string(unweighted_) + " vertices have no weight; each is bound to its mesh's first joint");
  }
  if (!m.textured()) m.uvs.clear();  // a textured material no part uses
  if (m.empty()) return std::move(out_);
  for (size_t j = 0; j < common_.size(); ++j) {
    const Affine k = common_[j] ? *common_[j] : rest_[j].inverse();
    Float4x4 f;
    for (int i = 0; i < 16; ++i) f.m[i] = static_cast<float>(k.matrix()(i % 4, i / 4));
    m.inverseBind.push_back(f);
  }
  return std::move(out_);
}

}  // namespace fatgraph::scene
