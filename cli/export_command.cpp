// fatgraph export PROJECT.fgproj -o GRAPH.fgraph: the runtime graph a game plays (schema
// docs/RUNTIME_GRAPH.md), built from a project's fat graph and its parameterizations.
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line.h"
#include "commands.h"
#include "fatgraph/core/error.h"
#include "fatgraph/core/project_store.h"
#include "fatgraph/core/runtime_graph_export.h"
#include "graph_summary.h"

namespace fatgraph::cli {

int runExport(const std::vector<std::string>& args) {
  CommandLine cl("export", "PROJECT.fgproj -o GRAPH.fgraph [--no-body] [--json]",
                 "Export a project's fat graph for the game-side runtime: per fat edge its\n"
                 "segments as one float block (rotations, translations, root trajectory, time\n"
                 "warps), its parameter plane and weight grid where the project has them, and the\n"
                 "hubs with their outgoing edges, and a skinned body generated from the skeleton\n"
                 "(mesh, blend weights, inverse bind matrices). A game loads the file with\n"
                 "fatgraph::runtime_io (loadRuntimeGraph). The file is written atomically.");
  cl.option("-o", "GRAPH.fgraph", "runtime graph file to write");
  cl.flag("--no-body", "leave the generated body out (the game brings its own mesh)");
  cl.flag("--json", "print one JSON object on stdout");
  if (!cl.parse(args)) return 0;
  if (cl.positional().size() != 1) throw UsageError{"expected one PROJECT.fgproj (see --help)"};
  const auto out = cl.value("-o");
  if (!out || out->empty()) throw UsageError{"missing -o GRAPH.fgraph"};
  const std::string& projectPath = cl.positional()[0];

  const Project project = loadProject(projectPath);
  if (project.graph.empty() || project.graph.fatEdges.empty()) {
    throw FileError(projectPath, 0,
                    "has no fat graph to export (build one with 'fatgraph build'); nothing written");
  }
  ExportOptions options;
  options.body = !cl.has("--no-body");
  const ExportSummary summary = exportProject(project, *out, options);

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
    const nlohmann::json j = {{"output", *out},
                              {"bytes", summary.bytes},
                              {"hubs", hubsJson(project)},
                              {"fat_edges", edges},
                              {"body_vertices", summary.bodyVertices},
                              {"body_triangles", summary.bodyTriangles}};
    std::cout << j.dump(2) << "\n";
  } else {
    const bool parameterized = g.parameterizations.size() == g.fatEdges.size();
    std::cout << summary.edges << " fat edge(s) between " << summary.hubs << " hub(s)"
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
    std::cout << "wrote " << *out << " (" << summary.bytes << " bytes)\n";
  }
  return 0;
}

}  // namespace fatgraph::cli
