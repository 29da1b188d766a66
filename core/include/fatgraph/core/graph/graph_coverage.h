#pragma once
// How much of the captured motion a fat graph can play: the fraction of each clip's frames
// (working rate) that lie inside a member segment of some fat edge. Frames before a clip's
// first cut and after its last (entry and exit pieces), and clips no hub cuts, are material
// the graph cannot reach; a low coverage says the hubs miss a kind of motion.
#include <string>
#include <vector>

#include "fatgraph/core/model/motion_graph.h"

namespace fatgraph {

struct ClipCoverage {
  int clip = -1;
  int coveredFrames = 0;  // distinct frames inside member segments (both ends included)
  int frames = 0;         // all frames of the clip at the working rate
  double fraction = 0.0;  // coveredFrames / frames (0 for a clip without frames)
};

struct GraphCoverage {
  int coveredFrames = 0;
  int frames = 0;
  double overall = 0.0;  // coveredFrames / frames over every clip
  std::vector<ClipCoverage> clips;  // one per clip, in clip order
};

/// Coverage of the given segments (each frame counted once however many segments hold it;
/// neighbouring segments share their cut frame). Segments outside a clip are clamped to it.
GraphCoverage segmentCoverage(const std::vector<Segment>& segments,
                              const std::vector<int>& clipFrameCounts);

/// Coverage of a graph: the segments that are members of its fat edges.
GraphCoverage graphCoverage(const MotionGraph& graph, const std::vector<int>& clipFrameCounts);

/// Coverage of a project's graph over its captured clips: a generated clip (Clip::generated,
/// a transition the build made) counts no frames, so its entry has none and the overall
/// figure is the captured motion's.
GraphCoverage projectCoverage(const struct Project& project);

}  // namespace fatgraph
