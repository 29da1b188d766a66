// The synthetic biped, quadruped and hexapod skeletons, and the leg descriptions the walk generator
// solves on them. Dimensions in metres; rest pose standing on y = 0, facing +Z, left = +X.
#include <algorithm>

#include "synthetic_motion_detail.h"

namespace fatgraph {
namespace synthetic {
namespace {

// Adds thigh, shin, foot and toe below `parent`; the thigh joint sits at `hipOffset`.
LegRig addLeg(Skeleton& s, const std::string& prefix, const std::string& toeName, int parent,
              const Vec3& hipOffset, double upper, double lower, const Vec3& toeOffset,
              const Vec3& tipOffset, double kneeDirection) {
  LegRig leg;
  leg.hip = s.addJoint(prefix + "UpLeg", parent, hipOffset, false);
  leg.knee = s.addJoint(prefix + "Leg", leg.hip, Vec3(0, -upper, 0), false);
  leg.ankle = s.addJoint(prefix + "Foot", leg.knee, Vec3(0, -lower, 0), false);
  leg.toe = s.addJoint(prefix + toeName, leg.ankle, toeOffset, false);
  leg.toeTip = static_cast<int>(s.endSites.size());
  s.endSites.push_back({leg.toe, tipOffset});
  leg.upperLength = upper;
  leg.lowerLength = lower;
  leg.kneeDirection = kneeDirection;
  leg.toeOffset = toeOffset;
  leg.tipOffset = tipOffset;
  return leg;
}

// Fills the leg's neutral footprint offset and heights from the rest pose (feet on y = 0).
void finishLegs(Rig& rig) {
  const Skeleton& s = rig.skeleton;
  std::vector<Vec3> restPos(s.jointCount());
  for (int i = 0; i < s.jointCount(); ++i) {
    const int p = s.parents[i];
    restPos[i] = (p < 0 ? Vec3::Zero() : restPos[p]) + s.restOffsets[i];
  }
  rig.restRootHeight = restPos[rig.body.root].y();
  double maxLength = 0;
  for (LegRig& leg : rig.legs) {
    leg.neutralX = restPos[leg.ankle].x() - restPos[rig.body.root].x();
    leg.neutralZ = restPos[leg.ankle].z() - restPos[rig.body.root].z();
    leg.ankleHeight = restPos[leg.ankle].y();
    leg.toeHeight = restPos[leg.toe].y();
    maxLength = std::max(maxLength, leg.upperLength + leg.lowerLength);
  }
  // The stand keeps every leg at 99 % of its length: knees slightly bent (~16 deg), never
  // locked, and inside the walk's reach guard so the stand is never clipped.
  rig.standRootHeight = rig.restRootHeight - 0.01 * maxLength;
}

}  // namespace

Rig bipedRig() {
  Rig rig;
  rig.creature = Creature::Biped;
  Skeleton& s = rig.skeleton;
  BodyJoints& b = rig.body;
  b.root = s.addJoint("Hips", -1, Vec3(0, 0.97, 0), true);
  const Vec3 toe(0, -0.06, 0.14), tip(0, 0, 0.06);
  rig.legs.push_back(addLeg(s, "Left", "ToeBase", b.root, Vec3(0.09, -0.05, 0), 0.42, 0.42, toe,
                            tip, 1));
  rig.legs.back().name = "Left";
  rig.legs.push_back(addLeg(s, "Right", "ToeBase", b.root, Vec3(-0.09, -0.05, 0), 0.42, 0.42,
                            toe, tip, 1));
  rig.legs.back().name = "Right";
  b.spine = s.addJoint("Spine", b.root, Vec3(0, 0.10, 0), false);
  b.chest = s.addJoint("Spine1", b.spine, Vec3(0, 0.20, 0), false);
  b.neck = s.addJoint("Neck", b.chest, Vec3(0, 0.22, 0), false);
  b.head = s.addJoint("Head", b.neck, Vec3(0, 0.10, 0.02), false);
  s.endSites.push_back({b.head, Vec3(0, 0.17, 0)});
  b.leftArm = s.addJoint("LeftArm", b.chest, Vec3(0.18, 0.16, 0), false);
  b.leftForeArm = s.addJoint("LeftForeArm", b.leftArm, Vec3(0, -0.28, 0), false);
  const int leftHand = s.addJoint("LeftHand", b.leftForeArm, Vec3(0, -0.26, 0), false);
  s.endSites.push_back({leftHand, Vec3(0, -0.18, 0)});
  b.rightArm = s.addJoint("RightArm", b.chest, Vec3(-0.18, 0.16, 0), false);
  b.rightForeArm = s.addJoint("RightForeArm", b.rightArm, Vec3(0, -0.28, 0), false);
  const int rightHand = s.addJoint("RightHand", b.rightForeArm, Vec3(0, -0.26, 0), false);
  s.endSites.push_back({rightHand, Vec3(0, -0.18, 0)});
  rig.defaultPhaseOffsets = {0.0, 0.5};
  finishLegs(rig);
  return rig;
}

Rig quadrupedRig() {
  Rig rig;
  rig.creature = Creature::Quadruped;
  Skeleton& s = rig.skeleton;
  BodyJoints& b = rig.body;
  b.root = s.addJoint("Hips", -1, Vec3(0, 0.59, 0), true);
  const Vec3 foot(0, -0.10, 0.02), tip(0, 0, 0.05);
  LegRig lh = addLeg(s, "LeftHind", "Toe", b.root, Vec3(0.08, -0.02, 0), 0.22, 0.22, foot, tip, 1);
  LegRig rh =
      addLeg(s, "RightHind", "Toe", b.root, Vec3(-0.08, -0.02, 0), 0.22, 0.22, foot, tip, 1);
  b.spine = s.addJoint("Spine", b.root, Vec3(0, 0.02, 0.22), false);
  b.chest = s.addJoint("Chest", b.spine, Vec3(0, 0, 0.28), false);
  LegRig lf =
      addLeg(s, "LeftFront", "Toe", b.chest, Vec3(0.08, -0.04, 0.04), 0.22, 0.22, foot, tip, -1);
  LegRig rf =
      addLeg(s, "RightFront", "Toe", b.chest, Vec3(-0.08, -0.04, 0.04), 0.22, 0.22, foot, tip, -1);
  b.neck = s.addJoint("Neck", b.chest, Vec3(0, 0.06, 0.10), false);
  b.head = s.addJoint("Head", b.neck, Vec3(0, 0.14, 0.10), false);
  s.endSites.push_back({b.head, Vec3(0, 0, 0.18)});
  b.tail = s.addJoint("Tail", b.root, Vec3(0, 0.03, -0.08), false);
  b.tail1 = s.addJoint("Tail1", b.tail, Vec3(0, 0, -0.15), false);
  s.endSites.push_back({b.tail1, Vec3(0, 0, -0.15)});
  lf.name = "LeftFront";
  rf.name = "RightFront";
  lh.name = "LeftHind";
  rh.name = "RightHind";
  rig.legs = {lf, rf, lh, rh};
  rig.defaultPhaseOffsets = {0.25, 0.75, 0.0, 0.5};
  finishLegs(rig);
  return rig;
}

// A six-legged walker (seed 001's many-legged creatures; Johansen ch. 7 handles any number of
// legs): three body segments, each carrying one pair of legs built like the quadruped's (the
// IK and footprint code is shared), knees bending forward on the front and middle pairs and
// backward on the hind pair, as an insect's do.
Rig hexapodRig() {
  Rig rig;
  rig.creature = Creature::Hexapod;
  Skeleton& s = rig.skeleton;
  BodyJoints& b = rig.body;
  b.root = s.addJoint("Hips", -1, Vec3(0, 0.40, 0), true);  // the middle segment
  const Vec3 foot(0, -0.04, 0.02), tip(0, 0, 0.03);
  const double upper = 0.16, lower = 0.16;
  LegRig lm = addLeg(s, "LeftMiddle", "Toe", b.root, Vec3(0.10, -0.02, 0), upper, lower, foot, tip, 1);
  LegRig rm = addLeg(s, "RightMiddle", "Toe", b.root, Vec3(-0.10, -0.02, 0), upper, lower, foot, tip, 1);
  b.chest = s.addJoint("Chest", b.root, Vec3(0, 0.01, 0.18), false);  // the front segment
  LegRig lf = addLeg(s, "LeftFront", "Toe", b.chest, Vec3(0.10, -0.03, 0.02), upper, lower, foot, tip, 1);
  LegRig rf = addLeg(s, "RightFront", "Toe", b.chest, Vec3(-0.10, -0.03, 0.02), upper, lower, foot, tip, 1);
  b.head = s.addJoint("Head", b.chest, Vec3(0, 0.02, 0.12), false);
  s.endSites.push_back({b.head, Vec3(0, 0, 0.08)});
  b.tail = s.addJoint("Tail", b.root, Vec3(0, 0.01, -0.18), false);  // the hind segment
  LegRig lh = addLeg(s, "LeftHind", "Toe", b.tail, Vec3(0.10, -0.03, -0.02), upper, lower, foot, tip, -1);
  LegRig rh = addLeg(s, "RightHind", "Toe", b.tail, Vec3(-0.10, -0.03, -0.02), upper, lower, foot, tip, -1);
  b.tail1 = s.addJoint("Tail1", b.tail, Vec3(0, 0.02, -0.14), false);  // the abdomen
  s.endSites.push_back({b.tail1, Vec3(0, -0.02, -0.12)});
  lf.name = "LeftFront";
  rf.name = "RightFront";
  lm.name = "LeftMiddle";
  rm.name = "RightMiddle";
  lh.name = "LeftHind";
  rh.name = "RightHind";
  rig.legs = {lf, rf, lm, rm, lh, rh};
  // Alternating tripods: {LeftFront, RightMiddle, LeftHind} strike together, half a cycle
  // before {RightFront, LeftMiddle, RightHind}.
  rig.defaultPhaseOffsets = {0.0, 0.5, 0.5, 0.0, 0.0, 0.5};
  finishLegs(rig);
  return rig;
}

}  // namespace synthetic

Skeleton syntheticBipedSkeleton() { return synthetic::bipedRig().skeleton; }
Skeleton syntheticQuadrupedSkeleton() { return synthetic::quadrupedRig().skeleton; }
Skeleton syntheticHexapodSkeleton() { return synthetic::hexapodRig().skeleton; }

}  // namespace fatgraph
