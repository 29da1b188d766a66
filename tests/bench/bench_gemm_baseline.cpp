// The baselines of the distance-matrix target (docs/DESIGN.md "Performance targets"), timed
// alone for scripts/bench-distance-path: Eigen's single-precision SYRK (the lower triangle of
// A A^T, what the scan's symmetric half would cost with nothing else to do) and GEMM (the
// whole square, A B^T) of A N x K (K = 5J = 155 for the 31-joint CMU skeleton), 4096-square
// tiles over all hardware threads (gemm_baselines.h). Same compiler flags as the project.
// The two alternate within each repeat, so that both see the same machine load.
//
// Usage: bench_gemm_baseline [N=8192] [K=155] [repeats=3]   (options starting with "--", such
// as the Google Benchmark flags scripts/bench passes to every program, are ignored)
// Prints one JSON object: the best wall time of `repeats` runs of each and the GFLOP/s they
// mean (SYRK's counted as the half it computes: N (N + 1) K flops).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "gemm_baselines.h"

namespace {

double seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <typename Call>
double timed(Call call, float& sink) {
  const double t0 = seconds();
  sink += call();
  return seconds() - t0;
}

}  // namespace

int main(int argc, char** argv) {
  using fatgraph::bench::RowMatrixF;
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
  // Values in the range of centred joint coordinates (metres); the time does not depend on them.
  const RowMatrixF a = RowMatrixF::Random(n, k), b = RowMatrixF::Random(n, k);
  double bestGemm = 1e300, bestSyrk = 1e300;
  float sink = 0.0f;
  for (int r = 0; r < repeats; ++r) {
    bestSyrk = std::min(bestSyrk, timed([&] { return fatgraph::bench::syrkLowerTriangle(a); }, sink));
    bestGemm = std::min(bestGemm, timed([&] { return fatgraph::bench::gemmSquare(a, b); }, sink));
  }
  if (sink == 12345.678f) std::printf("#");  // keeps the products observable
  const double gemmFlops = 2.0 * double(n) * double(n) * k, syrkFlops = double(n) * (n + 1.0) * k;
  std::printf("{\"n\": %d, \"k\": %d, \"threads\": %d, \"tile\": %d, \"repeats\": %d, "
              "\"syrk_s\": %.4f, \"syrk_gflops\": %.1f, \"gemm_s\": %.4f, \"gemm_gflops\": %.1f}\n",
              n, k, fatgraph::bench::baselineThreads(), fatgraph::bench::kBaselineTile, repeats,
              bestSyrk, syrkFlops / bestSyrk / 1e9, bestGemm, gemmFlops / bestGemm / 1e9);
  return 0;
}
