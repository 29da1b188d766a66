#include "fbx_tracks.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <assimp/anim.h>

#include "scene_rig.h"

namespace fatgraph::fbx {
namespace {

using scene::SceneProblem;

Vec3 toVec3(const aiVector3D& v) { return Vec3(v.x, v.y, v.z); }
Quat toQuat(const aiQuaternion& q) { return Quat(q.w, q.x, q.y, q.z); }
bool finite(const Vec3& v) { return v.allFinite(); }
bool finite(const Quat& q) { return q.coeffs().allFinite(); }

template <class Key, class Value, class Convert>
std::optional<KeyTrack<Value>> readKeys(const Key* keys, unsigned count, double ticksPerSecond,
                                        const std::string& what, Convert convert) {
  if (count == 0 || keys == nullptr) return std::nullopt;
  KeyTrack<Value> track;
  track.times.reserve(count);
  track.values.reserve(count);
  for (unsigned k = 0; k < count; ++k) {
    const double t = keys[k].mTime / ticksPerSecond;
    if (!std::isfinite(t) || (k > 0 && t < track.times.back())) {
      throw SceneProblem(what + " key times must be finite and increasing (key " + std::to_string(k) + ")");
    }
    const Value v = convert(keys[k].mValue);
    if (!finite(v)) throw SceneProblem(what + " key " + std::to_string(k) + " is not finite");
    track.times.push_back(t);
    track.values.push_back(v);
  }
  return track;
}

// Key k and the fraction of the way to key k + 1 at time t; fraction 0 at or outside the ends.
struct Span { size_t key = 0; double s = 0; bool between = false; };
Span locate(const std::vector<double>& times, double t) {
  if (t <= times.front()) return {};
  const size_t k = static_cast<size_t>(std::upper_bound(times.begin(), times.end(), t) - times.begin()) - 1;
  if (k + 1 >= times.size()) return {times.size() - 1, 0, false};
  const double dt = times[k + 1] - times[k];
  return {k, dt > 0 ? (t - times[k]) / dt : 0.0, dt > 0};
}

}  // namespace

double ChannelTracks::firstTime() const {
  double t = std::numeric_limits<double>::infinity();
  if (translation) t = std::min(t, translation->times.front());
  if (rotation) t = std::min(t, rotation->times.front());
  if (scale) t = std::min(t, scale->times.front());
  return t;
}

double ChannelTracks::lastTime() const {
  double t = -std::numeric_limits<double>::infinity();
  if (translation) t = std::max(t, translation->times.back());
  if (rotation) t = std::max(t, rotation->times.back());
  if (scale) t = std::max(t, scale->times.back());
  return t;
}

ChannelTracks readChannel(const aiNodeAnim& channel, double ticksPerSecond, const std::string& where) {
  ChannelTracks out;
  out.translation = readKeys<aiVectorKey, Vec3>(channel.mPositionKeys, channel.mNumPositionKeys, ticksPerSecond,
                                               where + " translation", toVec3);
  out.scale = readKeys<aiVectorKey, Vec3>(channel.mScalingKeys, channel.mNumScalingKeys, ticksPerSecond,
                                         where + " scale", toVec3);
  out.rotation = readKeys<aiQuatKey, Quat>(channel.mRotationKeys, channel.mNumRotationKeys, ticksPerSecond,
                                           where + " rotation", toQuat);
  if (out.rotation) {
    for (size_t k = 0; k < out.rotation->values.size(); ++k) {
      Quat& q = out.rotation->values[k];
      if (q.norm() < 1e-9) throw SceneProblem(where + " rotation key " + std::to_string(k) + " is a zero quaternion");
      q.normalize();
    }
  }
  return out;
}

Vec3 sampleVector(const KeyTrack<Vec3>& track, double t) {
  const Span sp = locate(track.times, t);
  const Vec3& a = track.values[sp.key];
  return sp.between ? Vec3((1 - sp.s) * a + sp.s * track.values[sp.key + 1]) : a;
}

Quat sampleRotation(const KeyTrack<Quat>& track, double t) {
  const Span sp = locate(track.times, t);
  const Quat& a = track.values[sp.key];
  return sp.between ? slerp(a, track.values[sp.key + 1], sp.s) : a;
}

double largestScaleDeviation(const KeyTrack<Vec3>& track, double rest) {
  double largest = 0.0;
  for (const Vec3& v : track.values) largest = std::max(largest, (v.array() / rest - 1.0).abs().maxCoeff());
  return largest;
}

}  // namespace fatgraph::fbx
