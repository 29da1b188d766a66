// fatgraph inspect FILE: joints, frames, rate, duration, root, units, path length.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line.h"
#include "command_options.h"
#include "commands.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/fbx_import.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/model/motion_summary.h"
#include "fatgraph/core/io/project_store.h"
#include "graph_summary.h"
#include "rig_report.h"

namespace fatgraph::cli {
namespace {

// The same keys as a BVH's summary; a project stores metres, so its unit scale is 1.
nlohmann::json clipJson(const ClipSummary& s, int joints) {
  return {{"name", s.name},     {"joints", joints},          {"frames", s.frames},
          {"fps", s.fps},       {"duration_s", s.durationS}, {"root", s.root},
          {"motion_root", s.motionRoot}, {"unit_scale", 1.0},  {"path_length_m", s.pathLengthM}};
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
    if (clip.generated) clips.back()["generated"] = transitionOriginJson(*clip.generated);
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
      for (const char* key : {"window", "hubs", "hub_groups", "locomotion_hub_groups", "generated_transitions",
                              "segments", "entries", "exits", "fat_edges", "coverage", "thresholds", "actions"}) {
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

// What `fatgraph inspect` is asked.
struct InspectRequest {
  std::string path;
  BvhUnits units = BvhUnits::Auto;  // of a BVH file
  RigConventionOptions rig;
  bool json = false;
};

int runInspect(const InspectRequest& r) {
  if (isHdf5File(r.path)) return inspectProject(r.path, r.json);
  if (isSceneFilePath(r.path)) return inspectScene(r.path, r.rig, r.json);
  BvhImportOptions options;
  options.units = r.units;
  options.rig = r.rig;
  return inspectBvh(r.path, options, r.json);
}

}  // namespace

void addInspectCommand(CommandLine& commandLine) {
  auto [command, r] = commandLine.addCommand<InspectRequest>(
      "inspect", "summarize a BVH, glTF, FBX or project file",
      "Summarize a BVH, glTF (.gltf, .glb), FBX (.fbx) or fatgraph project (.fgproj) file (every "
      "animation of a glTF or FBX file): joints, frames, rate, duration, root joint, unit scale and the "
      "root's ground path length.",
      runInspect);
  command.add_option("FILE", r.path, "the file to summarize")->type_name("FILE")->required();
  addUnitsOption(command, r.units, "length unit of a BVH input: auto (default), m, cm, cmu, in, mm");
  addRigOptions(command, r.rig);
  addJsonFlag(command, r.json);
}

}  // namespace fatgraph::cli
