#pragma once
// A body for any skeleton (seed 004, skinning): BVH files carry no mesh, so authoring
// generates one from the bones. Per bone (joint -> child joint or end site) a capsule or
// tapered ellipsoid sized from the bone's length and place in the body (torso, limbs; feet,
// hands and head shaped from the chains they end), zero-length bones skipped; blend weights
// fall off smoothly across each joint so a 90° knee or elbow bend neither collapses nor
// twists (no candy wrapper). The bind pose is the skeleton's rest pose (Pose::rest).
//
// The result is a runtime SkinnedMesh (runtime/skinning.h) the editor draws with GPU skinning
// and the runtime graph export carries (the optional /body group, docs/RUNTIME_GRAPH.md).
#include <span>
#include <vector>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/core/model/skeleton.h"
#include "fatgraph/runtime/skinning.h"

namespace fatgraph {

struct BodyOptions {
  int ringSegments = 12;   // vertices around each capsule ring
  int lengthRings = 6;     // rings along each bone, caps excluded
  /// Scales every part's radius (1 = the default proportions).
  float thickness = 1.0f;
};

/// Where a generated vertex came from, for checks and for tests.
struct BodyPart {
  int joint = -1;         // the joint whose bone the part wraps
  /// The bone segment in the bind pose (model space, metres): the joint's position and the
  /// child joint or end site the bone runs to.
  Vec3f boneStart = Vec3f::Zero();
  Vec3f boneEnd = Vec3f::Zero();
  float radiusBound = 0;  // no vertex of the part lies farther than this from its bone
                          // segment in the bind pose (metres)
  int firstVertex = 0;
  int vertexCount = 0;
};

struct GeneratedBody {
  SkinnedMesh mesh;
  std::vector<BodyPart> parts;  // one per bone that got geometry
};

/// Generates the body of `skeleton` in its rest pose. Throws fatgraph::Error when the skeleton
/// is invalid (Skeleton::validate) or has no bone of non-zero length.
GeneratedBody generateBody(const Skeleton& skeleton, const BodyOptions& options = {});

/// The generated body's mesh, or an empty mesh where generateBody throws (a lone root has no
/// bone to wrap): what an export carries, every reader handling a missing body.
SkinnedMesh generatedBodyOrNone(const Skeleton& skeleton);

/// The body skinned under an authoring pose (model-space transforms in double, e.g. from
/// clipFrameToModel), through the runtime's palette and vertex jobs as a game skins it.
/// `positions` and `normals` are resized to the vertex count; `normals` may be null.
void skinBody(const SkinnedMesh& mesh, std::span<const Quat> modelRotations,
              std::span<const Vec3> modelPositions, std::vector<Float3>& positions,
              std::vector<Float3>* normals);

}  // namespace fatgraph
