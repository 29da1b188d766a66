// A generated clip's origin (Clip::generated) in a project file: one JSON string attribute
// `generated` on the clip's group (docs/PROJECT_FORMAT.md), absent on captured clips.
#include <nlohmann/json.hpp>

#include "project_file.h"

namespace fatgraph::project_file {

void writeTransitionOrigin(const h5::Context& ctx, hid_t clip, const std::string& object, const TransitionOrigin& o) {
  const nlohmann::json j = {{"from_clip", o.fromClip},       {"from_frame", o.fromFrame},
                            {"to_clip", o.toClip},           {"to_frame", o.toFrame},
                            {"blend_frames", o.blendFrames}, {"lead_frames", o.leadFrames},
                            {"from_hub", o.fromHub},         {"to_hub", o.toHub},
                            {"pose_gap_m", o.poseGapRms}};
  ctx.writeStringAttribute(clip, object, schema::kGenerated, j.dump());
}

std::optional<TransitionOrigin> readTransitionOrigin(const h5::Context& ctx, hid_t clip, const std::string& object) {
  if (!ctx.hasAttribute(clip, schema::kGenerated)) return std::nullopt;
  const std::string attribute = ctx.readStringAttribute(clip, object, schema::kGenerated);
  const nlohmann::json j = nlohmann::json::parse(attribute, nullptr, false);
  // Each member must be there with its type; anything else names the member expected.
  const auto member = [&](const char* name, bool (nlohmann::json::*is)() const noexcept, const char* kind) {
    if (!j.is_object() || !j.contains(name) || !(j[name].*is)()) {
      ctx.fail(object, std::string("attribute 'generated': expected a JSON object with ") + kind + " '" + name + "'");
    }
    return j[name];
  };
  const auto text = [&](const char* name) { return member(name, &nlohmann::json::is_string, "a string").get<std::string>(); };
  const auto integer = [&](const char* name) { return member(name, &nlohmann::json::is_number_integer, "an integer").get<int>(); };
  TransitionOrigin o;
  o.fromClip = text("from_clip");
  o.fromFrame = integer("from_frame");
  o.toClip = text("to_clip");
  o.toFrame = integer("to_frame");
  o.blendFrames = integer("blend_frames");
  o.leadFrames = integer("lead_frames");
  o.fromHub = text("from_hub");
  o.toHub = text("to_hub");
  o.poseGapRms = member("pose_gap_m", &nlohmann::json::is_number, "a number").get<double>();
  if (o.blendFrames < 1 || o.leadFrames < 0 || o.fromFrame < 0 || o.toFrame < 0) {
    ctx.fail(object, "attribute 'generated': expected blend_frames >= 1 and frames >= 0");
  }
  return o;
}

}  // namespace fatgraph::project_file
