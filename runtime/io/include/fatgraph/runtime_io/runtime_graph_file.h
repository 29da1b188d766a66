#pragma once
// The `.fgraph` file (schema in docs/RUNTIME_GRAPH.md): loading an exported fat graph into the
// RuntimeGraph the player plays, and writing one (what `fatgraph export` does after building
// the graph from a project). This is the only part of the game-side library that touches
// files; link fatgraph::runtime_io for it (HDF5 C library).
//
// Load once, at level load, on one thread: HDF5 is not thread-safe here. The player never
// calls into this library.
#include <cstdint>
#include <string>
#include <string_view>

#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// The root attribute `file_type` of a runtime graph file.
inline constexpr std::string_view kRuntimeGraphFileType = "fatgraph.runtime_graph";

/// File name extension of runtime graph files, with the dot.
inline constexpr std::string_view kRuntimeGraphFileExtension = ".fgraph";

/// What a write stored.
struct ExportSummary {
  std::uint64_t bytes = 0;  // size of the written file
  int hubs = 0;
  int edges = 0;
  int idleEdges = 0;        // edges the character stands on (RuntimeEdge::idle)
  int segments = 0;         // over all edges
  std::uint64_t floats = 0; // total length of the edges' float blocks
  int bodyVertices = 0;     // the skinned body's size (the /body group); 0: no body
  int bodyTriangles = 0;
};

/// Checks `graph` (RuntimeGraph::validate()) and writes it to `path`. Every value is stored in
/// the type the graph holds it in, so a load gives the same bits. The write is atomic: the
/// file is written beside the target, flushed to disk and renamed over it, so a failure never
/// leaves a partial file or destroys the previous one. Throws fatgraph::FileError naming
/// `path` and the problem (an invalid graph, a missing directory, an HDF5 write error, ...).
ExportSummary writeRuntimeGraph(const RuntimeGraph& graph, const std::string& path);

/// Reads and checks a whole runtime graph file. Throws fatgraph::FileError (a
/// std::runtime_error, file_error.h) with a one-line
/// message "<file>: <object>: <what>" when the file is missing, not HDF5, not a runtime graph,
/// of another format_version (naming the file's and this build's), lacks a group, dataset or
/// attribute, holds arrays whose sizes disagree, or fails RuntimeGraph::validate(). Never
/// returns a partially loaded graph. HDF5's own error printing is switched off (and stays off).
/// Strings must be fixed-length, as the writer stores them.
RuntimeGraph loadRuntimeGraph(const std::string& path);

}  // namespace fatgraph
