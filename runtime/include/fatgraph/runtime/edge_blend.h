#pragma once
// Blending one fat edge (Fat Graph §5; docs/ALGORITHMS.md E): the kernel the player runs every
// update, and the one authoring runs to sample the parameter plane, so the plane is measured
// with exactly the blending the game plays.
//
// State: the reference time T (seconds) and the weights. advance(dt) steps T by eq. 2 (the
// weighted mean of dt / F_i'(T)) and returns the blended root delta of the step: for every
// segment, its trajectory between F_i(T) and F_i(T + dT), expressed in the heading frame at
// F_i(T), blended by the weights (root_motion.h). samplePose() writes the local pose at T:
// every segment sampled at F_i(T) (linear between its two frames), the weighted sum of the
// pre-aligned quaternions normalized once per joint (or the exact eigenvector average).
//
// No allocation after construction; odd input (NaN weights, all-zero weights, NaN or huge dt)
// gives a finite pose: unusable weights fall back to the reference segment alone.
#include <vector>

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
    return i >= 0 && i < segmentCount_ ? cursors_[i].time : 0.0f;
  }
  int edge() const { return edge_; }
  float time() const { return time_; }
  bool finished() const;  // T has reached the edge's reference duration
  Span<const float> weights() const;
  /// Seconds of the last advance(dt) that were not played because the edge ended (the
  /// player plays them on the next edge); 0 when the whole dt fitted.
  float unplayedTime() const { return unplayed_; }

 private:
  // Where one segment is sampled at the current T: t_i = F_i(T) as frame k plus fraction a.
  struct SegmentCursor {
    float time = 0;      // F_i(T), seconds of segment time
    int frame = 0;       // k, in [0, frameCount - 2]
    float fraction = 0;  // a, in [0, 1]
    int piece = 0;       // warp piece holding T (search hint; T only grows within an edge)
    float slope = 0;     // F_i' on that piece; 0 until computed
    float inverseSlope = 0;  // 1 / F_i', eq. 2's term
  };
  const RuntimeEdge* current() const;
  void useReferenceOnly();
  void normalizeWeights();
  void locate(int segment, float referenceTime);
  void locateSegments();
  float integrateClock(float dt, float& unplayed) const;
  // Knots crossed in one advance() at most; beyond it the step finishes at the last rate
  // (only a huge dt reaches this, and the player splits those into sub-steps).
  static constexpr int kMaxKnotCrossings = 64;
  void sampleEigenvector(Span<Quaternion> rotations) const;

  const RuntimeGraph* graph_;
  int edge_ = -1;
  float time_ = 0;
  float unplayed_ = 0;
  int segmentCount_ = 0;
  std::vector<float> weights_;                      // normalized, first segmentCount_ used
  std::vector<SegmentCursor> cursors_;              // per segment of the current edge
  std::vector<PiecewiseLinearMapView> warps_;       // F_i over the edge's knot arrays
  std::vector<Float3> restOffsets_;                 // J, for joints without animated translation
  mutable std::vector<float> scratch_;              // SoA pose for samplePose (4J + 3A)
  mutable std::vector<Quaternion> eigenInputs_;     // per segment, exact average only
  mutable std::vector<float> eigenWeights_;
};

}  // namespace fatgraph
