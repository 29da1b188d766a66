#pragma once
// Loading a heightfield (the ground the leg layer walks on) from a small text file. The runtime
// itself does no file I/O; load at level load, then query the Heightfield (terrain.h).
//
// Format, version 1 (whitespace-separated, one record per line):
//
//   fatgraph-heightfield 1
//   <cols> <rows> <cell_size> <origin_x> <origin_z>
//   <cols heights of row 0>
//   ...
//   <cols heights of row rows−1>
//
// Heights are in metres (+Y up). Row r holds the nodes at z = origin_z + r·cell_size, its
// c-th number the node at x = origin_x + c·cell_size (terrain.h: Heightfield). cols and rows
// are integers ≥ 2, cell_size > 0; every number must be finite. Blank lines and lines whose
// first non-blank character is '#' are skipped anywhere after the header line; nothing else may
// follow the last row.
#include <string>
#include <string_view>

#include "fatgraph/runtime/terrain.h"

namespace fatgraph {

/// First token of a heightfield file's first line; the second is the format version.
inline constexpr std::string_view kHeightfieldFileTag = "fatgraph-heightfield";
inline constexpr int kHeightfieldFileVersion = 1;

/// Reads a heightfield file. Throws std::runtime_error "<file>:<line>: expected <what>, got
/// <what was there>" for a missing or unreadable file (line 0), a wrong tag or version, a
/// malformed or non-finite number, a row with too few or too many numbers, missing rows, or
/// anything after the last row.
Heightfield loadHeightfield(const std::string& path);

}  // namespace fatgraph
