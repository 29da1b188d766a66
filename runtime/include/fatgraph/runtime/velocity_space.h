#pragma once
// What each fat edge can do for a game that asks for a velocity (Player::setDesiredVelocity):
// the ground velocity and turning rate of its blends, measured by playing them.
//
// Every edge has a 2D control plane the player maps into: the parameter plane of a grid edge
// (its weight grid's bounds), the velocity plane of a gradient-band edge (its JoystickMapping's
// range). VelocitySpace lays a lattice over that plane (a grid edge's weight-grid vertices,
// every other one beyond 65 per axis, between which the weights are bilinear; 17 x 17 over a
// band edge's velocity range) and plays the edge once from start to end at each point with EdgeBlend, the player's own kernel: the
// chord and total heading change over the edge's played duration give the point's velocity in
// the heading frame (x left, z forward, m/s; the chord of a constant-turn arc, as
// Player::steeredDelta makes it) and its turning rate (rad/s, positive left). Between lattice
// points the velocity is bilinear.
//
// match() inverts it: the lattice point nearest the request (or a given starting point) in
//   error^2 = |v - v*|^2 + (turnRadius * (w - w*))^2   (m/s; the turn weighed as the speed of a
//                                                        point turnRadius from the body)
// refined by Gauss-Newton steps on the bilinear interpolant inside the lattice, so a request
// inside what the edge can do gets weights that do it; outside, the closest the data comes.
//
// Building plays every edge once per lattice point (tens of milliseconds for a graph of dozens
// of edges on 32 x 32 grids; docs/PERFORMANCE.md) and allocates; match() and at() allocate nothing and never return NaN.
#include <vector>

#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// A velocity in the character's heading frame with its turning rate.
struct PlanarVelocity {
  Float2 velocity;     // m/s: x to the character's left, y forward (its +Z)
  float turnRate = 0;  // rad/s, positive turns left
};

/// The control-plane point that does (or comes closest to) a requested velocity.
struct VelocityMatch {
  Float2 planePoint;       // in the edge's control plane (Player::planePoint() units)
  PlanarVelocity achieved;  // what the edge's blend does there, at its own speed
  float error = 0;          // the weighted distance to the request (see above), m/s
};

class VelocitySpace {
 public:
  /// Every edge's space: the one the graph stores (RuntimeEdge::velocitySpace, from a format-3
  /// file) or, where it stores none, measured by playing the edge over its lattice. `graph`
  /// must be valid (RuntimeGraph::validate() empty) and outlive this object.
  explicit VelocitySpace(const RuntimeGraph& graph);
  /// Plays one edge over its lattice (allocates): what an exporter stores in the graph.
  static RuntimeVelocitySpace measure(const RuntimeGraph& graph, int edge);

  /// The velocity the edge's blend at `planePoint` achieves (bilinear between lattice points,
  /// clamped to the lattice). A bad edge index gives zero.
  PlanarVelocity at(int edge, const Float2& planePoint) const;
  /// The plane point of `edge` whose velocity comes closest to `request`; `turnRadius`
  /// (metres, > 0) weighs the turn against the velocity. Non-finite requests count as zero.
  /// With `from` (a previous match's plane point) the search starts there instead of scanning
  /// the whole lattice: a request that moves a little each frame costs a few interpolations.
  VelocityMatch match(int edge, const PlanarVelocity& request, float turnRadius,
                      const Float2* from = nullptr) const;
  /// The lowest and highest speed over the edge's lattice (m/s), for reports and the editor.
  Float2 speedRange(int edge) const;

 private:
  struct EdgeTable {
    float min[2] = {0, 0}, max[2] = {0, 0};  // control-plane bounds the lattice spans
    int n = 2;                                // lattice points per axis
    std::vector<PlanarVelocity> points;       // n^2, row-major (iy * n + ix)
  };
  Float2 latticePoint(const EdgeTable& table, float ix, float iy) const;
  PlanarVelocity interpolate(const EdgeTable& table, float ix, float iy) const;

  const RuntimeGraph* graph_;
  std::vector<EdgeTable> tables_;
};

}  // namespace fatgraph
