// BVH parse throughput on the 3.4 MB figure-8 walk (4479 frames, 31 joints, CRLF).
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"

namespace {
std::string readSample() {
  std::ifstream f(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh", std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

void BM_ParseBvh_144_03(benchmark::State& state) {
  const std::string text = readSample();
  for (auto _ : state) {
    fatgraph::BvhImport b = fatgraph::parseBvh(text, "144_03.bvh");
    benchmark::DoNotOptimize(b.clip.rotations.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
  state.counters["frames/s"] = benchmark::Counter(4479.0 * state.iterations(), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ParseBvh_144_03)->Unit(benchmark::kMillisecond);

void BM_WriteBvh_144_03(benchmark::State& state) {
  const fatgraph::BvhImport b = fatgraph::parseBvh(readSample(), "144_03.bvh");
  size_t bytes = 0;
  for (auto _ : state) {
    std::string out = fatgraph::writeBvh(b.skeleton, b.clip);
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_WriteBvh_144_03)->Unit(benchmark::kMillisecond);
}  // namespace

BENCHMARK_MAIN();
