// The rest pose's geometry and the bones that get a part.
#include <algorithm>
#include <limits>

#include "fatgraph/core/body/body_parts.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/pose.h"

namespace fatgraph::body {

namespace {

// Bones shorter than this fraction of the figure's size are pivots, not bones: CMU's
// LHipJoint -> LeftUpLeg starts where Hips is, Reallusion's twist and share bones sit a few
// hundredths of a millimetre from their parents.
constexpr double kMinBoneFraction = 0.004;

}  // namespace

RestGeometry restGeometry(const Skeleton& skeleton) {
  const std::string problem = skeleton.validate();
  if (!problem.empty()) throw Error("body generation: invalid skeleton: " + problem);
  const int n = skeleton.jointCount();
  if (n == 0) throw Error("body generation: the skeleton has no joints");
  if (n > std::numeric_limits<std::uint16_t>::max())
    throw Error("body generation: more joints than a 16-bit joint index holds");

  RestGeometry rest;
  const Pose pose = Pose::rest(skeleton);
  std::vector<Quat> rotations(n);
  rest.joints.resize(n);
  localToModel(skeleton, pose.rotations, pose.translations, rotations, rest.joints);
  rest.endSites.resize(skeleton.endSites.size());
  endSitePositions(skeleton, rotations, rest.joints, rest.endSites);

  Vec3 lo = rest.joints.front(), hi = rest.joints.front();
  auto grow = [&](const Vec3& p) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  };
  for (const Vec3& p : rest.joints) grow(p);
  for (const Vec3& p : rest.endSites) grow(p);
  rest.size = (hi - lo).maxCoeff();
  rest.groundY = lo.y();
  if (!(rest.size > 0) || !std::isfinite(rest.size))
    throw Error("body generation: the skeleton has no bone of non-zero length");
  rest.minBoneLength = kMinBoneFraction * rest.size;

  rest.children.resize(n);
  rest.bonesOf.resize(n);
  for (int j = 0; j < n; ++j) {
    if (skeleton.parents[j] >= 0) rest.children[skeleton.parents[j]].push_back(j);
  }
  auto addBone = [&](int joint, int child, int endSite, const Vec3& end) {
    Bone b{joint, child, endSite, rest.joints[joint], end, (end - rest.joints[joint]).norm()};
    if (b.length <= rest.minBoneLength) return;
    rest.bonesOf[joint].push_back(static_cast<int>(rest.bones.size()));
    rest.bones.push_back(b);
  };
  for (int j = 0; j < n; ++j) {
    for (int c : rest.children[j]) addBone(j, c, -1, rest.joints[c]);
    for (size_t e = 0; e < skeleton.endSites.size(); ++e) {
      if (skeleton.endSites[e].parent == j) addBone(j, -1, static_cast<int>(e), rest.endSites[e]);
    }
  }
  if (rest.bones.empty())
    throw Error("body generation: the skeleton has no bone of non-zero length");
  return rest;
}

}  // namespace fatgraph::body
