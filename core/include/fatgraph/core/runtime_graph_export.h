#pragma once
// Writing the runtime graph a game plays: a `.fgraph` HDF5 file (schema docs/RUNTIME_GRAPH.md,
// format_version kRuntimeGraphFormatVersion), read back by fatgraph::runtime_io's
// loadRuntimeGraph(). `fatgraph export` is this on the command line.
//
// Like project saves, exports are atomic: the file is written beside the target, flushed to
// disk and renamed over it, so a failed export never leaves a partial file or destroys the
// previous one. HDF5 is not thread-safe here: one thread does all file I/O.
#include <cstdint>
#include <string>

#include "fatgraph/core/project.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// What an export wrote.
struct ExportSummary {
  std::uint64_t bytes = 0;  // size of the written file
  int hubs = 0;
  int edges = 0;
  int segments = 0;         // over all edges
  std::uint64_t floats = 0; // total length of the edges' float blocks
  int bodyVertices = 0;     // the skinned body's size (the /body group); 0: no body
  int bodyTriangles = 0;
};

/// What an export leaves out.
struct ExportOptions {
  /// Write the generated skinned body (core/body_generation.h) as the /body group; false
  /// exports the graph alone (a game that brings its own mesh).
  bool body = true;
};

/// Checks `graph` (RuntimeGraph::validate()) and writes it to `path` atomically. Throws
/// fatgraph::Error naming `path` and the problem (an invalid graph, a missing directory, an
/// HDF5 write error, ...); the previous file at `path`, if any, is then untouched.
ExportSummary writeRuntimeGraph(const RuntimeGraph& graph, const std::string& path);

/// buildRuntimeGraph(project) (core/runtime_graph_builder.h: hubs, every fat edge, and the
/// parameterizations where the project has them, and the generated body), then
/// writeRuntimeGraph; `options.body` false leaves the body out. Throws fatgraph::Error when
/// the project has no graph, before anything is written.
ExportSummary exportProject(const Project& project, const std::string& path,
                            const ExportOptions& options = {});

}  // namespace fatgraph
