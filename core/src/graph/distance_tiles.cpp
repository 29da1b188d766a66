#include "fatgraph/core/internal/distance_tiles.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "row_minima.h"

namespace fatgraph::detail {

// Square tiles: as large as the memory budget allows up to 512 (the five products of a
// 512 tile, about 5.6 MB per thread, stay in the last-level cache).
int tileSide(int n, int window, int threads, size_t budget) {
  const size_t perThread = budget / std::max(1, threads);
  const double side = std::sqrt(static_cast<double>(perThread) / (6.0 * sizeof(float)));
  const int extra = 2 * minimumRadius(window) + window;
  int t = static_cast<int>(side) - extra;
  t = std::clamp(t, 16, 512);
  return std::max(1, std::min(t, n));
}

std::vector<Tile> upperTiles(int n, int side) {
  std::vector<Tile> tiles;
  for (int r0 = 0; r0 < n; r0 += side) {
    for (int c0 = r0; c0 < n; c0 += side) tiles.push_back({r0, std::min(n, r0 + side), c0, std::min(n, c0 + side)});
  }
  return tiles;
}

std::vector<Tile> scanTiles(int n, const DistanceMatrixSettings& settings) {
  const int threads = std::max(1, settings.threads > 0 ? settings.threads
                                                       : static_cast<int>(std::thread::hardware_concurrency()));
  return upperTiles(n, tileSide(n, settings.window, threads, settings.memoryBudgetBytes));
}

// The frame products dominate: (rows + halo + k - 1) x (columns + halo + k - 1) per tile.
double tileCost(const Tile& tile, int n, int window) {
  const int h = minimumRadius(window);
  const double rows = std::min(n, tile.r1 + h) - std::max(0, tile.r0 - h) + window - 1;
  const double cols = std::min(n, tile.c1 + h) - std::max(0, tile.c0 - h) + window - 1;
  return rows * cols;
}

// A tile belongs to the rank whose equal slice of the total cost holds the tile's middle: the
// owner never decreases along the list (contiguous runs), and each run's cost is within one
// tile of the ideal share.
std::vector<int> partitionTiles(const std::vector<Tile>& tiles, int n, int window, int ranks) {
  ranks = std::max(1, ranks);
  double total = 0.0;
  for (const Tile& t : tiles) total += tileCost(t, n, window);
  std::vector<int> first(ranks + 1, static_cast<int>(tiles.size()));
  first[0] = 0;
  double before = 0.0;
  int owner = 0;
  for (int k = 0; k < static_cast<int>(tiles.size()); ++k) {
    const double cost = tileCost(tiles[k], n, window);
    const double middle = before + 0.5 * cost;
    const int r = std::min(ranks - 1, static_cast<int>(middle * ranks / total));
    while (owner < r) first[++owner] = k;
    before += cost;
  }
  return first;
}

}  // namespace fatgraph::detail
