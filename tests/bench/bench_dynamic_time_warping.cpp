// Dynamic time warping (Fat Graph eq. 1) on square frame-distance matrices of uniform random
// values in [0, 1): the O(l l') dynamic programme plus the warp-map backtrack. 100 x 100 is a
// typical pair of segments at 30 fps; the larger sizes show the quadratic growth.
#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <random>

#include "fatgraph/core/graph/dynamic_time_warping.h"

namespace {
void BM_DynamicTimeWarp(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> value(0.0, 1.0);
  Eigen::MatrixXd d(n, n);
  for (int t = 0; t < n; ++t) {
    for (int u = 0; u < n; ++u) d(t, u) = value(rng);
  }
  for (auto _ : state) {
    const fatgraph::DtwResult r = fatgraph::dynamicTimeWarp(d);
    benchmark::DoNotOptimize(r.distance);
  }
  state.SetItemsProcessed(state.iterations() * n * n);
  state.counters["cells"] = double(n) * n;
}
BENCHMARK(BM_DynamicTimeWarp)->Arg(30)->Arg(100)->Arg(300)->Unit(benchmark::kMicrosecond);
}  // namespace

BENCHMARK_MAIN();
