// The character frame's heading (docs/DESIGN.md, conventions): the horizontal perpendicular of
// the left-hip -> right-hip line, smoothed over about a gait cycle. The pelvis yaws back and
// forth with every step (a few degrees on the CMU walks, far more on some rigs), so the raw
// root yaw is not where the character is going: taken as the heading, it tilts "forward" by
// the wobble of whichever frame an edge starts on and mixes that wobble into root deltas.
#include "fatgraph/core/character_heading.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/runtime/forward_kinematics.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph {

namespace {

constexpr double kWindowSeconds = 1.0;  // about one gait cycle of a human walk

// The legs' hips on each side, decided once from the clip's first frame in the root's own
// heading frame (+X is the character's left): a side is a leg's, not a name's, so edited and
// geometry-found legs work alike.
void hipSides(const Skeleton& skeleton, const Clip& clip, const LegSetup& legs,
              std::vector<int>& left, std::vector<int>& right) {
  const int joints = skeleton.jointCount();
  std::vector<Quat> rotations(joints);
  std::vector<Vec3> positions(joints);
  clipFrameToModel(skeleton, clip, 0, rotations, positions);
  const Quat unturn = yawRotation(-headingYaw(rotations[0]));
  for (const Leg& leg : legs.legs) {
    const int hip = leg.hip();
    if (hip < 0 || hip >= joints) continue;
    const double side = (unturn * (positions[hip] - positions[0])).x();
    if (side > 1e-6) left.push_back(hip);
    if (side < -1e-6) right.push_back(hip);
  }
}

}  // namespace

std::vector<double> characterHeadings(const Skeleton& skeleton, const Clip& clip,
                                      const LegSetup& legs) {
  const int frames = clip.frameCount();
  const int joints = skeleton.jointCount();
  std::vector<double> raw(frames, 0.0);
  for (int k = 0; k < frames; ++k) raw[k] = headingYaw(clip.frameRotations(k)[0]);
  if (frames == 0 || joints != clip.jointCount) return raw;
  std::vector<int> left, right;
  hipSides(skeleton, clip, legs, left, right);
  if (left.empty() || right.empty()) return raw;  // no hip line: the root's yaw is all there is

  // Per frame the forward of the hip line: up x (right - left), on the ground.
  std::vector<Quat> rotations(joints);
  std::vector<Vec3> positions(joints);
  std::vector<Vec3> forward(frames, Vec3::Zero());
  for (int k = 0; k < frames; ++k) {
    clipFrameToModel(skeleton, clip, k, rotations, positions);
    Vec3 l = Vec3::Zero(), r = Vec3::Zero();
    for (int j : left) l += positions[j];
    for (int j : right) r += positions[j];
    const Vec3 across = r / static_cast<double>(right.size()) - l / static_cast<double>(left.size());
    const Vec3 f = Vec3::UnitY().cross(across);
    const double n = std::hypot(f.x(), f.z());
    if (n > 1e-9 && std::isfinite(n)) forward[k] = Vec3(f.x() / n, 0.0, f.z() / n);
  }
  // Smoothing: a straight line fitted to the unwrapped yaw over a centred window, clamped at
  // the clip's ends, read at the frame. A line follows a steady turn without lag, also where
  // the window is one-sided at an end (a plain mean there would lead or trail the turn by a
  // quarter of the window), and averages the pelvis's wobble out elsewhere.
  std::vector<double> yaw(frames);
  double previous = 0.0;
  for (int k = 0; k < frames; ++k) {
    const double y = forward[k].isZero() ? (k > 0 ? previous : raw[k]) : std::atan2(forward[k].x(), forward[k].z());
    yaw[k] = k == 0 ? y : previous + wrapAngle(y - previous);
    previous = yaw[k];
  }
  const int half = std::max(1, static_cast<int>(std::lround(0.5 * kWindowSeconds * clip.fps)));
  std::vector<double> out(frames);
  for (int k = 0; k < frames; ++k) {
    const int a = std::max(0, k - half), b = std::min(frames - 1, k + half);
    double n = 0, st = 0, sy = 0, stt = 0, sty = 0;
    for (int i = a; i <= b; ++i) {
      const double t = i - k;
      n += 1;
      st += t;
      sy += yaw[i];
      stt += t * t;
      sty += t * yaw[i];
    }
    const double det = n * stt - st * st;
    const double atK = det > 1e-9 ? (sy * stt - st * sty) / det : yaw[k];  // intercept at t = 0
    out[k] = std::isfinite(atK) ? wrapAngle(atK) : raw[k];
  }
  return out;
}

}  // namespace fatgraph
