#pragma once
// Authoring's skeleton (double precision, with its motion root) and the runtime's (float, what
// a .fgraph file holds), each made from the other.
#include "fatgraph/core/model/skeleton.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// The skeleton a runtime graph carries: names, parents, rest offsets and end sites rounded to
/// float, the translation flags.
RuntimeSkeleton toRuntimeSkeleton(const Skeleton& skeleton);

/// An authoring skeleton of a runtime graph's (to sample, measure or export what a player
/// plays). The motion root is the first root, as a .fgraph file does not store one.
Skeleton toAuthoringSkeleton(const RuntimeSkeleton& skeleton);

}  // namespace fatgraph
