#include "fatgraph/runtime/root_motion.h"

#include <cmath>
#include <numbers>

#include "locomotion_toolkit.h"

namespace fatgraph {

namespace {

// R_y(angle) applied to the ground components (x, z); y is dropped. In double: a character's
// frame accumulates these every update.
void rotateOnGround(double x, double z, double angle, double& outX, double& outZ) {
  const double c = std::cos(angle), s = std::sin(angle);
  outX = c * x + s * z;
  outZ = -s * x + c * z;
}

double wrapAngleDouble(double radians) {
  if (!std::isfinite(radians)) return 0.0;
  constexpr double pi = std::numbers::pi;
  if (radians > -pi && radians <= pi) return radians;  // nearly every call: what remainder gives
  double a = std::remainder(radians, 2.0 * pi);  // [-pi, pi]
  if (a <= -pi) a += 2.0 * pi;
  return a;
}

// A wrapped angle in float, still in (-pi, pi]: within float rounding of -pi it is the float
// nearest +pi (pi_v<float> lies just above pi and wraps to just above -pi in double, so without
// this a heading of pi_v<float> would flip to -pi and back on every zero step).
float toWrappedFloat(double wrapped) {
  constexpr double kFloatStepAtPi = 2.384185791015625e-07;  // 2^-22, float spacing near pi
  if (wrapped <= -std::numbers::pi + kFloatStepAtPi) return std::numbers::pi_v<float>;
  return static_cast<float>(wrapped);
}

}  // namespace

float wrapAngle(float radians) { return toWrappedFloat(wrapAngleDouble(radians)); }

Quaternion yawQuaternion(float yaw) { return locomotion::yawRotation(yaw); }

float headingYaw(const Quaternion& q) {
  const Float3 forward = rotate(q, Float3{0, 0, 1});
  if (!isFinite(forward)) return 0.0f;
  // Float rounding leaves ~1e-7 on the ground components of an axis pointing straight down.
  if (std::abs(forward.x) < 1e-6f && std::abs(forward.z) < 1e-6f) return 0.0f;
  return std::atan2(forward.x, forward.z);
}

RootDelta rootDelta(const CharacterFrame& previous, const CharacterFrame& current) {
  RootDelta d;
  const Float3 world = current.position - previous.position;
  if (!isFinite(world) || !std::isfinite(previous.yaw)) return d;
  double x = 0, z = 0;
  rotateOnGround(world.x, world.z, -double(previous.yaw), x, z);
  d.displacement = {static_cast<float>(x), 0.0f, static_cast<float>(z)};
  d.yaw = toWrappedFloat(wrapAngleDouble(double(current.yaw) - previous.yaw));
  return d;
}

CharacterFrame applyRootDelta(const CharacterFrame& frame, const RootDelta& delta) {
  CharacterFrame next = frame;
  if (!isFinite(delta.displacement) || !std::isfinite(delta.yaw)) return next;
  const double yaw = std::isfinite(frame.yaw) ? frame.yaw : 0.0;
  double x = 0, z = 0;
  rotateOnGround(delta.displacement.x, delta.displacement.z, yaw, x, z);
  next.position.x = static_cast<float>(frame.position.x + x);
  next.position.z = static_cast<float>(frame.position.z + z);
  next.yaw = toWrappedFloat(wrapAngleDouble(yaw + delta.yaw));
  return next;
}

RootDelta blendRootDeltas(const RootDelta* deltas, const float* weights, int count) {
  RootDelta out;
  if (deltas == nullptr || weights == nullptr) return out;
  // Weights are scaled by the largest usable one so that huge weights cannot overflow.
  double wMax = 0.0;
  for (int i = 0; i < count; ++i)
    if (std::isfinite(weights[i]) && weights[i] > wMax) wMax = weights[i];
  if (!(wMax > 0.0)) return out;
  double total = 0.0, x = 0.0, z = 0.0, yaw = 0.0;
  for (int i = 0; i < count; ++i) {
    if (!std::isfinite(weights[i]) || weights[i] <= 0.0f) continue;
    const double w = weights[i] / wMax;
    total += w;
    x += w * deltas[i].displacement.x;
    z += w * deltas[i].displacement.z;
    yaw += w * wrapAngleDouble(deltas[i].yaw);
  }
  if (!(total > 0.0) || !std::isfinite(total)) return out;
  out.displacement = {static_cast<float>(x / total), 0.0f, static_cast<float>(z / total)};
  out.yaw = toWrappedFloat(wrapAngleDouble(yaw / total));
  if (!isFinite(out.displacement)) out = RootDelta{};
  return out;
}

}  // namespace fatgraph
