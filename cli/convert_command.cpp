// fatgraph convert IN.bvh|IN.gltf|IN.glb|IN.fbx -o OUT.bvh: the importers and the BVH exporter
// on the command line.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line.h"
#include "commands.h"
#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/scene_import.h"

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

// A glTF or FBX animation written as BVH: already metres, Y up, at the rate asked for.
int convertScene(const CommandLine& cl, const std::string& in, const std::string& out) {
  SceneImportOptions options;
  options.fps = cl.has("--fps") ? cl.number("--fps", 30.0) : 30.0;
  if (!(options.fps > 0 && options.fps <= 1000)) throw UsageError{"--fps expects a rate in (0, 1000] for a glTF or FBX input"};
  options.rig = rigOptions(cl);
  const SceneImport scene = importSceneFile(in, options);
  const int index = chooseAnimation(scene, cl.value("--animation").value_or(""), in);
  const Clip& clip = scene.clips[index];
  exportBvh(out, scene.skeleton, clip);
  if (cl.has("--json")) {
    nlohmann::json j = {{"input", in},
                        {"output", out},
                        {"animation", scene.animationNames[index]},
                        {"joints", scene.skeleton.jointCount()},
                        {"frames", clip.frameCount()},
                        {"fps", clip.fps},
                        {"units", "m"},
                        {"unit_scale", 1.0},
                        {"notes", scene.notes}};
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "wrote " << out << ": " << scene.skeleton.jointCount() << " joints, "
              << clip.frameCount() << " frames at " << clip.fps << " fps (" << sceneFormatName(in)
              << " animation '" << scene.animationNames[index] << "')\n";
  }
  return 0;
}

}  // namespace

int runConvert(const std::vector<std::string>& args) {
  CommandLine cl("convert", "IN.bvh|IN.gltf|IN.glb|IN.fbx -o OUT.bvh [--fps F] [--units auto|m|cm|cmu|in|mm] [--keep-tpose]\n"
                 "    [--animation NAME] [--translations C] [--up A] [--motion-root NAME] [--in-place M] [--loops L] [--json]",
                 "Import a BVH file (any channel order, units converted to metres, a reference\n"
                 "T-pose in frame 0 dropped unless --keep-tpose, optionally resampled) and write\n"
                 "it as standard BVH in metres (ZYX rotation channels). A glTF or FBX input gives\n"
                 "one of its animations (--animation, the first by default) sampled at --fps (30).");
  cl.option("-o", "OUT.bvh", "output file (written atomically)");
  cl.option("--fps", "F", "resample to F frames per second (slerp)");
  cl.option("--units", "U", "length unit of a BVH input: auto (default), m, cm, cmu, in, mm");
  cl.flag("--keep-tpose", "keep frame 0 of a BVH input even when it is a reference T-pose");
  cl.option("--animation", "NAME", "the animation of a glTF or FBX input to write (default: the first)");
  declareRigOptions(cl);
  cl.flag("--json", "print one JSON object on stdout");
  if (!cl.parse(args)) return 0;
  if (cl.positional().size() != 1) throw UsageError{"expected exactly one input file (see --help)"};
  const auto out = cl.value("-o");
  if (!out || out->empty()) throw UsageError{"missing -o OUT.bvh"};
  if (isSceneFilePath(cl.positional().front())) return convertScene(cl, cl.positional().front(), *out);
  BvhImportOptions options;
  options.dropReferencePose = !cl.has("--keep-tpose");
  options.resampleFps = cl.number("--fps", 0.0);
  if (cl.has("--fps") && !(options.resampleFps > 0 && options.resampleFps <= 10000)) {
    throw UsageError{"--fps expects a rate in (0, 10000]"};
  }
  options.units = unitsOption(cl);
  options.rig = rigOptions(cl);
  const BvhImport bvh = importBvh(cl.positional().front(), options);
  exportBvh(*out, bvh.skeleton, bvh.clip);
  if (cl.has("--json")) {
    nlohmann::json j = {{"input", cl.positional().front()},
                        {"output", *out},
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
    std::cout << "wrote " << *out << ": " << bvh.skeleton.jointCount() << " joints, "
              << bvh.clip.frameCount() << " frames at " << bvh.clip.fps << " fps (from "
              << unitName(bvh.units) << "; reference pose "
              << (bvh.referencePoseDropped ? "dropped" : bvh.referencePoseDetected ? "kept" : "none")
              << ")\n";
    if (bvh.rig.inPlace.detected) std::cout << "note: " << inPlaceNote(bvh.rig.inPlace, bvh.clip.source, bvh.clip.name) << "\n";
  }
  return 0;
}

}  // namespace fatgraph::cli
