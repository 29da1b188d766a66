#pragma once
// The locomotion toolkit: the small geometry the leg layer (leg_*.cpp) and the creature gait
// (creature_gait.cpp) both need, written once so the two cannot drift apart:
//   - the balance and footbase of a foot (thesis eq. 4.5 and the corrected 4.6);
//   - the critically damped spring that smooths a body's height;
//   - the rotation by a yaw about +Y;
//   - the terrain probe and its one policy: a hit that is not finite, or on a face steeper than
//     the steepest foothold (a wall), is no ground.
// Runtime-private (not installed). Conventions of the runtime: metres, seconds, radians, Y up;
// positive yaw turns +Z towards +X (counter-clockwise seen from above). Every function is pure,
// allocates nothing and throws nothing. The public face of the footbase, for authoring and
// games, is fatgraph/runtime/footbase.h.
#include <algorithm>
#include <cmath>

#include "fatgraph/runtime/footbase.h"
#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/terrain.h"
#include "float_trig.h"

namespace fatgraph::locomotion {

// ---- Balance and footbase (eq. 4.5, corrected 4.6) -------------------------------------------

/// Eq. 4.5: b = atan((heelHeight - toeHeight) / footLength * sharpness) / pi + 0.5; 0 when the
/// heel is the lower end of the foot, 1 when the toe is, 0.5 level. The heights may be above
/// any common floor (only their difference counts) or each above the ground under it. Written
/// as an atan2 of the unscaled difference (no division); footLength must be > 0.
inline float footBalance(float heelHeight, float toeHeight, float footLength,
                         float sharpness = kFootBalanceSharpness) {
  constexpr float kPiF = 3.14159265f;
  return detail::floatAtan2((heelHeight - toeHeight) * sharpness, footLength) / kPiF + 0.5f;
}

/// Corrected eq. 4.6: heel (1 - b) + (toe - footVector) b, footVector the heel -> toe direction
/// along the ground scaled to the foot's length. The heel end of the foot's base, taken from
/// whichever end stands on the ground: with the toe down it is where the heel would be were the
/// foot laid flat about the toe, so a foot rolling over its toe keeps its footbase still.
/// V: the runtime's Float3 or an Eigen 3-vector (the leg layer computes with Eigen).
template <class V>
inline V footbase(const V& heel, const V& toe, const V& footVector, float balance) {
  return heel * (1.0f - balance) + (toe - footVector) * balance;
}

/// The foot's heel -> toe direction along the ground for eq. 4.6, kept on the character's
/// forward side: the ground projection p of heelToToe, reflected across the lateral plane when
/// it points backwards (p - 2 (p . f) f), then leaned towards forward by 2 max(0, L/2 - |p|) f.
/// A foot pitched past vertical (a run's kick-back, a game rig's foot bone pointing down through
/// the swing) would otherwise turn its direction round as its toe passes under its heel, and the
/// footbase (toe - L direction, with the toe down) jump by twice the foot's length in one
/// frame. Continuous in heelToToe; equal to the plain projection for a foot pointing forward
/// and not steeper than 60 degrees. forward: the character's, horizontal, unit length.
template <class V>
inline V footGroundDirection(const V& heelToToe, const V& forward, float footLength) {
  V p = heelToToe;
  p.y() = 0.0f;
  const float along = p.dot(forward);
  if (along < 0.0f) p -= (2.0f * along) * forward;
  const float shortfall = 0.5f * footLength - p.norm();
  if (shortfall > 0.0f) p += (2.0f * shortfall) * forward;
  const float length = p.norm();
  return length > 1e-6f * footLength && std::isfinite(length) ? V(p / length) : forward;
}

// ---- The critically damped spring --------------------------------------------------------------

/// Natural log of 2: a half-life of h seconds is a decay rate of ln 2 / h.
inline constexpr float kLn2 = 0.6931472f;

/// One step of `dt` seconds (>= 0) of a critically damped spring (D. Holden's damper) pulling
/// `value`, moving at `velocity`, towards `target`, which is held over the step: the offset
/// decays as (j0 + j1 t) e^(-y t), y = 2 ln 2 / halfLife (halfLife > 0, seconds), so it settles
/// without overshoot whatever the step, and a step of 0 changes nothing. What a zero or unknown
/// state means (snap to the target) is the caller's policy.
inline void springStep(float& value, float& velocity, float target, float halfLife, float dt) {
  const float v = velocity;  // read once: value and velocity may be members the stores alias
  const float y = kLn2 * 2.0f / halfLife;
  const float j0 = value - target;
  const float j1 = v + j0 * y;
  const float decay = std::exp(-y * dt);
  value = decay * (j0 + j1 * dt) + target;
  velocity = decay * (v - j1 * y * dt);
}

// ---- Yaw ---------------------------------------------------------------------------------------

/// The rotation by `yaw` radians about +Y (a heading), with float_trig.h's sine and cosine.
inline Quaternion yawRotation(float yaw) {
  float s, c;
  detail::floatSinCos(0.5f * yaw, s, c);
  return {0.0f, s, 0.0f, c};
}

// ---- The terrain probe -------------------------------------------------------------------------

/// What a probe found: the ground's height and its unit normal (world), or nothing usable.
struct GroundHit {
  bool found = false;
  float height = 0;
  Float3 normal{0, 1, 0};
};

/// The least y of a foothold's unit normal for a steepest slope of `maxSlope` radians (clamped to
/// [0, 90 deg)): cos(maxSlope).
inline float footholdMinNormalY(float maxSlope) {
  return std::cos(std::clamp(maxSlope, 0.0f, 1.5707f));
}

/// One ray straight down from (x, top, z) over `length` metres: the ground it meets first, or
/// nothing. The policy every probe of the runtime follows: a hit whose point or normal is not
/// finite, whose normal has no length, or whose unit normal's y is below `minNormalY` (a face
/// steeper than the steepest foothold: a wall, a riser) is refused, found = false. The ray stops
/// at the first face it meets, so a refused wall is not looked behind: the caller keeps its
/// last ground. Pass -1 as minNormalY to accept any finite face (clearance keeps feet out of
/// walls too).
inline GroundHit castDown(const Terrain& terrain, float x, float z, float top, float length,
                          float minNormalY) {
  const TerrainHit h = terrain.raycast(Float3{x, top, z}, Float3{0, -1, 0}, length);
  GroundHit g;
  if (!h.hit || !isFinite(h.point) || !isFinite(h.normal)) return g;
  const float n = fatgraph::length(h.normal);
  if (!(n > 1e-6f)) return g;
  const Float3 normal{h.normal.x / n, h.normal.y / n, h.normal.z / n};
  if (!(normal.y >= minNormalY)) return g;
  g.found = true;
  g.height = h.point.y;
  g.normal = normal;
  return g;
}

}  // namespace fatgraph::locomotion
