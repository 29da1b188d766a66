#pragma once
// The ground the leg layer stands on. Footprints are grounded with two short rays per foot,
// cast from 1 m above to 1 m below the predicted heel and toe (Johansen, ch. 7.3, listing 7.4;
// ALGORITHMS.md F), so all the leg layer asks of a terrain is one ray query.
//
// Conventions: model/world space with +Y up, metres. The ground plane is X–Z.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fatgraph/runtime/math.h"

namespace fatgraph {

/// Where a ray met the ground.
struct TerrainHit {
  bool hit = false;
  Float3 point;             ///< world position of the hit, metres (zero when !hit)
  Float3 normal{0, 1, 0};   ///< unit surface normal at the hit, pointing out of the ground
};

/// What the leg layer queries. One virtual call per ray: a few rays per leg and frame, so the
/// call costs nothing next to the march itself. Implementations must be safe to query from
/// several threads at once (raycast is const and keeps no state).
class Terrain {
 public:
  virtual ~Terrain() = default;
  /// The first point where the ray origin + t·direction, 0 ≤ t ≤ maxDistance, enters the ground
  /// from above. `direction` need not be unit length (t is measured in metres along its unit
  /// vector). Non-finite origin or direction, a zero direction, or maxDistance ≤ 0 or NaN give
  /// no hit. Never returns NaN.
  virtual TerrainHit raycast(const Float3& origin, const Float3& direction,
                             float maxDistance) const = 0;
};

/// A regular grid of heights with a bilinear surface in each cell.
///
/// Node (c, r), 0 ≤ c < cols, 0 ≤ r < rows, sits at x = originX + c·cellSize,
/// z = originZ + r·cellSize with height heights[r·cols + c]. Inside a cell the surface is the
/// bilinear interpolation of its four nodes. Outside the grid the surface continues with the
/// edge's height: a point's x and z are clamped to the grid first (so a slope flattens past
/// the grid's edge and a corner's height extends diagonally).
///
/// The surface is one-sided, like a game terrain collider: a ray hits where it passes from
/// above (or on) the surface to strictly below it. A ray that only grazes the surface, runs
/// along it, or starts below it and rises does not hit; a ray that starts below, comes out and
/// goes back in hits where it goes back in. Rays are traced exactly (each cell's crossing is a
/// quadratic in t, solved in closed form) in double precision, then reported in float.
class Heightfield final : public Terrain {
 public:
  /// Checks and builds a heightfield: cols, rows ≥ 2, cols·rows = heights.size() (at most
  /// 2^28 nodes), cellSize finite and > 0, finite origin and heights. On failure returns
  /// nullopt and, if `error` is given, a one-line reason.
  static std::optional<Heightfield> create(int cols, int rows, float cellSize, float originX,
                                           float originZ, std::vector<float> heights,
                                           std::string* error = nullptr);

  TerrainHit raycast(const Float3& origin, const Float3& direction, float maxDistance) const override;

  /// Surface height at (x, z) (clamped to the grid, see above).
  float height(float x, float z) const;
  /// Unit surface normal at (x, z); on a cell edge, the normal of the cell at larger x and z.
  Float3 normal(float x, float z) const;

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  float cellSize() const { return cellSize_; }
  float originX() const { return originX_; }
  float originZ() const { return originZ_; }
  float minHeight() const { return minHeight_; }
  float maxHeight() const { return maxHeight_; }
  /// Row-major heights, rows·cols entries (row r is z = originZ + r·cellSize).
  const std::vector<float>& heights() const { return heights_; }

  /// Longest ray followed, metres; longer maxDistance values are shortened to this.
  static constexpr float kMaxRayLength = 1.0e5f;

 private:
  Heightfield() = default;
  float at(int c, int r) const { return heights_[static_cast<size_t>(r) * cols_ + c]; }

  int cols_ = 0;
  int rows_ = 0;
  float cellSize_ = 1.0f;
  float originX_ = 0.0f;
  float originZ_ = 0.0f;
  float minHeight_ = 0.0f;
  float maxHeight_ = 0.0f;
  std::vector<float> heights_;
};

/// The built-in test grounds, by name:
///   `flat`        y = 0 everywhere;
///   `slope15`, `slope25`  planes through the origin rising along +Z at 15° / 25°
///                 (y = z·tan θ on x, z ∈ [−50, 50] m, 0.5 m cells; exact, since bilinear
///                 interpolation reproduces a plane);
///   `stairs15cm`  y = 0 for z < 0, then steps 15 cm high and 30 cm deep along +Z
///                 (step n ≥ 1, z ∈ [0.30·(n−1), 0.30·n), tops out at 0.15·n m), on
///                 x, z ∈ [−8, 8] m with 2.5 cm cells: each riser is the one cell before
///                 z = 0.30·k (k ≥ 0), a 6:1 ramp whose normal lies
///                 80.5° from up, so the leg layer's "steeper than 60° is a wall" rule sees it
///                 as a wall; treads are exactly flat;
///   `bumps`       y = 0.05·(1 − cos(2πx/1.6 m)·cos(2πz/1.2 m)), smooth bumps 0–10 cm, sampled
///                 at the nodes of 5 cm cells on x, z ∈ [−8, 8] m.
/// Unknown names give nullopt and, if `error` is given, a message listing the names.
std::optional<Heightfield> terrainFromSpec(std::string_view spec, std::string* error = nullptr);

/// The names terrainFromSpec accepts, space-separated.
inline constexpr std::string_view kTerrainPresetNames = "flat slope15 slope25 stairs15cm bumps";

}  // namespace fatgraph
