#pragma once
// Blending one fat edge (Fat Graph §5; docs/ALGORITHMS.md E): the kernel the player runs every
// update, and the one authoring runs to sample the parameter plane, so the plane is measured
// with exactly the blending the game plays.
//
// State: an EdgeClock (edge_clock.h: the reference time T in seconds, the weights), advanced by
// the clock's jobs, which a game may run itself on a clock it keeps. advance(dt) steps T by eq. 2 (the
// weighted mean of dt / F_i'(T)) and returns the blended root delta of the step: for every
// segment, its trajectory between F_i(T) and F_i(T + dT), expressed in the heading frame at
// F_i(T), blended by the weights (root_motion.h). samplePose() writes the local pose at T:
// every segment sampled at F_i(T) (linear between its two frames), the weighted sum of the
// pre-aligned quaternions normalized once per joint (or the exact eigenvector average).
//
// No allocation after construction; odd input (NaN weights, all-zero weights, NaN or huge dt)
// gives a finite pose: unusable weights fall back to the reference segment alone.
#include <vector>

#include "fatgraph/runtime/edge_clock.h"
#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/root_motion.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/runtime/time_warp.h"

namespace fatgraph {

enum class RotationAverage {
  Nlerp,        // hemisphere-aligned weighted sum, one normalize per joint (the default)
  Eigenvector,  // the exact average of Park et al. (dominant eigenvector), slower
};

class EdgeBlend {
 public:
  /// Allocates scratch for the largest edge of `graph`; the graph must outlive this object
  /// and be valid (RuntimeGraph::validate() empty: the loop indexes its data unchecked).
  explicit EdgeBlend(const RuntimeGraph& graph);

  /// Starts edge `edge` at T = 0 with the reference segment's one-hot weights.
  void begin(int edge);
  /// Blend weights, one per segment of the current edge (copied; normalized internally;
  /// unusable entries count as zero).
  void setWeights(Span<const float> weights);
  /// Weights from the edge's grid at plane point (u, v) (bilinear lookup, clamped to the grid).
  void setPlanePoint(float u, float v);
  /// Steps T by eq. 2 for frame time dt, clamped so T never passes referenceDuration (within
  /// 1e-5 s of it counts as reaching it); returns the blended root delta of the step in the
  /// heading frame at the step's start.
  RootDelta advance(float dt);
  /// Local pose at the current T: J rotations (root heading removed) and J translations
  /// (rest offsets for joints without animated translation; root x = z = 0). Uses internal
  /// scratch, so one EdgeBlend serves one thread at a time.
  void samplePose(Span<Quaternion> rotations, Span<Float3> translations,
                  RotationAverage average = RotationAverage::Nlerp) const;

  /// The same pose as structure-of-arrays floats, the player's fast path: `rotations` gets
  /// 4 * J floats x[J] y[J] z[J] w[J] (unit, nlerp), `translations` 3 * A floats x[A] y[A]
  /// z[A] for graph.translatedJoints. Neither may alias the graph's data.
  void samplePoseSoA(float* rotations, float* translations) const;

  /// Segment i's own time F_i(T) in seconds (0 when i is not a segment of the edge).
  float segmentTime(int i) const {
    return i >= 0 && i < clock_.segmentCount ? clock_.cursors[i].time : 0.0f;
  }
  int edge() const { return clock_.edge; }
  float time() const { return clock_.time; }
  bool finished() const { return clock_.finished(*graph_); }  // T reached the reference duration
  Span<const float> weights() const { return clock_.edgeWeights(); }
  /// Seconds of the last advance(dt) that were not played because the edge ended (the
  /// player plays them on the next edge); 0 when the whole dt fitted.
  float unplayedTime() const { return clock_.unplayed; }
  /// The clock as a value: a copy is a point to come back to (setClock), or a game's own.
  const EdgeClock& clock() const { return clock_; }
  /// Continues from `clock` (one of this graph's, e.g. a copy of clock()); no allocation.
  void setClock(const EdgeClock& clock);

 private:
  void sampleEigenvector(Span<Quaternion> rotations) const;

  const RuntimeGraph* graph_;
  EdgeClock clock_;
  mutable std::vector<float> scratch_;              // SoA pose for samplePose (4J + 3A)
  mutable std::vector<Quaternion> eigenInputs_;     // per segment, exact average only
  mutable std::vector<float> eigenWeights_;
};

}  // namespace fatgraph
