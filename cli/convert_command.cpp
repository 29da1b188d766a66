// fatgraph convert IN.bvh -o OUT.bvh: the BVH importer and exporter on the command line.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line.h"
#include "commands.h"
#include "fatgraph/core/bvh_export.h"
#include "fatgraph/core/bvh_import.h"

namespace fatgraph::cli {

int runConvert(const std::vector<std::string>& args) {
  CommandLine cl("convert", "IN.bvh -o OUT.bvh [--fps F] [--units auto|m|cm|cmu|in|mm] [--keep-tpose]\n    [--translations C] [--up A] [--motion-root NAME] [--in-place M] [--json]",
                 "Import a BVH file (any channel order, units converted to metres, a reference\n"
                 "T-pose in frame 0 dropped unless --keep-tpose, optionally resampled) and write\n"
                 "it as standard BVH in metres (ZYX rotation channels).");
  cl.option("-o", "OUT.bvh", "output file (written atomically)");
  cl.option("--fps", "F", "resample to F frames per second (slerp)");
  cl.option("--units", "U", "length unit of the input: auto (default), m, cm, cmu, in, mm");
  cl.flag("--keep-tpose", "keep frame 0 even when it is a reference T-pose");
  declareRigOptions(cl);
  cl.flag("--json", "print one JSON object on stdout");
  if (!cl.parse(args)) return 0;
  if (cl.positional().size() != 1) throw UsageError{"expected exactly one input file (see --help)"};
  const auto out = cl.value("-o");
  if (!out || out->empty()) throw UsageError{"missing -o OUT.bvh"};
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
