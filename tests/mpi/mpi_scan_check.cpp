// Run under mpirun by test_mpi_ranks: every rank scans its share of a synthetic project's
// distance matrix through scanDistanceMatrixOnRanks; rank 0 compares the result bit for bit
// with the one-process scan. Exit 0 and "identical" when equal.
//   mpi_scan_check [--threads T] [--fail-rank R] [--kill-rank R]
// --fail-rank R makes rank R's share throw (a window of 0 frames), to show that every rank
// then ends with its message instead of waiting; --kill-rank R has rank R killed (SIGKILL)
// after its share, before handing it over, as a crashed or killed machine would be.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "fatgraph/mpi/distributed_scan.h"
#include "core/scan_identity.h"
#include "core/synthetic_projects.h"

using namespace fatgraph;

int main(int argc, char** argv) {
  int threads = 1, failRank = -1, killRank = -1;
  for (int a = 1; a + 1 < argc; a += 2) {
    if (!std::strcmp(argv[a], "--threads")) threads = std::atoi(argv[a + 1]);
    if (!std::strcmp(argv[a], "--fail-rank")) failRank = std::atoi(argv[a + 1]);
    if (!std::strcmp(argv[a], "--kill-rank")) killRank = std::atoi(argv[a + 1]);
  }
  mpi::Ranks ranks;
  const test::TwoStyles walks = test::twoStyleWalks();
  const Project p = test::projectOf({walks.plain, walks.crouched});
  const PoseFeatures features(p.skeleton, p.clips, p.settings.jointWeights);
  DistanceMatrixSettings settings;
  settings.threads = threads;
  settings.memoryBudgetBytes = 4096;  // the smallest tiles: many of them for few frames
  settings.heatMapSize = 64;
  DistanceMatrixSettings mine = settings;
  if (ranks.rank() == failRank) mine.window = 0;
  const ProgressCallback dieAtTheEnd = [&](double done) {
    if (ranks.rank() == killRank && done >= 1.0) std::raise(SIGKILL);
    return true;
  };
  const DistanceScan scan = mpi::scanDistanceMatrixOnRanks(ranks, features, mine, dieAtTheEnd);
  if (ranks.rank() != 0) return 0;
  const std::string difference = test::scanDifference(scan, scanDistanceMatrix(features, settings));
  if (!difference.empty()) {
    std::printf("%d ranks x %d threads: %s differs from the one-process scan\n", ranks.size(), threads,
                difference.c_str());
    return 1;
  }
  std::printf("identical over %d ranks x %d threads (%d frames)\n", ranks.size(), threads, scan.frames);
  return 0;
}
