// The hip offset (Johansen 7.15-7.17 with the guards of docs/ALGORITHMS.md F and H): how far
// the body moves vertically so every leg can reach its ankle target without stretching.
#include <algorithm>
#include <cmath>

#include "leg_layer_detail.h"

namespace fatgraph::leg_detail {

namespace {

// The soft clamp of ALGORITHMS F: beyond `start` the horizontal distance approaches
// 0.999 radius asymptotically, d' = start + (1 - 1/(e/B + 1)) B, so a target moving out of
// reach lowers the hip smoothly instead of snapping the height to the sphere's equator.
float softHorizontal(float d, float start, float radius) {
  if (!(d > start)) return d;
  const float limit = 0.999f * radius;
  const float b = limit - start;
  if (!(b > 0.0f)) return std::min(d, limit);
  const float e = d - start;
  return start + (1.0f - 1.0f / (e / b + 1.0f)) * b;
}

// The upper intersection of the vertical line through the hip with the sphere of `radius`
// around the target, as an offset from the hip's height.
float sphereHeight(const Vec3f& hip, const Vec3f& target, float d, float radius) {
  const float h = std::sqrt(std::max(radius * radius - d * d, 0.0f));
  return target.y() + h - hip.y();
}

float horizontal(const Vec3f& a, const Vec3f& b) {
  const float x = a.x() - b.x(), z = a.z() - b.z();
  return std::sqrt(x * x + z * z);
}

}  // namespace

// The soft clamp starts at the original pose's own horizontal distance, so the unadjusted
// target gives exactly its original height (desired offset 0: fidelity).
void hipHeights(const Vec3f& hip, const Vec3f& originalAnkle, const Vec3f& target, float reach,
                float& desired, float& maximal) {
  const float maxRadius = 0.999f * reach;
  const float desiredRadius = std::min((hip - originalAnkle).norm(), maxRadius);
  const float original = horizontal(hip, originalAnkle);
  const float d = horizontal(hip, target);
  desired = sphereHeight(hip, target,
                         softHorizontal(d, std::min(original, 0.98f * desiredRadius), desiredRadius),
                         desiredRadius);
  // The cap is exact while the target is within reach horizontally (so the capped hip lets
  // the leg reach it); beyond that the soft clamp keeps it finite and smooth.
  maximal = d < maxRadius
                ? sphereHeight(hip, target, d, maxRadius)
                : sphereHeight(hip, target,
                               softHorizontal(d, std::min(original, 0.98f * maxRadius), maxRadius),
                               maxRadius);
}

// 7.15-7.17: offset = h_d,min + m_avg m_max / (m_avg + m_max), m_avg = h_d,avg - h_d,min,
// m_max = h_max,min - h_d,min: the hip goes up towards the legs' average wish only as far as
// the most constrained leg allows. Guards: when the denominator vanishes, h_d,min; never
// above h_max,min (a leg that cannot reach even then lets its foot hang).
float hipOffset(Span<const float> desired, Span<const float> maximal) {
  if (desired.empty()) return 0.0f;
  float dMin = desired[0], dSum = 0, mMin = maximal[0];
  for (std::size_t i = 0; i < desired.size(); ++i) {
    dMin = std::min(dMin, desired[i]);
    dSum += desired[i];
    mMin = std::min(mMin, maximal[i]);
  }
  const float mAvg = dSum / static_cast<float>(desired.size()) - dMin;
  const float mMax = mMin - dMin;
  float offset = dMin;
  if (mMax > 0.0f && mAvg + mMax > 1e-6f) offset = dMin + (mAvg * mMax) / (mAvg + mMax);
  offset = std::min(offset, mMin);
  return std::isfinite(offset) ? offset : 0.0f;
}

}  // namespace fatgraph::leg_detail
