#pragma once
// The inner steps of generateBody (body_generation.h): the skeleton's rest geometry and bones
// (src/body/rest_bones.cpp), which bone is torso, limb, foot, hand or head and how thick it is
// (body_parts.cpp, body_regions.cpp), the tube each part becomes (body_mesh_builder.cpp) and
// its blend weights (body_weights.cpp). Model space of the rest pose, metres, Y up. Public so
// that other bodies are built from the same parts: the creatures' (creature_generation.h)
// place their own tubes along their rigs.
#include <vector>

#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph::body {

/// A bone: joint `joint`'s segment to one child joint or one end site.
struct Bone {
  int joint = -1;
  int child = -1;    // child joint, or -1 when the bone ends at an end site
  int endSite = -1;  // index into Skeleton::endSites, or -1
  Vec3 start = Vec3::Zero();
  Vec3 end = Vec3::Zero();
  double length = 0;
};

/// The rest pose's geometry: joint and end-site positions, the figure's size, and every bone
/// longer than `minBoneLength` (shorter ones are the zero-length bones rigs use as extra
/// rotation pivots; they get no geometry).
struct RestGeometry {
  std::vector<Vec3> joints;
  std::vector<Vec3> endSites;
  std::vector<Bone> bones;
  std::vector<std::vector<int>> bonesOf;   // per joint, indices into `bones`
  std::vector<std::vector<int>> children;  // per joint
  double size = 0;     // largest extent of the rest pose's bounding box
  double groundY = 0;  // lowest height of any joint or end site
  double minBoneLength = 0;
};

/// Throws fatgraph::Error for an invalid skeleton or one without a bone of non-zero length.
RestGeometry restGeometry(const Skeleton& skeleton);

/// What a part is; decides its cross-section and caps.
enum class PartRole { Torso, Neck, Head, Limb, Hand, Foot, Toe };

/// One part before meshing: a tube around `bone` whose elliptical cross-section has the
/// semi-axes `width` (across the body, horizontal where the bone allows) and `depth`
/// (perpendicular to both), tapering linearly from start to end, closed by half-ellipsoid caps
/// reaching `capStart` behind the start and `capEnd` beyond the end. Blend partners: the joint
/// whose transform the start (end) region blends toward, -1 for none, within `blendStart`
/// (`blendEnd`) of that end.
struct PartPlan {
  int bone = -1;
  PartRole role = PartRole::Limb;
  double widthStart = 0, depthStart = 0, widthEnd = 0, depthEnd = 0;
  double capStart = 0, capEnd = 0;
  bool onGround = false;  // lift rings that reach below the rest pose's ground (feet, toes)
  int startPartner = -1, endPartner = -1;
  double blendStart = 0, blendEnd = 0;
};

/// The parts of the body (one per bone that gets geometry), sized from the rest pose.
std::vector<PartPlan> planBodyParts(const Skeleton& skeleton, const RestGeometry& rest,
                                    const BodyOptions& options);

/// Appends the tube of `plan` to `mesh` (positions, normals, triangles; weights and joints
/// through body_weights) and returns the part's record.
BodyPart appendPartMesh(const RestGeometry& rest, const PartPlan& plan,
                        const BodyOptions& options, SkinnedMesh& mesh);

/// Blend weights of a vertex of `plan`'s part at axial coordinate `axial` (metres from the
/// bone's start along the bone; negative in the start cap, > length in the end cap).
void partVertexWeights(const RestGeometry& rest, const PartPlan& plan, double axial,
                       std::array<std::uint16_t, kMaxSkinInfluences>& joints,
                       std::array<float, kMaxSkinInfluences>& weights);

}  // namespace fatgraph::body
