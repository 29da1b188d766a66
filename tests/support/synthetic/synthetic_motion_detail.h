#pragma once
// Internals shared by the synthetic-motion sources (synthetic_skeletons.cpp, synthetic_gait.cpp,
// synthetic_motion.cpp, synthetic_body.cpp). Not a public header.
#include <string>
#include <vector>

#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/core/model/pose.h"

namespace fatgraph::synthetic {

/// One leg's joints and rest geometry. Thigh and shin rest offsets point straight down (-Y),
/// which the IK frame construction relies on; the foot rests flat, facing +Z.
struct LegRig {
  std::string name;
  int hip = -1, knee = -1, ankle = -1, toe = -1, toeTip = -1;
  double upperLength = 0, lowerLength = 0;  // m, hip->knee, knee->ankle
  double kneeDirection = 1;                 // +1 knee bends forward, -1 backward (elbow)
  Vec3 toeOffset = Vec3::Zero();            // ankle -> toe joint, foot frame
  Vec3 tipOffset = Vec3::Zero();            // toe joint -> toe tip, toe frame
  double neutralX = 0, neutralZ = 0;  // ankle under the body frame at mid-stance (m, +X left)
  double ankleHeight = 0, toeHeight = 0;  // m above the floor, foot flat
};

/// Joints the body animation drives (-1 where the creature has none).
struct BodyJoints {
  int root = 0, spine = -1, chest = -1, neck = -1, head = -1;
  int leftArm = -1, leftForeArm = -1, rightArm = -1, rightForeArm = -1;
  int tail = -1, tail1 = -1;
};

enum class Creature { Biped, Quadruped, Hexapod };

struct Rig {
  Creature creature = Creature::Biped;
  Skeleton skeleton;
  std::vector<LegRig> legs;
  BodyJoints body;
  std::vector<double> defaultPhaseOffsets;
  double restRootHeight = 0;  // m, root height of the rest pose (feet on y = 0)
  double standRootHeight = 0; // m, root height of the common stand (knees slightly bent)
};

Rig bipedRig();
Rig quadrupedRig();
Rig hexapodRig();

/// Smootherstep 6u^5 - 15u^4 + 10u^3 on clamp(u, 0, 1): zero velocity and acceleration at
/// both ends, so a foot leaves and reaches its footprint at rest.
double smootherstep(double u);

/// Time structure of a clip (see the header's "Timeline"). Without the common pose the
/// speed factor is 1 everywhere and travel(t) = t.
struct Timeline {
  bool commonPose = false;
  double period = 1;
  double rampDuration = 0;  // s, acceleration and deceleration each (one period)
  double walkStart = 0, steadyStart = 0, steadyEnd = 0, walkStop = 0;
  double phaseAtWalkStart = 0;  // gait phase (cycles) at walkStart
  double settle = 0, duration = 0;

  /// Seconds of full-speed travel accumulated up to t (the integral of speedFactor).
  double travel(double t) const;
  /// 0 standing, 1 full speed; smootherstep ramps.
  double speedFactor(double t) const;
  double phase(double t) const { return phaseAtWalkStart + (t - walkStart) / period; }
  double timeOfPhase(double phase) const {
    return walkStart + (phase - phaseAtWalkStart) * period;
  }
};

/// The character frame's path: a circle (or line) parameterized by full-speed travel time.
struct BodyPath {
  Vec3 start = Vec3::Zero();  // on the floor
  double startHeading = 0;
  double speed = 0;        // m/s
  double turningRate = 0;  // rad/s
  Vec3 position(double travel) const;
  double heading(double travel) const { return startHeading + turningRate * travel; }
};

/// Builds the timeline (choosing the phase at walk start so that the legs leave the stand
/// with the least truncated swings) — duration and settle are filled by planFootprints.
Timeline makeTimeline(const SyntheticWalkParams& params, const std::vector<double>& offsets);

/// Every stance of every leg, covering the clip and one step beyond each end. Stand stances
/// have landTime = -inf or liftTime = +inf. Sets timeline.settle and timeline.duration.
std::vector<std::vector<SyntheticFootprint>> planFootprints(const Rig& rig,
                                                            const SyntheticWalkParams& params,
                                                            const std::vector<double>& offsets,
                                                            Timeline& timeline,
                                                            const BodyPath& path);

/// Where a foot is at time t: the ankle target for IK and the foot's world rotation.
struct FootState {
  Vec3 ankle = Vec3::Zero();
  Quat footRotation = Quat::Identity();  // world: yaw * pitch (heel up about +X)
  Quat toeLocal = Quat::Identity();      // keeps the toe level
  Vec3 forward = Vec3::UnitZ();          // horizontal forward of the foot (knee pole)
};
FootState footState(const LegRig& leg, const std::vector<SyntheticFootprint>& stances, double t,
                    double stepHeight);

// ---- parameters and errors (synthetic_params.cpp)

/// "%.6g" formatting for error messages.
std::string formatNumber(double x);
/// Throws Error("<who>: <what>") unless ok.
void require(bool ok, const char* who, const std::string& what);
/// Throws Error naming the first invalid parameter, its accepted range and its value.
void validateParams(const SyntheticWalkParams& params, const Rig& rig, const char* who);

// ---- body animation and leg IK (synthetic_body.cpp)

constexpr double kReachGuard = 0.995;  // legs never extend beyond 99.5 % of their length
constexpr double kReachMax = 0.9995;   // IK limit (the guard keeps inside it)
constexpr double kReachMin = 0.25;     // deeper folding means the crouch is too deep

/// The character frame and gait clock at one frame.
struct BodyState {
  Vec3 pathPosition = Vec3::Zero();  // on the floor
  double heading = 0, phase = 0, speedFactor = 0;
};

/// Sets every joint of `pose` but the legs (those get identity, rest offsets): the root at
/// `rootHeight` above the floor on the path, and the spine, head, arms or tail.
void poseBody(const Rig& rig, const SyntheticWalkParams& params,
              const std::vector<double>& offsets, const BodyState& body, double rootHeight,
              Pose& pose);

/// World rotations of thigh and shin putting the ankle at `ankle` from the hip joint at
/// `hip` (clamped to [kReachMin, kReachMax] of the leg length); returns the unclamped
/// hip-ankle distance as a fraction of the leg length.
double solveTwoBone(const LegRig& leg, const Vec3& hip, const Vec3& ankle, const Vec3& forward,
                    Quat& thighWorld, Quat& shinWorld);

}  // namespace fatgraph::synthetic
