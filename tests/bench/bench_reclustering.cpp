// The edge threshold as a live control (fat_edge_preview.h, graph_edits.h): previewing a
// re-clustering, and the set_edge_threshold edit itself when every edge comes back with its
// members (no features, no DTW) and when edges change (warps of the changed edges computed),
// on the 12 sample clips of data/cmu-leonardo-ono-roll cut by enough hubs for a few hundred
// segments. Unparameterized: re-parameterizing changed edges is the edit's other cost.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_edge_preview.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"

namespace {

using namespace fatgraph;

// Built once: hubs until the graph has at least 200 hub-to-hub segments.
const Project& twelveClipProject() {
  static const Project project = [] {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll"))
      if (e.path().extension() == ".bvh") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    Project p = importClipSet(files, {}).project;
    for (int hubs = 4;; hubs += 2) {
      BuildOptions options;
      options.hubCount = hubs;
      buildMotionGraph(p, options);
      if (p.graph.segments.size() >= 200 || hubs >= 24) break;
    }
    return p;
  }();
  return project;
}

std::string thresholdEdit(double metres) {
  return "{\"op\": \"set_edge_threshold\", \"metres\": " + std::to_string(metres) + "}";
}

void counters(benchmark::State& state, const Project& p) {
  state.counters["segments"] = static_cast<double>(p.graph.segments.size());
  state.counters["edges"] = static_cast<double>(p.graph.fatEdges.size());
}

// A slider drag: thresholds from 0.5x to 2x the built one.
void BM_PreviewFatEdges(benchmark::State& state) {
  const Project& p = twelveClipProject();
  const double base = p.graph.edgeThreshold.rms;
  int step = 0;
  for (auto _ : state) {
    const double metres = base * (0.5 + 1.5 * (step++ % 16) / 15.0);
    const ClusterPreview preview = previewFatEdges(p, metres, p.settings.linkage);
    benchmark::DoNotOptimize(preview.edges.data());
  }
  counters(state, p);
}

// The edit at a threshold whose clustering keeps every edge (1.001x): clustering, history
// replay and name carry-over only.
void BM_SetEdgeThreshold_EdgesKept(benchmark::State& state) {
  const Project& base = twelveClipProject();
  for (auto _ : state) {
    state.PauseTiming();
    Project p = base;
    state.ResumeTiming();
    applyGraphEdit(p, thresholdEdit(base.graph.edgeThreshold.rms * 1.001));
    benchmark::DoNotOptimize(p.graph.fatEdges.data());
  }
  counters(state, base);
}

// The edit at a threshold that changes edges (the argument in percent of the built one): the
// changed edges' warps need the features and DTW.
void BM_SetEdgeThreshold_EdgesChanged(benchmark::State& state) {
  const Project& base = twelveClipProject();
  const double metres = base.graph.edgeThreshold.rms * static_cast<double>(state.range(0)) / 100.0;
  for (auto _ : state) {
    state.PauseTiming();
    Project p = base;
    state.ResumeTiming();
    applyGraphEdit(p, thresholdEdit(metres));
    benchmark::DoNotOptimize(p.graph.fatEdges.data());
  }
  counters(state, base);
  state.counters["edges_after"] = static_cast<double>(previewFatEdges(base, metres, base.settings.linkage).edgeCount());
}

// What every edit used to pay before computing features became lazy: the clips' features.
void BM_ProjectFeatures(benchmark::State& state) {
  const Project& p = twelveClipProject();
  for (auto _ : state) {
    const PoseFeatures f(p.skeleton, p.clips, p.settings.jointWeights);
    benchmark::DoNotOptimize(f.x.data());
  }
  counters(state, p);
}

BENCHMARK(BM_ProjectFeatures)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PreviewFatEdges)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SetEdgeThreshold_EdgesKept)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SetEdgeThreshold_EdgesChanged)->Arg(70)->Arg(150)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
