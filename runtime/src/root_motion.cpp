#include "fatgraph/runtime/root_motion.h"

#include <cmath>
#include <numbers>

namespace fatgraph {

namespace {

// R_y(angle) applied to the ground components of v (x, z); y is dropped.
Vec3 rotateOnGround(const Vec3& v, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  return Vec3(c * v.x() + s * v.z(), 0.0, -s * v.x() + c * v.z());
}

}  // namespace

double wrapAngle(double radians) {
  if (!std::isfinite(radians)) return 0.0;
  constexpr double pi = std::numbers::pi;
  double a = std::remainder(radians, 2.0 * pi);  // [-pi, pi]
  if (a <= -pi) a += 2.0 * pi;
  return a;
}

double headingYaw(const Quat& rootRotation) {
  if (!rootRotation.coeffs().allFinite()) return 0.0;
  const Vec3 forward = rootRotation * Vec3::UnitZ();
  if (std::abs(forward.x()) < 1e-12 && std::abs(forward.z()) < 1e-12) return 0.0;
  return std::atan2(forward.x(), forward.z());
}

RootDelta rootDelta(const CharacterFrame& previous, const CharacterFrame& current) {
  RootDelta d;
  const Vec3 world = current.position - previous.position;
  if (!world.allFinite() || !std::isfinite(previous.yaw)) return d;
  d.displacement = rotateOnGround(world, -previous.yaw);
  d.yaw = wrapAngle(current.yaw - previous.yaw);
  return d;
}

CharacterFrame applyRootDelta(const CharacterFrame& frame, const RootDelta& delta) {
  CharacterFrame next = frame;
  if (!delta.displacement.allFinite() || !std::isfinite(delta.yaw)) return next;
  const double yaw = std::isfinite(frame.yaw) ? frame.yaw : 0.0;
  const Vec3 world = rotateOnGround(delta.displacement, yaw);
  next.position.x() += world.x();
  next.position.z() += world.z();
  next.yaw = wrapAngle(yaw + delta.yaw);
  return next;
}

RootDelta blendRootDeltas(const RootDelta* deltas, const double* weights, int count) {
  RootDelta out;
  if (deltas == nullptr || weights == nullptr) return out;
  // Weights are scaled by the largest usable one so that huge weights cannot overflow.
  double wMax = 0.0;
  for (int i = 0; i < count; ++i)
    if (std::isfinite(weights[i]) && weights[i] > wMax) wMax = weights[i];
  if (!(wMax > 0.0)) return out;
  double total = 0.0;
  Vec3 displacement = Vec3::Zero();
  double yaw = 0.0;
  for (int i = 0; i < count; ++i) {
    if (!std::isfinite(weights[i]) || weights[i] <= 0.0) continue;
    const double w = weights[i] / wMax;
    total += w;
    displacement += w * deltas[i].displacement;
    yaw += w * wrapAngle(deltas[i].yaw);
  }
  if (!(total > 0.0) || !std::isfinite(total)) return out;
  out.displacement = displacement / total;
  out.displacement.y() = 0.0;
  out.yaw = wrapAngle(yaw / total);
  if (!out.displacement.allFinite()) out = RootDelta{};
  return out;
}

}  // namespace fatgraph
