// Writes every fixture of rig_fixtures.h made from one clip, as BVH files in a folder:
//   write_rig_fixtures IN.bvh OUT_DIR [--fps F] [--seconds S]
// (data/studio-rig/ holds the `studio` one made from 144_03; tests make theirs in memory).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"
#include "rig_fixtures.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: write_rig_fixtures IN.bvh OUT_DIR [--fps F] [--seconds S]\n");
    return 2;
  }
  double fps = 30.0, seconds = 0.0;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--fps") fps = std::atof(argv[i + 1]);
    else if (flag == "--seconds") seconds = std::atof(argv[i + 1]);
  }
  try {
    fatgraph::BvhImportOptions options;
    options.resampleFps = fps;
    const fatgraph::BvhImport in = fatgraph::importBvh(argv[1], options);
    fatgraph::Clip clip = in.clip;
    if (seconds > 0) clip = fatgraph::subClip(clip, 0, std::min(clip.frameCount(), int(seconds * fps) + 1));
    const std::filesystem::path dir(argv[2]);
    std::filesystem::create_directories(dir);
    const std::string stem = std::filesystem::path(argv[1]).stem().string();
    for (const auto& f : fatgraph::rig_fixtures::allFixtures({in.skeleton, clip})) {
      const std::string out = (dir / (stem + "_" + f.name + ".bvh")).string();
      fatgraph::exportBvh(out, f.rig.skeleton, f.rig.clip, f.bvh);
      std::printf("%s\n", out.c_str());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "write_rig_fixtures: %s\n", e.what());
    return 1;
  }
  return 0;
}
