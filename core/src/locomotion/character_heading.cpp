// The character frame's heading (docs/DESIGN.md, conventions): the horizontal perpendicular of
// the left-hip -> right-hip line, smoothed over about a gait cycle. The pelvis yaws back and
// forth with every step (a few degrees on the CMU walks, far more on some rigs), so the raw
// root yaw is not where the character is going: taken as the heading, it tilts "forward" by
// the wobble of whichever frame an edge starts on and mixes that wobble into root deltas.
#include "fatgraph/core/locomotion/character_heading.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph {

namespace {

constexpr double kWindowSeconds = 1.0;  // about one gait cycle of a human walk

// The legs' hips on each side, decided once per clip: a side is a leg's, not a name's, so
// edited and geometry-found legs work alike. Which side is left comes from where the feet
// point (ankle heel -> toe tip, on the ground, summed over the legs), sampled over the clip:
// a foot points where its figure faces whatever way the rig's rest pose faces (-Z, +X), so
// nothing assumes +Z. Without feet, the motion root's own yaw gives the figure's left (+X).
void hipSides(const Skeleton& skeleton, const Clip& clip, const LegSetup& legs,
              std::vector<int>& left, std::vector<int>& right) {
  const int joints = skeleton.jointCount();
  const int frames = clip.frameCount();
  std::vector<Quat> rotations(joints);
  std::vector<Vec3> positions(joints);
  std::vector<double> side(legs.legs.size(), 0.0);
  const int step = std::max(1, frames / 50);
  for (int k = 0; k < frames; k += step) {
    clipFrameToModel(skeleton, clip, k, rotations, positions);
    Vec3 forward = Vec3::Zero(), centre = Vec3::Zero();
    int hips = 0;
    for (const Leg& leg : legs.legs) {
      if (leg.hip() < 0 || leg.hip() >= joints || leg.ankle() >= joints) continue;
      forward += rotations[leg.ankle()] * (leg.toeTip - leg.heel);
      centre += positions[leg.hip()];
      ++hips;
    }
    forward.y() = 0.0;
    if (hips == 0) return;
    centre /= hips;
    Vec3 leftward = Vec3::UnitY().cross(forward);
    if (leftward.norm() < 1e-9) {
      if (k > 0) continue;
      leftward = yawRotation(headingYaw(rotations[skeleton.motionRoot])) * Vec3::UnitX();
    }
    leftward.normalize();
    for (std::size_t l = 0; l < legs.legs.size(); ++l) {
      const int hip = legs.legs[l].hip();
      if (hip >= 0 && hip < joints) side[l] += (positions[hip] - centre).dot(leftward);
    }
  }
  for (std::size_t l = 0; l < legs.legs.size(); ++l) {
    if (side[l] > 1e-6) left.push_back(legs.legs[l].hip());
    if (side[l] < -1e-6) right.push_back(legs.legs[l].hip());
  }
}

}  // namespace

std::vector<double> characterHeadings(const Skeleton& skeleton, const Clip& clip,
                                      const LegSetup& legs) {
  const int frames = clip.frameCount();
  const int joints = skeleton.jointCount();
  std::vector<double> raw(frames, 0.0);
  if (frames == 0 || joints != clip.jointCount) return raw;
  std::vector<int> left, right;
  hipSides(skeleton, clip, legs, left, right);
  const bool hipLine = !left.empty() && !right.empty();

  // Per frame the motion root's yaw (all there is without a hip line) and the forward of the
  // hip line: up x (right - left), on the ground.
  std::vector<Quat> rotations(joints);
  std::vector<Vec3> positions(joints);
  std::vector<Vec3> forward(frames, Vec3::Zero());
  for (int k = 0; k < frames; ++k) {
    clipFrameToModel(skeleton, clip, k, rotations, positions);
    raw[k] = headingYaw(rotations[skeleton.motionRoot]);
    if (!hipLine) continue;
    Vec3 l = Vec3::Zero(), r = Vec3::Zero();
    for (int j : left) l += positions[j];
    for (int j : right) r += positions[j];
    const Vec3 across = r / static_cast<double>(right.size()) - l / static_cast<double>(left.size());
    const Vec3 f = Vec3::UnitY().cross(across);
    const double n = std::hypot(f.x(), f.z());
    if (n > 1e-9 && std::isfinite(n)) forward[k] = Vec3(f.x() / n, 0.0, f.z() / n);
  }
  if (!hipLine) return raw;
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

double rootFacingOffset(const Skeleton& skeleton, const Clip& clip, const LegSetup& legs,
                        int first, int last) {
  const int joints = skeleton.jointCount();
  first = std::max(first, 0);
  last = std::min(last, clip.frameCount() - 1);
  if (joints == 0 || clip.jointCount != joints || first > last) return 0.0;
  std::vector<Quat> rotations(joints);
  std::vector<Vec3> positions(joints);
  Vec3 feet = Vec3::Zero(), root = Vec3::Zero();  // summed unit directions on the ground
  const int step = std::max(1, (last - first) / 30);
  for (int k = first; k <= last; k += step) {
    clipFrameToModel(skeleton, clip, k, rotations, positions);
    root += yawRotation(headingYaw(rotations[skeleton.motionRoot])) * Vec3::UnitZ();
    for (const Leg& leg : legs.legs) {
      if (leg.ankle() < 0 || leg.ankle() >= joints) continue;
      Vec3 d = rotations[leg.ankle()] * (leg.toeTip - leg.heel);
      d.y() = 0.0;
      if (d.norm() > 1e-9) feet += d.normalized();
    }
  }
  if (feet.norm() < 1e-9 || root.norm() < 1e-9) return 0.0;
  const double quarter = 0.5 * std::numbers::pi;
  const double offset = wrapAngle(std::atan2(feet.x(), feet.z()) - std::atan2(root.x(), root.z()));
  return quarter * std::round(offset / quarter);
}

}  // namespace fatgraph
