// `fatgraph export`: the project's graph built for the game (runtime_graph_builder.h) and
// written by runtime_io's writer, which keeps the .fgraph format beside its loader.
#include "fatgraph/core/io/runtime_graph_export.h"

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/param/runtime_graph_builder.h"

namespace fatgraph {

ExportSummary exportProject(const Project& project, const std::string& path,
                            const ExportOptions& options) {
  if (project.graph.empty() || project.graph.fatEdges.empty()) {
    throw Error("the project has no fat graph to export (build one with 'fatgraph build'); " +
                path + " not written");
  }
  RuntimeGraph graph = buildRuntimeGraph(project);
  if (!options.body) graph.body = {};
  return writeRuntimeGraph(graph, path);
}

}  // namespace fatgraph
