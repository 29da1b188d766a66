#pragma once
// Leg inverse kinematics for the semi-procedural leg layer (Johansen ch. 7.4.3; ALGORITHMS.md F).
//
// The thesis asks three things of the IK (§7.4.3): it starts from the unadjusted (blended
// original) pose every frame, so there is no path dependence; it stays as close to that pose
// as it can; and similar inputs give similar outputs. Both solvers here keep every joint's
// bend in its original plane and about its original axis and only change how much it bends;
// when the target is the unadjusted ankle they return identity rotations.
//
// Spaces and units: every position is in one common frame (model space in the leg layer, but
// any frame works), metres; angles in radians. Outputs are model-space rotations to
// PRE-multiply onto the joints' model rotations: R'_model(joint) = rotation · R_model(joint).
// A joint's new local rotation is then R'_model(parent)⁻¹ · R'_model(joint). Joints below the
// ankle keep their local rotations. Nothing here allocates or throws; non-finite or
// degenerate inputs make run() return false with identity rotations and finite positions.
#include "fatgraph/runtime/math.h"

namespace fatgraph {

/// Largest |coordinate| (metres) the solvers accept: beyond it squared lengths could overflow
/// a float, and float spacing there (≥ 6 cm) makes a leg meaningless anyway.
inline constexpr float kLegIkMaxCoordinate = 1.0e6f;

/// Result of TwoBoneIkJob::run.
struct TwoBoneIkResult {
  /// Pre-multiplier for the hip's model rotation: turns the thigh (hip → knee) into place.
  Quaternion hipRotation;
  /// Pre-multiplier for the knee's model rotation: the shin's total model-space rotation,
  /// the hip's included (its local change is a pure rotation about the knee's hinge axis).
  /// The ankle and everything below it take the same pre-multiplier.
  Quaternion kneeRotation;
  Float3 knee;   ///< solved knee position
  Float3 ankle;  ///< solved ankle position (= target when reached)
  /// False when the target lay outside [1.001·|L1 − L2|, 0.999·(L1 + L2)] from the hip: the
  /// leg then points straight at it, as far as that range allows.
  bool reached = false;
};

/// Analytic two-bone IK (hip → knee → ankle), Johansen's choice for legs with two bones.
/// The knee's plane comes from the unadjusted pose: the knee moves out along the part of
/// knee − hip perpendicular to hip → ankle (re-orthogonalized to hip → target), and the hinge
/// axis is the normal of that plane. The hip–target distance is clamped to
/// [max(1.001·|L1 − L2|, 1e-4·(L1 + L2)), 0.999·(L1 + L2)], so the knee never locks straight
/// (where its angle would change infinitely fast) and never folds onto itself.
struct TwoBoneIkJob {
  Float3 hip;     ///< unadjusted hip position
  Float3 knee;    ///< unadjusted knee position
  Float3 ankle;   ///< unadjusted ankle position
  Float3 target;  ///< where the ankle should go
  /// Which way the knee bends when the unadjusted leg is straight (its plane is then
  /// undefined), e.g. the character's forward for a human knee. Ignored for a bent leg
  /// (knee more than 1e-4·(L1 + L2) off the hip–ankle line). If it is zero or along the leg,
  /// some fixed perpendicular is used.
  Float3 bendHint;

  /// Inputs finite and within ±kLegIkMaxCoordinate, both bones longer than 1e-6 m.
  bool validate() const;
  /// Solves; false (with identity rotations, positions passed through) when !validate().
  bool run(TwoBoneIkResult& out) const;
};

/// The rotation by `angle` about the axis hip → ankle (right-handed). Pre-multiplied onto the
/// model rotations of the hip and every joint below it, with positions p → hip + q·(p − hip),
/// it swings the knee around the line while the ankle stays where it is: the second IK pass
/// twists the leg by half the foot's yaw relative to the body this way (ALGORITHMS.md F).
/// Identity when the hip and ankle (nearly) coincide or inputs are not finite.
Quaternion legTwist(const Float3& hip, const Float3& ankle, float angle);

/// Applies legTwist(hip, result.ankle, angle) to a solved two-bone result.
void twistLeg(TwoBoneIkResult& result, const Float3& hip, float angle);

/// What ChainIkJob::run reports.
struct ChainIkReport {
  bool reached = false;     ///< target within reach and met to the tolerance
  int iterations = 0;       ///< bisection steps taken (≤ 100)
  float distanceError = 0;  ///< | |solved ankle − hip| − |target − hip| |, metres
};

/// Numeric IK for legs of three or more bones (a dog's or horse's hind leg), Johansen's
/// "primitive numerical solver": every inner joint's bend (its rotation away from the line of
/// the bone before it) is scaled by one factor f — f = 1 is the unadjusted pose, f = 0 the
/// straight chain — and f is found by bisection (at most 100 steps, stopping when the hip–ankle
/// distance is within 0.001·L of the target's, L the chain's length) so that the distance
/// matches; then the whole chain turns about the hip to point at the target, keeping its bend
/// plane on the side of the unadjusted pose (as the two-bone solver does). Distances are
/// clamped to ≤ 0.999·L; a target closer than the most the bends can fold (a joint reaching
/// 180°) or farther than 0.999·L gets the nearest reachable pose, pointing at it, and
/// reached = false. A straight unadjusted chain is given a small bend towards bendHint first.
/// Also correct for two bones (then it agrees with TwoBoneIkJob to the tolerance).
struct ChainIkJob {
  /// Unadjusted joint positions hip, inner joints…, ankle: at least 3.
  Span<const Float3> joints;
  Float3 target;    ///< where the last joint (the ankle) should go
  Float3 bendHint;  ///< as for TwoBoneIkJob, used for straight chains
  /// Caller-provided working memory: at least joints.size() entries.
  Span<Float3> scratch;
  /// Output: joints.size() − 1 pre-multipliers, one per joint from the hip to the last inner
  /// joint (the ankle and below take the last one).
  Span<Quaternion> rotations;
  /// Output: joints.size() solved positions (the hip unchanged).
  Span<Float3> solvedJoints;

  /// At least 3 joints, bones longer than 1e-6 m, joints, target and hint finite and within
  /// ±kLegIkMaxCoordinate, spans large enough.
  bool validate() const;
  /// Solves; false when !validate() (then rotations are identity and solvedJoints the input,
  /// where the spans are large enough).
  bool run(ChainIkReport* report = nullptr) const;
};

}  // namespace fatgraph
