#pragma once
// Quaternion helpers on Eigen's unit quaternions. All rotations in fatgraph are unit
// quaternions that rotate a vector from a joint's frame into its parent's frame.
#include <Eigen/Geometry>

namespace fatgraph {

using Quat = Eigen::Quaterniond;
using Vec3 = Eigen::Vector3d;

// The library may be built with AVX (-march=x86-64-v3) and a game without it. Eigen would then
// align a Quaterniond to 32 bytes on one side and 16 on the other: structs holding one would
// differ in layout, and a std::vector<Quat> allocated with over-aligned new would be freed with
// the plain delete. So fatgraph::runtime defines EIGEN_MAX_STATIC_ALIGN_BYTES=16 publicly, for
// everything that links it (the installed package too); this fails to compile where it is not.
static_assert(alignof(Quat) == 16,
              "fatgraph's public ABI needs EIGEN_MAX_STATIC_ALIGN_BYTES=16 (link fatgraph::runtime "
              "or define it before including Eigen)");

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

}  // namespace fatgraph
