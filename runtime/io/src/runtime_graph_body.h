#pragma once
// Internal to runtime_io: the optional /body group of a .fgraph file (docs/RUNTIME_GRAPH.md),
// the character's skinned mesh.
#include "fatgraph/runtime/skinning.h"
#include "fatgraph/io/hdf5_file.h"

namespace fatgraph::runtime_io {

/// The mesh of the file's /body group, or an empty mesh when the file has none (files written
/// before issue #14, or exported with --no-body). Fails like every read (one line naming the
/// file, the object and what is wrong) when the group is there but its datasets are missing or
/// their shapes disagree (one inverse bind matrix per skeleton joint); the values are checked later by RuntimeGraph::validate().
SkinnedMesh readBody(const h5::Context& r, hid_t file, int jointCount);

}  // namespace fatgraph::runtime_io
