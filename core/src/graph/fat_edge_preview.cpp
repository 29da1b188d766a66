// A re-clustering previewed without editing (fat_edge_preview.h).
#include "fatgraph/core/graph/fat_edge_preview.h"

#include <algorithm>
#include <cmath>

#include "authored_edits.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_edge_edits.h"

namespace fatgraph {

ClusterPreview previewFatEdges(const Project& project, double edgeThresholdMetres, Linkage linkage) {
  const MotionGraph& g = project.graph;
  if (g.empty()) throw Error("the project has no graph yet: run fatgraph build first");
  if (!(edgeThresholdMetres > 0 && std::isfinite(edgeThresholdMetres)))
    throw Error("the edge threshold must be a positive distance");
  std::vector<FatEdge> edges = clusterFatEdges(g.segments, g.segmentDistances, edgeThresholdMetres, linkage);
  ClusterPreview preview;
  if (detail::historyEditsFatEdges(project)) {
    // The history's fat-edge edits are applied again exactly as the edit does, on a scratch
    // project: the graph's authoring data and the clips (which references name), without the
    // distance cache or parameterizations. Only histories with such edits pay for the copy.
    Project scratch;
    scratch.skeleton = project.skeleton;
    scratch.clips = project.clips;
    scratch.settings = project.settings;
    scratch.edits = project.edits;
    scratch.graph.hubs = g.hubs;
    scratch.graph.segments = g.segments;
    scratch.graph.segmentDistances = g.segmentDistances;
    scratch.graph.fatEdges = std::move(edges);
    preview.notes = detail::replayFatEdgeHistory(scratch, g.fatEdges, g.segments);
    edges = std::move(scratch.graph.fatEdges);
  } else {
    // No history edit names an edge, so no name is reserved: as replayFatEdgeHistory does.
    carryOverFatEdgeNames(g.fatEdges, g.segments, edges, g.segments);
  }
  for (const FatEdge& now : g.fatEdges) {
    if (findFatEdge(edges, now.name) < 0) preview.lostNames.push_back(now.name);
  }
  for (FatEdge& e : edges) {
    PreviewFatEdge p;
    p.name = e.name;
    p.fromHub = e.fromHub;
    p.toHub = e.toHub;
    p.segments = e.segments;
    std::sort(p.segments.begin(), p.segments.end());
    const int current = findFatEdge(g.fatEdges, e.name);
    p.keepsName = current >= 0;
    if (current >= 0) {
      std::vector<int> before = g.fatEdges[current].segments;
      std::sort(before.begin(), before.end());
      p.unchanged = before == p.segments;
    }
    preview.edges.push_back(std::move(p));
  }
  return preview;
}

}  // namespace fatgraph
