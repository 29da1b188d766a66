#pragma once
// Blend weights for an edge whose EdgeBlendMode is a gradient-band mode (Johansen ch. 6.3;
// gradient_bands.h): the stick is mapped through the edge's JoystickMapping into velocity space
// (the player does that with the same code as for a parameter plane), and each segment is
// weighted by how close that velocity lies to the segment's own, RuntimeEdge::bandSamples.
//
// Space and units: velocities in the character's heading frame, x = left, z = forward, m/s
// (a 2D vector (x, z)); a segment's sample is its mean ground velocity over the segment.
//
// Why blending by velocity keeps the feet in step: the weights only say how much of each
// segment to mix. Where in its cycle each segment is sampled comes from the edge's time warp
// (time_warp.h): every segment is read at F_i(T), and the warp maps the reference segment's
// events (foot-strikes, foot-offs) onto the same events of every other segment. A fast and a
// slow step are therefore mixed at the same phase, in normalized cycle time, whatever their
// durations, and the clock of eq. 2 runs at the weighted rate. Nothing in the band weights
// needs to know about phases.
//
// No allocation after construction, no exceptions, never NaN.
#include <vector>

#include "fatgraph/runtime/math.h"

#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// Gradient-band weights of `edge`'s segments at `velocity` ((x, z): left, forward; m/s):
/// Cartesian bands for EdgeBlendMode::CartesianBands, polar bands for PolarBands.
///  - `samples` is caller scratch with at least one entry per segment (it receives the
///    segments' velocities as vectors); `weights` must hold exactly one entry per segment.
///  - The weights are ≥ 0 and sum to 1; a velocity equal to a segment's sample gives that
///    segment weight 1; a non-finite velocity counts as standing still (0, 0).
///  - Returns false and writes nothing when the edge is not in a band mode, has no segments,
///    its bandSamples do not hold 2 finite floats per segment, or a span is too small: the
///    caller keeps its other weights (the player falls back to the reference segment).
bool bandBlendWeights(const RuntimeEdge& edge, const Float2& velocity, Span<Float2> samples,
                      Span<float> weights);

/// bandBlendWeights() with its scratch: sized once for the largest edge of a graph, so a
/// player evaluates any of its edges without allocating.
class BandBlend {
 public:
  explicit BandBlend(const RuntimeGraph& graph);

  /// The weights of `edge` at `velocity` (see bandBlendWeights); an empty span when the edge
  /// cannot be blended by bands. Valid until the next call.
  Span<const float> evaluate(const RuntimeEdge& edge, const Float2& velocity);

 private:
  std::vector<Float2> samples_;
  std::vector<float> weights_;
};

}  // namespace fatgraph
