// The leg layer's per-frame kernels (issue #12): the footprint ground rays (1 m above to 1 m
// below, Johansen listing 7.4), two-bone and three-bone leg IK, and gradient band weights over
// 8 velocity samples. Inputs are precomputed tables cycled through, so each iteration is one
// call on varied data.
#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "fatgraph/runtime/gradient_bands.h"
#include "fatgraph/runtime/leg_ik.h"
#include "fatgraph/runtime/terrain.h"

namespace {

using fatgraph::Float2;
using fatgraph::Float3;
constexpr int kTable = 1024;

// An offset whose coordinates are drawn from u in the order x, y, z.
Float3 randomOffset(std::uniform_real_distribution<float>& u, std::mt19937& rng) {
  Float3 v;
  v.x = u(rng);
  v.y = u(rng);
  v.z = u(rng);
  return v;
}

void raycast(benchmark::State& state, const char* preset, bool oblique) {
  const fatgraph::Heightfield h = *fatgraph::terrainFromSpec(preset);
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(-6.0f, 6.0f), tilt(-0.5f, 0.5f);
  std::vector<Float3> origins(kTable), directions(kTable);
  for (int i = 0; i < kTable; ++i) {
    origins[i].x = u(rng);
    origins[i].z = u(rng);
    origins[i].y = h.height(origins[i].x, origins[i].z) + 1.0f;
    if (oblique) {
      directions[i].x = tilt(rng);
      directions[i].z = tilt(rng);
    }
    directions[i].y = -1.0f;
  }
  int i = 0, hits = 0;
  for (auto _ : state) {
    const fatgraph::TerrainHit hit = h.raycast(origins[i], directions[i], 2.0f);
    benchmark::DoNotOptimize(hit);
    hits += hit.hit;
    i = (i + 1) & (kTable - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hit_rate"] = double(hits) / double(state.iterations());
}
void BM_Raycast_Bumps_Down(benchmark::State& s) { raycast(s, "bumps", false); }
void BM_Raycast_Bumps_Oblique(benchmark::State& s) { raycast(s, "bumps", true); }
void BM_Raycast_Stairs_Down(benchmark::State& s) { raycast(s, "stairs15cm", false); }
void BM_Raycast_Stairs_Oblique(benchmark::State& s) { raycast(s, "stairs15cm", true); }
BENCHMARK(BM_Raycast_Bumps_Down);
BENCHMARK(BM_Raycast_Bumps_Oblique);
BENCHMARK(BM_Raycast_Stairs_Down);
BENCHMARK(BM_Raycast_Stairs_Oblique);

void BM_TwoBoneIk(benchmark::State& state) {
  fatgraph::TwoBoneIkJob job;
  job.hip = {0.1f, 0.95f, 0.0f};
  job.knee = {0.11f, 0.52f, 0.06f};
  job.ankle = {0.1f, 0.1f, -0.02f};
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> u(-0.15f, 0.15f);
  std::vector<Float3> targets(kTable);
  for (Float3& t : targets) t = job.ankle + randomOffset(u, rng);
  fatgraph::TwoBoneIkResult result;
  int i = 0;
  for (auto _ : state) {
    job.target = targets[i];
    job.run(result);
    benchmark::DoNotOptimize(result);
    i = (i + 1) & (kTable - 1);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TwoBoneIk);

void BM_ChainIk_ThreeBones(benchmark::State& state) {
  const std::array<Float3, 4> joints = {Float3{0, 0.6f, 0}, Float3{0.02f, 0.38f, 0.12f},
                                        Float3{-0.01f, 0.15f, -0.05f}, Float3{0, 0.02f, 0.0f}};
  std::array<Float3, 4> scratch, solved;
  std::array<fatgraph::Quaternion, 3> rotations;
  fatgraph::ChainIkJob job{joints, {}, {0, 0, 1}, scratch, rotations, solved};
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-0.1f, 0.1f);
  std::vector<Float3> targets(kTable);
  for (Float3& t : targets) t = joints[3] + randomOffset(u, rng);
  fatgraph::ChainIkReport report;
  long long iterations = 0;
  int i = 0;
  for (auto _ : state) {
    job.target = targets[i];
    job.run(&report);
    benchmark::DoNotOptimize(solved);
    iterations += report.iterations;
    i = (i + 1) & (kTable - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["bisection_steps"] = double(iterations) / double(state.iterations());
}
BENCHMARK(BM_ChainIk_ThreeBones);

// Eight locomotion velocities (m/s, x sideways, y forward): idle, walk and run forward, walk
// back, strafes, and two diagonals.
void gradientBands(benchmark::State& state, bool polar) {
  const std::array<Float2, 8> samples = {Float2{0, 0},  Float2{0, 1.4f}, Float2{0, 3.5f},
                                         Float2{0, -1}, Float2{1.1f, 0}, Float2{-1.1f, 0},
                                         Float2{1, 1},  Float2{-1, 1}};
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> u(-2.0f, 3.0f);
  std::vector<Float2> queries(kTable);
  for (Float2& q : queries) {
    q.x = 0.6f * u(rng);
    q.y = u(rng);
  }
  std::array<float, 8> weights;
  int i = 0;
  for (auto _ : state) {
    if (polar) {
      fatgraph::polarGradientBandWeights(samples, queries[i], weights);
    } else {
      fatgraph::cartesianGradientBandWeights(samples, queries[i], weights);
    }
    benchmark::DoNotOptimize(weights);
    i = (i + 1) & (kTable - 1);
  }
  state.SetItemsProcessed(state.iterations());
}
void BM_GradientBands_Cartesian_8(benchmark::State& s) { gradientBands(s, false); }
void BM_GradientBands_Polar_8(benchmark::State& s) { gradientBands(s, true); }
BENCHMARK(BM_GradientBands_Cartesian_8);
BENCHMARK(BM_GradientBands_Polar_8);

}  // namespace

BENCHMARK_MAIN();
