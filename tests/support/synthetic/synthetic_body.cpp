// The synthetic walk's body animation (everything but the legs) and its analytic two-bone
// leg IK.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "synthetic_motion_detail.h"

namespace fatgraph::synthetic {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

Quat rotX(double a) { return Quat(Eigen::AngleAxisd(a, Vec3::UnitX())); }
Quat rotZ(double a) { return Quat(Eigen::AngleAxisd(a, Vec3::UnitZ())); }

}  // namespace

// Every joint but the legs: root placement (path + sway + height above the floor), pelvis
// wobble, spine, head, arms or tail. Style terms scale with the speed factor, so a standing
// body is the neutral stand whatever the parameters.
void poseBody(const Rig& rig, const SyntheticWalkParams& p, const std::vector<double>& offsets,
              const BodyState& b, double rootHeight, Pose& pose) {
  const Skeleton& s = rig.skeleton;
  for (int j = 0; j < s.jointCount(); ++j) {
    pose.rotations[j] = Quat::Identity();
    pose.translations[j] = s.restOffsets[j];
  }
  const BodyJoints& J = rig.body;
  const double r = b.speedFactor;
  const double phi = b.phase;
  const double midStance0 = offsets[0] + 0.5 * p.dutyFactor;
  // Leg 0 strikes with its hip forward: the pelvis is yawed away from it (negative for Left).
  const double wobble = -r * p.pelvisYaw * std::cos(kTwoPi * (phi - offsets[0]));
  const double sway = r * p.hipSway * std::cos(kTwoPi * (phi - midStance0));
  pose.rotations[J.root] = yawRotation(b.heading + wobble);
  pose.translations[J.root] = b.pathPosition + yawRotation(b.heading) * Vec3(sway, 0, 0) +
                              Vec3(0, rootHeight, 0);
  const Quat counter = yawRotation(-0.5 * wobble);
  if (rig.creature == Creature::Biped) {
    const double lean = r * (0.04 + 1.2 * p.crouch);
    pose.rotations[J.spine] = counter * rotX(0.5 * lean);
    pose.rotations[J.chest] = counter * rotX(0.5 * lean);
    pose.rotations[J.head] = rotX(-0.8 * lean);
    // An arm swings forward (negative X rotation) when the opposite leg strikes.
    const double cl = std::cos(kTwoPi * (phi - offsets[1]));
    const double cr = std::cos(kTwoPi * (phi - offsets[0]));
    pose.rotations[J.leftArm] = rotZ(r * p.armRaise) * rotX(-r * p.armSwing * cl);
    pose.rotations[J.rightArm] = rotZ(-r * p.armRaise) * rotX(-r * p.armSwing * cr);
    pose.rotations[J.leftForeArm] = rotX(-r * (0.2 + 0.125 * (1.0 + cl)));
    pose.rotations[J.rightForeArm] = rotX(-r * (0.2 + 0.125 * (1.0 + cr)));
  } else if (rig.creature == Creature::Hexapod) {
    // The front segment counter-rotates like the quadruped's chest; the abdomen sways
    // (armSwing) and the head rises (armRaise).
    pose.rotations[J.chest] = counter;
    pose.rotations[J.head] = rotX(-r * p.armRaise);
    const double wag = r * p.armSwing * std::sin(kTwoPi * phi);
    pose.rotations[J.tail] = counter;
    pose.rotations[J.tail1] = yawRotation(wag);
  } else {
    pose.rotations[J.spine] = counter;
    pose.rotations[J.chest] = counter;
    const double nod = 0.04 * std::cos(2.0 * kTwoPi * (phi - midStance0));
    pose.rotations[J.neck] = rotX(-r * (p.armRaise + nod));
    const double wag = r * p.armSwing * std::sin(kTwoPi * phi);
    pose.rotations[J.tail] = yawRotation(wag);
    pose.rotations[J.tail1] = yawRotation(0.6 * wag);
  }
}

// Analytic two-bone IK: the knee lies in the plane of hip->ankle and the foot's
// forward direction, on the side given by kneeDirection. Each bone's world frame has -Y along
// the bone (its rest direction) and X = the hinge axis (leg plane normal, +X left at rest), so
// the knee is a pure hinge and a straight-down leg facing +Z gives identity rotations.
// Returns the hip-ankle distance as a fraction of the leg length.
double solveTwoBone(const LegRig& leg, const Vec3& hip, const Vec3& ankle, const Vec3& forward,
                    Quat& thighWorld, Quat& shinWorld) {
  const double l1 = leg.upperLength, l2 = leg.lowerLength;
  const Vec3 d = ankle - hip;
  const double a = std::max(d.norm(), 1e-9);
  const Vec3 dir = d / a;
  Vec3 side = forward - forward.dot(dir) * dir;
  if (side.norm() < 1e-9) side = dir.unitOrthogonal();
  side.normalize();
  const double reach = std::clamp(a, kReachMin * (l1 + l2), kReachMax * (l1 + l2));
  const double cosHip = std::clamp((l1 * l1 + reach * reach - l2 * l2) / (2.0 * l1 * reach), -1.0, 1.0);
  const double sinHip = std::sqrt(1.0 - cosHip * cosHip);
  const Vec3 knee = hip + l1 * (cosHip * dir + leg.kneeDirection * sinHip * side);
  const Vec3 hinge = side.cross(dir);
  auto frame = [&hinge](const Vec3& up) {
    Eigen::Matrix3d m;
    m.col(0) = hinge;
    m.col(1) = up;
    m.col(2) = hinge.cross(up);
    return Quat(m).normalized();
  };
  thighWorld = frame((hip - knee).normalized());
  shinWorld = frame((knee - ankle).normalized());
  return a / (l1 + l2);
}

}  // namespace fatgraph::synthetic
