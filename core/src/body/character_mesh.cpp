#include "fatgraph/core/body/character_mesh.h"

#include <cmath>

namespace fatgraph {

int CharacterMesh::mostInfluences() const {
  int most = 0;
  for (const auto& w : weights) {
    int n = 0;
    for (float v : w) n += v > 0.0f;
    most = std::max(most, n);
  }
  return most;
}

bool CharacterMesh::textured() const {
  for (const CharacterMeshPart& p : parts) {
    if (p.material >= 0 && p.material < static_cast<int>(materials.size()) && materials[p.material].texture >= 0) return true;
  }
  return false;
}

namespace {

bool finite(const Float3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

std::string checkVertex(const CharacterMesh& m, size_t v, int jointCount) {
  const std::string at = "vertex " + std::to_string(v) + ": ";
  if (!finite(m.positions[v]) || !finite(m.normals[v])) return at + "non-finite position or normal";
  double sum = 0;
  for (int k = 0; k < kMaxImportedInfluences; ++k) {
    if (!(m.weights[v][k] >= 0.0f)) return at + "negative or non-finite weight";
    if (m.joints[v][k] >= jointCount) return at + "joint " + std::to_string(m.joints[v][k]) + " out of range";
    sum += m.weights[v][k];
  }
  if (std::abs(sum - 1.0) > 1e-4) return at + "weights sum to " + std::to_string(sum);
  return {};
}

std::string checkParts(const CharacterMesh& m) {
  int next = 0;
  for (const CharacterMeshPart& p : m.parts) {
    if (p.firstTriangle != next || p.triangleCount < 0) return "part '" + p.name + "' does not follow the previous one";
    if (p.material < -1 || p.material >= static_cast<int>(m.materials.size())) return "part '" + p.name + "' names no material";
    next += p.triangleCount;
  }
  if (next != m.triangleCount()) return "the parts cover " + std::to_string(next) + " of " + std::to_string(m.triangleCount()) + " triangles";
  return {};
}

std::string checkTextures(const CharacterMesh& m) {
  for (const CharacterMaterial& c : m.materials) {
    if (c.texture < -1 || c.texture >= static_cast<int>(m.textures.size())) return "material '" + c.name + "' names texture " + std::to_string(c.texture) + ", which does not exist";
  }
  for (const CharacterTexture& t : m.textures) {
    if (t.width < 1 || t.height < 1 || t.rgba.size() != 4 * static_cast<size_t>(t.width) * static_cast<size_t>(t.height)) {
      return "texture '" + t.name + "' has " + std::to_string(t.rgba.size()) + " bytes for " + std::to_string(t.width) + " x " + std::to_string(t.height) + " RGBA pixels";
    }
  }
  if (!m.uvs.empty() && m.uvs.size() != m.positions.size()) {
    return std::to_string(m.uvs.size()) + " texture coordinates for " + std::to_string(m.positions.size()) + " vertices";
  }
  if (m.uvs.empty() && m.textured()) return "a part's material has a texture but the vertices have no texture coordinates";
  for (size_t v = 0; v < m.uvs.size(); ++v) {
    if (!std::isfinite(m.uvs[v].x) || !std::isfinite(m.uvs[v].y)) return "vertex " + std::to_string(v) + ": non-finite texture coordinate";
  }
  return {};
}

}  // namespace

std::string CharacterMesh::validate(int jointCount) const {
  const size_t n = positions.size();
  if (normals.size() != n || joints.size() != n || weights.size() != n) return "vertex arrays differ in length";
  if (static_cast<int>(inverseBind.size()) != jointCount) return "inverse bind matrices do not match the skeleton";
  if (triangles.size() % 3 != 0) return "triangle indices are not a multiple of three";
  for (std::uint32_t i : triangles) {
    if (i >= n) return "triangle index " + std::to_string(i) + " out of range";
  }
  for (size_t v = 0; v < n; ++v) {
    if (std::string e = checkVertex(*this, v, jointCount); !e.empty()) return e;
  }
  if (std::string e = checkParts(*this); !e.empty()) return e;
  return checkTextures(*this);
}

SkinnedMesh toSkinnedMesh(const CharacterMesh& mesh, InfluenceReduction* report) {
  SkinnedMesh out;
  out.positions = mesh.positions;
  out.normals = mesh.normals;
  out.triangles = mesh.triangles;
  out.inverseBind = mesh.inverseBind;
  out.joints.resize(mesh.joints.size());
  out.weights.resize(mesh.weights.size());
  InfluenceReduction r;
  for (size_t v = 0; v < mesh.weights.size(); ++v) {
    // Influences are stored strongest first, so the first four are the ones to keep.
    double kept = 0, dropped = 0;
    for (int k = 0; k < kMaxImportedInfluences; ++k) (k < kMaxSkinInfluences ? kept : dropped) += mesh.weights[v][k];
    for (int k = 0; k < kMaxSkinInfluences; ++k) {
      out.joints[v][k] = mesh.joints[v][k];
      out.weights[v][k] = static_cast<float>(mesh.weights[v][k] / kept);
    }
    if (dropped > 0) {
      ++r.verticesReduced;
      if (dropped > r.largestDroppedWeight) { r.largestDroppedWeight = dropped; r.largestAtVertex = static_cast<int>(v); }
    }
  }
  if (report) *report = r;
  return out;
}

}  // namespace fatgraph
