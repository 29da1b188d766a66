#pragma once
// Shared benchmark input: the CMU clips of data/ at 30 fps, repeated until `frames` frames.
#include <algorithm>
#include <filesystem>
#include <vector>

#include "fatgraph/core/io/bvh_import.h"

namespace fatgraph::bench {

struct Motion {
  Skeleton skeleton;
  std::vector<Clip> clips;
};

inline Motion cmuClipsAt30(int frames) {
  Motion m;
  std::vector<Clip> pool;
  BvhImportOptions o;
  o.resampleFps = 30;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll")) {
    if (e.path().extension() == ".bvh") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    BvhImport b = importBvh(f.string(), o);
    if (m.skeleton.jointCount() == 0) m.skeleton = b.skeleton;
    pool.push_back(std::move(b.clip));
  }
  int total = 0;
  for (size_t k = 0; total < frames; ++k) {
    Clip c = pool[k % pool.size()];
    const int take = std::min(c.frameCount(), frames - total);
    m.clips.push_back(subClip(c, 0, take));
    total += take;
  }
  return m;
}

}  // namespace fatgraph::bench
