#pragma once
// Builds the player's RuntimeGraph (runtime/runtime_graph.h) from authoring data: converts each
// fat edge's segments to the float structure-of-arrays block (quaternions sign-aligned along
// time and to the reference segment), the root into its heading frame plus a ground
// trajectory, warp maps from frames to seconds, hubs with their outgoing and default edges.
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/core/graph/warp_map.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// One segment to put in an edge: frames [first, last] of clips[clip] (at the clips' rate),
/// and the warp from reference time to this segment's time in frames relative to `first`
/// (empty: proportional, i.e. the segment's duration scaled onto the reference's).
struct RuntimeSegmentSource {
  int clip = -1;
  int first = 0;
  int last = 0;
  WarpMap warp;
};

struct RuntimeEdgeSource {
  std::string name;
  int fromHub = -1;
  int toHub = -1;
  int reference = 0;  // index into `segments`
  std::vector<RuntimeSegmentSource> segments;
};

/// The joints whose translation the runtime stores per frame (RuntimeGraph::translatedJoints):
/// every joint with animated translation, and every root (its ground motion moves into the
/// trajectory, so its stored translation varies even without channels), ascending.
std::vector<int> runtimeTranslatedJoints(const Skeleton& skeleton);

/// One edge's block from explicit segments (benchmarks, tests, and buildRuntimeGraph). Every
/// clip must use `skeleton` and the same rate `fps`. The edge's parameter space is left empty
/// (weights fall back to the reference segment). Throws fatgraph::Error naming the problem
/// (a frame range outside its clip, a warp that is not increasing, fewer than 2 frames).
/// The character's heading comes from `legs`' hip line (character_heading.h); null: the legs
/// are detected from the skeleton.
RuntimeEdge buildRuntimeEdge(const Skeleton& skeleton, const std::vector<Clip>& clips,
                             double fps, const RuntimeEdgeSource& source,
                             const LegSetup* legs = nullptr);

/// The whole graph of a built project: hubs, every fat edge, and each edge's parameter space
/// and joystick mapping from project.graph.parameterizations where present. Throws
/// fatgraph::Error when the project has no graph.
RuntimeGraph buildRuntimeGraph(const Project& project);

/// Fills edge.parameters and edge.joystick from a parameterization (plane in float, grid
/// weights copied; the joystick's neutral is the reference segment's pure sample, its ranges
/// the grid's bounds).
void applyParameterization(RuntimeEdge& edge, const EdgeParameterization& parameterization);

}  // namespace fatgraph
