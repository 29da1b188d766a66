#pragma once
// A joint hierarchy in rest pose. Joints are stored parents-first (parents[i] < i), so a
// single forward pass computes forward kinematics.
#include <string>
#include <vector>

#include "fatgraph/core/model/quaternion.h"

namespace fatgraph {

/// A leaf marker without channels (BVH "End Site"): a fixed offset in its parent's frame.
/// Kept so exports reproduce the file and views can draw the last bone of each chain.
struct EndSite {
  int parent = -1;
  Vec3 offset = Vec3::Zero();  // metres, in the parent joint's frame
};

struct Skeleton {
  std::vector<std::string> names;
  std::vector<int> parents;              // -1 for a root; otherwise < own index
  std::vector<Vec3> restOffsets;         // metres, local translation in the parent's frame
  std::vector<bool> animatedTranslation; // true where clips carry a translation channel
  std::vector<EndSite> endSites;
  /// The joint that carries the character's travel (its ground position and heading): the
  /// file's root unless that stays still while a descendant travels (a reference bone above
  /// the hips, Unreal's `root`). Ground alignment, the character heading, root deltas and
  /// cycle analysis read this joint's model transform; bones above it are kept as they are.
  int motionRoot = 0;

  int jointCount() const { return static_cast<int>(names.size()); }
  /// Index of the joint called `name`, or -1.
  int find(const std::string& name) const;
  /// Joint indices whose parent is `joint`.
  std::vector<int> children(int joint) const;
  /// Number of joints on the path from `joint` up to its root (root = 0).
  int depth(int joint) const;

  /// Appends a joint and returns its index; `parent` must already exist (or be -1).
  int addJoint(std::string name, int parent, const Vec3& restOffset, bool animatedTranslation);

  /// Empty string when consistent, else a description of the first inconsistency
  /// (size mismatch, parent not before child, duplicate name, non-finite offset).
  std::string validate() const;

  /// True when both have the same joint names in the same order with the same parents.
  bool sameTopology(const Skeleton& other) const;
};

/// The joints that carry the travel: the motion root and every joint outside its subtree
/// hanging from one of its ancestors or from nothing (a glTF rig's IK feet and pole targets
/// beside the body under a reference bone). Root motion moves them all; the motion root's
/// ancestors stay.
std::vector<int> travelCarriers(const Skeleton& skeleton);

}  // namespace fatgraph
