// The full pose distance matrix (31 joints, k = 10) against two baselines measured in the
// same run: an Eigen GEMM of matching shape (N x 5J times 5J x N, tiled by row blocks over the
// same threads) and the same closed form evaluated pair by pair (timed on a sample of rows,
// reported per pair).
#include <benchmark/benchmark.h>

#include <atomic>
#include <map>
#include <memory>
#include <thread>

#include "bench_common.h"
#include "fatgraph/core/distance_matrix.h"

namespace {

using fatgraph::PoseFeatures;

const PoseFeatures& featuresFor(int n) {
  static std::map<int, std::unique_ptr<PoseFeatures>> cache;
  auto& f = cache[n];
  if (!f) {
    const auto m = fatgraph::bench::cmuClipsAt30(n);
    f = std::make_unique<PoseFeatures>(m.skeleton, m.clips);
  }
  return *f;
}

int threads() { return std::max(1u, std::thread::hardware_concurrency()); }

void BM_DistanceMatrix(benchmark::State& state) {
  const PoseFeatures& f = featuresFor(static_cast<int>(state.range(0)));
  fatgraph::DistanceMatrixSettings s;
  s.window = 10;
  for (auto _ : state) {
    auto scan = fatgraph::scanDistanceMatrix(f, s);
    benchmark::DoNotOptimize(scan.minimaBins.data());
  }
  const double pairs = double(f.frameCount()) * f.frameCount();
  state.counters["pairs/s"] = benchmark::Counter(pairs * state.iterations(), benchmark::Counter::kIsRate);
  state.counters["threads"] = threads();
}

void BM_GemmOfMatchingShape(benchmark::State& state) {
  const PoseFeatures& f = featuresFor(static_cast<int>(state.range(0)));
  const int n = f.frameCount(), inner = 5 * f.jointCount();
  Eigen::MatrixXd a(n, inner);
  a << f.x, f.z, f.y, f.x, f.z;
  const int block = 256;
  for (auto _ : state) {
    std::atomic<int> next{0};
    auto work = [&] {
      Eigen::MatrixXd c(block, n);
      for (int r; (r = next++ * block) < n;) {
        const int rows = std::min(block, n - r);
        c.topRows(rows).noalias() = a.middleRows(r, rows) * a.transpose();
        benchmark::DoNotOptimize(c.data());
      }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads(); ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
  }
  const double pairs = double(n) * n;
  state.counters["pairs/s"] = benchmark::Counter(pairs * state.iterations(), benchmark::Counter::kIsRate);
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * pairs * inner * state.iterations() / 1e9, benchmark::Counter::kIsRate);
}

// Per pair: the closed form with its O(k J) sums, on precomputed joint positions, same
// threads; a sample of rows (all columns) so that N = 32768 finishes.
void BM_PerPairClosedForm(benchmark::State& state) {
  const PoseFeatures& f = featuresFor(static_cast<int>(state.range(0)));
  const int n = f.frameCount(), rows = 64;
  for (auto _ : state) {
    std::atomic<int> next{0};
    auto work = [&] {
      double sink = 0;
      for (int r; (r = next++) < rows;) {
        const int i = 5 + r * (n - 10) / rows;
        for (int j = 5; j < n - 5; ++j) sink += fatgraph::windowDistance(f, i, j, 10);
      }
      benchmark::DoNotOptimize(sink);
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads(); ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
  }
  const double pairs = double(rows) * (n - 10);
  state.counters["pairs/s"] = benchmark::Counter(pairs * state.iterations(), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_DistanceMatrix)->Arg(8192)->Arg(32768)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();
BENCHMARK(BM_GemmOfMatchingShape)->Arg(8192)->Arg(32768)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();
BENCHMARK(BM_PerPairClosedForm)->Arg(8192)->Arg(32768)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

BENCHMARK_MAIN();
