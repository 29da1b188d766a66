#include "graph_summary.h"

#include <cmath>
#include <iomanip>

#include "fatgraph/core/graph_coverage.h"

namespace fatgraph::cli {
namespace {

std::string hubName(const MotionGraph& g, int hub) {
  return hub >= 0 && hub < static_cast<int>(g.hubs.size()) ? g.hubs[hub].name : std::string("(none)");
}

int totalFrames(const Project& p) {
  int n = 0;
  for (const Clip& c : p.clips) n += c.frameCount();
  return n;
}

// The frame in the source file, at its own rate (what a user finds in their BVH).
int sourceFrame(const Project& p, const FrameRef& f) {
  return static_cast<int>(std::lround(p.clips[f.clip].sourceFrame(f.frame)));
}

GraphCoverage coverageOf(const Project& p) {
  std::vector<int> frames;
  for (const Clip& c : p.clips) frames.push_back(c.frameCount());
  return graphCoverage(p.graph, frames);
}

}  // namespace

nlohmann::json coverageJson(const Project& p) {
  const GraphCoverage cov = coverageOf(p);
  nlohmann::json clips = nlohmann::json::array();
  for (const ClipCoverage& c : cov.clips) {
    clips.push_back({{"clip", p.clips[c.clip].name}, {"fraction", c.fraction}});
  }
  return {{"overall", cov.overall}, {"clips", clips}};
}

nlohmann::json graphSummaryJson(const Project& p) {
  const MotionGraph& g = p.graph;
  nlohmann::json hubs = nlohmann::json::array();
  for (const Hub& h : g.hubs) {
    const Clip& c = p.clips[h.frame.clip];
    hubs.push_back({{"name", h.name},
                    {"clip", c.name},
                    {"frame", sourceFrame(p, h.frame)},
                    {"time_s", h.frame.frame / c.fps},
                    {"match_set_size", h.matchSet.size()}});
  }
  nlohmann::json edges = nlohmann::json::array();
  for (const FatEdge& e : g.fatEdges) {
    edges.push_back({{"name", e.name},
                     {"from", hubName(g, e.fromHub)},
                     {"to", hubName(g, e.toHub)},
                     {"segments", e.segments.size()}});
  }
  nlohmann::json clips = nlohmann::json::array();
  for (const Clip& c : p.clips) {
    clips.push_back({{"name", c.name}, {"frames", c.frameCount()}, {"source", c.source}});
  }
  return {{"frames", totalFrames(p)},
          {"fps", p.settings.fps},
          {"window", p.settings.window},
          {"clips", clips},
          {"hubs", hubs},
          {"segments", g.segments.size()},
          {"entries", g.entries.size()},
          {"exits", g.exits.size()},
          {"fat_edges", edges},
          {"coverage", coverageJson(p)},
          {"thresholds", {{"hub", g.hubThreshold.rms},
                          {"edge", g.edgeThreshold.rms},
                          {"hub_method", g.hubThreshold.method},
                          {"edge_method", g.edgeThreshold.method}}}};
}

void printGraphSummary(std::ostream& out, const Project& p) {
  const MotionGraph& g = p.graph;
  out << std::fixed << std::setprecision(3);
  out << p.clips.size() << " clip(s), " << totalFrames(p) << " frames at " << p.settings.fps
      << " fps, window " << p.settings.window << " frames\n";
  out << "hub threshold " << g.hubThreshold.rms << " m (" << g.hubThreshold.method << ")\n";
  for (const Hub& h : g.hubs) {
    const Clip& c = p.clips[h.frame.clip];
    out << "  " << h.name << ": " << c.name << " frame " << sourceFrame(p, h.frame) << " ("
        << h.frame.frame / c.fps << " s), match set of " << h.matchSet.size() << "\n";
  }
  out << g.segments.size() << " segments between hubs (+" << g.entries.size() << " entry, "
      << g.exits.size() << " exit pieces)\n";
  out << "edge threshold " << g.edgeThreshold.rms << " m (" << g.edgeThreshold.method << ")\n";
  out << g.fatEdges.size() << " fat edge(s):\n";
  for (const FatEdge& e : g.fatEdges) {
    out << "  " << e.name << ": " << hubName(g, e.fromHub) << " -> " << hubName(g, e.toHub) << ", "
        << e.segments.size() << " segment(s)\n";
  }
  // Coverage: the share of each clip's frames inside fat edges (the rest the graph cannot play).
  const GraphCoverage cov = coverageOf(p);
  out << std::setprecision(1) << "coverage " << 100.0 * cov.overall << " % of all frames inside fat edges\n";
  for (const ClipCoverage& c : cov.clips) {
    out << "  " << p.clips[c.clip].name << ": " << 100.0 * c.fraction << " % (" << c.coveredFrames
        << " of " << c.frames << " frames)\n";
  }
  out << std::setprecision(3);
}

}  // namespace fatgraph::cli
