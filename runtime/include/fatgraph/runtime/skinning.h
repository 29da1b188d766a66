#pragma once
// Skinning (seed 004, "Skinning"): a mesh whose vertices follow the bones. For joint i let
// B_i be its model transform in the bind pose and A_i its model transform now; the matrix
// palette holds M_i = A_i * B_i^-1, which carries a bind-pose vertex into bone i's frame
// (B_i^-1), animates it with the bone (A_i) and returns it to model space. A vertex with joints
// j_k and blend weights w_k (k < 4, sum 1) is
//   v' = sum_k w_k M_{j_k} v,   n' = normalize(sum_k w_k R(M_{j_k}) n)
// (linear blend skinning; R = the palette matrix's 3x3 part, a pure rotation here because
// skeletons carry no scale, so it also transforms normals).
//
// Spaces and units: model space of the skeleton (forward_kinematics.h), metres, Y up. The
// palette is column-major 4x4 float (Eigen's default, OpenGL's `mat4` without transposing),
// one per joint in joint order, ready to upload to a GPU uniform or texture buffer.
//
// Neither job allocates: callers own every output span (size it once, reuse it per frame).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "fatgraph/runtime/quaternion.h"

namespace fatgraph {

using SkinMatrix = Eigen::Matrix4f;
using Vec3f = Eigen::Vector3f;

/// Most joints that move one vertex.
inline constexpr int kMaxSkinInfluences = 4;

/// A triangle mesh bound to a skeleton. All per-vertex arrays have vertexCount entries.
struct SkinnedMesh {
  std::vector<Vec3f> positions;  // bind pose, model space, metres
  std::vector<Vec3f> normals;    // bind pose, unit length, pointing out of the body
  /// Influences per vertex: joint indices and blend weights. Weights are >= 0 and sum to 1;
  /// unused slots have weight 0 (and any valid joint index, conventionally 0).
  std::vector<std::array<std::uint16_t, kMaxSkinInfluences>> joints;
  std::vector<std::array<float, kMaxSkinInfluences>> weights;
  /// Three vertex indices per triangle, counter-clockwise seen from outside.
  std::vector<std::uint32_t> triangles;
  /// B_i^-1 per joint of the skeleton (jointCount entries): model space -> joint i's frame
  /// in the bind pose.
  std::vector<SkinMatrix> inverseBind;

  int vertexCount() const { return static_cast<int>(positions.size()); }
  int triangleCount() const { return static_cast<int>(triangles.size() / 3); }
  int jointCount() const { return static_cast<int>(inverseBind.size()); }
  bool empty() const { return positions.empty(); }
  /// Empty when consistent (array sizes, indices in range, finite values, weights >= 0 summing
  /// to 1 within 1e-4); otherwise the first problem ("vertex 12: weights sum to 0.5").
  std::string validate(int skeletonJointCount) const;
};

/// The 4x4 matrix of a rigid transform (rotation, then translation).
SkinMatrix skinMatrix(const Quat& rotation, const Vec3& translation);

/// Inverse bind matrices from the joints' model transforms in the bind pose.
void inverseBindMatrices(std::span<const Quat> bindRotations, std::span<const Vec3> bindPositions,
                         std::span<SkinMatrix> out);

/// The palette job: out[i] = A_i * inverseBind[i], with A_i from the model-space rotations and
/// positions (localToModel's output). All spans have the same length.
void skinningPalette(std::span<const Quat> modelRotations, std::span<const Vec3> modelPositions,
                     std::span<const SkinMatrix> inverseBind, std::span<SkinMatrix> palette);

/// The CPU linear-blend-skinning job: skinned positions and normals of every vertex of `mesh`
/// under `palette` (for engines without vertex shaders, and for tests). Output spans have
/// mesh.vertexCount() entries; `normals` may be empty to skip them. `mesh` must be valid for
/// the palette (validate(palette.size()) empty, as every loaded graph's body is): joint indices
/// are not checked per vertex. A normal whose influences cancel (opposite turns, equal weights)
/// takes the strongest influence's rotation alone, so normals come out unit, never NaN.
void skinVertices(const SkinnedMesh& mesh, std::span<const SkinMatrix> palette,
                  std::span<Vec3f> positions, std::span<Vec3f> normals);

}  // namespace fatgraph
