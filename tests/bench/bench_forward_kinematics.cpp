// Forward kinematics per frame on the 31-joint CMU skeleton (local -> model space, rotations
// and positions), cycling through the real frames of 144_03.
#include <benchmark/benchmark.h>

#include <vector>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"

namespace {
void BM_ForwardKinematics_Cmu31(benchmark::State& state) {
  const fatgraph::BvhImport b =
      fatgraph::importBvh(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
  const int n = b.skeleton.jointCount();
  std::vector<fatgraph::Quat> rotations(n);
  std::vector<fatgraph::Vec3> positions(n);
  int frame = 0;
  const int frames = b.clip.frameCount();
  for (auto _ : state) {
    fatgraph::clipFrameToModel(b.skeleton, b.clip, frame, rotations, positions);
    benchmark::DoNotOptimize(positions.data());
    benchmark::ClobberMemory();
    if (++frame == frames) frame = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["joints"] = n;
}
BENCHMARK(BM_ForwardKinematics_Cmu31)->Unit(benchmark::kNanosecond);
}  // namespace

BENCHMARK_MAIN();
