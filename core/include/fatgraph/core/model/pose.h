#pragma once
// One frame of a skeleton: local rotations and local translations of every joint.
#include <vector>

#include "fatgraph/core/model/quaternion.h"

namespace fatgraph {

struct Skeleton;

/// Local joint transforms. rotations[i] rotates joint i's frame into its parent's frame;
/// translations[i] is joint i's origin in its parent's frame (metres): the rest offset for
/// joints without translation channels, offset + channel values for those with them (the
/// root's is the root translation). Nothing a file holds is dropped.
struct Pose {
  std::vector<Quat> rotations;
  std::vector<Vec3> translations;

  int jointCount() const { return static_cast<int>(rotations.size()); }
  /// The rest pose: identity rotations, rest offsets.
  static Pose rest(const Skeleton& skeleton);
};

}  // namespace fatgraph
