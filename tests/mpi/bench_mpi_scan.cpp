// The distance scan over MPI ranks, timed (issue 15; not a ctest):
//   mpirun -np K --bind-to core bench_mpi_scan [--repeat R] [--threads T] [--runs N]
// Every rank imports the 12 clips of data/cmu-leonardo-ono-roll R times over and computes the
// features; after a barrier all ranks scan; rank 0 prints the wall time of the whole scan
// (best of N runs) and each rank's own time to its share's hand-over, so imbalance and the
// reduction's cost show apart from the compute.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "fatgraph/core/clip_set_import.h"
#include "fatgraph/mpi/distributed_scan.h"

using namespace fatgraph;

int main(int argc, char** argv) {
  int repeat = 1, threads = 1, runs = 3;
  for (int a = 1; a + 1 < argc; a += 2) {
    if (!std::strcmp(argv[a], "--repeat")) repeat = std::atoi(argv[a + 1]);
    if (!std::strcmp(argv[a], "--threads")) threads = std::atoi(argv[a + 1]);
    if (!std::strcmp(argv[a], "--runs")) runs = std::atoi(argv[a + 1]);
  }
  mpi::Ranks ranks;
  std::vector<std::string> clips;
  for (const auto& e : std::filesystem::directory_iterator(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll")) {
    if (e.path().extension() == ".bvh") clips.push_back(e.path().string());
  }
  std::sort(clips.begin(), clips.end());
  std::vector<std::string> paths;
  for (int r = 0; r < repeat; ++r) paths.insert(paths.end(), clips.begin(), clips.end());
  const Project p = importClipSet(paths, {}).project;
  const PoseFeatures features(p.skeleton, p.clips, p.settings.jointWeights);
  DistanceMatrixSettings settings;
  settings.threads = threads;

  double best = 1e300;
  std::vector<double> shareSeconds(ranks.size());
  for (int run = 0; run < runs; ++run) {
    ranks.barrier();
    const auto start = std::chrono::steady_clock::now();
    const DistanceScan scan = mpi::scanDistanceMatrixOnRanks(ranks, features, settings);
    double mine = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Each rank's time to its hand-over, collected after the timed part.
    if (ranks.rank() > 0) {
      ranks.send(0, &mine, sizeof mine);
      continue;
    }
    if (mine < best) {
      best = mine;
      shareSeconds[0] = mine;
      for (int r = 1; r < ranks.size(); ++r) ranks.receive(r, &shareSeconds[r], sizeof(double));
    } else {
      double ignored;
      for (int r = 1; r < ranks.size(); ++r) ranks.receive(r, &ignored, sizeof ignored);
    }
  }
  if (ranks.rank() != 0) return 0;
  const double pairs = 0.5 * double(features.frameCount()) * features.frameCount();
  std::printf("%d frames, %d ranks x %d threads: scan %.3f s (best of %d), %.1f M pairs/s\n",
              features.frameCount(), ranks.size(), threads, best, runs, pairs / best * 1e-6);
  for (int r = 1; r < ranks.size(); ++r) std::printf("  rank %d handed its share over after %.3f s\n", r, shareSeconds[r]);
  return 0;
}
