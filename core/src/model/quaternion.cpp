#include "fatgraph/core/model/quaternion.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fatgraph {

Quat alignedTo(const Quat& q, const Quat& reference) {
  return q.dot(reference) < 0.0 ? Quat(-q.coeffs()) : q;
}

Quat nlerpAligned(const Quat& a, const Quat& b, double t) {
  const Quat bb = alignedTo(b, a);
  Eigen::Vector4d c = (1.0 - t) * a.coeffs() + t * bb.coeffs();
  const double n = c.norm();
  if (!(n > 1e-12)) return a;  // opposite inputs with t = 0.5 cannot happen once aligned
  return Quat(c / n);
}

Quat slerp(const Quat& a, const Quat& b, double t) {
  const Quat bb = alignedTo(b, a);
  const double cosTheta = std::clamp(a.dot(bb), -1.0, 1.0);
  // sin(theta) stays well conditioned down to tiny arcs; only a near-zero arc needs nlerp.
  if (cosTheta > 1.0 - 1e-12) return nlerpAligned(a, bb, t);
  const double theta = std::acos(cosTheta);
  const double s = std::sin(theta);
  const double wa = std::sin((1.0 - t) * theta) / s;
  const double wb = std::sin(t * theta) / s;
  return Quat(wa * a.coeffs() + wb * bb.coeffs());
}

Vec3 quatLog(const Quat& qIn) {
  const Quat q = qIn.w() < 0.0 ? Quat(-qIn.coeffs()) : qIn;
  const Vec3 v = q.vec();
  const double s = v.norm();
  if (s < 1e-12) return v;  // first-order: log(q) ~ v for tiny angles
  const double halfAngle = std::atan2(s, q.w());
  return v * (halfAngle / s);
}

Quat quatExp(const Vec3& v) {
  const double halfAngle = v.norm();
  if (halfAngle < 1e-12) {
    Quat q(1.0, v.x(), v.y(), v.z());
    return q.normalized();
  }
  const Vec3 axis = v / halfAngle;
  return Quat(std::cos(halfAngle), std::sin(halfAngle) * axis.x(), std::sin(halfAngle) * axis.y(),
              std::sin(halfAngle) * axis.z());
}

double rotationAngle(const Quat& q) {
  return 2.0 * std::atan2(q.vec().norm(), std::abs(q.w()));
}

double angleBetween(const Quat& a, const Quat& b) { return rotationAngle(a.conjugate() * b); }

SwingTwist swingTwist(const Quat& q, const Vec3& axis) {
  // The twist keeps q's component along the axis (projection of the vector part).
  const Vec3 projected = axis * q.vec().dot(axis);
  Quat twist(q.w(), projected.x(), projected.y(), projected.z());
  const double n = twist.norm();
  if (n < 1e-12) {
    // A half-turn swing about an axis perpendicular to `axis`: twist is undefined, use identity.
    twist = Quat::Identity();
  } else {
    twist.coeffs() /= n;
  }
  const Quat swing = q * twist.conjugate();
  return {swing, twist};
}

Quat yawRotation(double yaw) { return Quat(Eigen::AngleAxisd(yaw, Vec3::UnitY())); }

double headingYaw(const Quat& rootRotation) {
  if (!rootRotation.coeffs().allFinite()) return 0.0;
  const Vec3 forward = rootRotation * Vec3::UnitZ();
  if (std::abs(forward.x()) < 1e-12 && std::abs(forward.z()) < 1e-12) return 0.0;
  return std::atan2(forward.x(), forward.z());
}

double wrapAngle(double radians) {
  if (!std::isfinite(radians)) return 0.0;
  constexpr double pi = std::numbers::pi;
  double a = std::remainder(radians, 2.0 * pi);  // [-pi, pi]
  if (a <= -pi) a += 2.0 * pi;
  return a;
}

}  // namespace fatgraph
