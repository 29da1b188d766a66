#pragma once
// Exporting the runtime graph a game plays: built from the project (runtime_graph_builder.h)
// and written as a `.fgraph` file by fatgraph::runtime_io's writeRuntimeGraph, which keeps the
// format beside its loader. `fatgraph export` is this on the command line. Exports are atomic,
// like project saves. HDF5 is not thread-safe here: one thread does all file I/O.
#include <string>

#include "fatgraph/core/model/project.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"  // writeRuntimeGraph, ExportSummary

namespace fatgraph {

/// What an export leaves out.
struct ExportOptions {
  /// Write the generated skinned body (core/body_generation.h) as the /body group; false
  /// exports the graph alone (a game that brings its own mesh).
  bool body = true;
};

/// buildRuntimeGraph(project) (core/runtime_graph_builder.h: hubs, every fat edge, and the
/// parameterizations where the project has them, and the generated body), then
/// writeRuntimeGraph; `options.body` false leaves the body out. Throws fatgraph::Error when
/// the project has no graph, before anything is written.
ExportSummary exportProject(const Project& project, const std::string& path,
                            const ExportOptions& options = {});

}  // namespace fatgraph
