#include "views/orbit_camera.h"

#include <QtMath>

#include <algorithm>
#include <cmath>

namespace fatgraph::editor {

QVector3D OrbitCamera::eye() const {
  const float yaw = qDegreesToRadians(yawDegrees);
  const float pitch = qDegreesToRadians(pitchDegrees);
  const QVector3D offset(std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                         std::cos(pitch) * std::cos(yaw));
  return target + distance * offset;
}

QMatrix4x4 OrbitCamera::view() const {
  QMatrix4x4 m;
  m.lookAt(eye(), target, QVector3D(0.0f, 1.0f, 0.0f));
  return m;
}

QMatrix4x4 OrbitCamera::projection(float aspect) const {
  QMatrix4x4 m;
  const float nearPlane = std::max(0.01f, distance * 0.01f);
  const float farPlane = distance * 20.0f + 200.0f;
  m.perspective(fovDegrees, std::max(aspect, 1e-3f), nearPlane, farPlane);
  return m;
}

void OrbitCamera::orbit(float yawDelta, float pitchDelta) {
  yawDegrees = std::fmod(yawDegrees + yawDelta, 360.0f);
  pitchDegrees = std::clamp(pitchDegrees + pitchDelta, -89.0f, 89.0f);
}

void OrbitCamera::pan(float dxPixels, float dyPixels, int viewportHeight) {
  // World size of one pixel at the target's depth.
  const float metresPerPixel = 2.0f * distance * std::tan(qDegreesToRadians(fovDegrees) / 2) /
                               static_cast<float>(std::max(viewportHeight, 1));
  const QVector3D forward = (target - eye()).normalized();
  const QVector3D right = QVector3D::crossProduct(forward, QVector3D(0, 1, 0)).normalized();
  const QVector3D up = QVector3D::crossProduct(right, forward);
  target += (-dxPixels * right + dyPixels * up) * metresPerPixel;
}

void OrbitCamera::zoom(float steps) {
  distance = std::clamp(distance * std::pow(0.85f, steps), 0.05f, 5000.0f);
}

void OrbitCamera::frame(const QVector3D& center, float radius) {
  target = center;
  const float halfFov = qDegreesToRadians(fovDegrees) / 2;
  distance = std::max(radius, 0.1f) / std::sin(halfFov) * 0.9f;
}

void OrbitCamera::follow(const QVector3D& point, float seconds) {
  if (!std::isfinite(point.x()) || !std::isfinite(point.y()) || !std::isfinite(point.z())) return;
  // The fraction of the gap closed in `seconds`; a stalled frame (huge seconds) snaps.
  const float closed = 1.0f - std::exp(-std::max(seconds, 0.0f) / kFollowSeconds);
  target += (point - target) * closed;
}

}  // namespace fatgraph::editor
