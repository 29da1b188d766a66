// One fat edge at its clock (Fat Graph §5; docs/ALGORITHMS.md E): eq. 2's clock across the
// warps' knots, the blended root delta, and the pose through the blend kernel
// (segment_blend.h), each segment's frame cached in a cursor since T only grows.
#include "fatgraph/runtime/edge_blend.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/rotation_blending.h"
#include "float_trig.h"
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

constexpr float kPi = 3.14159265f;
constexpr float kEndTolerance = 1e-5f;  // seconds of reference time, far below a frame

}  // namespace

EdgeBlend::EdgeBlend(const RuntimeGraph& graph) : graph_(&graph) {
  std::size_t most = 1;
  for (const RuntimeEdge& e : graph.edges) most = std::max(most, e.segments.size());
  weights_.assign(most, 0.0f);
  cursors_.assign(most, SegmentCursor{});
  warps_.assign(most, PiecewiseLinearMapView{});
  eigenInputs_.assign(most, Quaternion{});
  eigenWeights_.assign(most, 0.0f);
  const int joints = graph.jointCount();
  restOffsets_ = graph.skeleton.restOffsets;
  scratch_.assign(4 * static_cast<std::size_t>(joints) + 3 * graph.translatedJoints.size(), 0.0f);
}

const RuntimeEdge* EdgeBlend::current() const {
  return edge_ >= 0 ? &graph_->edges[edge_] : nullptr;
}

void EdgeBlend::begin(int edge) {
  const bool valid = edge >= 0 && edge < static_cast<int>(graph_->edges.size());
  edge_ = valid ? edge : -1;
  time_ = 0.0f;
  unplayed_ = 0.0f;
  segmentCount_ = valid ? static_cast<int>(graph_->edges[edge].segments.size()) : 0;
  if (const RuntimeEdge* e = current()) {
    for (int i = 0; i < segmentCount_; ++i) {
      const RuntimeSegment& s = e->segments[i];
      warps_[i] = {e->data.data() + s.warpX, e->data.data() + s.warpY, s.warpKnots};
      cursors_[i] = SegmentCursor{};
    }
  }
  useReferenceOnly();
  locateSegments();
}

void EdgeBlend::useReferenceOnly() {
  std::fill(weights_.begin(), weights_.end(), 0.0f);
  if (const RuntimeEdge* e = current()) weights_[e->referenceSegment] = 1.0f;
}

// Unusable entries count as zero; nothing usable plays the reference alone. Scaling by the
// largest weight first keeps huge (finite) weights from overflowing the sum.
void EdgeBlend::normalizeWeights() {
  const detail::WeightNormalization normalized(Span<const float>(weights_.data(), segmentCount_));
  if (!normalized.any) return useReferenceOnly();
  for (int i = 0; i < segmentCount_; ++i) weights_[i] = normalized(weights_[i]);
}

void EdgeBlend::setWeights(Span<const float> weights) {
  for (int i = 0; i < segmentCount_; ++i)
    weights_[i] = i < static_cast<int>(weights.size()) ? weights[i] : 0.0f;
  normalizeWeights();
}

// Bilinear lookup in the edge's weight grid (the float twin of core's WeightGrid::lookup):
// the point is clamped to the grid's box, NaN goes to its centre.
void EdgeBlend::setPlanePoint(float u, float v) {
  const RuntimeEdge* e = current();
  if (e == nullptr) return;
  const RuntimeParameterSpace& p = e->parameters;
  const int g = p.gridResolution;
  if (g < 2) return useReferenceOnly();
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
  const std::size_t n = static_cast<std::size_t>(segmentCount_);
  const float* v00 = p.gridWeights.data() + (static_cast<std::size_t>(cell[1]) * g + cell[0]) * n;
  const float* v10 = v00 + n;
  const float* v01 = v00 + static_cast<std::size_t>(g) * n;
  const float* v11 = v01 + n;
  const float w00 = (1 - frac[0]) * (1 - frac[1]), w10 = frac[0] * (1 - frac[1]);
  const float w01 = (1 - frac[0]) * frac[1], w11 = frac[0] * frac[1];
  for (std::size_t i = 0; i < n; ++i)
    weights_[i] = w00 * v00[i] + w10 * v10[i] + w01 * v01[i] + w11 * v11[i];
  normalizeWeights();
}

// Segment time t_i = F_i(T) as frame k plus fraction a (frames at the graph's rate).
void EdgeBlend::locate(int segment, float referenceTime) {
  const RuntimeSegment& s = graph_->edges[edge_].segments[segment];
  const PiecewiseLinearMapView& m = warps_[segment];
  SegmentCursor& c = cursors_[segment];
  const int piece = pieceFrom(m, referenceTime, c.piece);
  if (piece != c.piece || !(c.slope > 0.0f)) {  // the piece's slope, once per piece
    c.piece = piece;
    c.slope = detail::pieceSlope(m, piece);
    c.inverseSlope = (m.x[piece + 1] - m.x[piece]) / (m.y[piece + 1] - m.y[piece]);
  }
  c.time = detail::segmentTimeAt(m, referenceTime, piece, c.slope);
  const detail::SegmentFrame f = detail::frameAt(c.time, graph_->fps, s.frameCount);
  c.frame = f.frame;
  c.fraction = f.fraction;
}

void EdgeBlend::locateSegments() {
  if (edge_ < 0) return;
  for (int i = 0; i < segmentCount_; ++i) locate(i, time_);
}

// Eq. 2 (time_warp.h), dT/dt = sum_i w_i / F_i'(T) over normalized weights, integrated
// exactly across the warps' knots: the rate is constant only within one piece of every F_i, so
// a step that would cross a knot is split there and continues at the next piece's rate. One
// step at the starting rate would overshoot where a piece of slope 0.5 meets one of slope 2
// (the segment's time jumping by several frames in one update, a visible stutter).
// Returns the reference time reached; `unplayed` gets the frame time left when the edge ends.
float EdgeBlend::integrateClock(float dt, float& unplayed) const {
  const RuntimeEdge& e = graph_->edges[edge_];
  float t = time_;
  float remaining = dt;
  for (int crossing = 0; remaining > 0.0f; ++crossing) {
    float rate = 0.0f;
    float knot = e.referenceDuration;  // the nearest knot ahead among weighted segments
    for (int i = 0; i < segmentCount_; ++i) {
      if (weights_[i] == 0.0f) continue;
      const PiecewiseLinearMapView& m = warps_[i];
      const int p = pieceFrom(m, t, cursors_[i].piece);
      rate += weights_[i] * (m.x[p + 1] - m.x[p]) / (m.y[p + 1] - m.y[p]);
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

// Each segment's root moves from its trajectory at F_i(T) to F_i(T + dT), expressed in its own
// heading frame at F_i(T) so segments facing different ways agree on "forward", and the steps
// are blended with the weights (root_motion.h).
RootDelta EdgeBlend::advance(float dt) {
  unplayed_ = 0.0f;
  const RuntimeEdge* e = current();
  if (e == nullptr) return {};
  if (!(dt > 0.0f) || !std::isfinite(dt)) dt = 0.0f;
  const float next = integrateClock(dt, unplayed_);
  float x = 0, z = 0, yaw = 0;
  for (int i = 0; i < segmentCount_; ++i) {
    const float w = weights_[i];
    const float* trajectory = e->data.data() + e->segments[i].trajectory;
    const TrajectoryPoint a = trajectoryAt(trajectory, cursors_[i].frame, cursors_[i].fraction);
    locate(i, next);
    if (w == 0.0f) continue;
    const TrajectoryPoint b = trajectoryAt(trajectory, cursors_[i].frame, cursors_[i].fraction);
    const float dx = b.x - a.x, dz = b.z - a.z;
    float sn, c;
    detail::floatSinCos(a.yaw, sn, c);
    x += w * (c * dx - sn * dz);
    z += w * (sn * dx + c * dz);
    yaw += w * (b.yaw - a.yaw);
  }
  time_ = next;
  RootDelta delta;
  delta.displacement = {x, 0.0f, z};
  delta.yaw = std::abs(yaw) <= kPi ? yaw : wrapAngle(yaw);  // wraps only a whole-edge step
  if (!isFinite(delta.displacement) || !std::isfinite(delta.yaw)) delta = RootDelta{};
  return delta;
}

bool EdgeBlend::finished() const {
  const RuntimeEdge* e = current();
  return e == nullptr || time_ >= e->referenceDuration;
}

Span<const float> EdgeBlend::weights() const {
  return {weights_.data(), static_cast<std::size_t>(segmentCount_)};
}

void EdgeBlend::samplePoseSoA(float* __restrict rotations, float* __restrict translations) const {
  const int joints = graph_->jointCount();
  const int translated = static_cast<int>(graph_->translatedJoints.size());
  const int nr = 4 * joints;
  const RuntimeEdge* e = current();
  if (e == nullptr) {  // no edge: the rest pose
    std::fill(rotations, rotations + nr, 0.0f);
    std::fill(rotations + 3 * joints, rotations + nr, 1.0f);
    for (int a = 0; a < translated; ++a)
      for (int c = 0; c < 3; ++c)
        translations[c * translated + a] = restOffsets_[graph_->translatedJoints[a]][c];
    return;
  }
  detail::blendSegments(
      *graph_, *e, [&](int i) { return weights_[i]; },
      [&](int i) { return detail::SegmentFrame{cursors_[i].frame, cursors_[i].fraction}; }, rotations,
      translations);
}

// Park et al.'s exact average per joint: each segment's rotation at F_i(T) (nlerp between its
// two frames), then the dominant eigenvector of sum_i w_i q_i q_i^T (rotation_blending.h).
void EdgeBlend::sampleEigenvector(Span<Quaternion> rotations) const {
  const RuntimeEdge* e = current();
  const int joints = graph_->jointCount();
  const std::size_t nr = 4 * static_cast<std::size_t>(joints);
  for (int j = 0; j < joints; ++j) {
    int used = 0;
    for (int i = 0; i < segmentCount_; ++i) {
      if (weights_[i] == 0.0f) continue;
      const SegmentCursor& c = cursors_[i];
      const float* r0 = e->data.data() + e->segments[i].rotations + c.frame * nr;
      const float* r1 = r0 + nr;
      const float a = c.fraction;
      const Eigen::Quaternionf q(
          r0[3 * joints + j] + a * (r1[3 * joints + j] - r0[3 * joints + j]),
          r0[j] + a * (r1[j] - r0[j]), r0[joints + j] + a * (r1[joints + j] - r0[joints + j]),
          r0[2 * joints + j] + a * (r1[2 * joints + j] - r0[2 * joints + j]));
      eigenInputs_[used] = toQuaternion(q.normalized());
      eigenWeights_[used++] = weights_[i];
    }
    rotations[j] = blendRotationsEigen(eigenInputs_.data(), eigenWeights_.data(), used);
  }
}

void EdgeBlend::samplePose(Span<Quaternion> rotations, Span<Float3> translations,
                           RotationAverage average) const {
  const int joints = graph_->jointCount();
  const int translated = static_cast<int>(graph_->translatedJoints.size());
  float* soaRotations = scratch_.data();
  float* soaTranslations = scratch_.data() + 4 * joints;
  samplePoseSoA(soaRotations, soaTranslations);
  for (int j = 0; j < joints; ++j) {
    rotations[j] = {soaRotations[j], soaRotations[joints + j], soaRotations[2 * joints + j],
                    soaRotations[3 * joints + j]};
    translations[j] = restOffsets_[j];
  }
  for (int a = 0; a < translated; ++a)
    translations[graph_->translatedJoints[a]] =
        Float3{soaTranslations[a], soaTranslations[translated + a], soaTranslations[2 * translated + a]};
  if (average == RotationAverage::Eigenvector && current() != nullptr) sampleEigenvector(rotations);
}

}  // namespace fatgraph
