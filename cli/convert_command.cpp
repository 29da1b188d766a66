// fatgraph convert IN.bvh|IN.gltf|IN.glb|IN.fbx -o OUT.bvh: the importers and the BVH exporter
// on the command line.
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>

#include "command_line.h"
#include "command_options.h"
#include "commands.h"
#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/scene_import.h"
#include "option_checks.h"

namespace fatgraph::cli {
namespace {

// The animation called `wanted` (as the file names it, or as its clip is named), the first
// when none is asked for.
int chooseAnimation(const SceneImport& scene, const std::string& wanted, const std::string& file) {
  if (wanted.empty()) return 0;
  for (size_t i = 0; i < scene.clips.size(); ++i) {
    if (scene.animationNames[i] == wanted || scene.clips[i].name == wanted) return static_cast<int>(i);
  }
  std::string names;
  for (const std::string& n : scene.animationNames) names += (names.empty() ? "" : ", ") + n;
  throw FileError(file, 0, "has no animation '" + wanted + "' (it has " + names + ")");
}

// What `fatgraph convert` is asked.
struct ConvertRequest {
  std::string input, output;
  std::optional<double> fps;  // a BVH's own rate when absent; a glTF or FBX input's 30
  BvhUnits units = BvhUnits::Auto;
  bool keepTpose = false;
  std::string animation;  // of a glTF or FBX input; the first when empty
  RigConventionOptions rig;
  bool json = false;
};

// glTF and FBX key their animations in seconds or ticks: the rate they are sampled at.
constexpr double kSceneDefaultFps = 30.0;
constexpr double kSceneHighestFps = 1000.0;

// A glTF or FBX animation written as BVH: already metres, Y up, at the rate asked for.
int convertScene(const ConvertRequest& r) {
  SceneImportOptions options;
  options.fps = r.fps.value_or(kSceneDefaultFps);
  if (options.fps > kSceneHighestFps) {
    throw UsageError{"--fps: expects a number in (0, 1000] for a glTF or FBX input"};
  }
  options.rig = r.rig;
  const SceneImport scene = importSceneFile(r.input, options);
  const int index = chooseAnimation(scene, r.animation, r.input);
  const Clip& clip = scene.clips[index];
  exportBvh(r.output, scene.skeleton, clip);
  if (r.json) {
    nlohmann::json j = {{"input", r.input},
                        {"output", r.output},
                        {"animation", scene.animationNames[index]},
                        {"joints", scene.skeleton.jointCount()},
                        {"frames", clip.frameCount()},
                        {"fps", clip.fps},
                        {"units", "m"},
                        {"unit_scale", 1.0},
                        {"notes", scene.notes}};
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "wrote " << r.output << ": " << scene.skeleton.jointCount() << " joints, " << clip.frameCount()
              << " frames at " << clip.fps << " fps (" << sceneFormatName(r.input) << " animation '"
              << scene.animationNames[index] << "')\n";
  }
  return 0;
}

// A BVH file imported (units, T-pose, rate, rig conventions) and written as standard BVH.
int convertBvh(const ConvertRequest& r) {
  BvhImportOptions options;
  options.dropReferencePose = !r.keepTpose;
  options.resampleFps = r.fps.value_or(0.0);
  options.units = r.units;
  options.rig = r.rig;
  const BvhImport bvh = importBvh(r.input, options);
  exportBvh(r.output, bvh.skeleton, bvh.clip);
  if (r.json) {
    nlohmann::json j = {{"input", r.input},
                        {"output", r.output},
                        {"joints", bvh.skeleton.jointCount()},
                        {"frames", bvh.clip.frameCount()},
                        {"fps", bvh.clip.fps},
                        {"units", unitName(bvh.units)},
                        {"unit_scale", bvh.unitScale},
                        {"reference_pose", {{"detected", bvh.referencePoseDetected},
                                            {"dropped", bvh.referencePoseDropped}}},
                        {"in_place", {{"detected", bvh.rig.inPlace.detected},
                                      {"applied", bvh.rig.inPlace.applied},
                                      {"speed_mps", bvh.rig.inPlace.speedMps}}}};
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "wrote " << r.output << ": " << bvh.skeleton.jointCount() << " joints, " << bvh.clip.frameCount()
              << " frames at " << bvh.clip.fps << " fps (from " << unitName(bvh.units) << "; reference pose "
              << (bvh.referencePoseDropped ? "dropped" : bvh.referencePoseDetected ? "kept" : "none") << ")\n";
    if (bvh.rig.inPlace.detected) std::cout << "note: " << inPlaceNote(bvh.rig.inPlace, bvh.clip.source, bvh.clip.name) << "\n";
  }
  return 0;
}

int runConvert(const ConvertRequest& r) { return isSceneFilePath(r.input) ? convertScene(r) : convertBvh(r); }

}  // namespace

void addConvertCommand(CommandLine& commandLine) {
  auto [command, r] = commandLine.addCommand<ConvertRequest>(
      "convert", "import a BVH (units, T-pose, rate), glTF or FBX clip and write standard BVH",
      "Import a BVH file (any channel order, units converted to metres, a reference T-pose in frame 0 "
      "dropped unless --keep-tpose, optionally resampled) and write it as standard BVH in metres (ZYX "
      "rotation channels). A glTF or FBX input gives one of its animations (--animation, the first by "
      "default) sampled at --fps (30).", runConvert);
  command.add_option("IN", r.input, "the clip to convert")->type_name("IN.bvh|IN.gltf|IN.glb|IN.fbx")->required();
  addOutputOption(command, r.output, "OUT.bvh", "output file (written atomically)")->required();
  command.add_option("--fps", r.fps, "resample to F frames per second (slerp; at most 1000 for a glTF or FBX input)")
      ->type_name("F")
      ->check(numberIn(0.0, 10000.0, true));
  addUnitsOption(command, r.units, "length unit of a BVH input: auto (default), m, cm, cmu, in, mm");
  command.add_flag("--keep-tpose", r.keepTpose, "keep frame 0 of a BVH input even when it is a reference T-pose");
  command.add_option("--animation", r.animation, "the animation of a glTF or FBX input to write (default: the first)")
      ->type_name("NAME");
  addRigOptions(command, r.rig);
  addJsonFlag(command, r.json);
}

}  // namespace fatgraph::cli
