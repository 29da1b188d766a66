// fatgraph export PROJECT.fgproj -o GRAPH.fgraph [--gltf ANIMS.glb]: the runtime graph a game
// plays (schema docs/RUNTIME_GRAPH.md), built from a project's fat graph and its
// parameterizations, and/or the fat edges' segments as glTF animations for an engine's own
// blend tree (docs/RUNTIME_GRAPH.md, "glTF export").
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_line.h"
#include "command_options.h"
#include "commands.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/gltf_export.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/core/io/runtime_graph_export.h"
#include "graph_summary.h"
#include "option_checks.h"

namespace fatgraph::cli {

namespace {

// What `fatgraph export` is asked: at least one of the two files.
struct ExportRequest {
  std::string projectPath;
  std::string output;  // GRAPH.fgraph; none when empty
  std::string gltf;    // ANIMS.glb|ANIMS.gltf; none when empty
  bool noBody = false;
  bool json = false;
};

// What was written, for the report.
struct ExportResult {
  ExportSummary summary;  // of the .fgraph file (empty without one)
  int animations = 0;     // in the glTF file
};

void printExportJson(const Project& project, const ExportRequest& r, const ExportResult& result) {
  const MotionGraph& g = project.graph;
  const bool graphFile = !r.output.empty();
  nlohmann::json edges = nlohmann::json::array();
  for (size_t i = 0; i < g.fatEdges.size(); ++i) {
    nlohmann::json j = fatEdgeJson(g, g.fatEdges[i]);
    j.update(fatEdgeParameterJson(project, i));
    edges.push_back(std::move(j));
  }
  nlohmann::json gltfJson = nullptr;
  if (!r.gltf.empty()) gltfJson = {{"output", r.gltf}, {"animations", result.animations}};
  const ExportSummary& summary = result.summary;
  const nlohmann::json j = {{"output", graphFile ? nlohmann::json(r.output) : nlohmann::json(nullptr)},
                            {"bytes", graphFile ? nlohmann::json(summary.bytes) : nlohmann::json(nullptr)},
                            {"gltf", gltfJson},
                            {"hubs", hubsJson(project)},
                            {"fat_edges", edges},
                            {"idle_edges", graphFile ? nlohmann::json(summary.idleEdges) : nlohmann::json(nullptr)},
                            {"body_vertices", summary.bodyVertices},
                            {"body_triangles", summary.bodyTriangles}};
  std::cout << j.dump(2) << "\n";
}

void printExportText(const Project& project, const ExportRequest& r, const ExportResult& result) {
  const MotionGraph& g = project.graph;
  const ExportSummary& summary = result.summary;
  const bool graphFile = !r.output.empty();
  const bool parameterized = g.parameterizations.size() == g.fatEdges.size();
  std::cout << (graphFile ? summary.edges : int(g.fatEdges.size())) << " fat edge(s) between "
            << (graphFile ? summary.hubs : int(g.hubs.size())) << " hub(s)"
            << (parameterized ? "" : " (no parameterizations: each edge plays its reference)") << ":\n";
  for (const FatEdge& e : g.fatEdges) {
    std::cout << "  " << e.name << ": " << hubName(g, e.fromHub) << " -> " << hubName(g, e.toHub) << ", "
              << e.segments.size() << " segment(s)\n";
  }
  if (summary.bodyVertices > 0) {
    std::cout << "body: " << summary.bodyVertices << " vertices, " << summary.bodyTriangles << " triangles\n";
  }
  if (graphFile && summary.idleEdges > 0)
    std::cout << summary.idleEdges << " idle edge(s): a stopping character stands on them\n";
  if (graphFile) std::cout << "wrote " << r.output << " (" << summary.bytes << " bytes)\n";
  if (!r.gltf.empty()) std::cout << "wrote " << r.gltf << " (" << result.animations << " segment animation(s))\n";
}

int runExport(const ExportRequest& r) {
  if (r.output.empty() && r.gltf.empty()) throw UsageError{"missing -o GRAPH.fgraph (or --gltf ANIMS.glb)"};
  const Project project = loadProject(r.projectPath);
  if (project.graph.empty() || project.graph.fatEdges.empty()) {
    throw FileError(r.projectPath, 0, "has no fat graph to export (build one with 'fatgraph build'); nothing written");
  }
  ExportOptions options;
  options.body = !r.noBody;
  ExportResult result;
  if (!r.output.empty()) result.summary = exportProject(project, r.output, options);
  if (!r.gltf.empty()) result.animations = exportFatEdgeSegmentsGltf(r.gltf, project, options.body);
  if (r.json) {
    printExportJson(project, r, result);
  } else {
    printExportText(project, r, result);
  }
  return 0;
}

}  // namespace

void addExportCommand(CommandLine& commandLine) {
  auto [command, r] = commandLine.addCommand<ExportRequest>(
      "export", "write the runtime graph a game plays (.fgraph), or the fat edges as glTF animations",
      "Export a project's fat graph for the game-side runtime: per fat edge its segments as one float "
      "block (rotations, translations, root trajectory, time warps), its parameter plane and weight grid "
      "where the project has them, and the hubs with their outgoing edges, and a skinned body generated "
      "from the skeleton (mesh, blend weights, inverse bind matrices). A game loads the file with "
      "fatgraph::runtime_io (loadRuntimeGraph). With --gltf, the skeleton, the body and every fat edge's "
      "segments as named glTF 2.0 animations (\"<edge>/segment<j>: <clip> <from>-<to>\") for an engine's "
      "own blend tree. At least one of -o and --gltf; every file is written atomically.", runExport);
  command.add_option("PROJECT", r.projectPath, "the project to export")->type_name("PROJECT.fgproj")->required();
  addOutputOption(command, r.output, "GRAPH.fgraph", "runtime graph file to write");
  command.add_option("--gltf", r.gltf, "glTF file of the fat edges' segments to write")
      ->type_name("ANIMS.glb|ANIMS.gltf")
      ->check(fileKind("a .glb or .gltf file", isGltfPath));
  command.add_flag("--no-body", r.noBody, "leave the generated body out (the game brings its own mesh)");
  addJsonFlag(command, r.json);
}

}  // namespace fatgraph::cli
