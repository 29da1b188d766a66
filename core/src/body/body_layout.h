#pragma once
// Where each joint sits in the body (body_regions.cpp): the spine from the root to the head,
// the places along it where limbs attach and how far apart they attach (hip and shoulder
// width), the legs (leg_detection.h) and the other limbs (arms, tails), and where hands
// begin. Names are hints only; every decision has a geometric fallback.
#include <vector>

#include "fatgraph/core/body/body_parts.h"

namespace fatgraph::body {

enum class Region { None, Spine, Head, Leg, Foot, Toe, LegOther, Limb, Hand };

struct BodyLayout {
  /// Joints from the root to the head joint (the head joint last).
  std::vector<int> spine;
  int head = -1;
  /// Spine bones spine[k] -> spine[k + 1] for torsoBegin <= k < torsoEnd are torso, those
  /// from torsoEnd on are neck; those before torsoBegin (a root bone below the hips) get none.
  int torsoBegin = 0;
  int torsoEnd = 0;
  /// Per spine position: half the spread of the limbs attached there (hip or shoulder
  /// half-width, metres), 0 where none attach.
  std::vector<double> halfSpread;
  /// Per spine position: true where legs attach (the pelvis), false for arms or nothing.
  std::vector<bool> legsAttach;
  /// Per spine position: where the limbs attached there begin (hip or shoulder joints).
  std::vector<std::vector<Vec3>> attachRoots;
  /// The bone that becomes the head (the head joint's longest, else its subtree's), or -1.
  int headBone = -1;

  /// Per joint: its region, its limb's length scale (the leg's hip -> ankle length, the arm's
  /// shoulder -> tip length) and how far along the limb it lies (0 at the limb's root, 1 at
  /// the ankle or wrist).
  std::vector<Region> region;
  std::vector<double> limbScale;
  std::vector<double> limbFraction;
  /// Per joint: the height of the ankle above the ground for Foot and Toe joints.
  std::vector<double> ankleHeight;
  /// Per Hand joint: its wrist, and how far the hand's farthest bone end lies from it.
  std::vector<int> wristOf;
  std::vector<double> handReach;
};

BodyLayout bodyLayout(const Skeleton& skeleton, const RestGeometry& rest);

}  // namespace fatgraph::body
