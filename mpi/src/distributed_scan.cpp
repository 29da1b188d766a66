#include "fatgraph/mpi/distributed_scan.h"

#include <array>
#include <chrono>
#include <exception>
#include <string>

#include "fatgraph/core/internal/distance_tiles.h"

namespace fatgraph::mpi {
namespace {

// What a share is a share of: rank 0 refuses to merge a share of another matrix.
std::array<int, 4> shape(const DistanceScan& s) { return {s.frames, s.window, s.heatSize, s.heatStride}; }

template <typename T>
void sendVector(const Ranks& ranks, int to, const std::vector<T>& v) { ranks.send(to, v.data(), v.size() * sizeof(T)); }

template <typename T>
void receiveVector(const Ranks& ranks, int from, std::vector<T>& v) {
  ranks.receive(from, v.data(), v.size() * sizeof(T));
}

}  // namespace

DistanceScan scanDistanceMatrixOnRanks(const Ranks& ranks, const PoseFeatures& features,
                                       const DistanceMatrixSettings& settings,
                                       const ProgressCallback& progress, double* shareSeconds) {
  const auto start = std::chrono::steady_clock::now();
  DistanceScan scan;
  try {
    scan = detail::scanDistanceShare(features, settings, {ranks.rank(), ranks.size()}, progress);
  } catch (const std::exception& e) {
    if (!ranks.distributed()) throw;
    ranks.abort(std::string("distance scan: ") + e.what());
  }
  if (shareSeconds) *shareSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // A binomial tree: in the round of `step` (1, 2, 4, ...), every rank that is an odd multiple
  // of `step` hands its merged shares to the rank `step` below and is done; the others take in
  // the rank `step` above, if any. Rank 0 holds the whole scan after ⌈log2 K⌉ rounds, and no
  // rank receives more than that many shares (rank 0 alone would receive K - 1 in turn). The
  // merge is exact in any order (saturating integer sums and minima).
  const int me = ranks.rank();
  DistanceScan other = scan;
  for (int step = 1; step < ranks.size(); step *= 2) {
    if (me % (2 * step) == step) {
      const std::array<int, 4> mine = shape(scan);
      ranks.send(me - step, mine.data(), sizeof mine);
      sendVector(ranks, me - step, scan.minimaBins);
      sendVector(ranks, me - step, scan.allBins);
      sendVector(ranks, me - step, scan.rowMinima);
      sendVector(ranks, me - step, scan.heat);
      return {};
    }
    const int from = me + step;
    if (from >= ranks.size()) continue;
    std::array<int, 4> theirs{};
    ranks.receive(from, theirs.data(), sizeof theirs);
    if (theirs != shape(scan)) {
      ranks.abort("distance scan: rank " + std::to_string(from) + " scanned " + std::to_string(theirs[0]) +
                  " frames, rank " + std::to_string(me) + " " + std::to_string(scan.frames) +
                  " (different clips or settings)");
    }
    receiveVector(ranks, from, other.minimaBins);
    receiveVector(ranks, from, other.allBins);
    receiveVector(ranks, from, other.rowMinima);
    receiveVector(ranks, from, other.heat);
    detail::mergeDistanceShare(scan, other);
  }
  detail::finishDistanceScan(scan, features);
  scan.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return scan;
}

void broadcastDistanceScan(const Ranks& ranks, DistanceScan& scan) {
  if (!ranks.distributed()) return;
  std::array<int, 4> dims = shape(scan);
  ranks.broadcast(dims.data(), sizeof dims);
  std::array<uint64_t, 4> sizes = {scan.minimaBins.size(), scan.allBins.size(), scan.rowMinima.size(),
                                   scan.heat.size()};
  ranks.broadcast(sizes.data(), sizeof sizes);
  if (ranks.rank() > 0) {
    scan.frames = dims[0], scan.window = dims[1], scan.heatSize = dims[2], scan.heatStride = dims[3];
    scan.minimaBins.resize(sizes[0]);
    scan.allBins.resize(sizes[1]);
    scan.rowMinima.resize(sizes[2]);
    scan.heat.resize(sizes[3]);
  }
  ranks.broadcast(scan.minimaBins.data(), scan.minimaBins.size() * sizeof(uint16_t));
  ranks.broadcast(scan.allBins.data(), scan.allBins.size() * sizeof(uint64_t));
  ranks.broadcast(scan.rowMinima.data(), scan.rowMinima.size() * sizeof(float));
  ranks.broadcast(scan.heat.data(), scan.heat.size() * sizeof(float));
  ranks.broadcast(&scan.seconds, sizeof scan.seconds);
}

}  // namespace fatgraph::mpi
