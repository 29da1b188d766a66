#pragma once
// Skinning (seed 004, "Skinning"): a mesh whose vertices follow the bones. For joint i let
// B_i be its model transform in the bind pose and A_i its model transform now; the matrix
// palette holds M_i = A_i * B_i^-1, which carries a bind-pose vertex into bone i's frame
// (B_i^-1), animates it with the bone (A_i) and returns it to model space. A vertex with joints
// j_k and blend weights w_k (k < 4, sum 1) is
//   v' = sum_k w_k M_{j_k} v,   n' = normalize(sum_k w_k R(M_{j_k}) n)
// (linear blend skinning; R = the palette matrix's 3x3 part, a rotation because skeletons
// carry no scale, so it also transforms normals; an imported file may bind a bone at a uniform
// scale, which normalizing removes again).
//
// Spaces and units: model space of the skeleton (the player's modelRotations() and
// modelPositions()), metres, Y up. The palette is column-major 4x4 float (Float4x4, OpenGL's
// `mat4` without transposing), one per joint in joint order, ready to upload to a GPU uniform or
// texture buffer.
//
// Two jobs (jobs.h): the palette job and the CPU vertex job. Neither allocates: callers own every
// output span (size it once, reuse it per frame).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fatgraph/runtime/math.h"

namespace fatgraph {

/// Most joints that move one vertex.
inline constexpr int kMaxSkinInfluences = 4;

/// A triangle mesh bound to a skeleton. All per-vertex arrays have vertexCount entries.
struct SkinnedMesh {
  std::vector<Float3> positions;  // bind pose, model space, metres
  std::vector<Float3> normals;    // bind pose, unit length, pointing out of the body
  /// Influences per vertex: joint indices and blend weights. Weights are >= 0 and sum to 1;
  /// unused slots have weight 0 (and any valid joint index, conventionally 0).
  std::vector<std::array<std::uint16_t, kMaxSkinInfluences>> joints;
  std::vector<std::array<float, kMaxSkinInfluences>> weights;
  /// Three vertex indices per triangle, counter-clockwise seen from outside.
  std::vector<std::uint32_t> triangles;
  /// B_i^-1 per joint of the skeleton (jointCount entries): model space -> joint i's frame
  /// in the bind pose. A rotation and translation, times a positive uniform scale where an
  /// imported file binds the joint at another scale than it animates it.
  std::vector<Float4x4> inverseBind;

  int vertexCount() const { return static_cast<int>(positions.size()); }
  int triangleCount() const { return static_cast<int>(triangles.size() / 3); }
  int jointCount() const { return static_cast<int>(inverseBind.size()); }
  bool empty() const { return positions.empty(); }
  /// Empty when consistent (array sizes, indices in range, finite values, weights >= 0 summing
  /// to 1 within 1e-4); otherwise the first problem ("vertex 12: weights sum to 0.5").
  std::string validate(int skeletonJointCount) const;
};

/// The 4x4 matrix of a rigid transform (rotation, then translation); a non-unit rotation is
/// normalized, a zero or non-finite one counts as the identity.
Float4x4 rigidMatrix(const Quaternion& rotation, const Float3& translation);

/// Inverse bind matrices from the joints' model transforms in the bind pose (computed in double,
/// so the bind pose skins to itself to float precision). All spans have the same length.
void inverseBindMatrices(Span<const Quaternion> bindRotations, Span<const Float3> bindPositions,
                         Span<Float4x4> out);

/// The palette job: palette[i] = A_i * inverseBind[i], with A_i the joint's model transform now
/// (the player's modelRotations() and modelPositions() as they come, or a game's own pose).
struct SkinningPaletteJob {
  Span<const Quaternion> modelRotations;  ///< J
  Span<const Float3> modelPositions;      ///< J
  Span<const Float4x4> inverseBind;       ///< J (SkinnedMesh::inverseBind)
  Span<Float4x4> palette;                 ///< output, J

  /// Every span has the same length.
  bool validate() const;
  /// Fills the palette; false (nothing written) when !validate().
  bool run() const;
};

/// The CPU linear-blend-skinning job: skinned positions and normals of every vertex of `mesh`
/// under `palette` (for engines without vertex shaders, and for tests). `mesh` must be valid for
/// the palette (validate(palette.size()) empty, as every loaded graph's body is): joint indices
/// are not checked per vertex. A normal whose influences cancel (opposite turns, equal weights)
/// takes the strongest influence's rotation alone, so normals come out unit, never NaN.
struct SkinVerticesJob {
  const SkinnedMesh* mesh = nullptr;
  Span<const Float4x4> palette;  ///< mesh->jointCount() matrices
  Span<Float3> positions;        ///< output, mesh->vertexCount()
  Span<Float3> normals;          ///< output, mesh->vertexCount(), or empty to skip normals

  /// A mesh, a palette of its joint count, output spans of its vertex count.
  bool validate() const;
  /// Skins; false (nothing written) when !validate().
  bool run() const;
};

}  // namespace fatgraph
