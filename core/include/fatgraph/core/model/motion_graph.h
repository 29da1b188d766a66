#pragma once
// The fat graph's authoring data (Fat Graph §3): hubs with their match sets, the segments the
// hubs cut the clips into, and the fat edges that group similar segments. Frame references
// are at the project's working rate (clips are stored resampled to it).
#include <Eigen/Core>
#include <string>
#include <vector>

#include "fatgraph/core/param/edge_parameterization.h"
#include "fatgraph/core/graph/grouped_segment_distances.h"
#include "fatgraph/core/graph/pose_features.h"
#include "fatgraph/core/graph/segment.h"
#include "fatgraph/core/graph/warp_map.h"

namespace fatgraph {

/// A hub node: a pose many motions pass through. The hub frame cuts the clips, and so does
/// every frame of its match set (the hub frame itself is not in its own match set).
struct Hub {
  std::string name;              // stable, renamable ("hub0", "ready stance", ...)
  FrameRef frame;
  std::vector<FrameRef> matchSet;  // sorted, unique
};

/// A set of segments with the same start and end hubs that can be blended. `reference` is
/// the member whose time drives playback; warps[i] maps reference time to member i's time
/// (frames relative to each segment's first frame; the reference maps to itself).
struct FatEdge {
  std::string name;
  int fromHub = -1;
  int toHub = -1;
  std::vector<int> segments;   // indices into the graph's segment list
  int reference = -1;          // one of `segments`
  std::vector<WarpMap> warps;  // parallel to `segments`
};

/// A threshold in metres (RMS point distance after alignment) and where it came from.
struct ThresholdChoice {
  double rms = 0.0;
  bool automatic = true;  // derived from the data (method says how) rather than set by a user
  std::string method;
};

/// The whole authored graph of a project.
struct MotionGraph {
  ThresholdChoice hubThreshold;   // pose distance over the window (Fat Graph §3.1)
  ThresholdChoice edgeThreshold;  // segment distance, sqrt of eq. 1 (Fat Graph §3.2)
  std::vector<Hub> hubs;
  std::vector<Segment> segments;  // hub-to-hub segments, by clip then first frame
  std::vector<Segment> entries;   // material before each clip's first cut (fromHub = -1)
  std::vector<Segment> exits;     // material after each clip's last cut (toHub = -1)
  std::vector<std::string> cutNotes;
  std::vector<FatEdge> fatEdges;
  /// Segment distances (m^2, eq. 1 with the max of both directions) of the pairs that share
  /// their hubs, per hub-to-hub group of `segments` (grouped_segment_distances.h).
  GroupedSegmentDistances segmentDistances;
  /// Parallel to fatEdges once parameterized (core/parameterization.h), else empty; cleared
  /// whenever the fat edges are derived anew.
  std::vector<EdgeParameterization> parameterizations;

  bool empty() const { return hubs.empty(); }
  /// Index of the hub called `name`, or -1.
  int findHub(const std::string& name) const;
};

}  // namespace fatgraph
