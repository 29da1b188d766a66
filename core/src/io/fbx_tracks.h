#pragma once
// An Assimp animation channel's keys read into checked tracks in seconds, and sampled the way
// Assimp defines them: held before the first key and after the last, translations and scales
// linear between keys, rotations slerped along the shorter arc. Internal to fbx_import.cpp;
// problems are SceneProblems naming the channel (the importer adds the file).
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/model/quaternion.h"

struct aiNodeAnim;

namespace fatgraph::fbx {

template <class Value>
struct KeyTrack {
  std::vector<double> times;  // seconds, non-decreasing
  std::vector<Value> values;
};

/// One node's keys in an animation; a track is empty when the channel has no key of its kind.
struct ChannelTracks {
  std::optional<KeyTrack<Vec3>> translation, scale;
  std::optional<KeyTrack<Quat>> rotation;
  double firstTime() const;  // earliest key of any track (seconds)
  double lastTime() const;   // latest key of any track
};

/// Reads `channel`, whose key times are in ticks of `ticksPerSecond`. `where` names the
/// channel in messages ("animation 'Walk', node 'Hips'").
ChannelTracks readChannel(const aiNodeAnim& channel, double ticksPerSecond, const std::string& where);

Vec3 sampleVector(const KeyTrack<Vec3>& track, double t);
Quat sampleRotation(const KeyTrack<Quat>& track, double t);

/// The largest relative distance of a scale key from `rest` (a uniform rest scale).
double largestScaleDeviation(const KeyTrack<Vec3>& track, double rest);

}  // namespace fatgraph::fbx
