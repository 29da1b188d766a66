// The leg layer's extra cost per player update (issue 12: <= 3 us for 2 legs on one core):
// synthetic biped (2 legs), quadruped (4) and hexapod (6) walks as one looping locomotion
// edge whose legs and cycles come from core's analysis (what buildRuntimeGraph runs), played
// with the layer on and, in the same run, off; extra cost = on - off. Flat ground (no
// terrain) and the bumps preset (two heightfield rays per foot and update, more in flight).
// Run from the project root:
//   taskset -c 0 ./build/tests/bench/bench_legs
#include <benchmark/benchmark.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/core/locomotion/runtime_locomotion.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/runtime/creature_gait.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime/velocity_space.h"

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

// Back to the start (untimed) before the character walks off the bumps grid (+-8 m).
void keepOnTheBumps(benchmark::State& state, Player& player) {
  const Float3& at = player.character().position;
  if (at.x * at.x + at.z * at.z > 7.0f * 7.0f) {
    state.PauseTiming();
    player.reset();
    state.ResumeTiming();
  }
}

// Args: legs, layer on (1) or off (0), terrain (0 none, 1 bumps), the body over the legs (1:
// the defaults; 0: no body tilt, no foot-roll blend in flight, no body-height spring, so the
// pair measures what those parts cost in one sitting).
void BM_PlayerUpdateLegs(benchmark::State& state) {
  const int legs = static_cast<int>(state.range(0));
  const RuntimeGraph graph = legGraph(legs);
  PlayerOptions options;
  options.legs.enabled = state.range(1) != 0;
  if (state.range(3) == 0) {
    options.legs.bodyTilt = 0.0f;
    options.legs.flightAlignment = false;
    options.legs.bodyHeightSeconds = 0.0f;
  }
  Player player(graph, options);
  const std::optional<Heightfield> bumps = terrainFromSpec("bumps");
  if (state.range(2) != 0) player.setTerrain(&*bumps);
  for (auto _ : state) {
    player.update(1.0f / 60.0f, 0.0f, 0.0f);
    benchmark::DoNotOptimize(player.modelPositions().data());
    benchmark::ClobberMemory();
    keepOnTheBumps(state, player);
  }
  state.counters["legs"] = legs;
  state.counters["joints"] = graph.jointCount();
  state.counters["warnings"] = player.legLayer().warnings().unreachable + player.legLayer().warnings().noGround;
}
BENCHMARK(BM_PlayerUpdateLegs)
    ->ArgNames({"legs", "on", "bumps", "body"})
    ->ArgsProduct({{2, 4, 6}, {0, 1}, {0}, {1}})
    ->ArgsProduct({{2, 4, 6}, {1}, {1}, {1}})
    ->ArgsProduct({{2, 4, 6}, {1}, {0, 1}, {0}})
    ->Unit(benchmark::kMicrosecond);

// A generated creature's procedural gait (#27 item 8: at most 3 us for six legs): one update
// at its base speed, turning gently, on bumps. Args: leg pairs (seed 7, the bug for 3).
void BM_CreatureGaitUpdate(benchmark::State& state) {
  const int pairs = static_cast<int>(state.range(0));
  const Creature creature = generateCreature({CreatureType::Walk, 7, pairs});
  CreatureGait gait(gaitRigOf(creature));
  const std::optional<Heightfield> bumps = terrainFromSpec("bumps");
  gait.reset({0, 0, 0}, 0, &*bumps);
  const Float3 velocity{0, 0, static_cast<float>(creature.baseSpeed)};
  int frame = 0;
  for (auto _ : state) {
    gait.update(1.0f / 60.0f, velocity, 0.3f, &*bumps);
    benchmark::DoNotOptimize(gait.positions().data());
    benchmark::ClobberMemory();
    if (++frame == 60 * 20) {  // back to the middle of the bumps now and then, untimed
      state.PauseTiming();
      gait.reset({0, 0, 0}, 0, &*bumps);
      frame = 0;
      state.ResumeTiming();
    }
  }
  state.counters["legs"] = creature.legCount();
  state.counters["joints"] = creature.skeleton.jointCount();
}
BENCHMARK(BM_CreatureGaitUpdate)->ArgName("pairs")->DenseRange(1, 4)->Unit(benchmark::kMicrosecond);

// The same creature as a game plays it: its .fgraph form (creatureRuntimeGraph) in a Player,
// full stick forward and a little right on bumps, so the figure includes the stick, the events
// and the local pose a game skins from (what the gait alone leaves out).
void BM_PlayerUpdateCreature(benchmark::State& state) {
  const int pairs = static_cast<int>(state.range(0));
  const RuntimeGraph graph = creatureRuntimeGraph(generateCreature({CreatureType::Walk, 7, pairs}));
  const std::optional<Heightfield> bumps = terrainFromSpec("bumps");
  Player player(graph);
  player.setTerrain(&*bumps);
  player.reset();
  int frame = 0;
  for (auto _ : state) {
    player.update(1.0f / 60.0f, 0.2f, 1.0f);
    benchmark::DoNotOptimize(player.localRotations().data());
    benchmark::ClobberMemory();
    if (++frame == 60 * 20) {  // back to the middle of the bumps now and then, untimed
      state.PauseTiming();
      player.reset();
      frame = 0;
      state.ResumeTiming();
    }
  }
  state.counters["legs"] = static_cast<double>(graph.legs.size());
  state.counters["joints"] = graph.jointCount();
}
BENCHMARK(BM_PlayerUpdateCreature)->ArgName("pairs")->DenseRange(1, 4)->Unit(benchmark::kMicrosecond);

// A biped edge of two walks (1.0 and 1.4 m strides per 32-frame cycle) on a 32 x 32 weight
// grid whose x blends them (the size of a real parameterized edge's lattice), legs on, over
// bumps.
RuntimeGraph twoSpeedGraph() {
  constexpr int frames = 32;
  std::vector<SyntheticMotion> walks;
  for (double stride : {1.0, 1.4}) {
    SyntheticWalkParams p;
    p.period = frames / 30.0;
    p.cycles = 4;
    p.strideLength = stride;
    walks.push_back(generateBipedWalk(p));
  }
  const Skeleton& skeleton = walks[0].skeleton;
  RuntimeGraph graph;
  graph.skeleton = toRuntimeSkeleton(skeleton);
  graph.translatedJoints = runtimeTranslatedJoints(skeleton);
  graph.fps = 30.0f;
  const LegSetup setup = detectLegs(skeleton, &walks[0].clip);
  graph.legs = runtimeLegs(setup);
  RuntimeEdgeSource source{"walk", 0, 0, 0, {{0, frames, 2 * frames, {}}, {1, frames, 2 * frames, {}}}};
  graph.edges.push_back(buildRuntimeEdge(skeleton, {walks[0].clip, walks[1].clip}, 30.0, source, &setup));
  applyLocomotion(graph, graph.edges[0],
                  {analyzeCycle(skeleton, walks[0].clip, frames, 2 * frames, setup),
                   analyzeCycle(skeleton, walks[1].clip, frames, 2 * frames, setup)},
                  true);
  RuntimeParameterSpace& p = graph.edges[0].parameters;
  constexpr int G = 32;
  p.dimension = 2;
  p.origin[1] = 0.9f;  // a plane of the hips' height, facing forward: aim targets move on it
  p.xAxis[0] = 1.0f;
  p.yAxis[2] = 1.0f;
  p.gridResolution = G;
  p.gridMin[0] = p.gridMin[1] = -1.0f;
  p.gridMax[0] = p.gridMax[1] = 1.0f;
  for (int iy = 0; iy < G; ++iy)
    for (int ix = 0; ix < G; ++ix) {
      const float u = float(ix) / (G - 1);
      p.gridWeights.push_back(1.0f - u);
      p.gridWeights.push_back(u);
    }
  graph.hubs.push_back(RuntimeHub{"hub", {0}, 0});
  graph.startEdge = 0;
  if (const std::string problem = graph.validate(); !problem.empty()) throw std::runtime_error(problem);
  return graph;
}

// The update with a desired velocity (Player::setDesiredVelocity), legs on, over bumps.
// Arg: 0 the stick alone (the baseline), 1 one request held, 2 a request that drifts a little
// every update (an AI tracking a target: warm-started matches), 3 a request that jumps every
// update (a full lattice scan each time: the worst case), 4 mode 2 with an aim that moves
// every update (Player::aim) and the events read: the full update of issue 26's target.
void BM_PlayerUpdateVelocity(benchmark::State& state) {
  const RuntimeGraph graph = twoSpeedGraph();
  Player player(graph);
  player.prepareVelocityControl();
  const std::optional<Heightfield> bumps = terrainFromSpec("bumps");
  player.setTerrain(&*bumps);
  const int mode = static_cast<int>(state.range(0));
  int frame = 0;
  for (auto _ : state) {
    ++frame;
    if (mode == 1) player.setDesiredVelocity({0.0f, 1.2f}, 0.0f);
    if (mode == 2) player.setDesiredVelocity({0.0f, 1.2f + 0.1f * std::sin(0.01f * frame)}, 0.05f * std::cos(0.01f * frame));
    if (mode == 3) player.setDesiredVelocity({0.0f, frame % 2 ? 1.0f : 1.4f}, 0.0f);
    if (mode == 4) {
      player.setDesiredVelocity({0.0f, 1.2f + 0.1f * std::sin(0.01f * frame)}, 0.05f * std::cos(0.01f * frame));
      player.aim({0.8f * std::sin(0.02f * frame), 0.9f, 0.2f});
    }
    player.update(1.0f / 60.0f, 0.0f, 0.0f);
    benchmark::DoNotOptimize(player.modelPositions().data());
    benchmark::DoNotOptimize(player.events().size());
    benchmark::ClobberMemory();
    keepOnTheBumps(state, player);
  }
  state.counters["cycle_rate"] = player.velocityControl().cycleRate;
}
BENCHMARK(BM_PlayerUpdateVelocity)->ArgName("mode")->DenseRange(0, 4)->Unit(benchmark::kMicrosecond);

// Measuring the velocity spaces (the first request's cost): the two-walk edge's 32 x 32
// lattice, each point one play of the edge.
void BM_VelocitySpaceBuild(benchmark::State& state) {
  const RuntimeGraph graph = twoSpeedGraph();
  for (auto _ : state) {
    VelocitySpace space(graph);
    benchmark::DoNotOptimize(&space);
  }
}
BENCHMARK(BM_VelocitySpaceBuild)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
