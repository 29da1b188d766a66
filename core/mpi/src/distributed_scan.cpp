#include "fatgraph/mpi/distributed_scan.h"

#include <array>
#include <chrono>
#include <exception>
#include <string>

#include "distance_tiles.h"

namespace fatgraph::mpi {
namespace {

// What a share is a share of: rank 0 refuses to merge a share of another matrix.
std::array<int, 4> shape(const DistanceScan& s) { return {s.frames, s.window, s.heatSize, s.heatStride}; }

template <typename T>
void sendVector(const Ranks& ranks, const std::vector<T>& v) { ranks.send(0, v.data(), v.size() * sizeof(T)); }

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
  if (ranks.rank() > 0) {
    const std::array<int, 4> mine = shape(scan);
    ranks.send(0, mine.data(), sizeof mine);
    sendVector(ranks, scan.minimaBins);
    sendVector(ranks, scan.allBins);
    sendVector(ranks, scan.rowMinima);
    sendVector(ranks, scan.heat);
    return {};
  }
  // Rank 0 merges the shares in rank order (the merge is exact in any order; a fixed one
  // keeps that true even if a later output is not).
  DistanceScan other = scan;
  for (int r = 1; r < ranks.size(); ++r) {
    std::array<int, 4> theirs{};
    ranks.receive(r, theirs.data(), sizeof theirs);
    if (theirs != shape(scan)) {
      ranks.abort("distance scan: rank " + std::to_string(r) + " scanned " + std::to_string(theirs[0]) +
                  " frames, rank 0 " + std::to_string(scan.frames) + " (different clips or settings)");
    }
    receiveVector(ranks, r, other.minimaBins);
    receiveVector(ranks, r, other.allBins);
    receiveVector(ranks, r, other.rowMinima);
    receiveVector(ranks, r, other.heat);
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
