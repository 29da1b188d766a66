// Gradient-band weights for an edge (band_blend.h).
#include "fatgraph/runtime/band_blend.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/runtime/gradient_bands.h"

namespace fatgraph {

bool bandBlendWeights(const RuntimeEdge& edge, const Float2& velocity, Span<Float2> samples,
                      Span<float> weights) {
  const std::size_t n = edge.segments.size();
  if (edge.blend == EdgeBlendMode::Grid || n == 0 || weights.size() != n || samples.size() < n ||
      edge.bandSamples.size() != 2 * n)
    return false;
  for (std::size_t i = 0; i < n; ++i) {
    const Float2 s{edge.bandSamples[2 * i], edge.bandSamples[2 * i + 1]};
    if (!std::isfinite(s.x) || !std::isfinite(s.y)) return false;
    samples[i] = s;
  }
  // The stick mapping never yields NaN, but a caller's own velocity might: standing still is
  // the one harmless reading.
  const Float2 query{std::isfinite(velocity.x) ? velocity.x : 0.0f,
                     std::isfinite(velocity.y) ? velocity.y : 0.0f};
  const Span<const Float2> points(samples.data(), n);
  return edge.blend == EdgeBlendMode::PolarBands ? polarGradientBandWeights(points, query, weights)
                                                  : cartesianGradientBandWeights(points, query, weights);
}

BandBlend::BandBlend(const RuntimeGraph& graph) {
  std::size_t largest = 0;
  for (const RuntimeEdge& e : graph.edges) largest = std::max(largest, e.segments.size());
  samples_.assign(largest, Float2{});
  weights_.assign(largest, 0.0f);
}

Span<const float> BandBlend::evaluate(const RuntimeEdge& edge, const Float2& velocity) {
  const std::size_t n = edge.segments.size();
  if (n > weights_.size()) return {};
  const Span<float> out(weights_.data(), n);
  if (!bandBlendWeights(edge, velocity, samples_, out)) return {};
  return out;
}

}  // namespace fatgraph
