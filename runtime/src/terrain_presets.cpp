// The built-in test grounds (terrain.h documents each). They exist so the leg layer can be
// exercised on slopes, stairs and bumps (Johansen ch. 8 shows the same cases) without a file.
#include <cmath>
#include <numbers>

#include "fatgraph/runtime/terrain.h"

namespace fatgraph {

namespace {

// Samples y = height(x, z) at the nodes of a square grid over [-halfExtent, halfExtent]².
// Node positions come from integer indices, so analytic features (the stair edges) land on
// exact node boundaries.
template <class HeightFn>
std::optional<Heightfield> sampled(float halfExtent, float cell, HeightFn height,
                                   std::string* error) {
  const int nodes = static_cast<int>(std::lround(2.0 * halfExtent / cell)) + 1;
  std::vector<float> heights(static_cast<size_t>(nodes) * nodes);
  for (int r = 0; r < nodes; ++r) {
    for (int c = 0; c < nodes; ++c) {
      heights[static_cast<size_t>(r) * nodes + c] = static_cast<float>(height(c, r));
    }
  }
  return Heightfield::create(nodes, nodes, cell, -halfExtent, -halfExtent, std::move(heights),
                             error);
}

std::optional<Heightfield> slope(double degrees, std::string* error) {
  const double rise = std::tan(degrees * std::numbers::pi / 180.0);
  constexpr float kHalf = 50.0f, kCell = 0.5f;
  return sampled(
      kHalf, kCell, [&](int, int r) { return (r * double(kCell) - kHalf) * rise; }, error);
}

std::optional<Heightfield> stairs(std::string* error) {
  constexpr float kHalf = 8.0f, kCell = 0.025f;
  constexpr int kCellsPerStep = 12;                            // 30 cm deep
  constexpr int kFirstEdge = static_cast<int>(kHalf / kCell);  // node at z = 0
  return sampled(
      kHalf, kCell,
      [&](int, int r) {
        // Node r at z = (r − kFirstEdge)·2.5 cm: steps counted in whole cells,
        // step n starting at node kFirstEdge + 12·(n − 1).
        if (r < kFirstEdge) return 0.0;
        return 0.15 * ((r - kFirstEdge) / kCellsPerStep + 1);
      },
      error);
}

std::optional<Heightfield> bumps(std::string* error) {
  constexpr float kHalf = 8.0f, kCell = 0.05f;
  return sampled(
      kHalf, kCell,
      [&](int c, int r) {
        const double x = c * double(kCell) - kHalf, z = r * double(kCell) - kHalf;
        return 0.05 * (1.0 - std::cos(2.0 * std::numbers::pi * x / 1.6) *
                                 std::cos(2.0 * std::numbers::pi * z / 1.2));
      },
      error);
}

}  // namespace

std::optional<Heightfield> terrainFromSpec(std::string_view spec, std::string* error) {
  if (spec == "flat")
    return sampled(
        50.0f, 50.0f, [](int, int) { return 0.0; }, error);
  if (spec == "slope15") return slope(15.0, error);
  if (spec == "slope25") return slope(25.0, error);
  if (spec == "stairs15cm") return stairs(error);
  if (spec == "bumps") return bumps(error);
  if (error) {
    *error = "unknown terrain '" + std::string(spec) +
             "' (expected one of: " + std::string(kTerrainPresetNames) + ")";
  }
  return std::nullopt;
}

}  // namespace fatgraph
