// Saving and loading a project with one long clip (HDF5 .fgproj): 100,000 frames x 31 joints
// of rotations and translations (~170 MB raw), as test_project_store's largeClip round trip
// does without timing it.
#include <benchmark/benchmark.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "fatgraph/core/project_store.h"

namespace {

fatgraph::Project longClipProject(int frames) {
  using namespace fatgraph;
  Project project;
  Skeleton& s = project.skeleton;
  for (int j = 0; j < 31; ++j) {
    s.addJoint("joint" + std::to_string(j), j == 0 ? -1 : (j - 1) / 2, {0.0, 0.1, 0.01 * j},
               j == 0);
  }
  Clip clip;
  clip.name = "long";
  clip.fps = 120.0;
  clip.jointCount = 31;
  clip.rotations.reserve(size_t(frames) * 31);
  clip.translations.reserve(size_t(frames) * 31);
  for (int f = 0; f < frames; ++f) {
    for (int j = 0; j < 31; ++j) {
      const double a = 0.01 * f + 0.3 * j;
      clip.rotations.push_back(
          Quat(Eigen::AngleAxisd(std::sin(a), Vec3(std::cos(j), 1.0, 0.5).normalized())));
      clip.translations.push_back(j == 0 ? Vec3(0.001 * f, 0.9 + 0.02 * std::sin(a), 0.0)
                                         : s.restOffsets[j]);
    }
  }
  project.clips.push_back(std::move(clip));
  return project;
}

std::string benchPath() {
  return (std::filesystem::temp_directory_path() / "fatgraph_bench_project_store.fgproj").string();
}

void BM_SaveProject_LongClip(benchmark::State& state) {
  const fatgraph::Project project = longClipProject(static_cast<int>(state.range(0)));
  const std::string path = benchPath();
  for (auto _ : state) fatgraph::saveProject(project, path);
  state.counters["file_MB"] = double(std::filesystem::file_size(path)) / 1e6;
  std::filesystem::remove(path);
}

void BM_LoadProject_LongClip(benchmark::State& state) {
  const std::string path = benchPath();
  fatgraph::saveProject(longClipProject(static_cast<int>(state.range(0))), path);
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
