#pragma once
// Measures of a motion as an outsider reads them from its frames, shared by the CLI tests.
#include <algorithm>
#include <utility>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph::test {

/// The largest world displacement of any joint between consecutive frames of a clip.
inline double largestJointStep(const Skeleton& skeleton, const Clip& clip) {
  const size_t joints = size_t(skeleton.jointCount());
  std::vector<Quat> rotations(joints);
  std::vector<Vec3> positions(joints), previous(joints);
  double largest = 0;
  for (int f = 0; f < clip.frameCount(); ++f) {
    clipFrameToModel(skeleton, clip, f, rotations, positions);
    for (size_t j = 0; f > 0 && j < joints; ++j) largest = std::max(largest, (positions[j] - previous[j]).norm());
    std::swap(positions, previous);
  }
  return largest;
}

}  // namespace fatgraph::test
