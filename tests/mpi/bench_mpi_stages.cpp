// The heavy stages of `fatgraph build` over MPI ranks, timed (issue 15; not a ctest):
//   mpirun -np K bench_mpi_stages [--repeat R] [--threads T] [--runs N]
// Every rank imports the 12 clips of data/cmu-leonardo-ono-roll R times over (R = 14: one
// hour at 30 fps) and builds the graph once on the ranks (for its segments); then, after a
// barrier each time, the distance scan, the hub plan (its exact rows on the ranks) and the DTW
// of every comparable segment pair run on the ranks, best of N. Rank 0 prints the wall times, each rank's own compute time (imbalance and
// exchange show apart) and the cost per tile and per pair in CPU-seconds, the figures
// docs/SCALING.md models larger runs with.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "distance_tiles.h"
#include "fatgraph/core/clip_set_import.h"
#include "fatgraph/core/fat_graph_builder.h"
#include "fatgraph/core/hub_suggestions.h"
#include "fatgraph/core/segment_distances.h"
#include "fatgraph/mpi/rank_spread.h"

using namespace fatgraph;

namespace {

using Clock = std::chrono::steady_clock;

template <typename Run>
double bestOf(const mpi::Ranks& ranks, int runs, const Run& run) {
  double best = 1e300;
  for (int r = 0; r < runs; ++r) {
    ranks.barrier();
    const auto start = Clock::now();
    run();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int repeat = 1, threads = 1, runs = 3;
  for (int a = 1; a + 1 < argc; a += 2) {
    if (!std::strcmp(argv[a], "--repeat")) repeat = std::atoi(argv[a + 1]);
    if (!std::strcmp(argv[a], "--threads")) threads = std::atoi(argv[a + 1]);
    if (!std::strcmp(argv[a], "--runs")) runs = std::atoi(argv[a + 1]);
  }
  mpi::Ranks ranks;
  mpi::RankSpread spread(ranks);
  std::vector<std::string> clips;
  for (const auto& e : std::filesystem::directory_iterator(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll")) {
    if (e.path().extension() == ".bvh") clips.push_back(e.path().string());
  }
  std::sort(clips.begin(), clips.end());
  std::vector<std::string> paths;
  for (int r = 0; r < repeat; ++r) paths.insert(paths.end(), clips.begin(), clips.end());
  Project project = importClipSet(paths, {}).project;
  const PoseFeatures features(project.skeleton, project.clips, project.settings.jointWeights);
  const std::string fingerprint = project.distanceFingerprint();

  BuildOptions options;
  options.threads = threads;
  options.spread = ranks.distributed() ? &spread : nullptr;
  buildMotionGraph(project, options);
  const std::vector<Segment>& segments = project.graph.segments;

  DistanceMatrixSettings settings;
  settings.threads = threads;
  const double scan = bestOf(ranks, runs, [&] {
    if (ranks.distributed()) {
      spread.scanDistances(features, settings, fingerprint, {});
    } else {
      scanDistanceMatrix(features, settings);
    }
  });
  HubPlanRequest hubs;
  hubs.maxHubs = static_cast<int>(project.graph.hubs.size());
  hubs.threads = threads;
  hubs.spread = options.spread;
  const double rows = bestOf(ranks, runs, [&] {
    planHubs(features, project.distances.scan, project.graph.hubThreshold.rms, hubs);
  });
  const double dtw = bestOf(ranks, runs, [&] { computeSegmentDistances(features, segments, {}, threads, options.spread); });
  const std::vector<mpi::RankTimes> times = spread.gatherTimes();
  if (ranks.rank() != 0) return 0;

  const size_t tiles = detail::scanTiles(features.frameCount(), settings).size();
  double pairs = 0, cells = 0;
  for (size_t i = 0; i < segments.size(); ++i) {
    for (size_t j = i + 1; j < segments.size(); ++j) {
      if (!segmentsComparable(segments[i], segments[j])) continue;
      pairs += 1;
      cells += double(segments[i].frameCount()) * segments[j].frameCount();
    }
  }
  const double cpus = double(ranks.size()) * threads;
  std::printf("%d frames, %zu segments, %d ranks x %d threads (best of %d)\n", features.frameCount(), segments.size(),
              ranks.size(), threads, runs);
  std::printf("  scan %.3f s: %zu tiles, %.1f ms CPU per tile, %.2f ns CPU per frame pair\n", scan, tiles,
              1e3 * scan * cpus / double(tiles), 1e9 * scan * cpus / (0.5 * double(features.frameCount()) * features.frameCount()));
  std::printf("  hubs %.3f s: %zu hubs planned (exact rows on the ranks)\n", rows, project.graph.hubs.size());
  std::printf("  DTW  %.3f s: %.0f segment pairs, %.1f us CPU per pair, %.2f ns CPU per cost cell\n", dtw, pairs,
              1e6 * dtw * cpus / std::max(pairs, 1.0), 1e9 * dtw * cpus / std::max(cells, 1.0));
  for (size_t r = 0; r < times.size(); ++r) {
    std::printf("  rank %zu compute over all runs:", r);
    for (const auto& [stage, t] : times[r]) std::printf(" %s %.2f s (%d calls)", stage.c_str(), t.computeSeconds, t.calls);
    std::printf("\n");
  }
  return 0;
}
