// Ranking hub suggestions for review (hub_ranking.h) after an edit, as the editor does on the
// GUI thread: the sample figure-8 walk (144_03.bvh, 4479 frames at 120 fps) built with one hub
// at the default working rate (30 fps, 1120 frames) and at its own rate (120 fps, all 4479
// frames, window 40 = the same third of a second).
#include <benchmark/benchmark.h>

#include <string>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/hub_ranking.h"
#include "fatgraph/core/graph/pose_features.h"

namespace {

using namespace fatgraph;

Project walkAt(double fps, int window) {
  ClipSetOptions options;
  options.fps = fps;
  Project p = importClipSet({FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"}, options).project;
  p.settings.window = window;
  BuildOptions one;
  one.hubCount = 1;
  buildMotionGraph(p, one);
  return p;
}

const Project& walk(int fps) {
  static const Project at30 = walkAt(30.0, 10);
  static const Project at120 = walkAt(120.0, 40);
  return fps == 30 ? at30 : at120;
}

// Arguments: working rate, suggestions ranked.
void BM_RankHubSuggestions(benchmark::State& state) {
  const Project& p = walk(static_cast<int>(state.range(0)));
  const int count = static_cast<int>(state.range(1));
  for (auto _ : state) {
    const auto ranked = rankHubSuggestions(p, count);
    benchmark::DoNotOptimize(ranked.data());
  }
  state.counters["frames"] = 0;
  for (const Clip& c : p.clips) state.counters["frames"] += c.frameCount();
}

// Its parts that do not depend on the hubs: the features and the cache's fingerprint check.
void BM_FeaturesAndFingerprint(benchmark::State& state) {
  const Project& p = walk(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    const PoseFeatures f(p.skeleton, p.clips, p.settings.jointWeights);
    benchmark::DoNotOptimize(f.x.data());
    benchmark::DoNotOptimize(p.distanceFingerprint());
  }
}

BENCHMARK(BM_FeaturesAndFingerprint)->Arg(30)->Arg(120)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RankHubSuggestions)->Args({30, 1})->Args({30, 5})->Args({120, 1})->Args({120, 5})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
