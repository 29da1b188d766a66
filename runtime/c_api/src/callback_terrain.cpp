#include "callback_terrain.h"

#include <algorithm>
#include <cmath>

namespace fatgraph::c_api {

bool CallbackTerrain::normal(float x, float z, Float3& out) const {
  if (normal_) {
    float n[3] = {0.0f, 1.0f, 0.0f};
    normal_(user_, x, z, n);
    out = {n[0], n[1], n[2]};
  } else {
    // The gradient of the height by central differences: n ~ (-dh/dx, 1, -dh/dz).
    const float e = kNormalStep;
    out = {-(height(x + e, z) - height(x - e, z)) / (2 * e), 1.0f,
           -(height(x, z + e) - height(x, z - e)) / (2 * e)};
  }
  const float n = length(out);
  if (!std::isfinite(n) || !(n > 0.0f)) return false;
  out = out * (1.0f / n);
  return true;
}

TerrainHit CallbackTerrain::hitAt(float x, float z, float y) const {
  TerrainHit hit;
  if (!normal(x, z, hit.normal)) return TerrainHit{};
  hit.hit = true;
  hit.point = {x, y, z};
  return hit;
}

TerrainHit CallbackTerrain::raycast(const Float3& origin, const Float3& direction, float maxDistance) const {
  const float directionLength = length(direction);
  if (!isFinite(origin) || !std::isfinite(directionLength) || !(directionLength > 0.0f) || !(maxDistance > 0.0f))
    return {};
  const Float3 d = direction * (1.0f / directionLength);
  const float reach = std::min(maxDistance, Heightfield::kMaxRayLength);

  if (d.x == 0.0f && d.z == 0.0f) {  // straight down (or up: a one-sided ground is never entered)
    const float h = height(origin.x, origin.z);
    if (d.y > 0.0f || !std::isfinite(h) || h > origin.y || h < origin.y - reach) return {};
    return hitAt(origin.x, origin.z, h);
  }

  // Above the ground: y - height > 0 (or = 0); entering it: the first step where it turns < 0.
  const auto above = [&](float t) {
    const Float3 p = origin + d * t;
    return p.y - height(p.x, p.z);
  };
  float t0 = 0.0f, previous = above(0.0f);
  const int steps = static_cast<int>(std::min(std::ceil(reach / kMarchStep), 1.0e6f));
  for (int i = 1; i <= steps; ++i) {
    const float t1 = std::min(reach, static_cast<float>(i) * kMarchStep);
    const float current = above(t1);
    if (previous >= 0.0f && current < 0.0f) {
      float lo = t0, hi = t1;
      for (int k = 0; k < 24; ++k) {
        const float mid = 0.5f * (lo + hi);
        (above(mid) >= 0.0f ? lo : hi) = mid;
      }
      const Float3 p = origin + d * lo;
      const float h = height(p.x, p.z);
      if (!std::isfinite(h)) return {};
      return hitAt(p.x, p.z, h);
    }
    t0 = t1;
    previous = current;  // NaN compares false: a gap in the ground, the march goes on
  }
  return {};
}

}  // namespace fatgraph::c_api
