// Analytic two-bone leg IK and the leg twist (Johansen ch. 7.4.3; ALGORITHMS.md F).
//
// With the hip at H, the target at distance d along û and the knee's bend direction p̂ (unit,
// perpendicular to û), the knee lies where the spheres |K − H| = L1 and |K − A| = L2 meet in
// the plane (û, p̂): its distance along û is a = (L1² − L2² + d²)/(2d) (law of cosines) and its
// distance out along p̂ is √(L1² − a²). When the target is the unadjusted ankle, a and that
// height are exactly the unadjusted knee's, so the pose comes back unchanged.
#include <algorithm>
#include <cmath>

#include "fatgraph/runtime/leg_ik.h"
#include "leg_ik_frames.h"

namespace fatgraph {

using namespace leg_ik_detail;

namespace {

// The job's inputs as Eigen vectors.
struct TwoBoneInput {
  Vec3f hip, knee, ankle, target, bendHint;
  explicit TwoBoneInput(const TwoBoneIkJob& job)
      : hip(toEigen(job.hip)), knee(toEigen(job.knee)), ankle(toEigen(job.ankle)),
        target(toEigen(job.target)), bendHint(toEigen(job.bendHint)) {}
};

// Solves an input that passed validate() (the analytic solution described above).
void solveTwoBone(const TwoBoneInput& in, TwoBoneIkResult& out);

}  // namespace

bool TwoBoneIkJob::validate() const {
  const TwoBoneInput in(*this);
  if (!usable(in.hip) || !usable(in.knee) || !usable(in.ankle) || !usable(in.target) ||
      !usable(in.bendHint)) {
    return false;
  }
  return (in.knee - in.hip).norm() > 1e-6f && (in.ankle - in.knee).norm() > 1e-6f;
}

bool TwoBoneIkJob::run(TwoBoneIkResult& out) const {
  out = TwoBoneIkResult{};
  if (!validate()) {
    out.knee = isFinite(knee) ? knee : Float3{};
    out.ankle = isFinite(ankle) ? ankle : Float3{};
    return false;
  }
  solveTwoBone(TwoBoneInput(*this), out);
  return true;
}

namespace {

void solveTwoBone(const TwoBoneInput& in, TwoBoneIkResult& out) {
  const Vec3f &hip = in.hip, &knee = in.knee, &ankle = in.ankle, &target = in.target,
              &bendHint = in.bendHint;
  const float l1 = (knee - hip).norm(), l2 = (ankle - knee).norm();
  const float reach = l1 + l2;

  // The unadjusted leg's axis and bend direction. A leg folded so far that the ankle is at the
  // hip has no axis; the thigh stands in for it (the pole then falls back to the hint).
  const Vec3f hipToAnkle = ankle - hip;
  const float originalLength = hipToAnkle.norm();
  const Vec3f axis0 = originalLength > 1e-6f * reach ? Vec3f(hipToAnkle / originalLength)
                                                     : Vec3f((knee - hip) / l1);
  const Vec3f pole0 = perpendicularUnit(knee - hip, 1e-4f * reach, bendHint, axis0);

  // The new axis: towards the target, or the old axis if the target sits on the hip.
  const Vec3f toTarget = target - hip;
  const float distance = toTarget.norm();
  const Vec3f axis = distance > 1e-6f * reach ? Vec3f(toTarget / distance) : axis0;
  const float minDistance = std::max(1.001f * std::abs(l1 - l2), 1e-4f * reach);
  const float maxDistance = 0.999f * reach;
  out.reached = distance >= minDistance && distance <= maxDistance;
  const float d = std::clamp(distance, minDistance, maxDistance);

  // Keep the knee on the unadjusted side: the old bend direction, made perpendicular to the
  // new axis (it only fails when the target lies along the old bend direction itself).
  const Vec3f pole = perpendicularUnit(pole0, 1e-4f, bendHint, axis);
  const float along = (l1 * l1 - l2 * l2 + d * d) / (2.0f * d);
  const float offset = std::sqrt(std::max(0.0f, l1 * l1 - along * along));
  const Vec3f solvedKnee = hip + along * axis + offset * pole;
  const Vec3f solvedAnkle = hip + d * axis;
  out.knee = toFloat3(solvedKnee);
  out.ankle = toFloat3(solvedAnkle);

  // Hinge axes (bend-plane normals) before and after; both frames map a bone's direction and
  // this normal, so the knee's local rotation changes about its hinge only.
  const Vec3f normal0 = axis0.cross(pole0).normalized();
  const Vec3f normal = axis.cross(pole).normalized();
  out.hipRotation = toQuaternion(frameMap((knee - hip) / l1, normal0, (solvedKnee - hip) / l1, normal));
  out.kneeRotation =
      toQuaternion(frameMap((ankle - knee) / l2, normal0, (solvedAnkle - solvedKnee) / l2, normal));
}

}  // namespace

Quatf leg_ik_detail::legTwistRotation(const Vec3f& hip, const Vec3f& ankle, float angle) {
  const Vec3f axis = ankle - hip;
  const float length = axis.norm();
  if (!std::isfinite(angle) || !finite(axis) || !(length > 1e-6f)) return Quatf::Identity();
  return Quatf(Eigen::AngleAxisf(angle, axis / length));
}

Quaternion legTwist(const Float3& hip, const Float3& ankle, float angle) {
  return toQuaternion(legTwistRotation(toEigen(hip), toEigen(ankle), angle));
}

void twistLeg(TwoBoneIkResult& result, const Float3& hip, float angle) {
  const Quatf twist = legTwistRotation(toEigen(hip), toEigen(result.ankle), angle);
  result.hipRotation = toQuaternion((twist * toEigen(result.hipRotation)).normalized());
  result.kneeRotation = toQuaternion((twist * toEigen(result.kneeRotation)).normalized());
  result.knee = toFloat3(toEigen(hip) + twist * (toEigen(result.knee) - toEigen(hip)));
}

}  // namespace fatgraph
