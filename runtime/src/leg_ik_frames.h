#pragma once
// Small vector helpers shared by the two leg IK solvers (leg_ik.cpp, leg_ik_chain.cpp).
#include <cmath>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/leg_ik.h"

namespace fatgraph::leg_ik_detail {

/// v's part perpendicular to the unit vector `axis`.
inline Vec3f perpendicularPart(const Vec3f& v, const Vec3f& axis) { return v - v.dot(axis) * axis; }

/// A unit vector perpendicular to the unit `axis`: `preferred`'s perpendicular part when it is
/// longer than minLength, else the hint's, else the world axis least aligned with `axis`'s.
/// This is how a leg's bend direction survives a straight unadjusted pose.
inline Vec3f perpendicularUnit(const Vec3f& preferred, float minLength, const Vec3f& hint,
                               const Vec3f& axis) {
  const Vec3f p = perpendicularPart(preferred, axis);
  if (p.norm() > minLength) return p.normalized();
  const Vec3f h = perpendicularPart(hint, axis);
  if (h.norm() > 1e-6f * hint.norm() && h.norm() > 0.0f) return h.normalized();
  Vec3f least = Vec3f::UnitX();
  const Vec3f a = axis.cwiseAbs();
  if (a.y() < a.x() && a.y() <= a.z())
    least = Vec3f::UnitY();
  else if (a.z() < a.x() && a.z() < a.y())
    least = Vec3f::UnitZ();
  return perpendicularPart(least, axis).normalized();
}

/// The rotation taking the orthonormal pair (x, n) onto (x2, n2): it turns a bone's direction
/// into its new direction and its bend plane's normal into the new normal, so a hinge stays a
/// hinge. x is re-orthogonalized against n first (rounding, or a straight leg's hint plane).
inline Quatf frameMap(const Vec3f& x, const Vec3f& n, const Vec3f& x2, const Vec3f& n2) {
  const Vec3f xo = perpendicularPart(x, n).normalized();
  const Vec3f xo2 = perpendicularPart(x2, n2).normalized();
  Eigen::Matrix3f from, to;
  from << xo, n, xo.cross(n);
  to << xo2, n2, xo2.cross(n2);
  Quatf q(to * from.transpose());
  q.normalize();
  return q.coeffs().allFinite() ? q : Quatf::Identity();
}

/// Finite and within kLegIkMaxCoordinate, so squared lengths cannot overflow a float.
inline bool usable(const Vec3f& v) {
  return v.allFinite() && v.cwiseAbs().maxCoeff() <= kLegIkMaxCoordinate;
}
inline bool finite(const Vec3f& v) { return v.allFinite(); }

/// legTwist on Eigen vectors, for the leg layer's own solve.
Quatf legTwistRotation(const Vec3f& hip, const Vec3f& ankle, float angle);

/// TwoBoneIkJob's inputs and result in Eigen types: the leg layer solves with these directly
/// (no conversion per leg and frame); the job converts at its boundary.
struct TwoBoneLeg {
  Vec3f hip, knee, ankle, target, bendHint;
};
struct TwoBoneSolution {
  Quatf hipRotation = Quatf::Identity();
  Quatf kneeRotation = Quatf::Identity();
  Vec3f knee = Vec3f::Zero();
  Vec3f ankle = Vec3f::Zero();
  bool reached = false;
};
/// TwoBoneIkJob::validate().
bool usableLeg(const TwoBoneLeg& leg);
/// The analytic solve of a usable leg (leg_ik.cpp).
void solveTwoBone(const TwoBoneLeg& leg, TwoBoneSolution& out);
/// twistLeg().
void twistSolution(TwoBoneSolution& result, const Vec3f& hip, float angle);

}  // namespace fatgraph::leg_ik_detail
