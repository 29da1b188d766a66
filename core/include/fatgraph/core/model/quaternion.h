#pragma once
// Quaternion helpers on Eigen's unit quaternions in double precision, authoring's rotations (the
// runtime computes in float and trades in its own plain types, fatgraph/runtime/math.h). All
// rotations in fatgraph are unit quaternions that rotate a vector from a joint's frame into its
// parent's frame.
#include <Eigen/Geometry>

namespace fatgraph {

using Quat = Eigen::Quaterniond;
using Vec3 = Eigen::Vector3d;

/// Spherical linear interpolation along the shorter arc (q and -q are the same rotation).
/// t = 0 gives a, t = 1 gives b (or -b). Falls back to nlerp when the arc is tiny.
Quat slerp(const Quat& a, const Quat& b, double t);

/// Normalized linear interpolation with b flipped into a's hemisphere first: the fast,
/// order-independent approximation of the weighted quaternion average used for blending.
Quat nlerpAligned(const Quat& a, const Quat& b, double t);

/// Returns q or -q, whichever lies in the same hemisphere as reference (dot >= 0).
Quat alignedTo(const Quat& q, const Quat& reference);

/// Logarithm of a unit quaternion: the rotation vector / 2 (axis * half-angle), in radians.
/// Uses the shorter arc (w >= 0) so log(q) == log(-q).
Vec3 quatLog(const Quat& q);

/// Exponential map, the inverse of quatLog: v = axis * half-angle -> unit quaternion.
Quat quatExp(const Vec3& v);

/// Rotation angle of q in [0, pi] (shorter arc).
double rotationAngle(const Quat& q);

/// Angle in [0, pi] of the rotation that takes a to b (a and -a count as equal).
double angleBetween(const Quat& a, const Quat& b);

/// Swing-twist decomposition about a unit axis: q = swing * twist, where twist rotates about
/// `axis` only and swing rotates `axis` onto q * axis by the shortest arc.
struct SwingTwist {
  Quat swing;
  Quat twist;
};
SwingTwist swingTwist(const Quat& q, const Vec3& axis);

/// Rotation about world up (+Y) by `yaw` radians; positive yaw turns counter-clockwise seen
/// from above (a character facing +Z turns to its left).
Quat yawRotation(double yaw);

/// Heading of a root rotation: the yaw of its forward axis (+Z rotated by q) projected on the
/// ground, atan2(f.x, f.z). 0 when the forward axis points straight up or down or q is not finite.
double headingYaw(const Quat& rootRotation);

/// Wraps an angle into (-pi, pi]; non-finite input gives 0.
double wrapAngle(double radians);

}  // namespace fatgraph
