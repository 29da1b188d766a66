#include "graph_summary.h"

#include <cmath>
#include <iomanip>

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

}  // namespace

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
}

}  // namespace fatgraph::cli
