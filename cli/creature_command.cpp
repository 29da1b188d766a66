// fatgraph creature --type walk|fly|swim [--legs N] [--seed S] -o CREATURE.fgraph: a creature
// generated without mocap (creature_generation.h) written as a procedural runtime graph that
// `fatgraph play`, the editor and a game's Player play like any graph; --obj writes its body.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "command_line.h"
#include "command_options.h"
#include "commands.h"
#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/io/atomic_file.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "option_checks.h"

namespace fatgraph::cli {

namespace {

// The bind-pose body as one OBJ object with per-vertex normals.
std::string creatureObj(const Creature& c) {
  const SkinnedMesh& m = c.mesh;
  std::string out = "# fatgraph creature " + std::string(creatureTypeName(c.type)) + " seed " + std::to_string(c.seed) +
                    ": " + std::to_string(m.vertexCount()) + " vertices, " + std::to_string(m.triangleCount()) +
                    " triangles, metres, Y up, facing +Z\no creature\n";
  char line[128];
  for (const Float3& p : m.positions) {
    std::snprintf(line, sizeof line, "v %.6f %.6f %.6f\n", p.x, p.y, p.z);
    out += line;
  }
  for (const Float3& n : m.normals) {
    std::snprintf(line, sizeof line, "vn %.6f %.6f %.6f\n", n.x, n.y, n.z);
    out += line;
  }
  for (std::size_t t = 0; t + 2 < m.triangles.size(); t += 3) {
    out += "f";
    for (int k = 0; k < 3; ++k) {
      const std::string i = std::to_string(m.triangles[t + k] + 1);
      out += " " + i + "//" + i;
    }
    out += "\n";
  }
  return out;
}

// What `fatgraph creature` is asked.
struct CreatureRequest {
  CreatureOptions creature;  // --type, --legs, --seed
  std::string output;
  std::string obj;  // BODY.obj; none when empty
  bool json = false;
};

void printCreatureJson(const CreatureRequest& r, const Creature& creature, const RuntimeGraph& graph,
                       double milliseconds, const ExportSummary& summary) {
  std::map<std::string, int> limbs;
  for (const CreatureLimb& l : creature.limbs) ++limbs[limbKindName(l.kind)];
  nlohmann::json j = {{"output", r.output},
                      {"type", creatureTypeName(creature.type)},
                      {"seed", creature.seed},
                      {"legs", creature.legCount()},
                      {"leg_names", nlohmann::json::array()},
                      {"limbs", limbs},
                      {"joints", creature.skeleton.jointCount()},
                      {"vertices", creature.mesh.vertexCount()},
                      {"triangles", creature.mesh.triangleCount()},
                      {"scale", creature.scale},
                      {"length_m", creature.length},
                      {"base_speed_m_s", creature.baseSpeed},
                      {"support_margin_m", creature.supportMargin},
                      {"base_bodies", creature.baseBodies},
                      {"base_weights", creature.baseWeights},
                      {"generation_ms", milliseconds},
                      {"bytes", summary.bytes}};
  for (const RuntimeLeg& l : graph.legs) j["leg_names"].push_back(l.name);
  if (!r.obj.empty()) j["obj"] = r.obj;
  std::cout << j.dump(2) << "\n";
}

int runCreature(const CreatureRequest& r) {
  const auto start = std::chrono::steady_clock::now();
  const Creature creature = generateCreature(r.creature);
  const double milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const RuntimeGraph graph = creatureRuntimeGraph(creature);
  const ExportSummary summary = writeRuntimeGraph(graph, r.output);
  if (!r.obj.empty()) writeFileAtomically(r.obj, creatureObj(creature));
  if (r.json) {
    printCreatureJson(r, creature, graph, milliseconds, summary);
  } else {
    std::cout << "wrote " << r.output << ": a " << creatureTypeName(creature.type) << " creature (seed " << creature.seed
              << "), " << creature.legCount() << " legs, " << creature.skeleton.jointCount() << " joints, "
              << creature.mesh.vertexCount() << " vertices; " << creature.length << " m long, base speed "
              << creature.baseSpeed << " m/s; generated in " << milliseconds << " ms\n";
  }
  return 0;
}

}  // namespace

void addCreatureCommand(CommandLine& commandLine) {
  auto [command, r] = commandLine.addCommand<CreatureRequest>(
      "creature", "generate a creature without mocap; write a procedural .fgraph",
      "Generate a creature without mocap: a seeded body from interpolated base bodies and a deformation "
      "lattice, its rig and skin, limbs by the placement rules (walkers 1-8 leg pairs, flyers wings and "
      "hanging legs, swimmers fins), and write it as a procedural runtime graph: 'fatgraph play' walks, "
      "flies or swims it from a stick script like any graph. The same seed gives the same creature. A "
      "walker that would tip over is not written; the error names its seed.", runCreature);
  addEnumChoice(command, "--type", r.creature.type, {CreatureType::Walk, CreatureType::Fly, CreatureType::Swim},
                creatureTypeName, "the kind of creature")
      ->default_str("walk");
  command.add_option("--legs", r.creature.legPairs, "leg pairs (walkers; flyers 1-3; default: the placement rules decide)")
      ->type_name("N")
      ->transform(integerIn(1, 8));
  command.add_option("--seed", r.creature.seed, "the random seed")
      ->type_name("S")
      ->transform(wholeNumber())
      ->capture_default_str();
  addOutputOption(command, r.output, "CREATURE.fgraph", "runtime graph to write (atomically)")->required();
  command.add_option("--obj", r.obj, "also write the body in its bind pose as a Wavefront OBJ")
      ->type_name("BODY.obj")
      ->check(notEmpty("a file name"));
  addJsonFlag(command, r.json);
}

}  // namespace fatgraph::cli
