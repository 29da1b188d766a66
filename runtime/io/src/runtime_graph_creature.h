#pragma once
// Internal to runtime_io: the /creature group of a .fgraph file (format 4, docs/RUNTIME_GRAPH.md),
// a procedural character's rig for CreatureGait.
#include "fatgraph/io/hdf5_file.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph::runtime_io {

/// Whether the file holds a /creature group: the graph is a creature (RuntimeGraphKind).
bool hasCreature(const h5::Context& r, hid_t file);

/// The rig of the file's /creature group (hasCreature() must be true). Its parents are the skeleton's. Fails like every read (one line
/// naming the file, the object and what is wrong) when the group's datasets are missing or
/// their shapes disagree; the values are checked later by RuntimeGraph::validate().
CreatureGaitRig readCreature(const h5::Context& r, hid_t file, const RuntimeSkeleton& skeleton);

/// Writes `graph.creature` as the /creature group; nothing when the graph is not procedural.
void writeCreature(const h5::Context& ctx, hid_t file, const RuntimeGraph& graph);

}  // namespace fatgraph::runtime_io
