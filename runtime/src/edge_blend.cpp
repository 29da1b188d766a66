// The fat-edge blend kernel (Fat Graph §5; docs/ALGORITHMS.md E). The hot loop is
// samplePoseSoA: per segment one frame index and fraction, then a weighted sum over the 4J
// contiguous rotation floats of two frames, which the compiler vectorizes because the data
// are SoA floats and the quaternions were sign-aligned when the graph was built.
#include "fatgraph/runtime/edge_blend.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/runtime/rotation_blending.h"
#include "float_sin_cos.h"
#include "soa_quaternions.h"

namespace fatgraph {

namespace {

// The piece [x[p], x[p+1]] of a strictly increasing piecewise-linear map that holds t (the
// right-hand one at an inner knot, like PiecewiseLinearMapView::slope), searching from
// `piece`: T only grows inside an edge, so this is a step or two, not a binary search.
int pieceFrom(const PiecewiseLinearMapView& m, float t, int piece) {
  if (!(t > m.x[0])) return 0;
  int p = std::clamp(piece, 0, m.count - 2);
  while (p > 0 && t < m.x[p]) --p;
  while (p < m.count - 2 && t >= m.x[p + 1]) ++p;
  return p;
}

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

bool usableWeight(float w) { return std::isfinite(w) && w > 0.0f; }

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

void blendPair(const BlendTerm& p, const BlendTerm& q, int nr, int nt, bool add,
               float* __restrict rotations, float* __restrict translations) {
  if (add) {
    blendPairInto<true>(p, q, nr, nr, p.rotations, q.rotations, rotations);
    blendPairInto<true>(p, q, nt, nt, p.translations, q.translations, translations);
  } else {
    blendPairInto<false>(p, q, nr, nr, p.rotations, q.rotations, rotations);
    blendPairInto<false>(p, q, nt, nt, p.translations, q.translations, translations);
  }
}

}  // namespace

EdgeBlend::EdgeBlend(const RuntimeGraph& graph) : graph_(&graph) {
  std::size_t most = 1;
  for (const RuntimeEdge& e : graph.edges) most = std::max(most, e.segments.size());
  weights_.assign(most, 0.0f);
  cursors_.assign(most, SegmentCursor{});
  warps_.assign(most, PiecewiseLinearMapView{});
  eigenInputs_.assign(most, Quat::Identity());
  eigenWeights_.assign(most, 0.0);
  const int joints = graph.jointCount();
  restOffsets_.resize(joints);
  for (int j = 0; j < joints; ++j) restOffsets_[j] = graph.skeleton.restOffsets[j].cast<float>();
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
  float largest = 0.0f;
  for (int i = 0; i < segmentCount_; ++i) {
    if (!usableWeight(weights_[i])) weights_[i] = 0.0f;
    largest = std::max(largest, weights_[i]);
  }
  if (!(largest > 0.0f)) return useReferenceOnly();
  float sum = 0.0f;
  for (int i = 0; i < segmentCount_; ++i) sum += weights_[i] / largest;
  for (int i = 0; i < segmentCount_; ++i) weights_[i] = weights_[i] / largest / sum;
}

void EdgeBlend::setWeights(std::span<const float> weights) {
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
    c.slope = (m.y[piece + 1] - m.y[piece]) / (m.x[piece + 1] - m.x[piece]);
    c.inverseSlope = (m.x[piece + 1] - m.x[piece]) / (m.y[piece + 1] - m.y[piece]);
  }
  const float t = std::clamp(referenceTime, m.x[0], m.x[m.count - 1]);
  c.time = t >= m.x[m.count - 1] ? m.y[m.count - 1] : m.y[piece] + (t - m.x[piece]) * c.slope;
  const float u = std::max(c.time * graph_->fps, 0.0f);
  c.frame = std::min(static_cast<int>(u), s.frameCount - 2);
  c.fraction = std::min(u - static_cast<float>(c.frame), 1.0f);
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
  delta.displacement = Vec3(x, 0.0, z);
  delta.yaw = std::abs(yaw) <= kPi ? yaw : wrapAngle(yaw);  // wraps only a whole-edge step
  if (!delta.displacement.allFinite() || !std::isfinite(delta.yaw)) delta = RootDelta{};
  return delta;
}

bool EdgeBlend::finished() const {
  const RuntimeEdge* e = current();
  return e == nullptr || time_ >= e->referenceDuration;
}

std::span<const float> EdgeBlend::weights() const {
  return {weights_.data(), static_cast<std::size_t>(segmentCount_)};
}

void EdgeBlend::samplePoseSoA(float* __restrict rotations, float* __restrict translations) const {
  const int joints = graph_->jointCount();
  const int translated = static_cast<int>(graph_->translatedJoints.size());
  const int nr = 4 * joints, nt = 3 * translated;
  const RuntimeEdge* e = current();
  if (e == nullptr) {  // no edge: the rest pose
    std::fill(rotations, rotations + nr, 0.0f);
    std::fill(rotations + 3 * joints, rotations + nr, 1.0f);
    for (int a = 0; a < translated; ++a)
      for (int c = 0; c < 3; ++c)
        translations[c * translated + a] = restOffsets_[graph_->translatedJoints[a]][c];
    return;
  }
  // Segments two at a time, the first pair writing instead of adding: the output is read and
  // written once per pair rather than once per frame of every segment.
  const float* data = e->data.data();
  BlendTerm pending{};
  bool havePending = false, written = false;
  for (int i = 0; i < segmentCount_; ++i) {
    const float w = weights_[i];
    if (w == 0.0f) continue;
    const SegmentCursor& c = cursors_[i];
    const RuntimeSegment& s = e->segments[i];
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
  } else if (!written) {  // no usable weight (cannot happen after normalizeWeights)
    std::fill(rotations, rotations + nr, 0.0f);
    std::fill(translations, translations + nt, 0.0f);
  }
  detail::normalizeQuaternions(rotations, rotations + joints, rotations + 2 * joints, rotations + 3 * joints, joints);
}

// Park et al.'s exact average per joint: each segment's rotation at F_i(T) (nlerp between its
// two frames), then the dominant eigenvector of sum_i w_i q_i q_i^T (rotation_blending.h).
void EdgeBlend::sampleEigenvector(std::span<Eigen::Quaternionf> rotations) const {
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
      Quat q(r0[3 * joints + j] + a * (r1[3 * joints + j] - r0[3 * joints + j]),
             r0[j] + a * (r1[j] - r0[j]), r0[joints + j] + a * (r1[joints + j] - r0[joints + j]),
             r0[2 * joints + j] + a * (r1[2 * joints + j] - r0[2 * joints + j]));
      eigenInputs_[used] = q.normalized();
      eigenWeights_[used++] = weights_[i];
    }
    rotations[j] = blendRotationsEigen(eigenInputs_.data(), eigenWeights_.data(), used).cast<float>();
  }
}

void EdgeBlend::samplePose(std::span<Eigen::Quaternionf> rotations,
                           std::span<Eigen::Vector3f> translations, RotationAverage average) const {
  const int joints = graph_->jointCount();
  const int translated = static_cast<int>(graph_->translatedJoints.size());
  float* soaRotations = scratch_.data();
  float* soaTranslations = scratch_.data() + 4 * joints;
  samplePoseSoA(soaRotations, soaTranslations);
  for (int j = 0; j < joints; ++j) {
    rotations[j] = Eigen::Quaternionf(soaRotations[3 * joints + j], soaRotations[j],
                                      soaRotations[joints + j], soaRotations[2 * joints + j]);
    translations[j] = restOffsets_[j];
  }
  for (int a = 0; a < translated; ++a)
    translations[graph_->translatedJoints[a]] =
        Eigen::Vector3f(soaTranslations[a], soaTranslations[translated + a],
                        soaTranslations[2 * translated + a]);
  if (average == RotationAverage::Eigenvector && current() != nullptr) sampleEigenvector(rotations);
}

}  // namespace fatgraph
