// The update's jobs (jobs.h): sampling an edge, local to model, the leg layer as a job.
#include "fatgraph/runtime/jobs.h"

#include <algorithm>

#include "local_to_model.h"
#include "segment_blend.h"

namespace fatgraph {

namespace {

// v rotated by the unit quaternion q, per joint over SoA arrays: v + 2w (u × v) + 2 u × (u × v).
// Independent per joint, so it vectorizes; only the rotation and position chains below follow
// the hierarchy.
void rotateByParents(const float* __restrict qx, const float* __restrict qy,
                     const float* __restrict qz, const float* __restrict qw,
                     const float* __restrict tx, const float* __restrict ty,
                     const float* __restrict tz, float* __restrict vx, float* __restrict vy,
                     float* __restrict vz, int joints) {
  for (int j = 0; j < joints; ++j) {
    const float cx = 2.0f * (qy[j] * tz[j] - qz[j] * ty[j]);
    const float cy = 2.0f * (qz[j] * tx[j] - qx[j] * tz[j]);
    const float cz = 2.0f * (qx[j] * ty[j] - qy[j] * tx[j]);
    vx[j] = tx[j] + qw[j] * cx + (qy[j] * cz - qz[j] * cy);
    vy[j] = ty[j] + qw[j] * cy + (qz[j] * cx - qx[j] * cz);
    vz[j] = tz[j] + qw[j] * cz + (qx[j] * cy - qy[j] * cx);
  }
}

bool validEdge(const RuntimeGraph* graph, int edge) {
  return graph != nullptr && edge >= 0 && edge < static_cast<int>(graph->edges.size());
}

}  // namespace

bool SampleEdgeJob::validate() const {
  if (!validEdge(graph, edge)) return false;
  const std::size_t joints = static_cast<std::size_t>(graph->jointCount());
  return weights.size() == graph->edges[edge].segments.size() && rotations.size() == 4 * joints &&
         translations.size() == 3 * joints;
}

bool SampleEdgeJob::run() const {
  if (!validate()) return false;
  const RuntimeEdge& e = graph->edges[edge];
  const detail::WeightNormalization normalized(weights);
  const auto weightOf = [&](int i) {
    if (normalized.any) return normalized(weights[i]);
    return i == e.referenceSegment ? 1.0f : 0.0f;
  };
  // Each segment's F_i(T) as EdgeBlend finds it, the piece searched from the start.
  const float t = std::clamp(std::isfinite(referenceTime) ? referenceTime : 0.0f, 0.0f, e.referenceDuration);
  const auto frameOf = [&](int i) {
    const RuntimeSegment& s = e.segments[i];
    const PiecewiseLinearMapView m{e.data.data() + s.warpX, e.data.data() + s.warpY, s.warpKnots};
    const int piece = detail::pieceFrom(m, t, 0);
    return detail::frameAt(detail::segmentTimeAt(m, t, piece, detail::pieceSlope(m, piece)), graph->fps,
                           s.frameCount);
  };
  // The kernel writes the A animated translations x[A] y[A] z[A] at the front; they spread in
  // place to x[J] y[J] z[J], last first (every target index is at or after its source, so no
  // value is overwritten before it is read), and the other joints take their rest offsets.
  float* out = translations.data();
  detail::blendSegments(*graph, e, weightOf, frameOf, rotations.data(), out);
  const int joints = graph->jointCount();
  const std::vector<int>& animated = graph->translatedJoints;
  const int count = static_cast<int>(animated.size());
  for (int c = 2; c >= 0; --c)
    for (int a = count - 1; a >= 0; --a) out[c * joints + animated[a]] = out[c * count + a];
  for (int j = 0, a = 0; j < joints; ++j) {
    if (a < count && animated[a] == j) {
      ++a;
      continue;
    }
    const Float3& rest = graph->skeleton.restOffsets[j];
    out[j] = rest.x;
    out[joints + j] = rest.y;
    out[2 * joints + j] = rest.z;
  }
  return true;
}

std::vector<int> depthOrder(const RuntimeSkeleton& skeleton) {
  const int joints = skeleton.jointCount();
  std::vector<int> depth(joints, 0), order(joints);
  for (int j = 0; j < joints; ++j) {
    const int p = skeleton.parents[j];
    depth[j] = p < 0 || p >= j ? 0 : depth[p] + 1;
    order[j] = j;
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return depth[a] < depth[b]; });
  return order;
}

namespace {

// The sizes, parents in [-1, J) and order entries in [0, J): what reading and writing within
// the spans needs, cheap enough for every run.
bool fits(const LocalToModelJob& job) {
  const std::size_t joints = job.parents.size();
  if (job.localRotations.size() != 4 * joints || job.localTranslations.size() != 3 * joints ||
      job.scratch.size() < 7 * joints || job.modelRotations.size() != joints ||
      job.modelPositions.size() != joints || (!job.order.empty() && job.order.size() != joints))
    return false;
  const int n = static_cast<int>(joints);
  for (const int p : job.parents)
    if (p < -1 || p >= n) return false;
  for (const int j : job.order)
    if (j < 0 || j >= n) return false;
  return true;
}

}  // namespace

bool LocalToModelJob::validate() const {
  if (!fits(*this)) return false;
  const std::size_t joints = parents.size();
  for (std::size_t j = 0; j < joints; ++j)
    if (parents[j] >= static_cast<int>(j)) return false;
  if (order.empty()) return true;
  // Every joint once, each after its parent: mark joints as they are visited.
  std::vector<unsigned char> visited(joints, 0);
  for (const int j : order) {
    if (visited[j] || (parents[j] >= 0 && !visited[parents[j]])) return false;
    visited[j] = 1;
  }
  return true;
}

// Only the rotation products form a chain along the hierarchy; rotating every joint's local
// translation by its parent's model rotation is independent per joint, so that part runs as one
// vectorized pass over SoA arrays, and the positions are then a chain of plain additions. Both
// chains follow `order`: by depth, joints of one depth do not depend on each other, so the CPU
// overlaps them instead of waiting on every product down a limb (file order is depth-first).
bool LocalToModelJob::run() const {
  if (!fits(*this)) return false;
  detail::localToModel(*this);
  return true;
}

void detail::localToModel(const LocalToModelJob& job) {
  const Span<const int> parents = job.parents, order = job.order;
  const int joints = static_cast<int>(parents.size());
  const Span<const float> localRotations = job.localRotations, localTranslations = job.localTranslations;
  const Span<float> scratch = job.scratch;
  const float* r = localRotations.data();
  const float* tx = localTranslations.data();
  const float* ty = tx + joints;
  const float* tz = tx + 2 * joints;
  float* __restrict f = scratch.data();
  float* __restrict px = f;  // each joint's parent's model rotation (identity at roots), SoA
  float* __restrict py = f + joints;
  float* __restrict pz = f + 2 * joints;
  float* __restrict pw = f + 3 * joints;
  float* __restrict vx = f + 4 * joints;  // local translations in the parent's model frame
  float* __restrict vy = f + 5 * joints;
  float* __restrict vz = f + 6 * joints;
  const auto jointAt = [&](int k) { return order.empty() ? k : order[k]; };
  // Model rotations: scalar component loads and stores, which store forwarding serves at once.
  static constexpr Quaternion kIdentity{};
  Quaternion* model = job.modelRotations.data();
  for (int k = 0; k < joints; ++k) {
    const int j = jointAt(k);
    const float x = r[j], y = r[joints + j], z = r[2 * joints + j], w = r[3 * joints + j];
    const Quaternion& a = parents[j] < 0 ? kIdentity : model[parents[j]];
    const float ax = a.x, ay = a.y, az = a.z, aw = a.w;
    px[j] = ax;
    py[j] = ay;
    pz[j] = az;
    pw[j] = aw;
    model[j] = {aw * x + ax * w + ay * z - az * y, aw * y - ax * z + ay * w + az * x,
                aw * z + ax * y - ay * x + az * w, aw * w - ax * x - ay * y - az * z};
  }
  rotateByParents(px, py, pz, pw, tx, ty, tz, vx, vy, vz, joints);
  static constexpr Float3 kOrigin{};
  Float3* position = job.modelPositions.data();
  for (int k = 0; k < joints; ++k) {
    const int j = jointAt(k);
    const Float3& base = parents[j] < 0 ? kOrigin : position[parents[j]];
    position[j] = {vx[j] + base.x, vy[j] + base.y, vz[j] + base.z};
  }
}

bool LegLayerJob::validate() const {
  return layer != nullptr && !parents.empty() && modelRotations.size() == parents.size() &&
         modelPositions.size() == parents.size();
}

bool LegLayerJob::run() const {
  if (!validate()) return false;
  layer->apply(input, modelRotations, modelPositions, parents);
  return true;
}

}  // namespace fatgraph
