#pragma once
// The library baselines of the distance-scan target (docs/DESIGN.md "Performance targets"):
// Eigen's single-precision products of the same shape as the pose distance matrix, A an
// N x K matrix (K = 5J = 155 for the 31-joint CMU skeleton), in 4096-square tiles spread over
// all hardware threads (each thread takes the next tile; Eigen is single-threaded inside a
// tile), results discarded:
//  - syrkLowerTriangle: C = A A^T on and below the diagonal only, Eigen's rank-k update
//    (SYRK). The scan computes the symmetric half, so this is the baseline its target is
//    stated against: tiles below the diagonal are GEMMs, diagonal tiles
//    `selfadjointView<Lower>().rankUpdate`, which computes only their lower half.
//  - gemmSquare: C = A B^T over the whole N x N square, twice the products of SYRK; kept as a
//    second reference (the target was once stated against it).
// Both are used by bench_gemm_baseline (for scripts/bench-distance-path) and by
// bench_distance_matrix (Google Benchmark), so the two measure the same calls.
#include <Eigen/Core>
#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace fatgraph::bench {

using RowMatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

inline constexpr int kBaselineTile = 4096;

inline int baselineThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

// Runs product(c, tile) for every tile in [0, tiles) on all hardware threads, each thread with
// its own tile-sized result buffer c. Returns a value read from every buffer, for the caller
// to keep observable so that the products are not optimized away.
template <typename TileProduct>
float forEachTile(int tiles, int n, TileProduct product) {
  std::atomic<int> next{0};
  std::vector<float> seen(baselineThreads(), 0.0f);
  auto work = [&](int thread) {
    const int side = std::min(n, kBaselineTile);
    Eigen::MatrixXf c = Eigen::MatrixXf::Zero(side, side);
    for (int t; (t = next++) < tiles;) {
      product(c, t);
      seen[thread] += c(side - 1, 0);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < baselineThreads(); ++t) pool.emplace_back(work, t);
  for (std::thread& t : pool) t.join();
  float sum = 0.0f;
  for (float s : seen) sum += s;
  return sum;
}

/// C = A B^T, every tile of the N x N square (A and B N x K).
inline float gemmSquare(const RowMatrixF& a, const RowMatrixF& b) {
  const int n = static_cast<int>(a.rows());
  const int side = (n + kBaselineTile - 1) / kBaselineTile;
  return forEachTile(side * side, n, [&](Eigen::MatrixXf& c, int t) {
    const int r0 = (t / side) * kBaselineTile, c0 = (t % side) * kBaselineTile;
    const int rows = std::min(kBaselineTile, n - r0), cols = std::min(kBaselineTile, n - c0);
    c.topLeftCorner(rows, cols).noalias() = a.middleRows(r0, rows) * b.middleRows(c0, cols).transpose();
  });
}

/// The lower triangle of C = A A^T (A N x K): side (side + 1) / 2 tiles of the N x N square.
/// The diagonal tiles (half the work of the others) come last, so that the two threads finish
/// together.
inline float syrkLowerTriangle(const RowMatrixF& a) {
  const int n = static_cast<int>(a.rows());
  const int side = (n + kBaselineTile - 1) / kBaselineTile;
  std::vector<std::pair<int, int>> order;  // (tile row, tile column), column <= row
  for (int r = 0; r < side; ++r) {
    for (int c = 0; c < r; ++c) order.emplace_back(r, c);
  }
  for (int r = 0; r < side; ++r) order.emplace_back(r, r);
  return forEachTile(static_cast<int>(order.size()), n, [&](Eigen::MatrixXf& c, int t) {
    const auto [tr, tc] = order[t];
    const int r0 = tr * kBaselineTile, c0 = tc * kBaselineTile;
    const int rows = std::min(kBaselineTile, n - r0), cols = std::min(kBaselineTile, n - c0);
    if (tr != tc) {
      c.topLeftCorner(rows, cols).noalias() = a.middleRows(r0, rows) * a.middleRows(c0, cols).transpose();
    } else {
      // rankUpdate adds to C; clearing the triangle first makes it C = A A^T, as a GEMM's
      // assignment clears its tile.
      auto block = c.topLeftCorner(rows, rows);
      block.triangularView<Eigen::Lower>().setZero();
      block.selfadjointView<Eigen::Lower>().rankUpdate(a.middleRows(r0, rows));
    }
  });
}

}  // namespace fatgraph::bench
