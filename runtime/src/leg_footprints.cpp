// Footprints (Johansen ch. 7.3, listings 7.1-7.4; docs/ALGORITHMS.md H): the blended leg cycle,
// the character frame predicted on a circular arc, and grounding with two rays per foot.
#include <algorithm>
#include <cmath>

#include "leg_layer_detail.h"

namespace fatgraph::leg_detail {

namespace {

bool finiteTime(float t) { return std::isfinite(t) && t >= 0.0f && t <= 1.0f; }

bool usableCycle(const RuntimeLegCycle& c) {
  return std::isfinite(c.stanceTime) && finiteTime(c.footLift) && finiteTime(c.footOff) &&
         finiteTime(c.footLand) && finiteTime(c.footStrike) && c.footOff <= c.footStrike &&
         c.footLift <= c.footLand && std::isfinite(c.stanceYaw) &&
         std::isfinite(c.stancePosition[0]) && std::isfinite(c.stancePosition[1]) &&
         std::isfinite(c.stancePosition[2]);
}

// One vertical probe under the toolkit's policy: walls (normals steeper than maxSlope) and
// non-finite answers are no hit.
Ground castDown(const Terrain& terrain, float x, float z, float top, float length,
                float minNormalY) {
  const locomotion::GroundHit h = locomotion::castDown(terrain, x, z, top, length, minNormalY);
  return Ground{h.found, h.height, toEigen(h.normal)};
}

}  // namespace

bool usableLocomotion(const RuntimeEdge& edge, int legs) {
  const RuntimeLocomotion& l = edge.locomotion;
  const std::size_t segments = edge.segments.size();
  if (!l.enabled || legs <= 0 || segments == 0) return false;
  if (l.legCycles.size() != segments * legs || l.cycleDuration.size() != segments) return false;
  if (!std::isfinite(l.floorHeight)) return false;
  for (const float d : l.cycleDuration)
    if (!(std::isfinite(d) && d > 1e-3f)) return false;
  for (const RuntimeLegCycle& c : l.legCycles)
    if (!usableCycle(c)) return false;
  return true;
}

// Step 1 of leg_layer.h: the stance time as a circular mean (a stance at 0.95 and one at 0.05
// average to 0, not 0.5); key times are relative to each segment's stance, so plain means.
BlendedCycle blendCycle(const RuntimeLocomotion& locomotion, int legs, int leg,
                        Span<const float> weights) {
  BlendedCycle out;
  float sx = 0, sy = 0, yx = 0, yy = 0, total = 0;
  for (std::size_t s = 0; s < weights.size(); ++s) {
    const float w = weights[s];
    if (!(w > 0.0f) || !std::isfinite(w)) continue;
    const RuntimeLegCycle& c = locomotion.legCycles[s * legs + leg];
    float sine, cosine;
    detail::floatSinCos(2.0f * kPi * c.stanceTime, sine, cosine);
    sx += w * cosine;
    sy += w * sine;
    detail::floatSinCos(c.stanceYaw, sine, cosine);
    yx += w * cosine;
    yy += w * sine;
    out.footLift += w * c.footLift;
    out.footOff += w * c.footOff;
    out.postFootLift += w * c.postFootLift;
    out.preFootLand += w * c.preFootLand;
    out.footLand += w * c.footLand;
    out.footStrike += w * c.footStrike;
    out.stancePosition += w * Vec3f(c.stancePosition[0], c.stancePosition[1], c.stancePosition[2]);
    total += w;
  }
  if (!(total > 0.0f)) return out;
  out.footLift /= total;
  out.footOff /= total;
  out.postFootLift /= total;
  out.preFootLand = (out.preFootLand - 1.0f) / total;  // started at 1 (the default)
  out.footLand = (out.footLand - 1.0f) / total;
  out.footStrike = (out.footStrike - 1.0f) / total;
  out.stancePosition /= total;
  out.stance = cyclic(detail::floatAtan2(sy, sx) / (2.0f * kPi));
  out.stanceYaw = detail::floatAtan2(yy, yx);
  out.valid = out.footOff <= out.footStrike;  // equal: a leg standing through the edge
  return out;
}

Ground probeGround(const Terrain* terrain, float x, float z, float baseY,
                   const LegLayerSettings& settings, bool anySlope) {
  if (terrain == nullptr) return Ground{true, 0.0f, kUp};
  if (!std::isfinite(x) || !std::isfinite(z) || !std::isfinite(baseY)) return Ground{};
  const float minNormalY = anySlope ? -1.0f : locomotion::footholdMinNormalY(settings.maxSlope);
  const float above = std::max(settings.rayAbove, 0.0f), below = std::max(settings.rayBelow, 0.0f);
  Ground g = castDown(*terrain, x, z, baseY + above, above + below, minNormalY);
  // A first update far from the last ground estimate (a spawn on a hill, a deep hole): one
  // long probe before giving up.
  if (!g.found) g = castDown(*terrain, x, z, baseY + 50.0f, 100.0f, minNormalY);
  return g;
}

// Listing 7.4 with ALGORITHMS F's rules: the toe ray is compared with the heel's ground plane
// (so a slope is not a step); a step larger than a quarter foot moves the whole foot onto the
// higher ground, past the edge found by bisection.
Ground groundFootprint(const Terrain* terrain, const Vec3f& heel, const Vec3f& footVector,
                       float baseY, const LegLayerSettings& settings, Vec3f& grounded) {
  grounded = Vec3f(heel.x(), baseY, heel.z());
  if (terrain == nullptr) {
    grounded.y() = 0.0f;
    return Ground{true, 0.0f, kUp};
  }
  const Ground h = probeGround(terrain, heel.x(), heel.z(), baseY, settings);
  const Ground t = probeGround(terrain, heel.x() + footVector.x(), heel.z() + footVector.z(),
                               baseY, settings);
  auto along = [&](const Ground& g) {  // height change over the foot on g's plane
    return -(footVector.x() * g.normal.x() + footVector.z() * g.normal.z()) / g.normal.y();
  };
  if (!h.found && !t.found) return Ground{};
  if (!h.found || !t.found) {
    const Ground& g = h.found ? h : t;
    grounded.y() = h.found ? g.height : g.height - along(g);
    return g;
  }
  const float quarter = 0.25f * footVector.norm();
  const float step = t.height - (h.height + along(h));
  if (!(std::abs(step) > quarter)) {
    grounded.y() = h.height;
    Ground out = h;
    out.normal = (h.normal + t.normal).normalized();
    return out;
  }
  const bool toeHigher = step > 0.0f;
  const Ground& high = toeHigher ? t : h;
  float lo = 0.0f, hi = 1.0f;  // the edge lies between s = lo (heel side) and hi (toe side)
  for (int i = 0; i < 5; ++i) {
    const float s = 0.5f * (lo + hi);
    const Ground m = probeGround(terrain, heel.x() + s * footVector.x(),
                                 heel.z() + s * footVector.z(), baseY, settings);
    const bool onHigh = m.found && std::abs(m.height - high.height) < quarter;
    if (onHigh == toeHigher) hi = s; else lo = s;
  }
  constexpr float kMargin = 0.1f;  // of a foot length beyond the edge
  const float shift = toeHigher ? hi + kMargin : -(1.0f - lo + kMargin);
  grounded = Vec3f(heel.x() + shift * footVector.x(), high.height, heel.z() + shift * footVector.z());
  const Ground moved = probeGround(terrain, grounded.x(), grounded.z(), baseY, settings);
  if (moved.found && std::abs(moved.height - high.height) < quarter) {
    grounded.y() = moved.height;
    return moved;
  }
  return high;
}

// ALGORITHMS F: on a circular arc when turning, centre c = (up x v) / w, displacement over t
// = c + R_up(w t)(-c); a straight line when |w| t < 5 deg.
void predictFrame(const Vec3f& position, float yaw, const Vec3f& velocity, float turnRate,
                  float seconds, Vec3f& predicted, float& predictedYaw) {
  // A constant velocity in the turning heading frame traces a circular arc (the thesis leaves
  // the curve "to the reader"): its chord is the velocity turned by half the turn, scaled by
  // sinc(half turn). This form is exact for any turn, straight walking included, so arcs of
  // the same motion compose exactly (footprint and nominal predictions agree, fidelity).
  const float turn = turnRate * seconds;
  predictedYaw = yaw + turn;
  const float half = 0.5f * turn;
  const float sinc = std::abs(half) < 1e-4f ? 1.0f - half * half / 6.0f : std::sin(half) / half;
  const Vec3f v(velocity.x(), 0.0f, velocity.z());
  predicted = position + yawRotate(yaw + half, v) * (seconds * sinc);
}

}  // namespace fatgraph::leg_detail
