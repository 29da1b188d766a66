#pragma once
// A clip: poses of one skeleton sampled at a fixed rate, stored frame-major in flat arrays so
// a frame's joints are contiguous (frame f, joint j at index f * jointCount + j).
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "fatgraph/core/model/pose.h"

namespace fatgraph {

/// How the build made a clip no take contains (generated_transitions.h): the frames of one
/// clip from a hub occurrence on, blended into the frames of another that arrive at a hub
/// occurrence, with `leadFrames` of each clip's own motion before and after so the hubs' pose
/// windows lie inside it. Frames are at the working rate.
struct TransitionOrigin {
  std::string fromClip;  // the clip it leaves, by name
  int fromFrame = 0;     // the frame of `fromClip` it leaves at (an occurrence of fromHub)
  std::string toClip;    // the clip it arrives in
  int toFrame = 0;       // the frame of `toClip` it arrives at (an occurrence of toHub)
  int blendFrames = 0;   // frames from leaving to arriving
  int leadFrames = 0;    // frames of each clip's own motion before and after the blend
  std::string fromHub, toHub;  // the hubs it joins, by name (for reports)
  double poseGapRms = 0;       // mean pose distance of the blended frames (metres, RMS)
  bool operator==(const TransitionOrigin&) const = default;
};

struct Clip {
  std::string name;      // display name, usually the file's base name
  std::string source;    // path the clip was imported from (may be empty)
  double fps = 30.0;     // frames per second of this clip's poses
  double sourceFps = 0;  // rate of the source file (0 when unknown)
  int sourceFirstFrame = 0;  // source frame of pose 0 (1 when a reference T-pose was dropped)
  int jointCount = 0;
  std::vector<Quat> rotations;     // frameCount * jointCount local rotations
  std::vector<Vec3> translations;  // frameCount * jointCount local translations (metres)
  /// Set when the build generated the clip (a transition between hubs); such clips are
  /// re-derived by every build and never scanned for hubs.
  std::optional<TransitionOrigin> generated;

  int frameCount() const {
    return jointCount > 0 ? static_cast<int>(rotations.size()) / jointCount : 0;
  }
  double duration() const { return frameCount() > 1 ? (frameCount() - 1) / fps : 0.0; }

  std::span<const Quat> frameRotations(int frame) const {
    return {rotations.data() + static_cast<size_t>(frame) * jointCount,
            static_cast<size_t>(jointCount)};
  }
  std::span<const Vec3> frameTranslations(int frame) const {
    return {translations.data() + static_cast<size_t>(frame) * jointCount,
            static_cast<size_t>(jointCount)};
  }
  std::span<Quat> frameRotations(int frame) {
    return {rotations.data() + static_cast<size_t>(frame) * jointCount,
            static_cast<size_t>(jointCount)};
  }
  std::span<Vec3> frameTranslations(int frame) {
    return {translations.data() + static_cast<size_t>(frame) * jointCount,
            static_cast<size_t>(jointCount)};
  }

  Pose pose(int frame) const;
  void appendPose(const Pose& pose);
  /// The source-file frame that pose `frame` was sampled at (for reports).
  double sourceFrame(int frame) const;
  /// The pose nearest to source-file frame `sourceFrame` (the inverse of sourceFrame, rounded
  /// and clamped to the clip); 0 for an empty clip.
  int frameAtSource(double sourceFrame) const;

  /// The pose at time t seconds (clamped to the clip): slerp of rotations, lerp of
  /// translations between the two nearest frames.
  Pose sample(double t) const;

  /// Empty when consistent with the skeleton, else what is wrong (counts, non-finite or
  /// non-unit values).
  std::string validate(const struct Skeleton& skeleton) const;
};

/// The clip resampled to `fps` by slerp/lerp. The last output frame is the last input time
/// that the new rate reaches (no extrapolation).
Clip resample(const Clip& clip, double fps);

/// Frames [first, first + count) of a clip as a new clip (bookkeeping updated).
Clip subClip(const Clip& clip, int first, int count);

}  // namespace fatgraph
