#pragma once
// The pose distance scan over MPI ranks (docs/ALGORITHMS.md A; issue 15): every rank holds the
// features and computes its contiguous, cost-balanced run of the upper-triangle tiles; the
// shares are reduced to rank 0 along a binomial tree (⌈log2 K⌉ rounds). Every output merges
// exactly (integer sums, saturating counts, minima), so rank 0's scan is identical to
// scanDistanceMatrix's with the same settings, whatever the number of ranks.
#include "fatgraph/core/graph/distance_matrix.h"
#include "fatgraph/mpi/ranks.h"

namespace fatgraph::mpi {

/// Called by every rank with the same features and settings (settings.threads resolved, not 0,
/// when ranks run on different machines: it sets the tile size). Rank 0 gets the whole scan
/// (`seconds` is the wall time of the whole distributed scan); other ranks get an empty one.
/// A rank that fails ends the run on every rank (Ranks::abort). Progress is rank 0's share.
/// `shareSeconds` (optional) gains the time this rank spent on its own share.
DistanceScan scanDistanceMatrixOnRanks(const Ranks& ranks, const PoseFeatures& features,
                                       const DistanceMatrixSettings& settings,
                                       const ProgressCallback& progress = {}, double* shareSeconds = nullptr);

/// Rank 0's `scan` to every rank (called by every rank): after it every rank holds the same.
void broadcastDistanceScan(const Ranks& ranks, DistanceScan& scan);

}  // namespace fatgraph::mpi
