#include "fatgraph/core/graph/graph_coverage.h"

#include <algorithm>

#include "fatgraph/core/model/project.h"

namespace fatgraph {

GraphCoverage segmentCoverage(const std::vector<Segment>& segments,
                              const std::vector<int>& clipFrameCounts) {
  // One flag per frame: a frame shared by two segments (their common cut) counts once.
  std::vector<std::vector<char>> inside(clipFrameCounts.size());
  for (size_t c = 0; c < clipFrameCounts.size(); ++c) inside[c].assign(std::max(0, clipFrameCounts[c]), 0);
  for (const Segment& s : segments) {
    if (s.clip < 0 || s.clip >= static_cast<int>(inside.size())) continue;
    std::vector<char>& flags = inside[s.clip];
    const int first = std::max(0, s.first);
    const int last = std::min(static_cast<int>(flags.size()) - 1, s.last);
    for (int f = first; f <= last; ++f) flags[f] = 1;
  }
  GraphCoverage out;
  for (size_t c = 0; c < inside.size(); ++c) {
    ClipCoverage clip;
    clip.clip = static_cast<int>(c);
    clip.frames = static_cast<int>(inside[c].size());
    clip.coveredFrames = static_cast<int>(std::count(inside[c].begin(), inside[c].end(), 1));
    clip.fraction = clip.frames > 0 ? static_cast<double>(clip.coveredFrames) / clip.frames : 0.0;
    out.frames += clip.frames;
    out.coveredFrames += clip.coveredFrames;
    out.clips.push_back(clip);
  }
  out.overall = out.frames > 0 ? static_cast<double>(out.coveredFrames) / out.frames : 0.0;
  return out;
}

GraphCoverage graphCoverage(const MotionGraph& graph, const std::vector<int>& clipFrameCounts) {
  // Only fat edge members count: a segment an edit removed from every edge is not playable.
  std::vector<Segment> members;
  for (const FatEdge& e : graph.fatEdges) {
    for (int s : e.segments) {
      if (s >= 0 && s < static_cast<int>(graph.segments.size())) members.push_back(graph.segments[s]);
    }
  }
  return segmentCoverage(members, clipFrameCounts);
}

GraphCoverage projectCoverage(const Project& project) {
  std::vector<int> frames;
  for (const Clip& c : project.clips) frames.push_back(c.generated ? 0 : c.frameCount());
  return graphCoverage(project.graph, frames);
}

}  // namespace fatgraph
