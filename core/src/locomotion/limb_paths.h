#pragma once
// Internals shared by in_place_motion.cpp, looping_clips.cpp and leg_weight_bearing.cpp: the model-space paths
// of a clip's joints and end sites, the limb ends, and the ground band the limb ends that bear
// weight stay within (docs/ALGORITHMS.md, "In-place clips"). Not a public header.
//
// Conventions: model space of the clip (Y up, metres); point indices are joints first, then
// end sites (joint count + end site index).
#include <vector>

#include "fatgraph/core/locomotion/in_place_motion.h"

namespace fatgraph::limbs {

/// Model-space positions per frame: the joints, then the end sites (frame-major).
struct ModelPaths {
  int joints = 0, ends = 0, frames = 0;
  std::vector<Vec3> points;
  std::vector<Quat> rotations;  // joints only
  const Vec3& at(int frame, int point) const {
    return points[static_cast<size_t>(frame) * (joints + ends) + point];
  }
};

ModelPaths modelPaths(const Skeleton& skeleton, const Clip& clip);

/// The point index of a limb end (its end site's, else its joint's).
inline int pointIndex(const ModelPaths& m, const LimbEnd& e) {
  return e.endSite >= 0 ? m.joints + e.endSite : e.joint;
}

/// Every limb end: end sites, and leaf joints without one.
std::vector<LimbEnd> limbEnds(const Skeleton& skeleton);

/// The joints that carry the travel (skeleton.h).
using ::fatgraph::travelCarriers;

/// The body's height: the median over the frames of the vertical extent of all points (metres).
double bodyHeight(const ModelPaths& m);

/// The ground band: 5 % of the body's height, at least 2 cm (metres).
double groundBand(const ModelPaths& m);

/// Central-difference ground (x, z) velocity of `point` at `frame` (one-sided at the ends;
/// zero for a single frame), metres per second at `fps`.
Vec3 groundVelocity(const ModelPaths& m, int point, int frame, double fps);

}  // namespace fatgraph::limbs
