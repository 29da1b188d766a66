#pragma once
// A fat edge's clock as a value type a game keeps per character (Fat Graph §5; docs/
// ALGORITHMS.md E), and the jobs that advance it. The player (player.h) and EdgeBlend run these
// same jobs, so a game that runs them itself gets the player's clock bit for bit; copying a
// clock is a rewind point (the copy keeps the cursors, so a restored clock plays on exactly).
//
//   BeginEdgeJob         the edge at T = 0 with its reference segment's one-hot weights
//   EdgeWeightsJob       blend weights (given, or looked up in the edge's weight grid)
//   AdvanceEdgeClockJob  T by eq. 2 for a frame time dt; the blended root delta of the step
//   SampleEdgeClockJob   the local pose at T (structure of arrays, the player's layout)
//
// Eq. 2 is integrated exactly across the warps' knots: dT/dt = sum_i w_i / F_i'(T) is constant
// only within one piece of every F_i, so a step that crosses a knot continues at the next
// piece's rate. Each segment's F_i(T) is cached in a cursor because T only grows in an edge.
//
// Every job reads its graph unchecked (RuntimeGraph::validate() must have passed) and the clock
// must be sized for that graph (EdgeClock(graph)); validate() checks both, run() returns false
// when validate() would. No job allocates, throws or keeps state of its own.
#include <vector>

#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/root_motion.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// Where one segment is sampled at the clock's T: t_i = F_i(T) as frame k plus fraction a.
struct EdgeSegmentCursor {
  float time = 0;          ///< F_i(T), seconds of segment time
  int frame = 0;           ///< k, in [0, frameCount - 2]
  float fraction = 0;      ///< a, in [0, 1]
  int piece = 0;           ///< warp piece holding T (search hint)
  float slope = 0;         ///< F_i' on that piece; 0 until computed
  float inverseSlope = 0;  ///< 1 / F_i', eq. 2's term
};

struct EdgeClock {
  int edge = -1;        ///< the edge played; -1: none (the rest pose)
  float time = 0;       ///< T, reference seconds in [0, the edge's referenceDuration]
  float unplayed = 0;   ///< seconds of the last advance the edge's end left over (frame time)
  int segmentCount = 0; ///< the edge's segments: the used entries of weights and cursors
  /// Normalized blend weights, then cursors, one per segment; sized for the graph's largest
  /// edge so beginning another edge never allocates.
  std::vector<float> weights;
  std::vector<EdgeSegmentCursor> cursors;

  EdgeClock() = default;
  /// Sized for `graph` (allocates once), on no edge.
  explicit EdgeClock(const RuntimeGraph& graph);
  /// The current edge's weights (segmentCount entries).
  Span<const float> edgeWeights() const { return {weights.data(), static_cast<std::size_t>(segmentCount)}; }
  /// T has reached the edge's reference duration (or there is no edge).
  bool finished(const RuntimeGraph& graph) const;
  /// On an edge of `graph` (or none), with the segment count to match and room for it.
  bool fits(const RuntimeGraph& graph) const;
};

/// Starts `edge` at T = 0 with the reference segment's one-hot weights; an edge index out of
/// range leaves the clock on no edge.
struct BeginEdgeJob {
  const RuntimeGraph* graph = nullptr;
  int edge = -1;
  EdgeClock* clock = nullptr;  ///< in and out

  bool validate() const;
  bool run() const;
};

/// The blend weights of the clock's edge: `weights` (one per segment; normalized here, unusable
/// entries counting as zero and none usable playing the reference segment alone), or, when
/// `weights` is empty, the edge's weight grid at `planePoint` (bilinear, clamped to the grid's
/// box, NaN at its centre; an edge without a grid plays its reference segment).
struct EdgeWeightsJob {
  const RuntimeGraph* graph = nullptr;
  EdgeClock* clock = nullptr;  ///< in and out
  Span<const float> weights;
  Float2 planePoint;

  bool validate() const;
  bool run() const;
};

/// Steps T by eq. 2 for frame time `dt` (NaN, infinite or negative: 0), clamped so T never
/// passes the edge's reference duration (within 1e-5 s of it counts as reaching it; the frame
/// time left over goes to clock->unplayed). `delta` gets the blended root delta of the step, in
/// the heading frame at the step's start: each segment's trajectory from F_i(T) to F_i(T + dT)
/// in its own heading frame at F_i(T), blended by the weights (root_motion.h).
struct AdvanceEdgeClockJob {
  const RuntimeGraph* graph = nullptr;
  float dt = 0;
  EdgeClock* clock = nullptr;  ///< in and out
  RootDelta* delta = nullptr;  ///< output

  bool validate() const;
  bool run() const;
};

/// The local pose at the clock's T, in the player's layout: `rotations` 4J floats x[J] y[J]
/// z[J] w[J] (unit, nlerp of the sign-aligned quaternions), `translations` 3A floats x[A] y[A]
/// z[A] for graph.translatedJoints (ScatterTranslationsJob spreads them over every joint). No
/// edge: the rest pose. Bitwise SampleEdgeJob's pose for the same edge, T and weights.
struct SampleEdgeClockJob {
  const RuntimeGraph* graph = nullptr;
  const EdgeClock* clock = nullptr;
  Span<float> rotations;     ///< output, 4J floats
  Span<float> translations;  ///< output, 3A floats

  bool validate() const;
  bool run() const;
};

/// The animated translations (3A floats, SampleEdgeClockJob's) written into a pose of every
/// joint's translations (3J floats x[J] y[J] z[J], the rest offsets elsewhere, as
/// LocalToModelJob reads them).
struct ScatterTranslationsJob {
  const RuntimeGraph* graph = nullptr;
  Span<const float> animated;  ///< 3A floats
  Span<float> joints;          ///< in and out, 3J floats

  bool validate() const;
  bool run() const;
};

/// Every joint's rest translation as 3J floats (ScatterTranslationsJob's starting pose).
/// Allocates; call it once at load.
std::vector<float> restTranslations(const RuntimeGraph& graph);

}  // namespace fatgraph
