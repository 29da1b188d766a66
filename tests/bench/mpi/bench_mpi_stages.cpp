// The build's heavy stages over MPI ranks (issue 15), Google Benchmark under mpirun:
//   mpirun -np 2 tests/bench/bench_mpi_stages [--repeat=14] [--threads=1] [benchmark flags]
// Every rank imports the 12 clips of data/cmu-leonardo-ono-roll `repeat` times over (14: one
// hour at 30 fps) and builds the graph once on the ranks, for its segments. Each benchmark then
// times one stage with the work on rank 0 alone (/ranks:1, the baseline: the other ranks wait
// asleep) and spread over every rank (/ranks:all), in the same run, between barriers, so the
// time is the slowest rank's. Fixed iterations keep every rank in step. Rank 0 prints the
// results, the cost per tile and per segment pair, and the speed-ups; docs/SCALING.md models
// larger runs with these figures.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "fatgraph/core/internal/distance_tiles.h"
#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/hub_suggestions.h"
#include "fatgraph/core/graph/segment_distances.h"
#include "fatgraph/mpi/rank_spread.h"

using namespace fatgraph;

namespace {

struct Setup {
  mpi::Ranks* ranks = nullptr;
  mpi::RankSpread* spread = nullptr;
  Project project;
  std::unique_ptr<PoseFeatures> features;
  std::string fingerprint;
  int threads = 1;
  std::map<std::string, double> seconds;  // mean per "stage/1" or "stage/all", for the speed-ups
};
Setup g;

// Times `work` on every rank (it runs alone on rank 0 when `alone`), barrier to barrier.
template <typename Work>
void timeStage(benchmark::State& state, const std::string& stage, const Work& work) {
  const bool alone = state.range(0) == 1;
  double total = 0;
  for (auto _ : state) {
    g.ranks->barrier();
    const auto start = std::chrono::steady_clock::now();
    if (!alone || g.ranks->rank() == 0) work(alone ? nullptr : g.spread);
    g.ranks->barrier();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    state.SetIterationTime(s);
    total += s;
  }
  g.seconds[stage + (alone ? "/1" : "/all")] = total / static_cast<double>(state.iterations());
}

void scan(benchmark::State& state) {
  DistanceMatrixSettings settings;
  settings.threads = g.threads;
  timeStage(state, "scan", [&](WorkSpread* spread) {
    if (spread) {
      spread->scanDistances(*g.features, settings, g.fingerprint, {});
    } else {
      benchmark::DoNotOptimize(scanDistanceMatrix(*g.features, settings));
    }
  });
  const double tiles = double(detail::scanTiles(g.features->frameCount(), settings).size());
  state.counters["tiles"] = tiles;
  state.counters["frame_pairs"] = 0.5 * double(g.features->frameCount()) * g.features->frameCount();
}

void hubRows(benchmark::State& state) {
  HubPlanRequest request;
  request.maxHubs = static_cast<int>(g.project.graph.hubs.size());
  request.threads = g.threads;
  timeStage(state, "hubRows", [&](WorkSpread* spread) {
    request.spread = spread;
    benchmark::DoNotOptimize(planHubs(*g.features, g.project.distances.scan, g.project.graph.hubThreshold.rms, request));
  });
}

void segmentPairs(benchmark::State& state) {
  const std::vector<Segment>& segments = g.project.graph.segments;
  timeStage(state, "segmentPairs", [&](WorkSpread* spread) {
    benchmark::DoNotOptimize(computeSegmentDistances(*g.features, segments, {}, g.threads, spread));
  });
  double pairs = 0;
  for (size_t i = 0; i < segments.size(); ++i) {
    for (size_t j = i + 1; j < segments.size(); ++j) pairs += segmentsComparable(segments[i], segments[j]);
  }
  state.counters["segment_pairs"] = pairs;
}

void stages(benchmark::internal::Benchmark* b) {
  b->ArgName("ranks")->Arg(1)->Arg(0)->Iterations(2)->UseManualTime()->Unit(benchmark::kSecond);
}
BENCHMARK(scan)->Apply(stages);
BENCHMARK(hubRows)->Apply(stages);
BENCHMARK(segmentPairs)->Apply(stages);

// Ranks > 0 run the same benchmarks in step and print nothing.
class Silent : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

int intFlag(int& argc, char** argv, const char* name, int fallback) {
  int value = fallback;
  const size_t length = std::strlen(name);
  for (int a = 1; a < argc; ++a) {
    if (std::strncmp(argv[a], name, length) == 0 && argv[a][length] == '=') {
      value = std::atoi(argv[a] + length + 1);
      std::copy(argv + a + 1, argv + argc, argv + a);
      --argc;
      break;
    }
  }
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeat = intFlag(argc, argv, "--repeat", 14);
  g.threads = intFlag(argc, argv, "--threads", 1);
  mpi::Ranks ranks;
  mpi::RankSpread spread(ranks);
  g.ranks = &ranks;
  g.spread = &spread;
  std::vector<std::string> clips;
  for (const auto& e : std::filesystem::directory_iterator(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll")) {
    if (e.path().extension() == ".bvh") clips.push_back(e.path().string());
  }
  std::sort(clips.begin(), clips.end());
  std::vector<std::string> paths;
  for (int r = 0; r < repeat; ++r) paths.insert(paths.end(), clips.begin(), clips.end());
  g.project = importClipSet(paths, {}).project;
  g.features = std::make_unique<PoseFeatures>(g.project.skeleton, g.project.clips, g.project.settings.jointWeights);
  g.fingerprint = g.project.distanceFingerprint();
  BuildOptions options;
  options.threads = g.threads;
  options.spread = ranks.distributed() ? &spread : nullptr;
  buildMotionGraph(g.project, options);

  benchmark::Initialize(&argc, argv);
  if (ranks.rank() == 0) {
    std::printf("%d frames, %zu segments, %d ranks x %d threads\n", g.features->frameCount(),
                g.project.graph.segments.size(), ranks.size(), g.threads);
    benchmark::RunSpecifiedBenchmarks();
  } else {
    Silent silent;
    benchmark::RunSpecifiedBenchmarks(&silent);
  }
  if (ranks.rank() != 0) return 0;
  for (const char* stage : {"scan", "hubRows", "segmentPairs"}) {
    const std::string one = std::string(stage) + "/1", all = std::string(stage) + "/all";
    if (g.seconds.count(one) && g.seconds.count(all)) {
      std::printf("%s: %d ranks %.2fx the speed of rank 0 alone\n", stage, ranks.size(), g.seconds[one] / g.seconds[all]);
    }
  }
  return 0;
}
