#pragma once
// What a set_edge_threshold or set_linkage edit would make of the fat edges, without making it
// (for a slider dragged live): the stored segment distances clustered anew (fat_edge_clustering.h),
// the history's fat-edge edits applied again and the names carried over exactly as the edit
// does, but no warps, no parameterization and no change to the project. Clustering a few
// hundred segments takes milliseconds (docs/PERFORMANCE.md); the edit itself also computes
// the warps of the edges that changed and re-parameterizes them.
#include <string>
#include <vector>

#include "fatgraph/core/graph/fat_edge_clustering.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph {

struct PreviewFatEdge {
  std::string name;        // the name the edit would give it
  bool keepsName = false;  // the name of an edge the graph has now (carried over by overlap)
  bool unchanged = false;  // exactly the segments of the graph's edge of that name
  int fromHub = -1;
  int toHub = -1;
  std::vector<int> segments;  // indices into project.graph.segments, ascending
};

struct ClusterPreview {
  std::vector<PreviewFatEdge> edges;     // in the order the edit would store them
  std::vector<std::string> lostNames;    // names of current edges no edge would carry
  std::vector<std::string> notes;        // history edits that would no longer apply
  int edgeCount() const { return static_cast<int>(edges.size()); }
};

/// The fat edges of project.graph's segments at `edgeThresholdMetres` with `linkage`. Throws
/// Error when the project has no graph or the threshold is not a positive distance.
ClusterPreview previewFatEdges(const Project& project, double edgeThresholdMetres, Linkage linkage);

}  // namespace fatgraph
