// The leg layer's extra cost per player update (issue 12: <= 3 us for 2 legs on one core):
// synthetic biped (2 legs), quadruped (4) and hexapod (6) walks as one looping locomotion
// edge whose legs and cycles come from core's analysis (what buildRuntimeGraph runs), played
// with the layer on and, in the same run, off; extra cost = on - off. Flat ground (no
// terrain) and the bumps preset (two heightfield rays per foot and update, more in flight).
// Run from the project root:
//   taskset -c 0 ./build/tests/bench/bench_legs
#include <benchmark/benchmark.h>

#include <optional>
#include <stdexcept>
#include <vector>

#include "fatgraph/core/runtime_skeleton.h"
#include "fatgraph/core/cycle_analysis.h"
#include "fatgraph/core/leg_detection.h"
#include "fatgraph/core/runtime_graph_builder.h"
#include "fatgraph/core/runtime_locomotion.h"
#include "fatgraph/core/synthetic_motion.h"
#include "fatgraph/runtime/player.h"

namespace {

using namespace fatgraph;

// legs: 2, 4 or 6. A whole number of 30 fps frames per cycle; one steady cycle as the edge.
RuntimeGraph legGraph(int legs) {
  SyntheticWalkParams p = legs == 2   ? SyntheticWalkParams{}
                          : legs == 4 ? SyntheticWalkParams::quadrupedDefaults()
                                      : SyntheticWalkParams::hexapodDefaults();
  const int frames = legs == 2 ? 32 : legs == 4 ? 24 : 18;
  p.period = frames / 30.0;
  p.cycles = 4;
  const SyntheticMotion m = legs == 2   ? generateBipedWalk(p)
                            : legs == 4 ? generateQuadrupedWalk(p)
                                        : generateHexapodWalk(p);
  RuntimeGraph graph;
  graph.skeleton = toRuntimeSkeleton(m.skeleton);
  graph.translatedJoints = runtimeTranslatedJoints(m.skeleton);
  graph.fps = 30.0f;
  const LegSetup setup = detectLegs(m.skeleton, &m.clip);
  graph.legs = runtimeLegs(setup);
  RuntimeEdgeSource source{"walk", 0, 0, 0, {{0, frames, 2 * frames, {}}}};
  graph.edges.push_back(buildRuntimeEdge(m.skeleton, {m.clip}, 30.0, source, &setup));
  applyLocomotion(graph, graph.edges[0], {analyzeCycle(m.skeleton, m.clip, frames, 2 * frames, setup)}, true);
  graph.hubs.push_back(RuntimeHub{"hub", {0}, 0});
  graph.startEdge = 0;
  if (const std::string problem = graph.validate(); !problem.empty()) throw std::runtime_error(problem);
  if (!graph.edges[0].locomotion.enabled || static_cast<int>(graph.legs.size()) != legs)
    throw std::runtime_error("bench_legs: the synthetic walk did not give a locomotion edge");
  return graph;
}

// Args: legs, layer on (1) or off (0), terrain (0 none, 1 bumps).
void BM_PlayerUpdateLegs(benchmark::State& state) {
  const int legs = static_cast<int>(state.range(0));
  const RuntimeGraph graph = legGraph(legs);
  PlayerOptions options;
  options.legs.enabled = state.range(1) != 0;
  Player player(graph, options);
  const std::optional<Heightfield> bumps = terrainFromSpec("bumps");
  if (state.range(2) != 0) player.setTerrain(&*bumps);
  for (auto _ : state) {
    player.update(1.0f / 60.0f, 0.0f, 0.0f);
    benchmark::DoNotOptimize(player.modelPositions().data());
    benchmark::ClobberMemory();
    const Float3& at = player.character().position;
    if (at.x * at.x + at.z * at.z > 7.0f * 7.0f) {  // stay on the bumps grid (+-8 m)
      state.PauseTiming();
      player.reset();
      state.ResumeTiming();
    }
  }
  state.counters["legs"] = legs;
  state.counters["joints"] = graph.jointCount();
  state.counters["warnings"] = player.legLayer().warnings().unreachable + player.legLayer().warnings().noGround;
}
BENCHMARK(BM_PlayerUpdateLegs)
    ->ArgNames({"legs", "on", "bumps"})
    ->ArgsProduct({{2, 4, 6}, {0, 1}, {0}})
    ->Args({2, 1, 1})
    ->Args({4, 1, 1})
    ->Args({6, 1, 1})
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
