// fatgraph creature --type walk|fly|swim [--legs N] [--seed S] -o CREATURE.fgraph: a creature
// generated without mocap (creature_generation.h) written as a procedural runtime graph that
// `fatgraph play`, the editor and a game's Player play like any graph; --obj writes its body.
#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "command_line.h"
#include "commands.h"
#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/io/atomic_file.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"

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

}  // namespace

int runCreature(const std::vector<std::string>& args) {
  CommandLine cl("creature", "--type walk|fly|swim [--legs N] [--seed S] -o CREATURE.fgraph [--obj BODY.obj] [--json]",
                 "Generate a creature without mocap: a seeded body from interpolated base bodies and a\n"
                 "deformation lattice, its rig and skin, limbs by the placement rules (walkers 1-8 leg\n"
                 "pairs, flyers wings and hanging legs, swimmers fins), and write it as a procedural\n"
                 "runtime graph: 'fatgraph play' walks, flies or swims it from a stick script like any\n"
                 "graph. The same seed gives the same creature. A walker that would tip over is not\n"
                 "written; the error names its seed.");
  cl.option("--type", "TYPE", "walk, fly or swim (default walk)");
  cl.option("--legs", "N", "leg pairs, 1-8 (walkers; flyers 1-3); default: the placement rules decide");
  cl.option("--seed", "S", "the random seed, a whole number >= 0 (default 1)");
  cl.option("-o", "CREATURE.fgraph", "runtime graph to write (atomically)");
  cl.option("--obj", "BODY.obj", "also write the body in its bind pose as a Wavefront OBJ");
  cl.flag("--json", "print one JSON object on stdout");
  if (!cl.parse(args)) return 0;
  if (!cl.positional().empty()) throw UsageError{"creature takes no positional argument (see --help)"};
  const auto out = cl.value("-o");
  if (!out || out->empty()) throw UsageError{"missing -o CREATURE.fgraph"};
  CreatureOptions options;
  const std::string type = cl.value("--type").value_or("walk");
  try {
    options.type = parseCreatureType(type);
  } catch (const Error&) {  // an option's value: a usage error (exit 2), as for every other option
    throw UsageError{"--type expects walk, fly or swim, got '" + type + "'"};
  }
  options.legPairs = cl.integer("--legs", 0);
  if (cl.has("--legs") && !(options.legPairs >= 1 && options.legPairs <= 8))
    throw UsageError{"--legs expects a number of leg pairs from 1 to 8"};
  if (const auto seed = cl.value("--seed")) {
    const auto [end, ec] = std::from_chars(seed->data(), seed->data() + seed->size(), options.seed);
    if (seed->empty() || ec != std::errc() || end != seed->data() + seed->size())
      throw UsageError{"--seed expects a whole number from 0 to 18446744073709551615, got '" + *seed + "'"};
  }

  const auto start = std::chrono::steady_clock::now();
  const Creature creature = generateCreature(options);
  const double milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const RuntimeGraph graph = creatureRuntimeGraph(creature);
  const ExportSummary summary = writeRuntimeGraph(graph, *out);
  if (const auto obj = cl.value("--obj")) {
    if (obj->empty()) throw UsageError{"--obj expects a file name"};
    writeFileAtomically(*obj, creatureObj(creature));
  }

  std::map<std::string, int> limbs;
  for (const CreatureLimb& l : creature.limbs) ++limbs[limbKindName(l.kind)];
  if (cl.has("--json")) {
    nlohmann::json j = {{"output", *out},
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
    if (const auto obj = cl.value("--obj")) j["obj"] = *obj;
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "wrote " << *out << ": a " << creatureTypeName(creature.type) << " creature (seed " << creature.seed
              << "), " << creature.legCount() << " legs, " << creature.skeleton.jointCount() << " joints, "
              << creature.mesh.vertexCount() << " vertices; " << creature.length << " m long, base speed "
              << creature.baseSpeed << " m/s; generated in " << milliseconds << " ms\n";
  }
  return 0;
}

}  // namespace fatgraph::cli
