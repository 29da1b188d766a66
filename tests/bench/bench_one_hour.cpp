// One hour of 30 fps motion from BVH to hubs through the library, with peak memory (the
// first half of the authoring target; scripts/bench-one-hour times the whole of it, hubs,
// segments, DTW and fat edges, through `fatgraph build`: <= 120 s on 2 cores, memory
// bounded). BVH files of data/ are parsed again and again (every parse is real work) until
// the clips hold the requested frames at 30 fps.
// Usage: bench_one_hour [frames=108000] [memory budget MiB=512]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/graph/hub_suggestions.h"

using namespace fatgraph;

namespace {
double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
double peakRssMiB() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024.0;
}
}  // namespace

int main(int argc, char** argv) {
  const int target = argc > 1 ? std::atoi(argv[1]) : 108000;
  const size_t budgetMiB = argc > 2 ? static_cast<size_t>(std::atoi(argv[2])) : 512;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(FATGRAPH_DATA_DIR)) {
    if (e.path().extension() == ".bvh" && e.path().string().find("cmu-leonardo-ono-roll") != std::string::npos) {
      files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  const double t0 = now();
  Skeleton skeleton;
  std::vector<Clip> clips;
  BvhImportOptions o;
  o.resampleFps = 30;
  int frames = 0;
  double megabytes = 0;
  for (size_t k = 0; frames < target; ++k) {
    const auto& f = files[k % files.size()];
    BvhImport b = importBvh(f.string(), o);
    megabytes += std::filesystem::file_size(f) / 1e6;
    if (skeleton.jointCount() == 0) skeleton = b.skeleton;
    const int take = std::min(b.clip.frameCount(), target - frames);
    clips.push_back(subClip(b.clip, 0, take));
    frames += take;
  }
  const double t1 = now();
  const PoseFeatures features(skeleton, clips);
  const double t2 = now();
  DistanceMatrixSettings settings;
  settings.memoryBudgetBytes = budgetMiB << 20;
  int lastTenth = -1;
  const DistanceScan scan = scanDistanceMatrix(features, settings, [&](double f) {
    const int tenth = static_cast<int>(f * 10);
    if (tenth != lastTenth) {
      std::fprintf(stderr, "  distance matrix %3d%%  %.0f s\n", tenth * 10, now() - t2);
      lastTenth = tenth;
    }
    return true;
  });
  const double t3 = now();
  const HubThreshold threshold = suggestHubThreshold(scan);
  const std::vector<HubSuggestion> hubs = suggestHubs(features, scan, threshold.rms, 3);
  const double t4 = now();
  std::printf("{\"frames\": %d, \"clips\": %zu, \"bvh_mb\": %.1f, \"threads\": %u, \"memory_budget_mib\": %zu,\n"
              " \"import_s\": %.2f, \"features_s\": %.2f, \"distance_s\": %.2f, \"hubs_s\": %.2f, \"total_s\": %.2f,\n"
              " \"pairs_per_s\": %.4g, \"peak_rss_mib\": %.0f, \"hub_threshold_m\": %.4f, \"hubs\": [",
              frames, clips.size(), megabytes, std::thread::hardware_concurrency(), budgetMiB, t1 - t0, t2 - t1,
              t3 - t2, t4 - t3, t4 - t0, double(frames) * frames / (t3 - t2), peakRssMiB(), threshold.rms);
  for (size_t h = 0; h < hubs.size(); ++h) {
    std::printf("%s{\"frame\": %d, \"match_set_size\": %zu}", h ? ", " : "", hubs[h].frame, hubs[h].matches.size());
  }
  std::printf("]}\n");
  return 0;
}
