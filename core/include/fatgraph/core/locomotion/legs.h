#pragma once
// The legs of a skeleton (semi-procedural locomotion, Johansen ch. 4 and 7; docs/ALGORITHMS.md):
// per leg the chain of joints from the hip to the ankle, and the heel and toe points the
// cycle analysis follows and the leg layer plants on the ground. Any number of legs >= 1.
//
// Conventions: joint indices into the project's Skeleton; the heel and toe points are given
// in the ANKLE joint's local frame (metres), so FK of the ankle carries them with the foot.
// The chain runs parent to child from the hip, except that the ankle may be a foot bone beside
// the chain: game rigs keep the foot as an IK bone hanging from the root or the hips while the
// leg's own bones end at the shin (the knight's Foot.L beside UpperLeg.L > LowerLeg.L). The
// last bone then runs from the shin joint to that foot bone, and whoever moves the leg moves
// the foot bone with the chain's end (ankleBesideChain).
#include <string>
#include <vector>

#include "fatgraph/core/model/quaternion.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

struct Leg {
  std::string name;        // "Left", "Right", "LeftFront", ... (unique within a setup)
  std::vector<int> chain;  // hip (thigh) joint first, ankle last: >= 3 joints (>= 2 bones)
  int toe = -1;            // the toe joint below the ankle, or -1 when the rig has none
  Vec3 heel = Vec3::Zero();  // heel point (on the ground when the foot is flat), ankle frame
  Vec3 toeTip = Vec3::Zero();  // toe tip (ground contact at toe-off), ankle frame
  double length = 0;       // sum of the chain's bone lengths in the rest pose (metres)
  double footLength = 0;   // |toeTip - heel| (metres)

  int hip() const { return chain.empty() ? -1 : chain.front(); }
  int ankle() const { return chain.empty() ? -1 : chain.back(); }
};

/// Whether `leg`'s ankle is a foot bone beside its chain (not the child of the joint before
/// it): its position is then not carried by the shin, and a leg solver places it.
bool ankleBesideChain(const Skeleton& skeleton, const Leg& leg);

/// The length of `leg`'s bone ending at chain joint `i` (>= 1) in a pose given by model-space
/// `positions`: the rest offset for a child joint, the distance to the joint before for a
/// foot bone beside the chain (its rest offset is from another parent).
double legBoneLength(const Skeleton& skeleton, const std::vector<int>& chain, size_t i,
                     const std::vector<Vec3>& positions);

struct LegSetup {
  std::vector<Leg> legs;
  bool automatic = true;   // detected (true) or set by an edit operation (false)
  std::string method;      // how they were found ("names: ...", "geometry: ...", "edited")
  std::vector<std::string> notes;  // what a user should know (a leg without a toe, ...)

  bool empty() const { return legs.empty(); }
  /// Index of the leg called `name`, or -1.
  int find(const std::string& name) const;
};

}  // namespace fatgraph
