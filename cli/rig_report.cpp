#include "rig_report.h"

#include <iomanip>
#include <string>

#include "fatgraph/core/locomotion/character_heading.h"

namespace fatgraph::cli {

nlohmann::json legsJson(const Skeleton& skeleton, const LegSetup& setup) {
  nlohmann::json legs = nlohmann::json::array();
  for (const Leg& leg : setup.legs) {
    nlohmann::json chain = nlohmann::json::array();
    for (int j : leg.chain) chain.push_back(skeleton.names[j]);
    legs.push_back({{"name", leg.name},
                    {"chain", chain},
                    {"toe", leg.toe >= 0 ? nlohmann::json(skeleton.names[leg.toe]) : nlohmann::json()},
                    {"length_m", leg.length},
                    {"foot_length_m", leg.footLength}});
  }
  return legs;
}

void addLegDetection(nlohmann::json& j, const LegSetup& setup) {
  j["legs_method"] = setup.method;
  j["legs_notes"] = setup.notes;
}

nlohmann::json inPlaceJson(const InPlaceReport& r) {
  return {{"detected", r.detected},         {"applied", r.applied},
          {"speed_mps", r.speedMps},        {"root_travel_m", r.rootTravelM},
          {"foot_slide_m", r.footSlideM},   {"steadiness", r.steadiness},
          {"weight_bearing_ends", r.feet}};
}

nlohmann::json loopJson(const LoopReport& r) {
  return {{"detected", r.detected},           {"applied", r.applied},
          {"closed", r.closed},               {"period_frames", r.period},
          {"frames_before", r.framesBefore},  {"frames_after", r.framesAfter},
          {"closing_m", r.closingM},          {"seam_step_m", r.seamStepM},
          {"median_step_m", r.medianStepM}};
}

namespace {

double facingDegrees(const BvhImport& bvh) {
  if (bvh.clip.frameCount() == 0) return 0.0;
  const LegSetup legs = detectLegs(bvh.skeleton, &bvh.clip);
  return characterHeadings(bvh.skeleton, bvh.clip, legs).front() * 180.0 / 3.14159265358979323846;
}

}  // namespace

nlohmann::json rigJson(const BvhImport& bvh) {
  const RigReport& r = bvh.rig;
  const int m = bvh.skeleton.motionRoot;
  return {{"translations", translationConventionName(r.translations.convention)},
          {"translations_detected", r.translations.detected},
          {"translation_votes", {{"absolute", r.translations.absoluteJoints},
                                 {"additive", r.translations.additiveJoints},
                                 {"undecided", r.translations.undecidedJoints}}},
          {"up", upAxisName(r.up.up)},
          {"up_detected", r.up.detected},
          {"extent_y_m", r.up.extentY},
          {"extent_z_m", r.up.extentZ},
          {"motion_root", bvh.skeleton.names[m]},
          {"motion_root_detected", r.motionRoot.detected},
          {"root_travel_m", r.motionRoot.rootTravelM},
          {"motion_root_travel_m", r.motionRoot.jointTravelM},
          {"facing_deg", facingDegrees(bvh)},
          {"loop", loopJson(r.loop)},
          {"in_place", inPlaceJson(r.inPlace)}};
}

void printRig(std::ostream& out, const BvhImport& bvh) {
  const RigReport& r = bvh.rig;
  out << std::setprecision(3) << "  translations "
      << translationConventionName(r.translations.convention)
      << (r.translations.detected ? " (detected: " + std::to_string(r.translations.absoluteJoints) +
                                        " absolute, " + std::to_string(r.translations.additiveJoints) +
                                        " additive)"
                                  : std::string(" (forced)"))
      << "\n  up axis      " << upAxisName(r.up.up) << (r.up.detected ? " (detected)" : " (forced)")
      << "\n  motion root  " << bvh.skeleton.names[bvh.skeleton.motionRoot] << " (travels "
      << r.motionRoot.jointTravelM << " m; the file's root " << r.motionRoot.rootTravelM << " m)"
      << "\n  facing       " << std::setprecision(1) << facingDegrees(bvh) << " deg from +Z\n";
  if (r.loop.detected) out << "  note: " << loopNote(r.loop, bvh.clip.source, bvh.clip.name) << "\n";
  if (r.inPlace.detected) out << "  note: " << inPlaceNote(r.inPlace, bvh.clip.source, bvh.clip.name) << "\n";
}

void printLegs(std::ostream& out, const Skeleton& skeleton, const LegSetup& setup) {
  if (setup.empty()) {
    out << "  legs         none" << (setup.notes.empty() ? "" : " (" + setup.notes.back() + ")") << "\n";
    for (size_t i = 0; i + 1 < setup.notes.size(); ++i) out << "  leg note     " << setup.notes[i] << "\n";
    return;
  }
  for (const Leg& leg : setup.legs) {
    out << "  leg          " << leg.name << ": ";
    for (size_t i = 0; i < leg.chain.size(); ++i) out << (i ? " > " : "") << skeleton.names[leg.chain[i]];
    out << ", toe " << (leg.toe >= 0 ? skeleton.names[leg.toe] : std::string("none")) << ", "
        << std::setprecision(3) << leg.length << " m, foot " << leg.footLength << " m\n";
  }
  out << "  legs by      " << setup.method << "\n";
  for (const std::string& note : setup.notes) out << "  leg note     " << note << "\n";
}

nlohmann::json sceneRigJson(const SceneImport& g) {
  return {{"translations", "absolute"},
          {"translations_detected", false},
          {"up", upAxisName(g.rig.up.up)},
          {"up_detected", false},
          {"motion_root", g.skeleton.names[g.skeleton.motionRoot]},
          {"motion_root_detected", g.rig.motionRoot.detected}};
}

}  // namespace fatgraph::cli
