#pragma once
// Synthetic locomotion with declared ground truth, for the tests of every later algorithm
// (hubs, segments, DTW, cycle analysis, footprints, floor estimation, leg adjustment).
//
// A parametric walk of a biped (a CMU-like hierarchy) or of a quadruped, built the way real
// motion behaves: the body (the "character frame": root projected to the floor plus the path
// heading) moves along a straight line or a circle at constant speed stride / period; every
// foot is planted on a footprint during its stance interval (world-stationary through
// forward kinematics, to floating-point precision) and swings on a smooth arc to the next
// footprint; the legs are solved by analytic two-bone IK (hip -> knee -> ankle, knee in the
// plane of the leg and the foot's forward direction), so the clip's local rotations reproduce
// the planted feet through FK. Everything the generator decided is declared in
// SyntheticGroundTruth; analysis code never reads it, tests compare against it.
//
// Conventions (docs/DESIGN.md): right-handed, Y up, metres, seconds, radians. A character faces +Z
// in its own frame, its left is +X; positive yaw / turning rate turns it left (counter-
// clockwise seen from above). All positions in the ground truth are world space (= the clip's
// model space: the root's local transform already places the character).
//
// Timeline. Without the common pose the whole clip is steady walking: `cycles` full gait
// cycles (duration = cycles * period), gait phase `startPhase` at t = 0. With `commonPose` the
// clip is: stand still for `standDuration` -> accelerate over one period -> `cycles` steady
// cycles -> decelerate over one period -> the legs finish their last steps -> stand still for
// `standDuration`. The first and last frames are then the same neutral stand (independent of
// the style knobs, stride, turning rate) up to the root's position and heading, so two
// different motions pass through a shared pose.
//
// Walking height: the root's height under the bob is the highest that keeps every leg within
// 99.5 % of its length over a steady cycle (computed from the gait alone, so clips of the same
// gait agree frame for frame whatever their length or lead-in), never above the stand; during
// the common pose's ramps it is also capped per frame so no leg overextends.
//
// Typical use in a test:
//   SyntheticWalkParams p;            // biped defaults
//   p.turningRate = 0.5;              // a left turn, radius speed / 0.5
//   const SyntheticMotion m = generateBipedWalk(p);
//   run the analysis on m.skeleton / m.clip, compare with m.truth.legs[i].footprints etc.
#include <limits>
#include <string>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// Parameters of a synthetic walk. Defaults describe a relaxed human walk (1.05 m/s);
/// quadrupedDefaults() gives a dog-sized walk, hexapodDefaults() an insect-like one. Every
/// value is validated: a non-finite or out-of-range value throws fatgraph::Error naming the
/// parameter and the accepted range.
struct SyntheticWalkParams {
  // --- Gait timing ---
  double period = 1.05;       // s, one full gait cycle (every foot steps once); > 0
  double strideLength = 1.1;  // m, distance the body travels per cycle at full speed; >= 0
  double turningRate = 0.0;   // rad/s, path curvature * speed; positive turns left (CCW)
  double fps = 30.0;          // frames per second of the clip; > 0
  double cycles = 4.0;        // number of full-speed gait cycles; > 0 (may be fractional)
  double dutyFactor = 0.6;    // stance fraction of the cycle, same for every leg; (0, 1)
  double startPhase = 0.0;    // gait phase (cycles) at t = 0 when there is no common pose
  /// Per leg, the gait phase (in [0, 1)) at which its stance begins (foot strike). Empty = the
  /// creature's default: biped {Left 0, Right 0.5}; quadruped, legs ordered
  /// {LeftFront, RightFront, LeftHind, RightHind}, a lateral-sequence walk {0.25, 0.75, 0, 0.5};
  /// hexapod, legs ordered {LeftFront, RightFront, LeftMiddle, RightMiddle, LeftHind,
  /// RightHind}, alternating tripods {0, 0.5, 0.5, 0, 0, 0.5} (a wave gait is, e.g.,
  /// {0.5, 0, 0.25, 0.75, 0, 0.5} with a duty factor of 0.75).
  std::vector<double> legPhaseOffsets;

  // --- Feet ---
  double stepHeight = 0.08;  // m, peak rise of the toe joint above its stance height, reached
                             // at mid-swing; >= 0
  double heelRollAngle = 0.0;    // rad, foot pitch (heel up, about the toe joint) reached at
                                 // toe-off; 0 = flat foot for the whole stance; [0, 1.2]
  double heelOffFraction = 0.3;  // fraction of each stance, at its end, during which the heel
                                 // rises (only with heelRollAngle > 0); [0, 0.9]

  // --- Body and style (all scaled by the speed factor: zero in the common stand pose) ---
  double bobAmplitude = 0.02;  // m, vertical pelvis oscillation, two per cycle, highest at
                               // mid-stance of leg 0; >= 0
  double hipSway = 0.02;       // m, lateral pelvis oscillation toward the stance leg; >= 0
  double pelvisYaw = 0.08;     // rad, amplitude of the pelvis yaw wobble (the spine counter-
                               // rotates so the chest keeps the path heading); >= 0
  double armSwing = 0.3;       // rad, arm swing amplitude (quadruped: tail wag; hexapod: abdomen
                               // sway); >= 0
  double armRaise = 0.0;       // rad, arm abduction (quadruped, hexapod: head raise); style knob
  double crouch = 0.0;         // m, pelvis lowered by this much, spine leans forward; style
                               // knob; >= 0 (too deep for the legs throws)

  // --- Placement ---
  Vec3 startPosition = Vec3::Zero();  // character frame origin at t = 0 (x, z; y ignored)
  double startHeading = 0.0;          // rad, path heading at t = 0 (0 = facing +Z)
  double floorHeight = 0.0;           // m, height of the flat floor (mocap floors are not 0)

  // --- Common pose (lead-in / lead-out) ---
  bool commonPose = false;     // stand at the start and at the end (see the file comment)
  double standDuration = 0.5;  // s, each stand hold when commonPose; >= 0

  /// A dog-sized walk: period 0.8 s, stride 0.7 m, duty 0.6, step 0.06 m, small bob/sway,
  /// tail wag 0.25 rad.
  static SyntheticWalkParams quadrupedDefaults();
  /// An insect-like walk of the hexapod: period 0.6 s, stride 0.3 m, duty 0.55 (an
  /// alternating tripod gait), step 0.04 m, small bob/sway, abdomen sway 0.1 rad.
  static SyntheticWalkParams hexapodDefaults();
};

/// One footprint: a stance interval of one leg and where the foot stood.
/// Times are seconds of clip time. Steady stances before the first or after the last frame
/// keep their true times (< 0 or > duration); the stand stances of the common pose have no
/// landing (resp. lift) and are clamped to 0 (resp. duration) with `stand` set.
struct SyntheticFootprint {
  double landTime = 0;     // foot strike: toe and ankle planted from here
  double heelOffTime = 0;  // the ankle stays planted until here (== liftTime for a flat foot)
  double liftTime = 0;     // toe-off: the toe joint stays planted until here
  double toeOffPitch = 0;  // rad, foot pitch (heel up) at liftTime (0 for a flat foot)
  int firstFrame = 0;      // first frame with time >= landTime (clamped to the clip)
  int heelLastFrame = -1;  // last frame with time <= heelOffTime (clamped)
  int lastFrame = -1;      // last frame with time <= liftTime (clamped); < firstFrame = none
  bool stand = false;      // part of the common pose's stand (times clamped to the clip)
  Vec3 ankle = Vec3::Zero();   // world position of the ankle (Foot) joint while flat
  Vec3 toe = Vec3::Zero();     // world position of the toe (ToeBase) joint, whole stance
  Vec3 toeTip = Vec3::Zero();  // world position of the toe end site, whole stance
  double yaw = 0;              // rad, world heading of the foot (its forward is yaw * +Z)
};

/// One leg of the synthetic skeleton and its declared stances.
struct SyntheticLeg {
  std::string name;  // "Left", "Right" (biped); "LeftFront", ..., "RightHind" (quadruped,
                     // hexapod)
  int hip = -1;      // joint index of the thigh (…UpLeg), at the hip
  int knee = -1;     // joint index of the shin (…Leg), at the knee
  int ankle = -1;    // joint index of the foot (…Foot), at the ankle ("heel" for analysis)
  int toe = -1;      // joint index of the toe (…ToeBase / …Toe)
  int toeTip = -1;   // index into Skeleton::endSites of the toe tip
  double phaseOffset = 0;  // gait phase of this leg's foot strike, in [0, 1)
  double length = 0;       // m, hip->knee + knee->ankle
  double ankleHeight = 0;  // m, ankle joint height above the floor while the foot is flat
  double toeHeight = 0;    // m, toe joint (and toe tip) height above the floor in stance
  std::vector<SyntheticFootprint> footprints;  // time-ordered stances overlapping the clip

  /// The stance whose [firstFrame, lastFrame] contains `frame` (toe planted), or nullptr.
  const SyntheticFootprint* stanceAtFrame(int frame) const;
};

/// Everything the generator decided. Per-frame vectors have one entry per clip frame.
struct SyntheticGroundTruth {
  double period = 0;        // s
  double strideLength = 0;  // m per cycle at full speed
  double speed = 0;         // m/s at full speed = strideLength / period
  double turningRate = 0;   // rad/s at full speed
  double turnRadius = std::numeric_limits<double>::infinity();  // m, speed / |turningRate|
  Vec3 turnCentre = Vec3::Zero();  // centre of the circular path on the floor (if turning)
  double dutyFactor = 0;
  double stepHeight = 0;   // m
  double floorHeight = 0;  // m, the flat floor's height
  double fps = 0;
  double duration = 0;     // s, time of the last frame
  int root = 0;            // joint index of the root (Hips)

  bool commonPose = false;
  double walkStartTime = 0;    // end of the first stand; the body starts to accelerate
  double steadyStartTime = 0;  // full speed from here ...
  double steadyEndTime = 0;    // ... to here
  double walkStopTime = 0;     // the body stops (no common pose: == duration)
  double settleTime = 0;       // every foot has landed in the final stand (no common pose:
                               // == duration); the final stand lasts until duration

  std::vector<SyntheticLeg> legs;

  // Per frame.
  std::vector<Vec3> pathPositions;   // character frame origin, on the floor (y = floorHeight)
  std::vector<double> pathHeadings;  // rad, unwrapped path heading (yaw of the tangent)
  std::vector<double> cyclePhases;   // gait phase in cycles, linear in time (also through the
                                     // stands, where it means nothing): while walking, leg i
                                     // strikes when phase - phaseOffset_i is an integer
  std::vector<double> speedFactors;  // 0 = standing, 1 = full speed (common-pose ramps)
};

struct SyntheticMotion {
  Skeleton skeleton;
  Clip clip;  // name "synthetic_biped_walk" / "_quadruped_walk" / "_hexapod_walk", source empty
  SyntheticGroundTruth truth;
};

/// A 19-joint CMU-like biped, rest pose standing on y = 0 (arms hanging, legs straight):
/// Hips (root, animated translation, 0.97 m up); LeftUpLeg, LeftLeg, LeftFoot, LeftToeBase
/// (thigh and shin 0.42 m each, ankle 0.08 m and toe joint 0.02 m above the floor, toe tip
/// 0.20 m ahead of the ankle) and the right side; Spine, Spine1, Neck, Head; LeftArm,
/// LeftForeArm, LeftHand and the right side. End sites: toe tips, head top (1.76 m), hands.
Skeleton syntheticBipedSkeleton();

/// A 23-joint dog-sized quadruped, facing +Z, rest pose standing on y = 0: Hips (root at the
/// pelvis, animated translation, 0.59 m up), Spine, Chest (0.5 m ahead); four legs
/// LeftFront/RightFront (on the Chest, elbows bend backward) and LeftHind/RightHind (on the
/// Hips, knees bend forward), each …UpLeg, …Leg, …Foot, …Toe (0.22 + 0.22 m two-bone leg,
/// 0.10 m foot, toe joint 0.03 m above the floor) with an end site; Neck, Head (end site at
/// the snout); Tail, Tail1 (end site at the tip).
Skeleton syntheticQuadrupedSkeleton();

/// A biped walk per `params` (biped defaults when default-constructed).
/// Throws Error for invalid parameters or when a leg cannot reach its footprints (stride too
/// long, crouch too deep), naming the parameter, leg and time.
SyntheticMotion generateBipedWalk(const SyntheticWalkParams& params = {});

/// A quadruped walk; pass SyntheticWalkParams::quadrupedDefaults() (the default argument) as
/// the starting point: the biped defaults stride too far for its legs.
SyntheticMotion generateQuadrupedWalk(
    const SyntheticWalkParams& params = SyntheticWalkParams::quadrupedDefaults());

/// A 29-joint hexapod, facing +Z, rest pose standing on y = 0: Hips (root, the middle body
/// segment, animated translation, 0.40 m up), Chest (front segment, 0.18 m ahead) with Head,
/// Tail (hind segment, 0.18 m behind) with Tail1 (abdomen); six legs LeftFront/RightFront (on
/// the Chest), LeftMiddle/RightMiddle (on the Hips), LeftHind/RightHind (on the Tail), each
/// …UpLeg, …Leg, …Foot, …Toe (0.16 + 0.16 m two-bone leg, toe joint 0.02 m above the floor,
/// toe tip 0.05 m ahead of the ankle) with an end site; the hind knees bend backward.
Skeleton syntheticHexapodSkeleton();

/// A hexapod walk; pass SyntheticWalkParams::hexapodDefaults() (the default argument) as the
/// starting point.
SyntheticMotion generateHexapodWalk(
    const SyntheticWalkParams& params = SyntheticWalkParams::hexapodDefaults());

}  // namespace fatgraph
