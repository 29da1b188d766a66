// The update's jobs (jobs.h): sampling an edge, local to model, the leg layer as a job.
#include "fatgraph/runtime/jobs.h"

#include <algorithm>

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
         translations.size() == 3 * graph->translatedJoints.size();
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
  detail::blendSegments(*graph, e, weightOf, frameOf, rotations.data(), translations.data());
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

bool LocalToModelJob::validate() const {
  if (graph == nullptr) return false;
  const std::size_t joints = static_cast<std::size_t>(graph->jointCount());
  if (localRotations.size() != 4 * joints || localTranslations.size() != 3 * graph->translatedJoints.size() ||
      scratch.size() < 10 * joints || modelRotations.size() != joints || modelPositions.size() != joints)
    return false;
  if (order.empty()) return true;
  if (order.size() != joints) return false;
  // Every joint once, each after its parent: mark joints as they are visited.
  std::fill(scratch.begin(), scratch.begin() + joints, 0.0f);
  for (const int j : order) {
    if (j < 0 || j >= static_cast<int>(joints) || scratch[j] != 0.0f) return false;
    const int p = graph->skeleton.parents[j];
    if (p >= 0 && scratch[p] == 0.0f) return false;
    scratch[j] = 1.0f;
  }
  return true;
}

// Breadth-first when given an order by depth: joints of one depth do not depend on each other,
// so the CPU overlaps them instead of waiting on every product down a limb.
bool LocalToModelJob::run() const {
  if (!validate()) return false;
  const int joints = graph->jointCount();
  const int translated = static_cast<int>(graph->translatedJoints.size());
  const std::vector<int>& parents = graph->skeleton.parents;
  const float* r = localRotations.data();
  const float* t = localTranslations.data();
  float* __restrict f = scratch.data();
  float* __restrict px = f;  // each joint's parent's model rotation (identity at roots), SoA
  float* __restrict py = f + joints;
  float* __restrict pz = f + 2 * joints;
  float* __restrict pw = f + 3 * joints;
  float* __restrict tx = f + 4 * joints;  // local translations
  float* __restrict ty = f + 5 * joints;
  float* __restrict tz = f + 6 * joints;
  float* __restrict vx = f + 7 * joints;  // local translations in the parent's model frame
  float* __restrict vy = f + 8 * joints;
  float* __restrict vz = f + 9 * joints;
  for (int j = 0; j < joints; ++j) {
    const Float3& rest = graph->skeleton.restOffsets[j];
    tx[j] = rest.x;
    ty[j] = rest.y;
    tz[j] = rest.z;
  }
  for (int a = 0; a < translated; ++a) {
    const int j = graph->translatedJoints[a];
    tx[j] = t[a];
    ty[j] = t[translated + a];
    tz[j] = t[2 * translated + a];
  }
  const auto jointAt = [&](int k) { return order.empty() ? k : order[k]; };
  // Model rotations: scalar component loads and stores, which store forwarding serves at once.
  static constexpr Quaternion kIdentity{};
  Quaternion* model = modelRotations.data();
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
  Float3* position = modelPositions.data();
  for (int k = 0; k < joints; ++k) {
    const int j = jointAt(k);
    const Float3& base = parents[j] < 0 ? kOrigin : position[parents[j]];
    position[j] = {vx[j] + base.x, vy[j] + base.y, vz[j] + base.z};
  }
  return true;
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
