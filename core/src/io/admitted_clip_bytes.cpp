#include "fatgraph/core/internal/admitted_clip_bytes.h"

#include "fatgraph/core/model/error.h"

namespace fatgraph {
namespace {

uint64_t posesFingerprint(const Clip& clip) {
  return hashVector(clip.translations, hashVector(clip.rotations));
}

}  // namespace

void appendAdmittedClips(ItemBytes& out, const std::vector<AdmittedClip>& clips) {
  appendValue(out, static_cast<uint64_t>(clips.size()));
  for (const AdmittedClip& a : clips) {
    const Clip& c = a.clip;
    appendString(out, c.name);
    appendString(out, c.source);
    appendValue(out, c.fps);
    appendValue(out, c.sourceFps);
    appendValue(out, c.sourceFirstFrame);
    appendValue(out, c.jointCount);
    appendVector(out, c.rotations);
    appendVector(out, c.translations);
    appendValue(out, posesFingerprint(c));
    appendValue(out, static_cast<uint64_t>(a.notes.size()));
    for (const std::string& note : a.notes) appendString(out, note);
  }
}

std::vector<AdmittedClip> readAdmittedClips(ItemReader& reader, const std::string& file) {
  std::vector<AdmittedClip> clips(static_cast<size_t>(reader.value<uint64_t>()));
  for (AdmittedClip& a : clips) {
    Clip& c = a.clip;
    c.name = reader.string();
    c.source = reader.string();
    c.fps = reader.value<double>();
    c.sourceFps = reader.value<double>();
    c.sourceFirstFrame = reader.value<int>();
    c.jointCount = reader.value<int>();
    c.rotations = reader.vector<Quat>();
    c.translations = reader.vector<Vec3>();
    if (reader.value<uint64_t>() != posesFingerprint(c) || c.translations.size() != c.rotations.size()) {
      throw Error(file + ": clip '" + c.name + "' arrived from another process with poses that differ from "
                  "their fingerprint: the clips were damaged on their way");
    }
    a.notes.resize(static_cast<size_t>(reader.value<uint64_t>()));
    for (std::string& note : a.notes) note = reader.string();
  }
  return clips;
}

}  // namespace fatgraph
