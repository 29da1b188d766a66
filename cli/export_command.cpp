// fatgraph export PROJECT.fgproj -o GRAPH.fgraph [--gltf ANIMS.glb]: the runtime graph a game
// plays (schema docs/RUNTIME_GRAPH.md), built from a project's fat graph and its
// parameterizations, and/or the fat edges' segments as glTF animations for an engine's own
// blend tree (docs/RUNTIME_GRAPH.md, "glTF export").
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line.h"
#include "commands.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/gltf_export.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/core/io/runtime_graph_export.h"
#include "graph_summary.h"

namespace fatgraph::cli {

int runExport(const std::vector<std::string>& args) {
  CommandLine cl("export", "PROJECT.fgproj [-o GRAPH.fgraph] [--gltf ANIMS.glb|ANIMS.gltf] [--no-body] [--json]",
                 "Export a project's fat graph for the game-side runtime: per fat edge its\n"
                 "segments as one float block (rotations, translations, root trajectory, time\n"
                 "warps), its parameter plane and weight grid where the project has them, and the\n"
                 "hubs with their outgoing edges, and a skinned body generated from the skeleton\n"
                 "(mesh, blend weights, inverse bind matrices). A game loads the file with\n"
                 "fatgraph::runtime_io (loadRuntimeGraph). With --gltf, the skeleton, the body and\n"
                 "every fat edge's segments as named glTF 2.0 animations (\"<edge>/segment<j>:\n"
                 "<clip> <from>-<to>\") for an engine's own blend tree. At least one of -o and\n"
                 "--gltf; every file is written atomically.");
  cl.option("-o", "GRAPH.fgraph", "runtime graph file to write");
  cl.option("--gltf", "ANIMS.glb", "glTF file (.glb or .gltf) of the fat edges' segments to write");
  cl.flag("--no-body", "leave the generated body out (the game brings its own mesh)");
  cl.flag("--json", "print one JSON object on stdout");
  if (!cl.parse(args)) return 0;
  if (cl.positional().size() != 1) throw UsageError{"expected one PROJECT.fgproj (see --help)"};
  const auto out = cl.value("-o");
  const auto gltf = cl.value("--gltf");
  if ((!out || out->empty()) && (!gltf || gltf->empty())) throw UsageError{"missing -o GRAPH.fgraph (or --gltf ANIMS.glb)"};
  if (gltf && !isGltfPath(*gltf)) throw UsageError{"--gltf expects a .glb or .gltf file, got '" + *gltf + "'"};
  const std::string& projectPath = cl.positional()[0];

  const Project project = loadProject(projectPath);
  if (project.graph.empty() || project.graph.fatEdges.empty()) {
    throw FileError(projectPath, 0,
                    "has no fat graph to export (build one with 'fatgraph build'); nothing written");
  }
  ExportOptions options;
  options.body = !cl.has("--no-body");
  ExportSummary summary;
  if (out) summary = exportProject(project, *out, options);
  const int animations = gltf ? exportFatEdgeSegmentsGltf(*gltf, project, options.body) : 0;

  const MotionGraph& g = project.graph;
  auto hubName = [&](int hub) { return hub >= 0 ? g.hubs[size_t(hub)].name : std::string("(none)"); };
  if (cl.has("--json")) {
    nlohmann::json edges = nlohmann::json::array();
    for (size_t i = 0; i < g.fatEdges.size(); ++i) {
      const FatEdge& e = g.fatEdges[i];
      nlohmann::json j = {{"name", e.name},
                          {"from", hubName(e.fromHub)},
                          {"to", hubName(e.toHub)},
                          {"segments", e.segments.size()}};
      j.update(fatEdgeParameterJson(project, i));
      edges.push_back(std::move(j));
    }
    nlohmann::json gltfJson = nullptr;
    if (gltf) gltfJson = {{"output", *gltf}, {"animations", animations}};
    const nlohmann::json j = {{"output", out ? nlohmann::json(*out) : nlohmann::json(nullptr)},
                              {"bytes", out ? nlohmann::json(summary.bytes) : nlohmann::json(nullptr)},
                              {"gltf", gltfJson},
                              {"hubs", hubsJson(project)},
                              {"fat_edges", edges},
                              {"idle_edges", out ? nlohmann::json(summary.idleEdges) : nlohmann::json(nullptr)},
                              {"body_vertices", summary.bodyVertices},
                              {"body_triangles", summary.bodyTriangles}};
    std::cout << j.dump(2) << "\n";
  } else {
    const bool parameterized = g.parameterizations.size() == g.fatEdges.size();
    std::cout << (out ? summary.edges : int(g.fatEdges.size())) << " fat edge(s) between "
              << (out ? summary.hubs : int(g.hubs.size())) << " hub(s)"
              << (parameterized ? "" : " (no parameterizations: each edge plays its reference)")
              << ":\n";
    for (const FatEdge& e : g.fatEdges) {
      std::cout << "  " << e.name << ": " << hubName(e.fromHub) << " -> " << hubName(e.toHub)
                << ", " << e.segments.size() << " segment(s)\n";
    }
    if (summary.bodyVertices > 0) {
      std::cout << "body: " << summary.bodyVertices << " vertices, " << summary.bodyTriangles
                << " triangles\n";
    }
    if (out && summary.idleEdges > 0)
      std::cout << summary.idleEdges << " idle edge(s): a stopping character stands on them\n";
    if (out) std::cout << "wrote " << *out << " (" << summary.bytes << " bytes)\n";
    if (gltf) std::cout << "wrote " << *gltf << " (" << animations << " segment animation(s))\n";
  }
  return 0;
}

}  // namespace fatgraph::cli
