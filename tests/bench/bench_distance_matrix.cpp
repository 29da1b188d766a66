// The full pose distance matrix (31 joints, k = 10) against three baselines measured in the
// same run, all fair:
//  - Eigen's single-precision SYRK of the same N x 5J features (155 columns, centred per
//    frame on the ground centroid as the scan centres them), the lower triangle in
//    4096-square tiles over all hardware threads: what the scan's products would cost with
//    nothing else to do (the scan computes the symmetric half too; the target is within 2x);
//  - Eigen's GEMM of the same shape over the whole square (twice SYRK's products), the
//    target's former baseline;
//  - the same closed form evaluated scalar-wise, pair by pair along diagonals of the matrix
//    with running window sums (each pair adds its newest frame pair's dot products and drops
//    its oldest: O(J) per pair, as a careful scalar implementation would), on row-major joint
//    coordinates (one frame's joints contiguous, so the dot products vectorize), same
//    threads, timed on a sample of whole diagonals and reported per pair.
// gemm_baselines.h holds the SYRK and GEMM calls; bench_gemm_baseline times them alone, for
// scripts/bench-distance-path.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <map>
#include <memory>
#include <thread>

#include "bench_common.h"
#include "gemm_baselines.h"
#include "fatgraph/core/graph/distance_matrix.h"

namespace {

using fatgraph::PoseFeatures;
using fatgraph::bench::RowMatrixF;
using RowMatrixD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

const PoseFeatures& featuresFor(int n) {
  static std::map<int, std::unique_ptr<PoseFeatures>> cache;
  auto& f = cache[n];
  if (!f) {
    const auto m = fatgraph::bench::cmuClipsAt30(n);
    f = std::make_unique<PoseFeatures>(m.skeleton, m.clips);
  }
  return *f;
}

// Seconds per unit (a time, so that the best of the repetitions is the smallest).
benchmark::Counter perPair(double units) {
  return benchmark::Counter(units, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_DistanceMatrix(benchmark::State& state) {
  const PoseFeatures& f = featuresFor(static_cast<int>(state.range(0)));
  fatgraph::DistanceMatrixSettings s;
  s.window = 10;
  for (auto _ : state) {
    auto scan = fatgraph::scanDistanceMatrix(f, s);
    benchmark::DoNotOptimize(scan.minimaBins.data());
  }
  const double pairs = double(f.frameCount()) * f.frameCount();
  state.counters["s/pair"] = perPair(pairs * state.iterations());
  state.counters["threads"] = fatgraph::bench::baselineThreads();
}

// The scan's products in one matrix: per frame [x~ z~ y z~ -x~], x~ and z~ centred on the
// frame's weighted ground centroid (time does not depend on the values; the shape does).
RowMatrixF centredFeatures(const PoseFeatures& f) {
  const int n = f.frameCount();
  const Eigen::VectorXd cx = f.sumX / f.weightSum, cz = f.sumZ / f.weightSum;
  Eigen::MatrixXd x = f.x, z = f.z;
  for (int j = 0; j < f.jointCount(); ++j) {
    const double s = f.jointScale[j];
    x.col(j) -= s * cx;
    z.col(j) -= s * cz;
  }
  RowMatrixF a(n, 5 * f.jointCount());
  a << x.cast<float>(), z.cast<float>(), f.y.cast<float>(), z.cast<float>(), (-x).cast<float>();
  return a;
}

void BM_SyrkOfMatchingShape(benchmark::State& state) {
  const PoseFeatures& f = featuresFor(static_cast<int>(state.range(0)));
  const RowMatrixF a = centredFeatures(f);
  for (auto _ : state) benchmark::DoNotOptimize(fatgraph::bench::syrkLowerTriangle(a));
  const double n = f.frameCount();
  state.counters["s/pair"] = perPair(n * n * state.iterations());
  state.counters["s/GFLOP"] = perPair(n * (n + 1) * a.cols() * state.iterations() / 1e9);
}

void BM_GemmOfMatchingShape(benchmark::State& state) {
  const PoseFeatures& f = featuresFor(static_cast<int>(state.range(0)));
  const RowMatrixF a = centredFeatures(f);
  const RowMatrixF b = a;
  for (auto _ : state) benchmark::DoNotOptimize(fatgraph::bench::gemmSquare(a, b));
  const double n = f.frameCount();
  state.counters["s/pair"] = perPair(n * n * state.iterations());
  state.counters["s/GFLOP"] = perPair(2.0 * n * n * a.cols() * state.iterations() / 1e9);
}

// The closed form of windowDistance with running window sums, along one diagonal j = i + d.
struct RowMajorFeatures {
  RowMatrixD x, y, z;
  Eigen::VectorXd sumX, sumZ, sumP2;
  double weightSum;
  explicit RowMajorFeatures(const PoseFeatures& f)
      : x(f.x), y(f.y), z(f.z), sumX(f.sumX), sumZ(f.sumZ), sumP2(f.sumP2), weightSum(f.weightSum) {}

  // The closed form's eleven sums for the frame pair (a, b); summed over a window, they are
  // the window pair's sums.
  using Terms = std::array<double, 11>;
  Terms frameTerms(int a, int b) const {
    return {x.row(a).dot(x.row(b)), z.row(a).dot(z.row(b)), x.row(a).dot(z.row(b)),
            z.row(a).dot(x.row(b)), y.row(a).dot(y.row(b)), sumX[a], sumZ[a], sumX[b], sumZ[b],
            sumP2[a], sumP2[b]};
  }

  static double closedForm(const Terms& s, double W) {
    const auto [sxx, szz, sxz, szx, syy, xi, zi, xj, zj, pi, pj] = s;
    const double A = (sxz - szx) - (xi * zj - xj * zi) / W;
    const double B = (sxx + szz) - (xi * xj + zi * zj) / W;
    const double D = pi + pj - 2.0 * syy - (xi * xi + zi * zi + xj * xj + zj * zj) / W -
                     2.0 * std::sqrt(A * A + B * B);
    return std::max(D, 0.0);
  }

  // Every window pair (i, i + d) whose windows fit in the n frames; returns the sum of D and
  // counts the pairs. The window sums slide: each step adds the newest frame pair's terms and
  // subtracts the oldest's, which a ring of the last `window` frame pairs' terms keeps.
  double diagonal(int d, int window, long& pairs) const {
    const int n = static_cast<int>(x.rows());
    const double W = window * weightSum;
    std::vector<Terms> ring(window);
    Terms sums{};
    double sink = 0.0;
    for (int a = 0; a + d < n; ++a) {
      Terms& slot = ring[a % window];
      if (a >= window) {
        for (size_t t = 0; t < sums.size(); ++t) sums[t] -= slot[t];
      }
      slot = frameTerms(a, a + d);
      for (size_t t = 0; t < sums.size(); ++t) sums[t] += slot[t];
      if (a >= window - 1) {
        sink += closedForm(sums, W);
        ++pairs;
      }
    }
    return sink;
  }
};

void BM_PerPairRunningSums(benchmark::State& state) {
  const PoseFeatures& f = featuresFor(static_cast<int>(state.range(0)));
  const RowMajorFeatures rows(f);
  const int n = f.frameCount(), sampleDiagonals = 512, window = 10;
  long pairs = 0;
  for (auto _ : state) {
    std::atomic<int> next{0};
    std::atomic<long> counted{0};
    auto work = [&] {
      double sink = 0;
      long mine = 0;
      for (int r; (r = next++) < sampleDiagonals;) {
        sink += rows.diagonal(r * (n - window) / sampleDiagonals, window, mine);
      }
      benchmark::DoNotOptimize(sink);
      counted += mine;
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < fatgraph::bench::baselineThreads(); ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
    pairs += counted;
  }
  state.counters["s/pair"] = perPair(double(pairs));
}

}  // namespace

// Best of three runs of each (the machine is shared: the minimum is the least disturbed).
double best(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
#define FATGRAPH_DISTANCE_BENCH(name)                                                   \
  BENCHMARK(name)->Arg(8192)->Arg(32768)->Unit(benchmark::kSecond)->Iterations(1)->Repetitions(3) \
      ->ComputeStatistics("best", best)->DisplayAggregatesOnly(true)->UseRealTime()
FATGRAPH_DISTANCE_BENCH(BM_DistanceMatrix);
FATGRAPH_DISTANCE_BENCH(BM_SyrkOfMatchingShape);
FATGRAPH_DISTANCE_BENCH(BM_GemmOfMatchingShape);
FATGRAPH_DISTANCE_BENCH(BM_PerPairRunningSums);

BENCHMARK_MAIN();
