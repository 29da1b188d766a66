#pragma once
// Projects for the parameterization tests: synthetic walks of declared stride and turning
// rate gathered into one fat edge by hand (one hub, every clip one segment, identity warps),
// so the expected reachable region follows from the walk parameters alone.
#include <cmath>
#include <string>
#include <vector>

#include "fatgraph/core/model/project.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "synthetic_projects.h"

namespace fatgraph::test {

struct WalkSpec {
  double turningRate = 0;  // rad/s, positive turns left
  double stride = 1.1;     // m per cycle
};

/// One gait cycle of 1 s at 30 fps (31 frames) per walk: the end of the clip is the same gait
/// phase as its start, so the root's end position is the path's end plus the same sway.
inline SyntheticMotion oneCycleWalk(const WalkSpec& w) {
  SyntheticWalkParams p;
  p.period = 1.0;
  p.cycles = 1.0;
  p.turningRate = w.turningRate;
  p.strideLength = w.stride;
  return generateBipedWalk(p);
}

/// A project whose graph is one hub and one fat edge "edge0" holding every walk (reference:
/// the first), identity warps (all walks have the same frame count).
inline Project walkEdgeProject(const std::vector<WalkSpec>& walks) {
  std::vector<SyntheticMotion> motions;
  for (const WalkSpec& w : walks) motions.push_back(oneCycleWalk(w));
  Project p = projectOf(motions);
  MotionGraph& g = p.graph;
  Hub hub;
  hub.name = "hub0";
  hub.frame = {0, 0};
  g.hubs.push_back(hub);
  FatEdge e;
  e.name = "edge0";
  e.fromHub = e.toHub = 0;
  for (size_t c = 0; c < p.clips.size(); ++c) {
    const int n = p.clips[c].frameCount();
    g.segments.push_back({static_cast<int>(c), 0, n - 1, 0, 0});
    e.segments.push_back(static_cast<int>(c));
    e.warps.push_back(WarpMap::identity(n));
  }
  e.reference = 0;
  g.fatEdges.push_back(e);
  g.segmentDistances = GroupedSegmentDistances(g.segments);
  g.segmentDistances.setPairValues(std::vector<double>(g.segmentDistances.pairCount(), 0.0));
  return p;
}

/// Where the root ends after `seconds` on a circle of turning rate w (speed stride / 1 s) in
/// the walk's start frame, seen from above: (left, forward) in metres.
inline Eigen::Vector2d expectedEnd(const WalkSpec& w, double seconds) {
  const double v = w.stride;  // period 1 s
  if (std::abs(w.turningRate) < 1e-12) return {0.0, v * seconds};
  const double r = v / w.turningRate;
  return {r * (1 - std::cos(w.turningRate * seconds)), r * std::sin(w.turningRate * seconds)};
}

}  // namespace fatgraph::test
