// One fat edge's runtime block (runtime/runtime_graph.h): the root's heading moves out of the
// pose into a ground trajectory, quaternions are sign-aligned so the player can sum them
// without hemisphere tests, everything goes to float structure-of-arrays.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <string>

#include "fatgraph/core/locomotion/character_heading.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/core/locomotion/runtime_locomotion.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph {

namespace {

// One segment in double precision before it is aligned and stored.
struct SegmentFrames {
  int frames = 0;
  std::vector<Quat> rotations;  // frames * J, root heading removed
  std::vector<Vec3> translations;  // frames * A
  std::vector<Vec3> trajectory;    // frames: ground x, ground z, unwrapped yaw (relative)
};

std::string where(const RuntimeEdgeSource& source, std::size_t segment) {
  return "runtime edge '" + source.name + "' segment " + std::to_string(segment) + ": ";
}

const Clip& checkedClip(const Skeleton& skeleton, const std::vector<Clip>& clips, double fps,
                        const RuntimeEdgeSource& source, std::size_t i) {
  const RuntimeSegmentSource& s = source.segments[i];
  if (s.clip < 0 || s.clip >= static_cast<int>(clips.size()))
    throw Error(where(source, i) + "clip index " + std::to_string(s.clip) + " out of range");
  const Clip& clip = clips[s.clip];
  if (clip.jointCount != skeleton.jointCount())
    throw Error(where(source, i) + "clip '" + clip.name + "' has " +
                std::to_string(clip.jointCount) + " joints, the skeleton " +
                std::to_string(skeleton.jointCount()));
  if (std::abs(clip.fps - fps) > 1e-6 * fps)
    throw Error(where(source, i) + "clip '" + clip.name + "' runs at " + std::to_string(clip.fps) +
                " fps, expected " + std::to_string(fps));
  if (s.first < 0 || s.last >= clip.frameCount() || s.last - s.first < 1)
    throw Error(where(source, i) + "frames [" + std::to_string(s.first) + ", " +
                std::to_string(s.last) + "] are not a range of >= 2 frames inside clip '" +
                clip.name + "' (" + std::to_string(clip.frameCount()) + " frames)");
  return clip;
}

// The character's heading (character_heading.h: the smoothed hip line, not the wobbling root
// yaw) and ground position, both the motion root's (Skeleton::motionRoot), leave the pose: the
// character frame C = (yaw, ground) is taken off at the motion root, L' = W_p^-1 C^-1 W_p L with
// W_p its parent's model transform, so a still reference bone above the hips keeps its own
// transform and only the travelling part of the rig moves into the character frame. Where the
// motion root is a root, that is R_y(-yaw) q and (0, height, 0). The trajectory keeps where the
// motion root went, relative to the first frame and in its heading frame, with the yaw unwrapped
// so deltas never jump by 2 pi. The other joints that carry the travel (travelCarriers: a game
// rig's IK feet and pole targets hanging beside the body from the still reference bone) take
// the same change of frame, each at its own parent, and so do other roots (rare): the feet
// stand where the body does, not where the clip's world put them.
SegmentFrames extractSegment(const Skeleton& skeleton, const Clip& clip, int first, int last,
                             const std::vector<int>& translated, const std::vector<double>& heading) {
  const int joints = skeleton.jointCount();
  const int m = skeleton.motionRoot;
  const int parent = skeleton.parents[m];
  std::vector<bool> ancestor(joints, false);  // joints above the motion root keep their transform
  for (int p = parent; p >= 0; p = skeleton.parents[p]) ancestor[p] = true;
  std::vector<bool> carries(joints, false);  // beside the motion root, carrying the travel
  for (const int j : travelCarriers(skeleton)) carries[j] = j != m;
  SegmentFrames out;
  out.frames = last - first + 1;
  out.rotations.resize(static_cast<std::size_t>(out.frames) * joints);
  out.translations.resize(static_cast<std::size_t>(out.frames) * translated.size());
  out.trajectory.resize(out.frames);
  std::vector<Quat> modelRotations(joints);
  std::vector<Vec3> modelPositions(joints);
  clipFrameToModel(skeleton, clip, first, modelRotations, modelPositions);
  const Vec3 start = modelPositions[m];
  const double startYaw = heading[first];
  const Quat toStartFrame = yawRotation(-startYaw);
  double unwrapped = startYaw;
  std::vector<Quat> localRotations(joints);
  std::vector<Vec3> localTranslations(joints);
  for (int k = 0; k < out.frames; ++k) {
    const auto rotations = clip.frameRotations(first + k);
    const auto translations = clip.frameTranslations(first + k);
    clipFrameToModel(skeleton, clip, first + k, modelRotations, modelPositions);
    const double yaw = heading[first + k];
    if (k > 0) unwrapped += wrapAngle(yaw - unwrapped);
    const Vec3 ground(modelPositions[m].x(), 0.0, modelPositions[m].z());
    const Vec3 travelled = toStartFrame * (ground - Vec3(start.x(), 0.0, start.z()));
    out.trajectory[k] = Vec3(travelled.x(), travelled.z(), unwrapped - startYaw);
    const RigidTransform removeCharacter =
        RigidTransform{yawRotation(-yaw), Vec3::Zero()} * RigidTransform{Quat::Identity(), -ground};
    // C^-1 taken off at joint j: W_p^-1 C^-1 W_p with W_p its parent's model transform.
    auto removedAt = [&](int j) {
      const int p = skeleton.parents[j];
      if (p < 0) return removeCharacter;
      const RigidTransform parentModel{modelRotations[p], modelPositions[p]};
      return parentModel.inverse() * removeCharacter * parentModel;
    };
    for (int j = 0; j < joints; ++j) {
      RigidTransform local{rotations[j], translations[j]};
      if (j == m || carries[j] || (skeleton.parents[j] < 0 && !ancestor[j])) local = removedAt(j) * local;
      if (j == m && parent < 0) local.translation = Vec3(0.0, local.translation.y(), 0.0);  // exactly
      localRotations[j] = local.rotation.normalized();
      localTranslations[j] = local.translation;
      out.rotations[static_cast<std::size_t>(k) * joints + j] = localRotations[j];
    }
    for (std::size_t a = 0; a < translated.size(); ++a)
      out.translations[k * translated.size() + a] = localTranslations[translated[a]];
  }
  return out;
}

// Continuity along time: each frame's quaternion in the hemisphere of the previous one.
void alignAlongTime(SegmentFrames& s, int joints) {
  for (int k = 1; k < s.frames; ++k)
    for (int j = 0; j < joints; ++j) {
      Quat& q = s.rotations[static_cast<std::size_t>(k) * joints + j];
      if (q.dot(s.rotations[static_cast<std::size_t>(k - 1) * joints + j]) < 0.0) q.coeffs() *= -1.0;
    }
}

// Each frame k of a member to the reference's pose at the corresponding reference frame
// F^-1(k), per joint, so the weighted sum adds like with like. Where the two are nearly
// orthogonal (|dot| small) the sign says little, and continuity with the previous frame wins:
// a sign change between consecutive frames would make the in-between samples collapse.
void alignToReference(SegmentFrames& s, const SegmentFrames& reference, int joints,
                      const WarpMap& warp) {
  const double scale = static_cast<double>(reference.frames - 1) / (s.frames - 1);
  for (int k = 0; k < s.frames; ++k) {
    const double t = warp.empty() ? k * scale : warp.inverse(k);
    const int r = std::clamp(static_cast<int>(std::floor(t)), 0, reference.frames - 2);
    const double a = std::clamp(t - r, 0.0, 1.0);
    for (int j = 0; j < joints; ++j) {
      const Quat& r0 = reference.rotations[static_cast<std::size_t>(r) * joints + j];
      const Quat& r1 = reference.rotations[static_cast<std::size_t>(r + 1) * joints + j];
      const Eigen::Vector4d target = (1.0 - a) * r0.coeffs() + a * r1.coeffs();
      Quat& q = s.rotations[static_cast<std::size_t>(k) * joints + j];
      const double dot = q.coeffs().dot(target) / std::max(target.norm(), 1e-12);
      bool flip = dot < 0.0;
      if (std::abs(dot) < 0.1 && k > 0)
        flip = q.dot(s.rotations[static_cast<std::size_t>(k - 1) * joints + j]) < 0.0;
      if (flip) q.coeffs() *= -1.0;
    }
  }
}

// The warp in seconds (reference time -> segment time); empty: proportional.
void warpKnots(const RuntimeEdgeSource& source, std::size_t i, int referenceFrames, int frames,
               double fps, std::vector<float>& x, std::vector<float>& y) {
  const WarpMap& warp = source.segments[i].warp;
  x.clear();
  y.clear();
  if (warp.empty()) {
    x = {0.0f, static_cast<float>((referenceFrames - 1) / fps)};
    y = {0.0f, static_cast<float>((frames - 1) / fps)};
    return;
  }
  if (const std::string problem = warp.validate(); !problem.empty())
    throw Error(where(source, i) + "warp: " + problem);
  if (warp.from.size() < 2) throw Error(where(source, i) + "warp has fewer than 2 knots");
  const double tolerance = 1e-6;
  if (warp.from.front() < -tolerance || warp.from.back() > referenceFrames - 1 + tolerance ||
      warp.to.front() < -tolerance || warp.to.back() > frames - 1 + tolerance)
    throw Error(where(source, i) + "warp leaves the frame ranges (reference " +
                std::to_string(referenceFrames) + " frames, segment " + std::to_string(frames) + ")");
  for (std::size_t k = 0; k < warp.from.size(); ++k) {
    x.push_back(static_cast<float>(warp.from[k] / fps));
    y.push_back(static_cast<float>(warp.to[k] / fps));
    if (k > 0 && !(x[k] > x[k - 1] && y[k] > y[k - 1]))
      throw Error(where(source, i) + "warp knots not increasing in single precision");
  }
}

}  // namespace

std::vector<int> runtimeTranslatedJoints(const Skeleton& skeleton) {
  std::vector<int> out;
  for (int j = 0; j < skeleton.jointCount(); ++j)
    if (skeleton.parents[j] < 0 || skeleton.animatedTranslation[j] || j == skeleton.motionRoot)
      out.push_back(j);
  return out;
}

RuntimeEdge buildRuntimeEdge(const Skeleton& skeleton, const std::vector<Clip>& clips, double fps,
                             const RuntimeEdgeSource& source, const LegSetup* legs) {
  if (!(fps > 0.0) || !std::isfinite(fps))
    throw Error("runtime edge '" + source.name + "': fps must be positive");
  if (const std::string problem = skeleton.validate(); !problem.empty())
    throw Error("runtime edge '" + source.name + "': skeleton: " + problem);
  if (source.segments.empty()) throw Error("runtime edge '" + source.name + "' has no segments");
  if (source.reference < 0 || source.reference >= static_cast<int>(source.segments.size()))
    throw Error("runtime edge '" + source.name + "': reference " +
                std::to_string(source.reference) + " is not one of its segments");
  const int joints = skeleton.jointCount();
  const std::vector<int> translated = runtimeTranslatedJoints(skeleton);

  const LegSetup detected = legs != nullptr ? LegSetup{} : detectLegs(skeleton, clips);
  std::map<int, std::vector<double>> headings;  // per clip used, computed once
  std::vector<SegmentFrames> frames(source.segments.size());
  for (std::size_t i = 0; i < source.segments.size(); ++i) {
    const Clip& clip = checkedClip(skeleton, clips, fps, source, i);
    const RuntimeSegmentSource& s = source.segments[i];
    auto h = headings.find(s.clip);
    if (h == headings.end())
      h = headings.emplace(s.clip, characterHeadings(skeleton, clip, legs != nullptr ? *legs : detected)).first;
    frames[i] = extractSegment(skeleton, clip, s.first, s.last, translated, h->second);
    alignAlongTime(frames[i], joints);
  }
  const SegmentFrames& reference = frames[source.reference];
  for (std::size_t i = 0; i < frames.size(); ++i)
    if (static_cast<int>(i) != source.reference)
      alignToReference(frames[i], reference, joints, source.segments[i].warp);

  RuntimeEdge edge;
  edge.name = source.name;
  edge.fromHub = source.fromHub;
  edge.toHub = source.toHub;
  edge.referenceSegment = source.reference;
  edge.paramErrorMedian = std::nanf("");
  std::vector<float> x, y;
  const std::size_t a = translated.size();
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const SegmentFrames& f = frames[i];
    warpKnots(source, i, reference.frames, f.frames, fps, x, y);
    RuntimeSegment seg;
    seg.clip = clips[source.segments[i].clip].name;
    seg.firstFrame = source.segments[i].first;
    seg.frameCount = f.frames;
    seg.duration = static_cast<float>((f.frames - 1) / fps);
    std::vector<float>& d = edge.data;
    seg.rotations = static_cast<std::uint32_t>(d.size());
    for (int k = 0; k < f.frames; ++k)
      for (int c : {0, 1, 2, 3})  // Eigen's coeffs() order is x, y, z, w: SoA per component
        for (int j = 0; j < joints; ++j)
          d.push_back(static_cast<float>(f.rotations[static_cast<std::size_t>(k) * joints + j].coeffs()[c]));
    seg.translations = static_cast<std::uint32_t>(d.size());
    for (int k = 0; k < f.frames; ++k)
      for (int c : {0, 1, 2})
        for (std::size_t t = 0; t < a; ++t) d.push_back(static_cast<float>(f.translations[k * a + t][c]));
    seg.trajectory = static_cast<std::uint32_t>(d.size());
    for (const Vec3& p : f.trajectory)
      for (int c : {0, 1, 2}) d.push_back(static_cast<float>(p[c]));
    seg.warpX = static_cast<std::uint32_t>(d.size());
    d.insert(d.end(), x.begin(), x.end());
    seg.warpY = static_cast<std::uint32_t>(d.size());
    d.insert(d.end(), y.begin(), y.end());
    seg.warpKnots = static_cast<int>(x.size());
    edge.segments.push_back(std::move(seg));
  }
  if (edge.data.size() > std::numeric_limits<std::uint32_t>::max())
    throw Error("runtime edge '" + source.name + "': data block exceeds 32-bit offsets");
  edge.referenceDuration = edge.segments[source.reference].duration;
  applyBandSamples(edge);  // every edge carries its velocities, whatever its blend mode
  return edge;
}

}  // namespace fatgraph
