#pragma once
// The fat-edge blend kernel (Fat Graph §5; docs/ALGORITHMS.md E), shared by EdgeBlend (its
// cached per-segment cursors) and SampleEdgeJob (cursors found from T): per weighted segment
// one frame index k and fraction a, then a weighted sum over the 4J contiguous rotation floats
// of frames k and k + 1, which the compiler vectorizes because the data are SoA floats and the
// quaternions were sign-aligned when the graph was built.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/runtime/time_warp.h"
#include "soa_quaternions.h"

namespace fatgraph::detail {

inline bool usableWeight(float w) { return std::isfinite(w) && w > 0.0f; }

/// How raw blend weights become normalized ones: unusable entries (non-finite, <= 0) count as
/// 0, the rest are divided by the largest and then by their sum (so huge finite weights cannot
/// overflow). `any` false: nothing usable, the reference segment plays alone.
struct WeightNormalization {
  float largest = 0, sum = 0;
  bool any = false;

  explicit WeightNormalization(Span<const float> weights) {
    for (const float w : weights)
      if (usableWeight(w)) largest = std::max(largest, w);
    any = largest > 0.0f;
    if (!any) return;
    for (const float w : weights)
      if (usableWeight(w)) sum += w / largest;
  }
  float operator()(float w) const { return usableWeight(w) ? w / largest / sum : 0.0f; }
};

/// The piece [x[p], x[p+1]] of a strictly increasing piecewise-linear map that holds t (the
/// right-hand one at an inner knot, like PiecewiseLinearMapView::slope), searching from
/// `piece`: T only grows inside an edge, so from the last piece this is a step or two.
inline int pieceFrom(const PiecewiseLinearMapView& m, float t, int piece) {
  if (!(t > m.x[0])) return 0;
  int p = std::clamp(piece, 0, m.count - 2);
  while (p > 0 && t < m.x[p]) --p;
  while (p < m.count - 2 && t >= m.x[p + 1]) ++p;
  return p;
}

/// F'(T) on a piece.
inline float pieceSlope(const PiecewiseLinearMapView& m, int piece) {
  return (m.y[piece + 1] - m.y[piece]) / (m.x[piece + 1] - m.x[piece]);
}

/// A segment's own time F(T) for T on `piece` of slope `slope` (T clamped to the map's domain).
inline float segmentTimeAt(const PiecewiseLinearMapView& m, float referenceTime, int piece, float slope) {
  const float t = std::clamp(referenceTime, m.x[0], m.x[m.count - 1]);
  return t >= m.x[m.count - 1] ? m.y[m.count - 1] : m.y[piece] + (t - m.x[piece]) * slope;
}

/// Where one segment is sampled: frame k plus fraction a in [0, 1].
struct SegmentFrame {
  int frame = 0;
  float fraction = 0;
};

/// Segment time (seconds) as a frame and fraction at the graph's rate.
inline SegmentFrame frameAt(float segmentTime, float fps, int frameCount) {
  const float u = std::max(segmentTime * fps, 0.0f);
  const int frame = std::min(static_cast<int>(u), frameCount - 2);
  return {frame, std::min(u - static_cast<float>(frame), 1.0f)};
}

// One segment's contribution: frames k and k+1 (rotations and translations) with weights
// w (1 - a) and w a.
struct BlendTerm {
  const float* rotations;
  const float* translations;
  float wa, wb;
};

template <bool kAdd>
void blendPairInto(const BlendTerm& p, const BlendTerm& q, int n, int offsetNext,
                   const float* __restrict p0, const float* __restrict q0, float* __restrict out) {
  const float* __restrict p1 = p0 + offsetNext;
  const float* __restrict q1 = q0 + offsetNext;
  for (int m = 0; m < n; ++m) {
    const float sum = (p.wa * p0[m] + p.wb * p1[m]) + (q.wa * q0[m] + q.wb * q1[m]);
    out[m] = kAdd ? out[m] + sum : sum;
  }
}

inline void blendPair(const BlendTerm& p, const BlendTerm& q, int nr, int nt, bool add,
                      float* __restrict rotations, float* __restrict translations) {
  if (add) {
    blendPairInto<true>(p, q, nr, nr, p.rotations, q.rotations, rotations);
    blendPairInto<true>(p, q, nt, nt, p.translations, q.translations, translations);
  } else {
    blendPairInto<false>(p, q, nr, nr, p.rotations, q.rotations, rotations);
    blendPairInto<false>(p, q, nt, nt, p.translations, q.translations, translations);
  }
}

/// The blended local pose of `edge`: weightOf(i) is segment i's normalized weight (0: skipped),
/// frameOf(i) where it is sampled. Segments two at a time, the first pair writing instead of
/// adding: the output is read and written once per pair rather than once per frame of every
/// segment. Rotations are normalized once per joint at the end.
template <class WeightOf, class FrameOf>
void blendSegments(const RuntimeGraph& graph, const RuntimeEdge& edge, WeightOf weightOf,
                   FrameOf frameOf, float* __restrict rotations, float* __restrict translations) {
  const int joints = graph.jointCount();
  const int nr = 4 * joints, nt = 3 * static_cast<int>(graph.translatedJoints.size());
  const float* data = edge.data.data();
  BlendTerm pending{};
  bool havePending = false, written = false;
  const int segments = static_cast<int>(edge.segments.size());
  for (int i = 0; i < segments; ++i) {
    const float w = weightOf(i);
    if (w == 0.0f) continue;
    const SegmentFrame c = frameOf(i);
    const RuntimeSegment& s = edge.segments[i];
    const float wb = w * c.fraction;
    const BlendTerm term{data + s.rotations + static_cast<std::size_t>(c.frame) * nr,
                         data + s.translations + static_cast<std::size_t>(c.frame) * nt, w - wb, wb};
    if (!havePending) {
      pending = term;
      havePending = true;
      continue;
    }
    blendPair(pending, term, nr, nt, written, rotations, translations);
    written = true;
    havePending = false;
  }
  if (havePending) {
    blendPair(pending, BlendTerm{pending.rotations, pending.translations, 0.0f, 0.0f}, nr, nt,
              written, rotations, translations);
  } else if (!written) {  // no usable weight (callers normalize weights first)
    std::fill(rotations, rotations + nr, 0.0f);
    std::fill(translations, translations + nt, 0.0f);
  }
  normalizeQuaternions(rotations, rotations + joints, rotations + 2 * joints, rotations + 3 * joints, joints);
}

}  // namespace fatgraph::detail
