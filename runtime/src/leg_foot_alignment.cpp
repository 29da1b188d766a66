// Foot alignment (Johansen ch. 7.4.2; leg_layer.h step 4): the blended pose's own footbase
// (corrected eq. 4.6), the yaw limit and the rotation that tilts a foot onto its ground.
#include <algorithm>
#include <cmath>

#include "leg_layer_detail.h"

namespace fatgraph::leg_detail {

Quatf tiltTo(const Vec3f& n) {
  if (!n.allFinite() || !(n.y() > 1e-3f)) return Quatf::Identity();
  if (n.x() == 0.0f && n.z() == 0.0f) return Quatf::Identity();  // exact: flat ground
  // The shortest arc from up: proportional to (1 + n_y, up x n), up x n = (n_z, 0, -n_x).
  const Quatf q = Quatf(1.0f + n.y(), n.z(), 0.0f, -n.x()).normalized();
  return q.coeffs().allFinite() ? q : Quatf::Identity();
}

// Eq. 4.5 and the corrected 4.6 (ALGORITHMS D) from the toolkit (footbase.h says what they
// mean): the heading is the pose's own ground-projected heel -> toe direction, the heights are
// the model's (only their difference counts); the result is placed on the flat reference
// ground by the character frame.
OriginalFoot originalFoot(const Vec3f& anklePosition, const Quatf& ankleRotation,
                          const Vec3f& heel, const Vec3f& toeTip, float footLength, float floor,
                          const Quatf& heading, const Vec3f& position, float yaw) {
  const Vec3f h = anklePosition + ankleRotation * heel;
  const Vec3f t = anklePosition + ankleRotation * toeTip;
  const Vec3f dir = locomotion::footGroundDirection<Vec3f>(t - h, Vec3f::UnitZ(), footLength);
  const float b = locomotion::footBalance(h.y(), t.y(), footLength);
  const Vec3f base = locomotion::footbase<Vec3f>(h, t, footLength * dir, b);
  const Vec3f down(0.0f, floor, 0.0f);
  OriginalFoot f;
  f.footbase = yawRotate(heading, base - down) + position;
  f.heel = yawRotate(heading, h - down) + position;
  f.toe = yawRotate(heading, t - down) + position;
  f.ankle = yawRotate(heading, anklePosition - down) + position;
  f.ankleRotation = heading * ankleRotation;
  f.relativeYaw = detail::floatAtan2(dir.x(), dir.z());
  f.yaw = wrapPi(yaw + f.relativeYaw);
  return f;
}

// ALGORITHMS F: the foot's yaw stays within +-maxYaw of the body; a foot the clip itself
// turns further keeps its own yaw (the correction may only bring it back).
float clampYawCorrection(float correction, float relativeYaw, float maxYaw) {
  float lo = -maxYaw - relativeYaw, hi = maxYaw - relativeYaw;
  lo = std::min(lo, 0.0f);
  hi = std::max(hi, 0.0f);
  return std::clamp(wrapPi(correction), lo, hi);
}

// Clipped to the flight (foot-off .. foot-strike): a planted foot turned about its footbase
// would slide its toe, so the rolls' ends inside the stance are moved to the contact times, each
// ramp at least a tenth of the flight long. Key times out of order (hand-made data) leave the
// ramps at that tenth.
float footRollBlend(const BlendedCycle& c, float tau) {
  const float off = c.footOff, strike = c.footStrike;
  const float ramp = 0.1f * (strike - off);
  if (!(ramp > 0.0f) || tau <= off || tau >= strike) return 0.0f;
  const bool ordered = c.footLift <= c.postFootLift && c.postFootLift <= c.preFootLand &&
                       c.preFootLand <= c.footLand;
  float post = ordered ? std::max(c.postFootLift, off + ramp) : off + ramp;
  float pre = ordered ? std::min(c.preFootLand, strike - ramp) : strike - ramp;
  if (post > pre) post = pre = 0.5f * (post + pre);
  if (tau < post) return inverseLerp(off, post, tau);
  if (tau > pre) return 1.0f - inverseLerp(pre, strike, tau);
  return 1.0f;
}

// How far the aligned foot must rise so heel and toe keep at least their original clearance
// over the terrain under them (their height above the clip's floor); 0 on flat ground.
float clearanceLift(const Terrain* terrain, const Vec3f& heel, const Vec3f& toe,
                    float heelClearance, float toeClearance, const LegLayerSettings& settings) {
  if (terrain == nullptr)  // flat ground at 0
    return std::max({0.0f, heelClearance - heel.y(), toeClearance - toe.y()});
  float lift = 0.0f;
  const Ground gh = probeGround(terrain, heel.x(), heel.z(), heel.y(), settings, true);
  if (gh.found) lift = std::max(lift, gh.height + heelClearance - heel.y());
  const Ground gt = probeGround(terrain, toe.x(), toe.z(), toe.y(), settings, true);
  if (gt.found) lift = std::max(lift, gt.height + toeClearance - toe.y());
  return std::isfinite(lift) ? lift : 0.0f;
}

}  // namespace fatgraph::leg_detail

namespace fatgraph {

// footbase.h: the toolkit's definitions, for authoring and games.
float footBalance(float heelHeight, float toeHeight, float footLength, float sharpness) {
  return locomotion::footBalance(heelHeight, toeHeight, footLength, sharpness);
}

Float3 footbase(const Float3& heel, const Float3& toe, const Float3& footVector, float balance) {
  return locomotion::footbase(heel, toe, footVector, balance);
}

Float3 footGroundDirection(const Float3& heelToToe, const Float3& forward, float footLength) {
  return toFloat3(locomotion::footGroundDirection<Vec3f>(toEigen(heelToToe), toEigen(forward), footLength));
}

}  // namespace fatgraph
