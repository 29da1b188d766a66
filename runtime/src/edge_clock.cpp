// A fat edge's clock (edge_clock.h; Fat Graph §5, eq. 2; docs/ALGORITHMS.md E): eq. 2's clock
// across the warps' knots, the blended root delta, and the pose through the blend kernel
// (segment_blend.h), each segment's frame cached in a cursor since T only grows.
#include "fatgraph/runtime/edge_clock.h"

#include <algorithm>
#include <cmath>

#include "float_trig.h"
#include "playback_kernels.h"
#include "segment_blend.h"

namespace fatgraph {

using detail::pieceFrom;

namespace {

// Ground position and yaw of a segment's trajectory at frame k plus fraction a.
struct TrajectoryPoint {
  float x, z, yaw;
};
TrajectoryPoint trajectoryAt(const float* trajectory, int k, float a) {
  const float* p = trajectory + 3 * k;
  return {p[0] + a * (p[3] - p[0]), p[1] + a * (p[4] - p[1]), p[2] + a * (p[5] - p[2])};
}

constexpr float kHalfTurn = 3.14159265f;
constexpr float kEndTolerance = 1e-5f;  // seconds of reference time, far below a frame
// Knots crossed in one advance at most; beyond it the step finishes at the last rate (only a
// huge dt reaches this, and the player splits those into sub-steps).
constexpr int kMaxKnotCrossings = 64;

std::size_t largestEdge(const RuntimeGraph& graph) {
  std::size_t most = 1;
  for (const RuntimeEdge& e : graph.edges) most = std::max(most, e.segments.size());
  return most;
}

PiecewiseLinearMapView warpOf(const RuntimeEdge& e, int segment) {
  const RuntimeSegment& s = e.segments[segment];
  return {e.data.data() + s.warpX, e.data.data() + s.warpY, s.warpKnots};
}

void useReferenceOnly(const RuntimeGraph& graph, EdgeClock& clock) {
  std::fill(clock.weights.begin(), clock.weights.end(), 0.0f);
  if (clock.edge >= 0) clock.weights[graph.edges[clock.edge].referenceSegment] = 1.0f;
}

// Unusable entries count as zero; nothing usable plays the reference alone. Scaling by the
// largest weight first keeps huge (finite) weights from overflowing the sum.
void normalizeWeights(const RuntimeGraph& graph, EdgeClock& clock) {
  const detail::WeightNormalization normalized(clock.edgeWeights());
  if (!normalized.any) return useReferenceOnly(graph, clock);
  for (int i = 0; i < clock.segmentCount; ++i) clock.weights[i] = normalized(clock.weights[i]);
}

// Bilinear lookup in the edge's weight grid (the float twin of core's WeightGrid::lookup):
// the point is clamped to the grid's box, NaN goes to its centre.
void lookUpGrid(const RuntimeGraph& graph, EdgeClock& clock, float u, float v) {
  const RuntimeParameterSpace& p = graph.edges[clock.edge].parameters;
  const int g = p.gridResolution;
  if (g < 2) return useReferenceOnly(graph, clock);
  int cell[2];
  float frac[2];
  const float coords[2] = {u, v};
  for (int a = 0; a < 2; ++a) {
    const float extent = p.gridMax[a] - p.gridMin[a];
    float x = 0.5f * (g - 1);
    if (extent > 0.0f && !std::isnan(coords[a]))
      x = std::clamp((coords[a] - p.gridMin[a]) / extent, 0.0f, 1.0f) * (g - 1);
    else if (!(extent > 0.0f))
      x = 0.0f;
    cell[a] = std::min(static_cast<int>(x), g - 2);
    frac[a] = x - cell[a];
  }
  const std::size_t n = static_cast<std::size_t>(clock.segmentCount);
  const float* v00 = p.gridWeights.data() + (static_cast<std::size_t>(cell[1]) * g + cell[0]) * n;
  const float* v10 = v00 + n;
  const float* v01 = v00 + static_cast<std::size_t>(g) * n;
  const float* v11 = v01 + n;
  const float w00 = (1 - frac[0]) * (1 - frac[1]), w10 = frac[0] * (1 - frac[1]);
  const float w01 = (1 - frac[0]) * frac[1], w11 = frac[0] * frac[1];
  for (std::size_t i = 0; i < n; ++i)
    clock.weights[i] = w00 * v00[i] + w10 * v10[i] + w01 * v01[i] + w11 * v11[i];
  normalizeWeights(graph, clock);
}

// Segment time t_i = F_i(T) as frame k plus fraction a (frames at the graph's rate).
void locate(const RuntimeGraph& graph, EdgeClock& clock, int segment, float referenceTime) {
  const RuntimeEdge& e = graph.edges[clock.edge];
  const PiecewiseLinearMapView m = warpOf(e, segment);
  EdgeSegmentCursor& c = clock.cursors[segment];
  const int piece = pieceFrom(m, referenceTime, c.piece);
  if (piece != c.piece || !(c.slope > 0.0f)) {  // the piece's slope, once per piece
    c.piece = piece;
    c.slope = detail::pieceSlope(m, piece);
    c.inverseSlope = (m.x[piece + 1] - m.x[piece]) / (m.y[piece + 1] - m.y[piece]);
  }
  c.time = detail::segmentTimeAt(m, referenceTime, piece, c.slope);
  const detail::SegmentFrame f = detail::frameAt(c.time, graph.fps, e.segments[segment].frameCount);
  c.frame = f.frame;
  c.fraction = f.fraction;
}

// Eq. 2 (time_warp.h), dT/dt = sum_i w_i / F_i'(T) over normalized weights, integrated
// exactly across the warps' knots: a step that would cross a knot is split there and continues
// at the next piece's rate. One step at the starting rate would overshoot where a piece of
// slope 0.5 meets one of slope 2 (the segment's time jumping by several frames in one update,
// a visible stutter). Returns the reference time reached; `unplayed` gets the frame time left
// when the edge ends.
float integrateClock(const RuntimeGraph& graph, const EdgeClock& clock, float dt, float& unplayed) {
  const RuntimeEdge& e = graph.edges[clock.edge];
  float t = clock.time;
  float remaining = dt;
  for (int crossing = 0; remaining > 0.0f; ++crossing) {
    float rate = 0.0f;
    float knot = e.referenceDuration;  // the nearest knot ahead among weighted segments
    for (int i = 0; i < clock.segmentCount; ++i) {
      if (clock.weights[i] == 0.0f) continue;
      const PiecewiseLinearMapView m = warpOf(e, i);
      const int p = pieceFrom(m, t, clock.cursors[i].piece);
      rate += clock.weights[i] * (m.x[p + 1] - m.x[p]) / (m.y[p + 1] - m.y[p]);
      if (m.x[p + 1] > t) knot = std::min(knot, m.x[p + 1]);
    }
    if (!(rate > 0.0f) || !std::isfinite(rate)) break;
    const float want = rate * remaining;
    // Within float rounding of the end counts as the end, so one-hot playback lands on the
    // last frame on the update that reaches it instead of one tiny step later.
    if (knot >= e.referenceDuration && t + want >= e.referenceDuration - kEndTolerance) {
      unplayed = std::max(0.0f, remaining - (e.referenceDuration - t) / rate);
      return e.referenceDuration;
    }
    if (t + want < knot || crossing == kMaxKnotCrossings) return std::min(t + want, e.referenceDuration);
    remaining -= (knot - t) / rate;
    t = knot;
  }
  return t;
}

bool validClock(const RuntimeGraph* graph, const EdgeClock* clock) {
  return graph != nullptr && clock != nullptr && clock->fits(*graph);
}

}  // namespace

EdgeClock::EdgeClock(const RuntimeGraph& graph) {
  const std::size_t most = largestEdge(graph);
  weights.assign(most, 0.0f);
  cursors.assign(most, EdgeSegmentCursor{});
}

bool EdgeClock::finished(const RuntimeGraph& graph) const {
  return edge < 0 || time >= graph.edges[edge].referenceDuration;
}

// O(1), per job run: what memory safety needs (the graph's largest edge is checked where the
// clock is sized, and where a new edge begins).
bool EdgeClock::fits(const RuntimeGraph& graph) const {
  if (edge < 0) return edge == -1 && segmentCount == 0;
  return edge < static_cast<int>(graph.edges.size()) &&
         segmentCount == static_cast<int>(graph.edges[edge].segments.size()) &&
         weights.size() >= static_cast<std::size_t>(segmentCount) &&
         cursors.size() >= static_cast<std::size_t>(segmentCount);
}

bool BeginEdgeJob::validate() const {
  if (!validClock(graph, clock)) return false;
  if (edge < 0 || edge >= static_cast<int>(graph->edges.size())) return true;  // no edge
  const std::size_t n = graph->edges[edge].segments.size();
  return clock->weights.size() >= n && clock->cursors.size() >= n;
}

bool BeginEdgeJob::run() const {
  if (!validate()) return false;
  EdgeClock& c = *clock;
  const bool valid = edge >= 0 && edge < static_cast<int>(graph->edges.size());
  c.edge = valid ? edge : -1;
  c.time = 0.0f;
  c.unplayed = 0.0f;
  c.segmentCount = valid ? static_cast<int>(graph->edges[edge].segments.size()) : 0;
  for (int i = 0; i < c.segmentCount; ++i) c.cursors[i] = EdgeSegmentCursor{};
  useReferenceOnly(*graph, c);
  for (int i = 0; i < c.segmentCount; ++i) locate(*graph, c, i, c.time);
  return true;
}

bool EdgeWeightsJob::validate() const { return validClock(graph, clock); }

bool EdgeWeightsJob::run() const {
  if (!validate()) return false;
  EdgeClock& c = *clock;
  if (c.edge < 0) return true;
  if (weights.empty()) {
    lookUpGrid(*graph, c, planePoint.x, planePoint.y);
    return true;
  }
  for (int i = 0; i < c.segmentCount; ++i) c.weights[i] = i < static_cast<int>(weights.size()) ? weights[i] : 0.0f;
  normalizeWeights(*graph, c);
  return true;
}

bool AdvanceEdgeClockJob::validate() const { return validClock(graph, clock) && delta != nullptr; }

bool AdvanceEdgeClockJob::run() const {
  if (!validate()) return false;
  detail::advanceClock(*graph, dt, *clock, *delta);
  return true;
}

void detail::advanceClock(const RuntimeGraph& g, float dt, EdgeClock& c, RootDelta& out) {
  const RuntimeGraph* graph = &g;
  c.unplayed = 0.0f;
  out = RootDelta{};
  if (c.edge < 0) return;
  const RuntimeEdge& e = graph->edges[c.edge];
  const float step = dt > 0.0f && std::isfinite(dt) ? dt : 0.0f;
  const float next = integrateClock(*graph, c, step, c.unplayed);
  float x = 0, z = 0, yaw = 0;
  for (int i = 0; i < c.segmentCount; ++i) {
    const float w = c.weights[i];
    const float* trajectory = e.data.data() + e.segments[i].trajectory;
    const TrajectoryPoint a = trajectoryAt(trajectory, c.cursors[i].frame, c.cursors[i].fraction);
    locate(*graph, c, i, next);
    if (w == 0.0f) continue;
    const TrajectoryPoint b = trajectoryAt(trajectory, c.cursors[i].frame, c.cursors[i].fraction);
    const float dx = b.x - a.x, dz = b.z - a.z;
    float sn, cs;
    detail::floatSinCos(a.yaw, sn, cs);
    x += w * (cs * dx - sn * dz);
    z += w * (sn * dx + cs * dz);
    yaw += w * (b.yaw - a.yaw);
  }
  c.time = next;
  RootDelta d;
  d.displacement = {x, 0.0f, z};
  d.yaw = std::abs(yaw) <= kHalfTurn ? yaw : wrapAngle(yaw);  // wraps only a whole-edge step
  if (isFinite(d.displacement) && std::isfinite(d.yaw)) out = d;
}

bool SampleEdgeClockJob::validate() const {
  if (graph == nullptr || clock == nullptr || !clock->fits(*graph)) return false;
  return rotations.size() == 4 * static_cast<std::size_t>(graph->jointCount()) &&
         translations.size() == 3 * graph->translatedJoints.size();
}

bool SampleEdgeClockJob::run() const {
  if (!validate()) return false;
  detail::sampleClock(*graph, *clock, rotations.data(), translations.data());
  return true;
}

void detail::sampleClock(const RuntimeGraph& g, const EdgeClock& c, float* __restrict r, float* __restrict t) {
  const RuntimeGraph* graph = &g;
  if (c.edge < 0) {  // no edge: the rest pose
    const int joints = graph->jointCount();
    const int translated = static_cast<int>(graph->translatedJoints.size());
    std::fill(r, r + 3 * joints, 0.0f);
    std::fill(r + 3 * joints, r + 4 * joints, 1.0f);
    for (int a = 0; a < translated; ++a)
      for (int k = 0; k < 3; ++k) t[k * translated + a] = graph->skeleton.restOffsets[graph->translatedJoints[a]][k];
    return;
  }
  detail::blendSegments(
      *graph, graph->edges[c.edge], [&](int i) { return c.weights[i]; },
      [&](int i) { return detail::SegmentFrame{c.cursors[i].frame, c.cursors[i].fraction}; }, r, t);
}

bool ScatterTranslationsJob::validate() const {
  return graph != nullptr && animated.size() == 3 * graph->translatedJoints.size() &&
         joints.size() == 3 * static_cast<std::size_t>(graph->jointCount());
}

bool ScatterTranslationsJob::run() const {
  if (!validate()) return false;
  detail::scatterTranslations(*graph, animated.data(), joints.data());
  return true;
}

void detail::scatterTranslations(const RuntimeGraph& graph, const float* animated, float* joints) {
  const int count = graph.jointCount();
  const int translated = static_cast<int>(graph.translatedJoints.size());
  for (int a = 0; a < translated; ++a)
    for (int c = 0; c < 3; ++c) joints[c * count + graph.translatedJoints[a]] = animated[c * translated + a];
}

std::vector<float> restTranslations(const RuntimeGraph& graph) {
  const std::size_t joints = static_cast<std::size_t>(graph.jointCount());
  std::vector<float> out(3 * joints, 0.0f);
  for (std::size_t j = 0; j < joints; ++j)
    for (std::size_t c = 0; c < 3; ++c) out[c * joints + j] = graph.skeleton.restOffsets[j][c];
  return out;
}

}  // namespace fatgraph
