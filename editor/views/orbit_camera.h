#pragma once
// An orbit camera around a target point: yaw about +Y, pitch above the ground plane, and a
// distance. Y is up and lengths are metres, as in the runtime.
#include <QMatrix4x4>
#include <QVector3D>

namespace fatgraph::editor {

class OrbitCamera {
 public:
  QVector3D target{0.0f, 1.0f, 0.0f};
  float yawDegrees = 35.0f;    // 0 looks along -Z (camera on +Z); positive turns left
  float pitchDegrees = 28.0f;  // elevation above the ground plane, [-89, 89]
  float distance = 5.0f;       // metres from the target
  float fovDegrees = 40.0f;    // vertical field of view

  QVector3D eye() const;
  QMatrix4x4 view() const;
  QMatrix4x4 projection(float aspect) const;

  /// Turns around the target by the given angles (degrees); pitch is clamped.
  void orbit(float yawDelta, float pitchDelta);
  /// Moves the target in the view plane by a mouse motion in pixels, so the point under the
  /// cursor follows it (viewportHeight in pixels).
  void pan(float dxPixels, float dyPixels, int viewportHeight);
  /// Wheel steps: positive moves closer. Each step scales the distance by 0.85.
  void zoom(float steps);
  /// Looks at a sphere so that it about fills the view height, keeping the direction (bounds
  /// are boxes, whose spheres are loose, so it frames slightly tighter than the sphere).
  void frame(const QVector3D& center, float radius);
  /// Moves the target toward `point` over `seconds` of wall time (exponential smoothing,
  /// time constant kFollowSeconds), keeping the angles and distance, so the view follows a
  /// moving character without the jitter of its gait while the user can still orbit and zoom.
  void follow(const QVector3D& point, float seconds);
  static constexpr float kFollowSeconds = 0.2f;
};

}  // namespace fatgraph::editor
