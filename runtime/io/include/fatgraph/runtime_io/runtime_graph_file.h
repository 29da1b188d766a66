#pragma once
// Loading an exported fat graph (`.fgraph`, written by `fatgraph export`; schema in
// docs/RUNTIME_GRAPH.md) into the RuntimeGraph the player plays. This is the only part of the
// game-side library that touches files; link fatgraph::runtime_io for it (HDF5 C library).
//
// Load once, at level load, on one thread: HDF5 is not thread-safe here. The player never
// calls into this library.
#include <string>
#include <string_view>

#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// The root attribute `file_type` of a runtime graph file.
inline constexpr std::string_view kRuntimeGraphFileType = "fatgraph.runtime_graph";

/// File name extension of runtime graph files, with the dot.
inline constexpr std::string_view kRuntimeGraphFileExtension = ".fgraph";

/// Reads and checks a whole runtime graph file. Throws std::runtime_error with a one-line
/// message "<file>: <object>: <what>" when the file is missing, not HDF5, not a runtime graph,
/// of another format_version (naming the file's and this build's), lacks a group, dataset or
/// attribute, holds arrays whose sizes disagree, or fails RuntimeGraph::validate(). Never
/// returns a partially loaded graph. HDF5's own error printing is switched off (and stays off).
RuntimeGraph loadRuntimeGraph(const std::string& path);

}  // namespace fatgraph
