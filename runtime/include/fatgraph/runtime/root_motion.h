#pragma once
// Root motion as per-frame deltas (Fat Graph §5; docs/ALGORITHMS.md E).
//
// Spaces and conventions: world is Y-up, metres, radians. A character frame is a point on the
// ground (x, z; y is carried but never changed by deltas) and a heading yaw about +Y. Yaw 0
// faces +Z; positive yaw turns counter-clockwise seen from above, i.e. towards +X, which is
// the character's left.
//
// A root delta between frames k-1 and k is expressed in frame k-1's heading frame:
//   displacement = R_y(-yaw_{k-1}) * (p_k - p_{k-1}) with y zeroed   (x = left, z = forward)
//   yaw          = wrap(yaw_k - yaw_{k-1})                            in (-pi, pi]
// Applying it to a character frame (p, yaw):
//   p'   = p + R_y(yaw) * displacement,   yaw' = wrap(yaw + delta.yaw)
// so extracting all deltas of a trajectory and re-applying them from its first frame
// reproduces the trajectory (up to rounding). Blending deltas rather than absolute positions
// lets segments that start at different places and headings be mixed, then accumulated into
// wherever the character is.
//
// No allocation, no exceptions; non-finite input gives finite (zero) output.
#include <cmath>

#include "fatgraph/runtime/math.h"

namespace fatgraph {

/// A character's frame on the ground.
struct CharacterFrame {
  Float3 position;  // world metres; deltas change x and z only
  float yaw = 0;    // heading about +Y, radians, kept in (-pi, pi]
};

/// The rotation by `yaw` radians about +Y (R_y above): a heading as a quaternion. The one the
/// leg layer and the creature gait turn by (the runtime's own sine and cosine, within a few
/// float roundings of std::sin and std::cos).
Quaternion yawQuaternion(float yaw);

/// A point of the character-space pose (the player's model space) placed in the world by the
/// character frame: R_y(yaw) * point + position.
inline Float3 toWorld(const CharacterFrame& frame, const Float3& point) {
  return rotate(yawQuaternion(frame.yaw), point) + frame.position;
}

/// One frame's root motion in the previous frame's heading frame.
struct RootDelta {
  Float3 displacement;  // metres in the previous heading frame; y is always 0
  float yaw = 0;        // heading change, radians in (-pi, pi]
};

/// Wraps an angle into (-pi, pi]; non-finite input gives 0.
float wrapAngle(float radians);

/// Heading of a root rotation: the yaw of its forward axis (+Z rotated by q) projected on the
/// ground, atan2(f.x, f.z). 0 when the forward axis points straight up or down.
float headingYaw(const Quaternion& rootRotation);

/// The delta that takes `previous` to `current` (formula above).
RootDelta rootDelta(const CharacterFrame& previous, const CharacterFrame& current);

/// `frame` advanced by `delta` (formula above).
CharacterFrame applyRootDelta(const CharacterFrame& frame, const RootDelta& delta);

/// Weighted blend of `count` deltas: displacement = sum w_i d_i / sum w_i and
/// yaw = sum w_i wrap(yaw_i) / sum w_i over usable weights (finite, > 0); weights need not
/// sum to 1. Yaw changes per frame are small, so averaging wrapped angles is safe (no
/// circular mean needed). Zero delta when no weight is usable or an input is non-finite.
RootDelta blendRootDeltas(const RootDelta* deltas, const float* weights, int count);

}  // namespace fatgraph
