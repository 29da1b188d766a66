// fatgraph inspect FILE [--json]: joints, frames, rate, duration, root, units, path length.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line.h"
#include "commands.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/locomotion/character_heading.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/fbx_import.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/model/motion_summary.h"
#include "fatgraph/core/io/project_store.h"
#include "graph_summary.h"

namespace fatgraph::cli {
namespace {

// The same keys as a BVH's summary; a project stores metres, so its unit scale is 1.
nlohmann::json clipJson(const ClipSummary& s, int joints) {
  return {{"name", s.name},     {"joints", joints},          {"frames", s.frames},
          {"fps", s.fps},       {"duration_s", s.durationS}, {"root", s.root},
          {"motion_root", s.motionRoot}, {"unit_scale", 1.0},  {"path_length_m", s.pathLengthM}};
}

// The legs (legs.h): chain joint names hip to ankle, the toe (null without one), lengths.
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

// How the legs were found and what the user should know of them (legs.h: method, notes), e.g.
// a limb named like a leg that never bears weight in the clips.
void addLegDetection(nlohmann::json& j, const LegSetup& setup) {
  j["legs_method"] = setup.method;
  j["legs_notes"] = setup.notes;
}

// In-place detection (in_place_motion.h): whether the clip's root stays while its feet slide,
// and whether root motion from the feet was added.
nlohmann::json inPlaceJson(const InPlaceReport& r) {
  return {{"detected", r.detected},         {"applied", r.applied},
          {"speed_mps", r.speedMps},        {"root_travel_m", r.rootTravelM},
          {"foot_slide_m", r.footSlideM},   {"steadiness", r.steadiness},
          {"weight_bearing_ends", r.feet}};
}

// Loop detection (looping_clips.h): whether the clip's last frame leads into its first, and
// whether it was repeated.
nlohmann::json loopJson(const LoopReport& r) {
  return {{"detected", r.detected},           {"applied", r.applied},
          {"closed", r.closed},               {"period_frames", r.period},
          {"frames_before", r.framesBefore},  {"frames_after", r.framesAfter},
          {"closing_m", r.closingM},          {"seam_step_m", r.seamStepM},
          {"median_step_m", r.medianStepM}};
}

double facingDegrees(const BvhImport& bvh) {
  if (bvh.clip.frameCount() == 0) return 0.0;
  const LegSetup legs = detectLegs(bvh.skeleton, &bvh.clip);
  return characterHeadings(bvh.skeleton, bvh.clip, legs).front() * 180.0 / 3.14159265358979323846;
}

// What import decided about the file's conventions (rig_conventions.h), and the facing it
// measured: the character's heading at the first frame, 0 = +Z, positive = to the left.
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

// One line per leg, how they were found and one line per note (a limb that never bears weight,
// a leg without a toe); a line saying why when there is none.
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

int inspectBvh(const std::string& path, const BvhImportOptions& options, bool json) {
  const BvhImport bvh = importBvh(path, options);
  const ClipSummary s = summarizeClip(bvh.skeleton, bvh.clip);
  const LegSetup legs = detectLegs(bvh.skeleton, &bvh.clip);
  // The file's own frame count and duration; the path is measured without a reference pose.
  const double duration = bvh.fileFps > 0 ? bvh.fileFrames / bvh.fileFps : 0.0;
  if (json) {
    nlohmann::json j = {{"file", path},
                        {"type", "bvh"},
                        {"joints", bvh.skeleton.jointCount()},
                        {"end_sites", bvh.skeleton.endSites.size()},
                        {"frames", bvh.fileFrames},
                        {"fps", bvh.fileFps},
                        {"duration_s", duration},
                        {"root", s.root},
                        {"motion_root", s.motionRoot},
                        {"unit_scale", bvh.unitScale},
                        {"units", unitName(bvh.units)},
                        {"path_length_m", s.pathLengthM},
                        {"reference_pose", {{"detected", bvh.referencePoseDetected},
                                            {"jump_deg", bvh.referencePoseJumpDeg}}},
                        {"rig", rigJson(bvh)},
                        {"legs", legsJson(bvh.skeleton, legs)}};
    addLegDetection(j, legs);
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << std::fixed << std::setprecision(3);
  std::cout << path << "\n"
            << "  joints       " << bvh.skeleton.jointCount() << " (+" << bvh.skeleton.endSites.size()
            << " end sites), root " << s.root << "\n"
            << "  frames       " << bvh.fileFrames << " at " << bvh.fileFps << " fps, "
            << duration << " s\n"
            << "  units        " << unitName(bvh.units) << " (x" << std::setprecision(6)
            << bvh.unitScale << " m" << (bvh.unitsDetected ? ", detected" : "") << ")\n"
            << std::setprecision(3) << "  root path    " << s.pathLengthM << " m\n"
            << "  frame 0      "
            << (bvh.referencePoseDetected ? "reference T-pose (jump " : "motion (largest change ")
            << std::setprecision(1) << bvh.referencePoseJumpDeg << " deg to frame 1)\n";
  printRig(std::cout, bvh);
  printLegs(std::cout, bvh.skeleton, legs);
  return 0;
}

// glTF and FBX key their animations in seconds or ticks; inspect samples them at the default
// working rate, the rate `build` would give them unless told otherwise.
constexpr double kSceneInspectFps = 30.0;

nlohmann::json sceneRigJson(const SceneImport& g) {
  return {{"translations", "absolute"},
          {"translations_detected", false},
          {"up", upAxisName(g.rig.up.up)},
          {"up_detected", false},
          {"motion_root", g.skeleton.names[g.skeleton.motionRoot]},
          {"motion_root_detected", g.rig.motionRoot.detected}};
}

// What a glTF or FBX file says of its frame: glTF is metres, Y up by the spec; an FBX file
// declares its unit and axes, which import converted.
struct SceneFrame {
  std::string type;  // "gltf", "fbx"
  double unitScale = 1.0;
  std::string up = "+Y", front = "+Z", across = "+X";
  int skin = -1;  // glTF: the skin that became the skeleton
};

int inspectScene(const std::string& path, const RigConventionOptions& rig, bool json) {
  SceneImportOptions options;
  options.fps = kSceneInspectFps;
  options.rig = rig;
  SceneImport g;
  SceneFrame frame;
  if (isFbxPath(path)) {
    FbxImport f = importFbx(path, options);
    frame = {"fbx", f.unitScale, f.upAxis, f.frontAxis, f.coordAxis, -1};
    g = std::move(f);
  } else {
    GltfImport f = importGltf(path, options);
    frame.type = "gltf";
    frame.skin = f.skin;
    g = std::move(f);
  }
  const LegSetup legs = detectLegs(g.skeleton, g.clips);  // legs bear weight in every animation
  std::vector<ClipSummary> summaries;
  for (const Clip& c : g.clips) summaries.push_back(summarizeClip(g.skeleton, c));
  if (json) {
    nlohmann::json clips = nlohmann::json::array();
    for (size_t i = 0; i < summaries.size(); ++i) {
      clips.push_back(clipJson(summaries[i], g.skeleton.jointCount()));
      clips.back()["loop"] = loopJson(g.loops[i]);
      clips.back()["in_place"] = inPlaceJson(g.inPlace[i]);
    }
    nlohmann::json j = {{"file", path},
                        {"type", frame.type},
                        {"joints", g.skeleton.jointCount()},
                        {"fps", kSceneInspectFps},
                        {"root", g.skeleton.names[0]},
                        {"motion_root", g.skeleton.names[g.skeleton.motionRoot]},
                        {"unit_scale", frame.unitScale},
                        {"axes", {{"up", frame.up}, {"front", frame.front}, {"across", frame.across}}},
                        {"clips", clips},
                        {"notes", g.notes},
                        {"rig", sceneRigJson(g)},
                        {"legs", legsJson(g.skeleton, legs)}};
    addLegDetection(j, legs);
    if (frame.skin >= 0) j["skin"] = frame.skin;
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << std::fixed << std::setprecision(3);
  std::cout << path << "\n  joints       " << g.skeleton.jointCount();
  if (frame.skin >= 0) std::cout << " (skin " << frame.skin << ")";
  std::cout << ", root " << g.skeleton.names[0] << ", motion root "
            << g.skeleton.names[g.skeleton.motionRoot] << "\n";
  if (frame.type == "gltf") {
    std::cout << "  units        m, Y up (glTF), translations absolute\n";
  } else {
    std::cout << "  units        " << std::setprecision(4) << frame.unitScale << " m per unit, " << frame.up
              << " up, " << frame.front << " front (FBX, converted to m, +Y up, +Z front), translations absolute\n"
              << std::setprecision(3);
  }
  std::cout << "  clips        " << g.clips.size() << ", sampled at " << kSceneInspectFps << " fps\n";
  for (const ClipSummary& s : summaries) {
    std::cout << "    " << s.name << ": " << s.frames << " frames, " << s.durationS
              << " s, path " << s.pathLengthM << " m\n";
  }
  for (const std::string& n : g.notes) std::cout << "  note: " << n << "\n";
  for (size_t i = 0; i < g.clips.size(); ++i) {
    if (g.loops[i].detected) std::cout << "  note: " << loopNote(g.loops[i], path, g.clips[i].name) << "\n";
    if (g.inPlace[i].detected) std::cout << "  note: " << inPlaceNote(g.inPlace[i], path, g.clips[i].name) << "\n";
  }
  printLegs(std::cout, g.skeleton, legs);
  return 0;
}

int inspectProject(const std::string& path, bool json) {
  const Project project = loadProject(path);
  nlohmann::json clips = nlohmann::json::array();
  int frames = 0;
  double duration = 0, pathLength = 0;
  std::vector<ClipSummary> summaries;
  for (const Clip& clip : project.clips) {
    summaries.push_back(summarizeClip(project.skeleton, clip));
    clips.push_back(clipJson(summaries.back(), project.skeleton.jointCount()));
    frames += summaries.back().frames;
    duration += summaries.back().durationS;
    pathLength += summaries.back().pathLengthM;
  }
  const std::string root = project.skeleton.jointCount() > 0 ? project.skeleton.names[0] : "";
  const double fps = project.clips.empty() ? 0.0 : project.clips.front().fps;
  if (json) {
    nlohmann::json j = {{"file", path},         {"type", "project"},
                        {"joints", project.skeleton.jointCount()},
                        {"end_sites", project.skeleton.endSites.size()},
                        {"frames", frames},     {"fps", fps},
                        {"duration_s", duration}, {"root", root},
                        {"unit_scale", 1.0},    {"path_length_m", pathLength},
                        {"clips", clips}};
    if (!project.graph.empty()) {
      const nlohmann::json g = graphSummaryJson(project);
      for (const char* key : {"window", "hubs", "segments", "entries", "exits", "fat_edges", "coverage",
                              "thresholds", "actions"}) {
        j[key] = g[key];
      }
    }
    j["legs"] = legsJson(project.skeleton, project.legs);
    addLegDetection(j, project.legs);
    j["character"] = characterJson(project);
    j["edits"] = project.edits.size();
    j["distances_cached"] = project.distances.valid();
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << std::fixed << std::setprecision(3);
  std::cout << path << "\n  joints       " << project.skeleton.jointCount() << " (+"
            << project.skeleton.endSites.size() << " end sites), root " << root << "\n"
            << "  clips        " << project.clips.size() << ", " << frames << " frames, "
            << duration << " s, root path " << pathLength << " m\n";
  for (const ClipSummary& s : summaries) {
    std::cout << "    " << s.name << ": " << s.frames << " frames at " << s.fps << " fps, "
              << s.durationS << " s, path " << s.pathLengthM << " m\n";
  }
  printLegs(std::cout, project.skeleton, project.legs);
  if (project.graph.empty()) printCharacter(std::cout, project);
  if (!project.graph.empty()) printGraphSummary(std::cout, project);
  std::cout << project.edits.size() << " edit(s) in the history\n";
  return 0;
}

}  // namespace

int runInspect(const std::vector<std::string>& args) {
  CommandLine cl("inspect", "FILE [--units U] [--translations C] [--up A] [--motion-root NAME] [--in-place M] [--loops L] [--json]",
                 "Summarize a BVH, glTF (.gltf, .glb), FBX (.fbx) or fatgraph project (.fgproj) file\n"
                 "(every animation of a glTF or FBX file): joints, frames, rate, duration, root joint,\n"
                 "unit scale and the root's ground path length.");
  cl.option("--units", "U", "length unit of a BVH input: auto (default), m, cm, cmu, in, mm");
  declareRigOptions(cl);
  cl.flag("--json", "print one JSON object on stdout");
  if (!cl.parse(args)) return 0;
  if (cl.positional().size() != 1) throw UsageError{"expected exactly one FILE (see --help)"};
  const std::string& path = cl.positional().front();
  if (isHdf5File(path)) return inspectProject(path, cl.has("--json"));
  if (isSceneFilePath(path)) return inspectScene(path, rigOptions(cl), cl.has("--json"));
  BvhImportOptions options;
  options.units = unitsOption(cl);
  options.rig = rigOptions(cl);
  return inspectBvh(path, options, cl.has("--json"));
}

}  // namespace fatgraph::cli
