// Linear blend skinning (seed 004): the palette job and the CPU vertex job. Both run per frame,
// so neither allocates; the inner loops work on plain float arrays the compiler vectorizes.
#include "fatgraph/runtime/skinning.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "fatgraph/eigen_bridge.h"

namespace fatgraph {

namespace {

bool finite(const float* v, int n) {
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(v[i])) return false;
  return true;
}

std::string vertexLabel(int v) { return "vertex " + std::to_string(v); }

// A rotation with a positive uniform scale (1 for a rigid bind; a file may bind a joint at
// another scale than it animates it), bottom row (0, 0, 0, 1). Skinning relies on it: the
// 3x3 block then turns normals too, and normalizing undoes the scale.
bool similarity(const Float4x4& matrix) {
  const Eigen::Matrix4f m = toEigen(matrix);
  const Eigen::Matrix3f r = m.topLeftCorner<3, 3>();
  const float det = r.determinant();
  if (!(det > 1e-12f)) return false;
  const float scale = std::cbrt(det);
  return ((r.transpose() * r) / (scale * scale) - Eigen::Matrix3f::Identity()).cwiseAbs().maxCoeff() < 1e-3f &&
         m.row(3).isApprox(Eigen::RowVector4f(0, 0, 0, 1), 1e-6f);
}

// The rotation matrix of q. Scaling the products by s = 2 / |q|^2 gives the rotation of q / |q|
// without a square root: FK's rotations are products of unit quaternions, so this only removes
// their rounding. A zero or non-finite quaternion carries no rotation at all and gives the
// identity rather than a NaN palette entry.
Eigen::Matrix3f rotationMatrix(const Quaternion& q) {
  const double x = q.x, y = q.y, z = q.z, w = q.w;
  const double n2 = x * x + y * y + z * z + w * w;
  if (!(n2 > 1e-300) || !std::isfinite(n2)) return Eigen::Matrix3f::Identity();
  const double s = 2.0 / n2;
  const double xx = s * x * x, yy = s * y * y, zz = s * z * z;
  const double xy = s * x * y, xz = s * x * z, yz = s * y * z;
  const double wx = s * w * x, wy = s * w * y, wz = s * w * z;
  Eigen::Matrix3f r;
  r << float(1 - (yy + zz)), float(xy - wz), float(xz + wy),
       float(xy + wz), float(1 - (xx + zz)), float(yz - wx),
       float(xz - wy), float(yz + wx), float(1 - (xx + yy));
  return r;
}

}  // namespace

std::string SkinnedMesh::validate(int skeletonJointCount) const {
  const int v = vertexCount();
  if (v == 0 && normals.empty() && joints.empty() && weights.empty() && triangles.empty() &&
      inverseBind.empty())
    return {};  // no body at all
  if (v == 0) return "has no vertices";
  if (static_cast<int>(normals.size()) != v || static_cast<int>(joints.size()) != v ||
      static_cast<int>(weights.size()) != v)
    return "per-vertex arrays disagree: " + std::to_string(v) + " positions, " +
           std::to_string(normals.size()) + " normals, " + std::to_string(joints.size()) +
           " joint sets, " + std::to_string(weights.size()) + " weight sets";
  if (jointCount() != skeletonJointCount)
    return "has " + std::to_string(jointCount()) + " inverse bind matrices for a skeleton of " +
           std::to_string(skeletonJointCount) + " joints";
  if (triangles.empty()) return "has no triangles";
  if (triangles.size() % 3 != 0)
    return std::to_string(triangles.size()) + " triangle indices, not a multiple of 3";
  for (std::size_t t = 0; t < triangles.size(); ++t)
    if (triangles[t] >= static_cast<std::uint32_t>(v))
      return "triangle " + std::to_string(t / 3) + ": vertex index " +
             std::to_string(triangles[t]) + " out of range";
  for (int j = 0; j < jointCount(); ++j) {
    if (!finite(inverseBind[j].m, 16))
      return "inverse bind matrix " + std::to_string(j) + " is not finite";
    if (!similarity(inverseBind[j]))
      return "inverse bind matrix " + std::to_string(j) + " is not a rotation with a uniform scale";
  }
  for (int i = 0; i < v; ++i) {
    if (!isFinite(positions[i])) return vertexLabel(i) + ": position is not finite";
    if (!std::isfinite(length(normals[i])) || std::abs(length(normals[i]) - 1.0f) > 1e-3f)
      return vertexLabel(i) + ": normal is not unit length";
    float sum = 0.0f;
    for (int k = 0; k < kMaxSkinInfluences; ++k) {
      const float w = weights[i][k];
      if (!std::isfinite(w) || w < 0.0f)
        return vertexLabel(i) + ": weight " + std::to_string(k) + " is negative or not finite";
      if (joints[i][k] >= skeletonJointCount)
        return vertexLabel(i) + ": joint index " + std::to_string(joints[i][k]) + " out of range";
      sum += w;
    }
    if (std::abs(sum - 1.0f) > 1e-4f)
      return vertexLabel(i) + ": weights sum to " + std::to_string(sum) + ", expected 1";
  }
  return {};
}

Float4x4 rigidMatrix(const Quaternion& rotation, const Float3& translation) {
  Float4x4 out;
  Eigen::Map<Eigen::Matrix4f> m(out.m);
  m.topLeftCorner<3, 3>() = rotationMatrix(rotation);
  m.topRightCorner<3, 1>() = toEigen(translation);
  return out;
}

void inverseBindMatrices(Span<const Quaternion> bindRotations, Span<const Float3> bindPositions,
                         Span<Float4x4> out) {
  assert(bindRotations.size() == out.size() && bindPositions.size() == out.size());
  const std::size_t n = std::min({bindRotations.size(), bindPositions.size(), out.size()});
  for (std::size_t i = 0; i < n; ++i) {
    // (R, t)^-1 = (R^T, -R^T t), in double so the bind pose round-trips to the identity.
    const Eigen::Quaterniond r = toEigenDouble(bindRotations[i]).normalized().conjugate();
    const Eigen::Vector3d t = -(r * toEigenDouble(bindPositions[i]));
    out[i] = rigidMatrix(toQuaternion(r), toFloat3(t));
  }
}

bool SkinningPaletteJob::validate() const {
  const std::size_t n = palette.size();
  return modelRotations.size() == n && modelPositions.size() == n && inverseBind.size() == n;
}

bool SkinningPaletteJob::run() const {
  if (!validate()) return false;
  for (std::size_t i = 0; i < palette.size(); ++i) {
    // A rigid times a similarity: (R_A B, R_A t_B + t_A), bottom row (0 0 0 1).
    const Eigen::Matrix3f ra = rotationMatrix(modelRotations[i]);
    const Eigen::Map<const Eigen::Matrix4f> b(inverseBind[i].m);
    Eigen::Map<Eigen::Matrix4f> m(palette[i].m);
    m.topLeftCorner<3, 3>().noalias() = ra * b.topLeftCorner<3, 3>();
    m.topRightCorner<3, 1>().noalias() = ra * b.topRightCorner<3, 1>() + toEigen(modelPositions[i]);
    m.row(3) << 0.0f, 0.0f, 0.0f, 1.0f;
  }
  return true;
}

bool SkinVerticesJob::validate() const {
  if (mesh == nullptr) return false;
  const std::size_t count = static_cast<std::size_t>(mesh->vertexCount());
  return palette.size() == static_cast<std::size_t>(mesh->jointCount()) && positions.size() == count &&
         (normals.empty() || normals.size() == count);
}

bool SkinVerticesJob::run() const {
  if (!validate()) return false;
  const std::size_t n = positions.size();
  const bool withNormals = !normals.empty();
  for (std::size_t v = 0; v < n; ++v) {
    // Blend the influences' matrices first, then transform once:
    // sum_k w_k (M_k x) == (sum_k w_k M_k) x. All 16 floats of each matrix, contiguous, so the
    // sum is a few wide multiply-adds (the bottom row is blended too and never read).
    float m[16] = {};
    const auto& joint = mesh->joints[v];
    const auto& weight = mesh->weights[v];
    for (int k = 0; k < kMaxSkinInfluences; ++k) {
      const float w = weight[k];
      const float* p = palette[joint[k]].m;  // column-major: column c at p + 4c
      for (int e = 0; e < 16; ++e) m[e] += w * p[e];
    }
    const Float3& x = mesh->positions[v];
    positions[v] = {m[0] * x.x + m[4] * x.y + m[8] * x.z + m[12],
                    m[1] * x.x + m[5] * x.y + m[9] * x.z + m[13],
                    m[2] * x.x + m[6] * x.y + m[10] * x.z + m[14]};
    if (!withNormals) continue;
    const Float3& d = mesh->normals[v];
    Float3 normal{m[0] * d.x + m[4] * d.y + m[8] * d.z, m[1] * d.x + m[5] * d.y + m[9] * d.z,
                  m[2] * d.x + m[6] * d.y + m[10] * d.z};
    const float len2 = dot(normal, normal);
    if (len2 > 1e-12f) {
      normal = normal * (1.0f / std::sqrt(len2));
    } else {
      // Influences turning the normal opposite ways cancel it; the strongest bone's rotation
      // alone still gives a unit normal (never a NaN).
      const int strongest = static_cast<int>(std::max_element(weight.begin(), weight.end()) - weight.begin());
      const float* p = palette[joint[strongest]].m;
      normal = {p[0] * d.x + p[4] * d.y + p[8] * d.z, p[1] * d.x + p[5] * d.y + p[9] * d.z,
                p[2] * d.x + p[6] * d.y + p[10] * d.z};
      const float scale2 = dot(normal, normal);  // 1 unless that bone was bound at a scale
      if (scale2 > 1e-12f) normal = normal * (1.0f / std::sqrt(scale2));
    }
    normals[v] = normal;
  }
  return true;
}

}  // namespace fatgraph
