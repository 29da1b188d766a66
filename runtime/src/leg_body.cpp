// The body over the legs (Johansen 7.9-7.12 and seed 000's "the body's tilt follows the plane
// of the feet"; leg_layer.h steps 3 and 5): the swinging foot's lift towards the ground the
// other legs stand on, and the body's tilt towards the plane of the standing feet.
#include <algorithm>
#include <cmath>

#include "leg_layer_detail.h"

namespace fatgraph {

using namespace leg_detail;

namespace {

// The whole pose turned by the unit quaternion q about `pivot`: positions through q's matrix
// (9 products a joint instead of the quaternion's 15 and more) and rotations by the product
// written out. No renormalization: the product of unit quaternions is unit to rounding, and the
// pose is made afresh every update, so nothing accumulates.
void turnPose(const Quatf& q, const Vec3f& pivot, Span<Quaternion> rotations, Span<Float3> positions) {
  const Eigen::Matrix3f m = q.toRotationMatrix();
  const Vec3f shift = pivot - m * pivot;
  for (Float3& p : positions) {
    const float x = p.x, y = p.y, z = p.z;
    p.x = m(0, 0) * x + m(0, 1) * y + m(0, 2) * z + shift.x();
    p.y = m(1, 0) * x + m(1, 1) * y + m(1, 2) * z + shift.y();
    p.z = m(2, 0) * x + m(2, 1) * y + m(2, 2) * z + shift.z();
  }
  // q r as a 4 x 4 matrix of q's components times r's (x, y, z, w): one column per component of
  // r, so each product is four multiply-adds of whole quaternions, which the compiler does in
  // one vector register.
  const float qx = q.x(), qy = q.y(), qz = q.z(), qw = q.w();
  const float columns[4][4] = {{qw, qz, -qy, -qx}, {-qz, qw, qx, -qy}, {qy, -qx, qw, -qz}, {qx, qy, qz, qw}};
  for (Quaternion& r : rotations) {
    const float in[4] = {r.x, r.y, r.z, r.w};
    float out[4];
    for (int k = 0; k < 4; ++k)
      out[k] = columns[0][k] * in[0] + columns[1][k] * in[1] + columns[2][k] * in[2] + columns[3][k] * in[3];
    r = {out[0], out[1], out[2], out[3]};
  }
}

// A slope below this (about 0.06 mm per metre) is level: the pose passes through unrotated,
// so flat ground at the clip's motion keeps the blended pose exactly.
constexpr float kLevel = 1e-6f;

}  // namespace

// 7.9-7.12: every leg supports the body on its ground g_l (P's height in stance, moving to N's
// over the flight) with weight h_l = (cos(2 pi tau) + 1) / 2 + 0.001, most at its stance. A
// swinging foot's height moves towards the weighted ground of the other legs by
// sin(pi flightTime), only upward: it clears a step its neighbours already stand on. Mixed
// with ground following by the locomotion weight (following legs support with weight 1 on
// the terrain under them).
void LegLayer::supportLifts(const Frame& frame) {
  const float w = frame.weight;
  float total = 0.0f, weighted = 0.0f;
  for (LegState& s : state_) {
    s.supportHeight = w * s.legGround + (1.0f - w) * s.followCorrection.y();
    const float h = w * s.supportWeight + (1.0f - w);
    total += h;
    weighted += h * s.supportHeight;
    s.supportLift = 0.0f;
  }
  for (LegState& s : state_) {
    if (!(s.flight > 0.0f)) continue;
    const float h = w * s.supportWeight + (1.0f - w);
    const float others = total - h;
    if (!(others > 1e-6f)) continue;  // a single leg has no neighbours
    const float support = (weighted - h * s.supportHeight) / others;
    const float height = s.foot.footbase.y() + s.correction.y();
    const float lift = std::max(0.0f, support - height) * std::sin(kPi * s.flight);
    s.supportLift = std::isfinite(lift) ? lift : 0.0f;
  }
}

// The plane of the standing feet: each leg's supporting ground g_l at its footbase target,
// weighted by h_l, fitted by least squares y = a x + b z + c in the character's axes (a small
// ridge keeps a single standing foot from defining a slope). The body follows it as far as
// its hips can tell: along each axis by s^2 / (s^2 + (tiltSpan L)^2), s the hips' spread
// (RMS about their centre) and L the mean leg length. A quadruped's or hexapod's hips span its
// length, so it pitches with the slope; a biped's sit side by side, so it neither pitches nor
// rolls more than a little. The slope is scaled by bodyTilt, bounded to maxBodyTilt, followed
// over tiltSeconds, and turns the whole pose about the hips' centre before the hip offset and
// IK; the feet keep their alignment (it is composed with the tilt's inverse).
void LegLayer::tiltBody(const Frame& frame, Span<Quaternion> modelRotations, Span<Float3> modelPositions) {
  const float w = frame.weight;
  const int legs = static_cast<int>(state_.size());
  if (legs == 0) return;
  if (!(settings_.bodyTilt > 0.0f)) {  // off: level, nothing to fit
    tiltSlope_ = Float2{};
    bodyUp_ = Float3{0, 1, 0};
    return;
  }
  float total = 0.0f, length = 0.0f, ground = 0.0f;
  Vec3f feet = Vec3f::Zero(), pivot = Vec3f::Zero();
  for (const LegState& s : state_) {
    const float h = w * s.supportWeight + (1.0f - w);
    total += h;
    feet += h * s.footbaseTarget;
    ground += h * s.supportHeight;
    pivot += toEigen(modelPositions[s.chain.front()]);
    length += s.restLength;
  }
  if (!(total > 0.0f)) return;
  feet /= total;
  ground /= total;
  pivot /= static_cast<float>(legs);
  length /= static_cast<float>(legs);
  float sxx = 0, sxz = 0, szz = 0, sxy = 0, szy = 0, hipX = 0, hipZ = 0;
  for (const LegState& s : state_) {
    const float h = w * s.supportWeight + (1.0f - w);
    const Vec3f p = s.footbaseTarget - feet;
    const float y = s.supportHeight - ground;
    sxx += h * p.x() * p.x();
    sxz += h * p.x() * p.z();
    szz += h * p.z() * p.z();
    sxy += h * p.x() * y;
    szy += h * p.z() * y;
    const Vec3f hip = toEigen(modelPositions[s.chain.front()]) - pivot;
    hipX += hip.x() * hip.x();
    hipZ += hip.z() * hip.z();
  }
  const float ridge = 1e-4f * length * length * total;
  const float a11 = sxx + ridge, a22 = szz + ridge;
  const float det = a11 * a22 - sxz * sxz;
  float gx = 0.0f, gz = 0.0f;  // the goal slope dy/dx, dy/dz
  if (det > 1e-12f && settings_.bodyTilt > 0.0f) {
    const float span = settings_.tiltSpan * length;
    hipX /= static_cast<float>(legs);
    hipZ /= static_cast<float>(legs);
    gx = settings_.bodyTilt * hipX / (hipX + span * span) * (a22 * sxy - sxz * szy) / det;
    gz = settings_.bodyTilt * hipZ / (hipZ + span * span) * (a11 * szy - sxz * sxy) / det;
  }
  const float steepest = std::tan(std::clamp(settings_.maxBodyTilt, 0.0f, 1.4f));
  const float slope = std::sqrt(gx * gx + gz * gz);
  if (slope > steepest) {
    gx *= steepest / slope;
    gz *= steepest / slope;
  }
  if (!std::isfinite(gx) || !std::isfinite(gz)) gx = gz = 0.0f;
  if (!tiltKnown_ || !(settings_.tiltSeconds > 0.0f) || !(settings_.bodyTilt > 0.0f)) {
    tiltSlope_ = Float2{gx, gz};
  } else if (frame.dt > 0.0f) {
    const float a = 1.0f - std::exp(-frame.dt / settings_.tiltSeconds);
    tiltSlope_.x += a * (gx - tiltSlope_.x);
    tiltSlope_.y += a * (gz - tiltSlope_.y);
  }
  if (std::abs(tiltSlope_.x) < kLevel && std::abs(tiltSlope_.y) < kLevel) tiltSlope_ = Float2{};
  tiltKnown_ = true;
  const Vec3f up = Vec3f(-tiltSlope_.x, 1.0f, -tiltSlope_.y).normalized();
  bodyUp_ = toFloat3(up);
  if (tiltSlope_.x == 0.0f && tiltSlope_.y == 0.0f) return;
  const Quatf tilt = tiltTo(up);
  turnPose(tilt, pivot, modelRotations.subspan(0, graph_->jointCount()),
           modelPositions.subspan(0, graph_->jointCount()));
  const Quatf untilt = tilt.conjugate();
  for (LegState& s : state_) s.alignment = s.alignment * untilt;
}

// 7.15-7.17 give the body's height from this update's targets alone; over stairs the lowest
// wish passes from the leg that lifts off one tread to the leg standing on the next within a
// few updates, a kink in the height that is a spike of jerk. The height in the world (the
// ground under the character plus the offset) therefore follows the formula's through the
// toolkit's critically damped spring (exact for any dt; half-life bodyHeightSeconds), and never
// rises above h_max,min: a leg still reaches its target. On flat ground at the clip's motion
// the offset is exactly 0 and so is the spring's.
float LegLayer::smoothBodyHeight(const Frame& frame, float offset) {
  float cap = hipMaximal_.empty() ? offset : hipMaximal_[0];
  for (const float m : hipMaximal_) cap = std::min(cap, m);
  // Where the model pose stands in the world (groundHeight()): the edge's floor is part of it,
  // so a transition between edges of different floors moves the base, not the spring.
  const float base = characterGround_ - frame.floor;
  const float goal = base + offset;
  const float seconds = settings_.bodyHeightSeconds;
  if (!bodyHeightKnown_ || !(seconds > 0.0f) || !std::isfinite(bodyHeight_)) {
    bodyHeight_ = goal;
    bodyHeightVelocity_ = 0.0f;
    bodyHeightKnown_ = true;
    return offset;
  }
  const float before = bodyHeight_;
  if (frame.dt > 0.0f) locomotion::springStep(bodyHeight_, bodyHeightVelocity_, goal, seconds, frame.dt);
  if (bodyHeight_ - base > cap) {
    bodyHeight_ = base + cap;
    if (frame.dt > 0.0f)
      bodyHeightVelocity_ = std::min(bodyHeightVelocity_, (bodyHeight_ - before) / frame.dt);
  }
  if (!std::isfinite(bodyHeight_) || !std::isfinite(bodyHeightVelocity_)) {
    bodyHeight_ = goal;
    bodyHeightVelocity_ = 0.0f;
  }
  return bodyHeight_ - base;
}

}  // namespace fatgraph
