#pragma once
// The pose distance matrix over all frames of all clips (Fat Graph §3.1, Kovar et al. 2002;
// docs/ALGORITHMS.md A), computed as matrix products plus sliding sums along diagonals and streamed
// tile by tile: the full N x N matrix never exists in memory. While streaming, every row's
// local minima are binned by distance (so match-set sizes for any threshold are a prefix sum
// away), a histogram of all distances is kept, and a down-sampled matrix for the editor's heat
// map is filled.
#include <cstdint>
#include <vector>

#include "fatgraph/core/graph/pose_features.h"
#include "fatgraph/core/model/progress.h"

namespace fatgraph {

struct DistanceMatrixSettings {
  int window = 10;                          // k, frames at the working rate
  size_t memoryBudgetBytes = size_t(512) << 20;  // working memory of the scan, all threads
  int threads = 0;                          // 0 = all hardware threads
  int heatMapSize = 512;                    // side of the down-sampled matrix (at most)
};

/// Distances are reported as RMS metres, r = sqrt(D / (k W)) (see distanceToRms).
struct DistanceHistogram {
  static constexpr int kBins = 128;
  static constexpr double kMinRms = 0.002;  // lower edge of bin 0 (values below fall in bin 0)
  static constexpr double kMaxRms = 2.0;    // upper edge of the last bin (values above: last)
  static int bin(double rms);
  static double lowerEdge(int bin);
  static double upperEdge(int bin) { return lowerEdge(bin + 1); }
};

struct DistanceScan {
  int frames = 0;
  int window = 0;
  /// Per frame, counts of its row's local minima (outside its own window) per distance bin:
  /// minimaBins[i * kBins + b]. Frames whose window crosses a clip end have none.
  std::vector<uint16_t> minimaBins;
  /// Per frame, the RMS of its row's smallest counted local minimum (+infinity: none), exact
  /// where the bins are not: the lowest threshold that gives any match. Not kept in project
  /// files (empty after a cached scan is loaded; readers then fall back to the bins).
  std::vector<float> rowMinima;
  /// Histogram of every defined distance of the matrix (for percentiles).
  std::vector<uint64_t> allBins;
  /// Down-sampled matrix: heatSize x heatSize, row-major, minimum RMS of each block of
  /// heatStride x heatStride frames (NaN where no distance is defined).
  int heatSize = 0;
  int heatStride = 1;
  std::vector<float> heat;
  double seconds = 0.0;  // wall time of the scan

  /// Number of local minima of frame i's row with RMS below `thresholdRms`, counting whole
  /// bins only (bins entirely below the threshold): a lower bound refined by exact rows.
  int minimaBelow(int frame, double thresholdRms) const;
  /// The RMS value below which `fraction` of all defined distances lie.
  double percentile(double fraction) const;
};

/// Streams the whole matrix. Throws Cancelled if `progress` returns false.
/// Single precision on coordinates centred per frame (distance_matrix.cpp says why that is
/// safe anywhere in the world): D / (k W) agrees with windowDistance to about 1e-6 m^2, so
/// RMS values to 0.1 mm above 5 mm. Exact rows (distanceRow) are double precision.
DistanceScan scanDistanceMatrix(const PoseFeatures& features,
                                const DistanceMatrixSettings& settings,
                                const ProgressCallback& progress = {});

/// One row of the matrix: D(i, j) for every frame j (+infinity where undefined), computed
/// directly (O(N k J)); used for a chosen hub's exact match set.
std::vector<double> distanceRow(const PoseFeatures& features, int i, int window);

/// The row's local minima outside i's own window: frames j with D(i, j) <= D(i, j +- 1) (the
/// smallest within +-max(1, k/2) frames) and both neighbours defined; and with RMS below
/// `thresholdRms`. Sorted by frame.
std::vector<int> rowMatches(const PoseFeatures& features, const std::vector<double>& row, int i,
                            int window, double thresholdRms);

/// The whole matrix as a dense array (small N only: tests and baselines).
Eigen::MatrixXd denseDistanceMatrix(const PoseFeatures& features, int window);

}  // namespace fatgraph
