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
#include "float_trig.h"
#include "leg_ik_frames.h"

namespace fatgraph {

using namespace leg_ik_detail;

namespace {

TwoBoneLeg legOf(const TwoBoneIkJob& job) {
  return {toEigen(job.hip), toEigen(job.knee), toEigen(job.ankle), toEigen(job.target), toEigen(job.bendHint)};
}

}  // namespace

bool leg_ik_detail::usableLeg(const TwoBoneLeg& in) {
  if (!usable(in.hip) || !usable(in.knee) || !usable(in.ankle) || !usable(in.target) ||
      !usable(in.bendHint)) {
    return false;
  }
  return (in.knee - in.hip).norm() > 1e-6f && (in.ankle - in.knee).norm() > 1e-6f;
}

bool TwoBoneIkJob::validate() const { return usableLeg(legOf(*this)); }

bool TwoBoneIkJob::run(TwoBoneIkResult& out) const {
  out = TwoBoneIkResult{};
  const TwoBoneLeg leg = legOf(*this);
  if (!usableLeg(leg)) {
    out.knee = isFinite(knee) ? knee : Float3{};
    out.ankle = isFinite(ankle) ? ankle : Float3{};
    return false;
  }
  TwoBoneSolution solution;
  solveTwoBone(leg, solution);
  out = {toQuaternion(solution.hipRotation), toQuaternion(solution.kneeRotation), toFloat3(solution.knee),
         toFloat3(solution.ankle), solution.reached};
  return true;
}

void leg_ik_detail::solveTwoBone(const TwoBoneLeg& in, TwoBoneSolution& out, float twist) {
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
  out.knee = hip + along * axis + offset * pole;
  out.ankle = hip + d * axis;

  // Hinge axes (bend-plane normals) before and after. Each bone's rotation is the turn about
  // the old hinge by the change of its angle in the bend plane (from its old to its new
  // coordinates along the leg's axis and pole), then the leg's frame (axis0, pole0, normal0)
  // onto (axis, pole, normal): both bones share that frame map, so the knee's local rotation
  // changes about its hinge only, and the thigh and shin land exactly on the solved positions.
  const Vec3f normal0 = axis0.cross(pole0).normalized();
  const Vec3f normal = axis.cross(pole).normalized();
  Quatf frame = frameMap(axis0, normal0, axis, normal);
  if (twist != 0.0f && std::isfinite(twist)) {
    // legTwist about hip -> ankle, i.e. about the new axis: it leaves the ankle and the knee's
    // distance along the axis where they are and swings the pole.
    float s, c;
    detail::floatSinCos(0.5f * twist, s, c);
    const Quatf turn(c, s * axis.x(), s * axis.y(), s * axis.z());
    frame = turn * frame;
    out.knee = hip + along * axis + offset * (turn * pole);
  }
  const Vec3f thigh = knee - hip, shin = ankle - knee;
  out.hipRotation = frame * planeTurn(normal0, thigh.dot(axis0), thigh.dot(pole0), along, offset);
  out.kneeRotation = frame * planeTurn(normal0, shin.dot(axis0), shin.dot(pole0), d - along, -offset);
}

Quatf leg_ik_detail::legTwistRotation(const Vec3f& hip, const Vec3f& ankle, float angle) {
  const Vec3f axis = ankle - hip;
  const float length = axis.norm();
  if (!std::isfinite(angle) || !finite(axis) || !(length > 1e-6f)) return Quatf::Identity();
  float s, c;
  detail::floatSinCos(0.5f * angle, s, c);
  const Vec3f v = (s / length) * axis;
  return Quatf(c, v.x(), v.y(), v.z());
}

Quaternion legTwist(const Float3& hip, const Float3& ankle, float angle) {
  return toQuaternion(legTwistRotation(toEigen(hip), toEigen(ankle), angle));
}

void leg_ik_detail::twistSolution(TwoBoneSolution& result, const Vec3f& hip, float angle) {
  const Quatf twist = legTwistRotation(hip, result.ankle, angle);
  result.hipRotation = (twist * result.hipRotation).normalized();
  result.kneeRotation = (twist * result.kneeRotation).normalized();
  result.knee = hip + twist * (result.knee - hip);
}

void twistLeg(TwoBoneIkResult& result, const Float3& hip, float angle) {
  TwoBoneSolution s{toEigen(result.hipRotation), toEigen(result.kneeRotation), toEigen(result.knee),
                    toEigen(result.ankle), result.reached};
  twistSolution(s, toEigen(hip), angle);
  result = {toQuaternion(s.hipRotation), toQuaternion(s.kneeRotation), toFloat3(s.knee), toFloat3(s.ankle),
            s.reached};
}

}  // namespace fatgraph
