#pragma once
// A small runtime graph written out by hand, for the runtime tests that need a whole valid
// RuntimeGraph without core's builder: a four-joint leg (root, hip, knee, ankle), two hubs and
// two edges, hub 0 -> hub 1 ("there") and hub 1 -> hub 0 ("back"). Every frame of an edge holds
// the same pose (the knee bent by the edge's angle about x, the root at the edge's height), so
// the pose a player shows is known exactly at every time, and the two edges meet at their
// hubs with poses as different as a test asks for.
#include <cmath>
#include <string>
#include <vector>

#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph::test {

struct HandMadeGraphOptions {
  int frames = 31;                      // per segment, at 30 fps (31: one second)
  int segments = 1;                     // per edge
  float kneeAngle[2] = {0.0f, 0.0f};    // radians about x, per edge
  float rootHeight[2] = {1.0f, 1.0f};   // metres, per edge
  bool legs = false;                    // one leg (hip, knee, ankle) and leg cycles on both edges
};

namespace detail {

// One segment's arrays appended to the edge's block (layout of runtime_graph.h: rotations
// x[J] y[J] z[J] w[J] per frame, translations x[A] y[A] z[A], trajectory, warp x, warp y).
inline RuntimeSegment appendConstantSegment(std::vector<float>& data, int frames, int joints,
                                            float kneeAngle, float rootHeight) {
  RuntimeSegment s;
  s.clip = "hand-made";
  s.frameCount = frames;
  s.duration = static_cast<float>(frames - 1) / 30.0f;
  s.rotations = static_cast<std::uint32_t>(data.size());
  for (int f = 0; f < frames; ++f) {
    std::vector<float> q(4 * joints, 0.0f);
    for (int j = 0; j < joints; ++j) q[3 * joints + j] = 1.0f;  // identity
    q[0 * joints + 2] = std::sin(0.5f * kneeAngle);              // the knee (joint 2) about x
    q[3 * joints + 2] = std::cos(0.5f * kneeAngle);
    data.insert(data.end(), q.begin(), q.end());
  }
  s.translations = static_cast<std::uint32_t>(data.size());
  for (int f = 0; f < frames; ++f) data.insert(data.end(), {0.0f, rootHeight, 0.0f});  // A = 1
  s.trajectory = static_cast<std::uint32_t>(data.size());
  data.insert(data.end(), 3 * static_cast<std::size_t>(frames), 0.0f);  // standing still
  s.warpKnots = 2;
  s.warpX = static_cast<std::uint32_t>(data.size());
  data.insert(data.end(), {0.0f, s.duration});
  s.warpY = static_cast<std::uint32_t>(data.size());
  data.insert(data.end(), {0.0f, s.duration});
  return s;
}

}  // namespace detail

/// The graph described above; RuntimeGraph::validate() accepts it.
inline RuntimeGraph handMadeGraph(const HandMadeGraphOptions& options = {}) {
  RuntimeGraph g;
  g.skeleton.addJoint("root", -1, {0.0f, 1.0f, 0.0f}, true);
  g.skeleton.addJoint("hip", 0, {0.1f, 0.0f, 0.0f}, false);
  g.skeleton.addJoint("knee", 1, {0.0f, -0.45f, 0.0f}, false);
  g.skeleton.addJoint("ankle", 2, {0.0f, -0.45f, 0.0f}, false);
  const int joints = g.jointCount();
  g.translatedJoints = {0};
  g.fps = 30.0f;
  if (options.legs) {
    RuntimeLeg leg;
    leg.name = "Left";
    leg.chain = {1, 2, 3};
    leg.heel[2] = -0.05f;
    leg.toeTip[2] = 0.15f;
    leg.length = 0.9f;
    leg.footLength = 0.2f;
    g.legs.push_back(leg);
  }
  const char* names[2] = {"there", "back"};
  for (int e = 0; e < 2; ++e) {
    RuntimeEdge edge;
    edge.name = names[e];
    edge.fromHub = e;
    edge.toHub = 1 - e;
    for (int s = 0; s < options.segments; ++s)
      edge.segments.push_back(detail::appendConstantSegment(edge.data, options.frames, joints,
                                                            options.kneeAngle[e], options.rootHeight[e]));
    edge.referenceDuration = edge.segments[0].duration;
    RuntimeParameterSpace& p = edge.parameters;
    p.dimension = 2;
    p.xAxis[0] = 1.0f;
    p.yAxis[2] = 1.0f;
    p.gridResolution = 2;
    p.gridMin[0] = p.gridMin[1] = -1.0f;
    p.gridMax[0] = p.gridMax[1] = 1.0f;
    p.gridWeights.assign(4 * static_cast<std::size_t>(options.segments), 0.0f);
    for (int v = 0; v < 4; ++v) p.gridWeights[v * options.segments] = 1.0f;  // the reference
    edge.bandSamples.assign(2 * static_cast<std::size_t>(options.segments), 0.0f);
    if (options.legs) {
      RuntimeLocomotion& m = edge.locomotion;
      m.enabled = true;
      RuntimeLegCycle c;
      c.stanceTime = 0.1f;
      c.footLift = 0.2f;
      c.footOff = 0.3f;
      c.postFootLift = 0.4f;
      c.preFootLand = 0.5f;
      c.footLand = 0.6f;
      c.footStrike = 0.7f;
      c.strideLength = 0.5f;
      m.legCycles.assign(options.segments, c);
      m.cycleDistance.assign(options.segments, 0.5f);
      m.cycleDuration.assign(options.segments, edge.referenceDuration);
    }
    g.edges.push_back(edge);
  }
  g.hubs.resize(2);
  for (int h = 0; h < 2; ++h) {
    g.hubs[h].name = "hub" + std::to_string(h);
    g.hubs[h].outgoing = {h};
    g.hubs[h].defaultEdge = h;
  }
  g.startEdge = 0;
  return g;
}

}  // namespace fatgraph::test
