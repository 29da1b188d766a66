#include "fatgraph/core/model/project.h"

#include <algorithm>

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace fatgraph {

int Project::findClip(const std::string& name) const {
  for (size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

std::string Project::validate() const {
  if (std::string e = skeleton.validate(); !e.empty()) return "skeleton: " + e;
  for (const Clip& clip : clips) {
    if (std::string e = clip.validate(skeleton); !e.empty()) return e;
  }
  if (!character.empty()) {
    if (std::string e = character.mesh.validate(skeleton.jointCount()); !e.empty()) return "character: " + e;
  }
  return {};
}

namespace {

// 64-bit FNV-1a over raw bytes: a cache key, not a security measure.
class Fingerprint {
 public:
  void bytes(const void* data, size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) {
      hash_ ^= p[i];
      hash_ *= 1099511628211ull;
    }
  }
  template <typename T>
  void value(const T& v) { bytes(&v, sizeof v); }
  void text(const std::string& s) { value(s.size()); bytes(s.data(), s.size()); }
  std::string hex() const {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash_));
    return buf;
  }

 private:
  uint64_t hash_ = 1469598103934665603ull;
};

}  // namespace

std::string Project::distanceFingerprint() const {
  Fingerprint f;
  f.value(skeleton.jointCount());
  for (int j = 0; j < skeleton.jointCount(); ++j) {
    f.text(skeleton.names[j]);
    f.value(skeleton.parents[j]);
    f.bytes(skeleton.restOffsets[j].data(), 3 * sizeof(double));
  }
  f.value(settings.window);
  f.value(settings.jointWeights.size());
  if (!settings.jointWeights.empty()) f.bytes(settings.jointWeights.data(), settings.jointWeights.size() * sizeof(double));
  // The build scans the captured clips alone: generated transitions are made after it.
  f.value(std::count_if(clips.begin(), clips.end(), [](const Clip& c) { return !c.generated; }));
  for (const Clip& c : clips) {
    if (c.generated) continue;
    f.value(c.fps);
    f.value(c.frameCount());
    for (const Quat& q : c.rotations) f.bytes(q.coeffs().data(), 4 * sizeof(double));
    for (const Vec3& t : c.translations) f.bytes(t.data(), 3 * sizeof(double));
  }
  return "v1-" + f.hex();
}

}  // namespace fatgraph
