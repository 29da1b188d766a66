// One character update of the runtime player (Fat Graph §5): N real 144_03 segments blended
// with eq. 2 time warping, root motion and FK to model space for all 31 joints -- the workload
// DESIGN.md's performance target names, timed beside ozz-animation 0.16 on the same segments
// (the ozz comparison in docs/PERFORMANCE.md). Run from the project root:
//   taskset -c 0 ./build/tests/bench/bench_player
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/runtime/player.h"

namespace {

using namespace fatgraph;

// The segments of the runtime issue: 36 frames at 30 fps from these 30 fps frames.
constexpr int kSegmentStarts[] = {100, 400, 700, 1000, 150, 450, 750, 1050};
constexpr int kSegmentFrames = 36;

std::string walkPath() {
  const std::string relative = "data/cmu-leonardo-ono-roll/144_03.bvh";
  if (std::filesystem::exists(relative)) return relative;
  return std::string(FATGRAPH_DATA_DIR) + "/cmu-leonardo-ono-roll/144_03.bvh";
}

struct Walk {
  Skeleton skeleton;
  std::vector<Clip> clips;
};

const Walk& walk() {
  static const Walk w = [] {
    BvhImportOptions options;
    options.resampleFps = 30;  // every 4th frame of the 120 fps file
    BvhImport b = importBvh(walkPath(), options);
    return Walk{std::move(b.skeleton), {std::move(b.clip)}};
  }();
  return w;
}

// One edge of N segments whose hub loops to itself (the player restarts it when it ends);
// every grid vertex holds the weights N..1 normalized, so any stick plays that blend.
RuntimeGraph blendGraph(int segments) {
  const Walk& w = walk();
  RuntimeEdgeSource source{"blend", 0, 0, 0, {}};
  for (int i = 0; i < segments; ++i)
    source.segments.push_back({0, kSegmentStarts[i], kSegmentStarts[i] + kSegmentFrames - 1, {}});
  RuntimeGraph graph;
  graph.skeleton = toRuntimeSkeleton(w.skeleton);
  graph.translatedJoints = runtimeTranslatedJoints(w.skeleton);
  graph.fps = 30.0f;
  graph.edges.push_back(buildRuntimeEdge(w.skeleton, w.clips, 30.0, source));
  graph.hubs.push_back(RuntimeHub{"hub", {0}, 0});
  graph.startEdge = 0;
  RuntimeParameterSpace& p = graph.edges[0].parameters;
  p.gridResolution = 2;
  p.gridMax[0] = p.gridMax[1] = 1.0f;
  const float total = segments * (segments + 1) / 2.0f;
  for (int vertex = 0; vertex < 4; ++vertex)
    for (int i = 0; i < segments; ++i) p.gridWeights.push_back((segments - i) / total);
  if (const std::string problem = graph.validate(); !problem.empty()) throw std::runtime_error(problem);
  return graph;
}

void BM_PlayerUpdate_144_03(benchmark::State& state) {
  const RuntimeGraph graph = blendGraph(static_cast<int>(state.range(0)));
  Player player(graph);
  for (auto _ : state) {
    player.update(1.0f / 60.0f, 0.0f, 0.0f);
    benchmark::DoNotOptimize(player.modelPositions().data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["joints"] = graph.jointCount();
  state.counters["transitions"] = player.transitionCount();
}
BENCHMARK(BM_PlayerUpdate_144_03)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Unit(benchmark::kMicrosecond);

// A crowd: 1,000 characters blending 4 segments, each at its own phase, split evenly over
// the hardware threads (the calling thread takes the first share). A fixed split keeps each
// character's buffers in one core's cache.
void BM_PlayerUpdate_1000_characters(benchmark::State& state) {
  constexpr int kCharacters = 1000;
  const RuntimeGraph graph = blendGraph(4);
  std::vector<std::unique_ptr<Player>> players;
  for (int c = 0; c < kCharacters; ++c) {
    players.push_back(std::make_unique<Player>(graph));
    players.back()->update(0.001f * (c % 997), 0.0f, 0.0f);
  }
  const int threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const auto updateRange = [&](int begin, int end) {
    for (int c = begin; c < end; ++c) players[c]->update(1.0f / 60.0f, 0.0f, 0.0f);
  };
  std::vector<std::thread> workers;
  for (auto _ : state) {
    workers.clear();
    for (int t = 1; t < threads; ++t)
      workers.emplace_back(updateRange, t * kCharacters / threads, (t + 1) * kCharacters / threads);
    updateRange(0, kCharacters / threads);
    for (std::thread& w : workers) w.join();
    benchmark::ClobberMemory();
  }
  state.counters["threads"] = threads;
  state.counters["characters/s"] =
      benchmark::Counter(static_cast<double>(kCharacters) * state.iterations(), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PlayerUpdate_1000_characters)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
