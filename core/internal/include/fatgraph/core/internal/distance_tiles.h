#pragma once
// Internal to core, shared on purpose through fatgraph::core_internal (core/CMakeLists.txt) with
// the MPI library and the tests: the distance scan's tiles, their split over ranks, and a scan
// of one rank's share whose results merge exactly into the whole scan.
//
// A share's DistanceScan is "raw": rowMinima and heat hold D (not RMS) and the heat map has
// only the cells its tiles touched directly (not mirrored). Every output merges order-free
// and exactly (sums of integers, saturating counts, minima), so the shares of any split,
// merged in any order and finished, equal the one-process scan with the same tiles.
#include <cstddef>
#include <vector>

#include "fatgraph/core/graph/distance_matrix.h"

namespace fatgraph::detail {

struct Tile {
  int r0, r1, c0, c1;  // rows [r0, r1) and columns [c0, c1) of the matrix, c0 >= r0
};

/// Side of the square tiles: as large as the memory budget allows for `threads`, up to 512.
int tileSide(int n, int window, int threads, size_t budget);

/// The tiles on and above the diagonal, row band by row band (an off-diagonal tile also
/// stands for its mirror image).
std::vector<Tile> upperTiles(int n, int side);

/// The tiles of one scan as the settings choose them (tileSide for settings.threads).
std::vector<Tile> scanTiles(int n, const DistanceMatrixSettings& settings);

/// Relative work of a tile: the products it computes, halo included.
double tileCost(const Tile& tile, int n, int window);

/// Splits the tile list into `ranks` contiguous runs of about equal cost: rank r owns tiles
/// [first[r], first[r + 1]). Contiguous runs keep a rank's rows close together; the split
/// depends only on the list, so every rank computes the same one.
std::vector<int> partitionTiles(const std::vector<Tile>& tiles, int n, int window, int ranks);

struct ScanShare {
  int rank = 0;
  int ranks = 1;
};

/// The raw scan of `share`'s tiles (see above). Throws Cancelled if `progress` returns false.
DistanceScan scanDistanceShare(const PoseFeatures& features, const DistanceMatrixSettings& settings,
                               const ScanShare& share, const ProgressCallback& progress = {});

/// Folds the raw share `from` into the raw share `into` (same frames and heat map size).
void mergeDistanceShare(DistanceScan& into, const DistanceScan& from);

/// Turns the merged raw scan into the reported one: RMS values, the heat map mirrored.
void finishDistanceScan(DistanceScan& scan, const PoseFeatures& features);

}  // namespace fatgraph::detail
