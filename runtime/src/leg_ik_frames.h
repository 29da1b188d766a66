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
  const float length = p.norm();
  if (length > minLength) return p / length;  // normalized(), without taking the norm twice
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

/// The rotation about the unit axis n taking a onto b, both unit and perpendicular to n, from
/// their cosine c and sine s without a trigonometric call: the half-angle quaternion is
/// proportional to (1 + c, s n), or to (s, (1 - c) n), the better conditioned of the two.
inline Quatf turnAbout(const Vec3f& n, const Vec3f& a, const Vec3f& b) {
  const float c = a.dot(b), s = n.dot(a.cross(b));
  const float w = c >= 0.0f ? 1.0f + c : s, k = c >= 0.0f ? s : 1.0f - c;
  return Quatf(w, k * n.x(), k * n.y(), k * n.z()).normalized();
}

/// The rotation about the unit axis n taking the in-plane direction (a, b) onto (c, d), both in
/// coordinates of an orthonormal pair (u, v) with u × v = n and of any nonzero length: with
/// C = ac + bd and S = ad - bc (the cosine and sine of the turn scaled by R = |(a,b)| |(c,d)|),
/// the half-angle quaternion is proportional to (R + C, S n), or to (S, (R - C) n).
inline Quatf planeTurn(const Vec3f& n, float a, float b, float c, float d) {
  const float C = a * c + b * d, S = a * d - b * c;
  const float R = std::sqrt(C * C + S * S);
  if (!(R > 0.0f)) return Quatf::Identity();  // a zero direction, or not finite
  const float w = C >= 0.0f ? R + C : S, k = C >= 0.0f ? S : R - C;
  const Quatf q = Quatf(w, k * n.x(), k * n.y(), k * n.z()).normalized();
  return q.coeffs().allFinite() ? q : Quatf::Identity();
}

/// The rotation taking the orthonormal pair (x, n) onto (x2, n2): it turns a bone's direction
/// into its new direction and its bend plane's normal into the new normal, so a hinge stays a
/// hinge. x is re-orthogonalized against n first (rounding, or a straight leg's hint plane).
/// Built without forming the frames' matrix: of the frames' three axes (x, n, x × n) the one
/// that turns least (largest cosine, at least -1/3 for any rotation, since the three cosines sum
/// to 1 + 2 cos angle) goes onto its image by the shortest arc, proportional to (1 + c, a × b),
/// then a turn about that image brings a second axis home.
inline Quatf frameMap(const Vec3f& x, const Vec3f& n, const Vec3f& x2, const Vec3f& n2) {
  const Vec3f xo = perpendicularPart(x, n).normalized(), xo2 = perpendicularPart(x2, n2).normalized();
  const Vec3f from[3] = {xo, n, xo.cross(n)}, to[3] = {xo2, n2, xo2.cross(n2)};
  const float cosines[3] = {from[0].dot(to[0]), from[1].dot(to[1]), from[2].dot(to[2])};
  const int best = cosines[0] >= cosines[1] ? (cosines[0] >= cosines[2] ? 0 : 2) : (cosines[1] >= cosines[2] ? 1 : 2);
  const Vec3f axis = from[best].cross(to[best]);
  const Quatf arc = Quatf(1.0f + cosines[best], axis.x(), axis.y(), axis.z()).normalized();
  const int second = best == 0 ? 1 : 0;
  Quatf q = turnAbout(to[best], arc * from[second], to[second]) * arc;
  if (q.w() < 0.0f) q.coeffs() = -q.coeffs();
  return q.coeffs().allFinite() ? q : Quatf::Identity();
}

/// Finite and within kLegIkMaxCoordinate, so squared lengths cannot overflow a float.
inline bool usable(const Vec3f& v) {
  // One comparison per coordinate: NaN fails it, and so does infinity.
  return std::abs(v.x()) <= kLegIkMaxCoordinate && std::abs(v.y()) <= kLegIkMaxCoordinate &&
         std::abs(v.z()) <= kLegIkMaxCoordinate;
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
/// The analytic solve of a usable leg (leg_ik.cpp), then twistSolution(out, hip, twist) folded
/// into it (the twist turns the leg's frame before the bones take it).
void solveTwoBone(const TwoBoneLeg& leg, TwoBoneSolution& out, float twist = 0.0f);
/// twistLeg().
void twistSolution(TwoBoneSolution& result, const Vec3f& hip, float angle);

}  // namespace fatgraph::leg_ik_detail
