// The baseline of the distance-matrix target (docs/DESIGN.md "Performance targets"): Eigen's
// single-precision GEMM of the same shape as the pose distance matrix, C = A B^T with A and B
// N x K (K = 5J = 155 for the 31-joint CMU skeleton), the whole N x N square computed in
// 4096-square tiles spread over all hardware threads (one tile per thread at a time, Eigen
// single-threaded inside a tile), results discarded. Same compiler flags as the project.
//
// Usage: bench_gemm_baseline [N=8192] [K=155] [repeats=3]   (options starting with "--", such
// as the Google Benchmark flags scripts/bench passes to every program, are ignored)
// Prints one JSON object: the best wall time of `repeats` runs and the GFLOP/s it means.
#include <Eigen/Core>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

double seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> numbers;
  for (int a = 1; a < argc; ++a) {
    if (std::strncmp(argv[a], "--", 2) != 0) numbers.push_back(std::atoi(argv[a]));
  }
  const int n = numbers.size() > 0 ? numbers[0] : 8192;
  const int k = numbers.size() > 1 ? numbers[1] : 155;
  const int repeats = numbers.size() > 2 ? numbers[2] : 3;
  if (n < 1 || k < 1 || repeats < 1) {
    std::fprintf(stderr, "usage: bench_gemm_baseline [N=8192] [K=155] [repeats=3] (positive)\n");
    return 2;
  }
  constexpr int kTile = 4096;
  const int threads = std::max(1u, std::thread::hardware_concurrency());
  // Values in the range of joint coordinates (metres); GEMM time does not depend on them.
  const RowMatrix a = RowMatrix::Random(n, k), b = RowMatrix::Random(n, k);
  const int tilesPerSide = (n + kTile - 1) / kTile;
  const int tiles = tilesPerSide * tilesPerSide;
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    const double t0 = seconds();
    std::atomic<int> next{0};
    std::atomic<double> sink{0.0};
    auto work = [&] {
      Eigen::MatrixXf c(std::min(n, kTile), std::min(n, kTile));
      double local = 0.0;
      for (int t; (t = next++) < tiles;) {
        const int r0 = (t / tilesPerSide) * kTile, c0 = (t % tilesPerSide) * kTile;
        const int rows = std::min(kTile, n - r0), cols = std::min(kTile, n - c0);
        c.topLeftCorner(rows, cols).noalias() = a.middleRows(r0, rows) * b.middleRows(c0, cols).transpose();
        local += c(0, 0);
      }
      sink = sink + local;
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
    for (std::thread& t : pool) t.join();
    best = std::min(best, seconds() - t0);
    if (sink == 12345.678) std::printf("#");  // keeps the products observable
  }
  const double flops = 2.0 * double(n) * double(n) * k;
  std::printf("{\"n\": %d, \"k\": %d, \"threads\": %d, \"tile\": %d, \"repeats\": %d, \"best_s\": %.4f, \"gflops\": %.1f}\n",
              n, k, threads, kTile, repeats, best, flops / best / 1e9);
  return 0;
}
