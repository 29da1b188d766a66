// Saving and loading a project with one long clip (HDF5 .fgproj): 100,000 frames x 31 joints
// of rotations and translations (~170 MB raw), as test_project_store's largeClip round trip
// does without timing it.
#include <benchmark/benchmark.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "../core/long_clip_project.h"
#include "fatgraph/core/io/project_store.h"

namespace {

std::string benchPath() {
  return (std::filesystem::temp_directory_path() / "fatgraph_bench_project_store.fgproj").string();
}

void BM_SaveProject_LongClip(benchmark::State& state) {
  const fatgraph::Project project = fatgraph::test::longClipProject(static_cast<int>(state.range(0)));
  const std::string path = benchPath();
  for (auto _ : state) fatgraph::saveProject(project, path);
  state.counters["file_MB"] = double(std::filesystem::file_size(path)) / 1e6;
  std::filesystem::remove(path);
}

void BM_LoadProject_LongClip(benchmark::State& state) {
  const std::string path = benchPath();
  fatgraph::saveProject(fatgraph::test::longClipProject(static_cast<int>(state.range(0))), path);
  for (auto _ : state) {
    const fatgraph::Project loaded = fatgraph::loadProject(path);
    benchmark::DoNotOptimize(loaded.clips.data());
  }
  std::filesystem::remove(path);
}

BENCHMARK(BM_SaveProject_LongClip)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadProject_LongClip)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
