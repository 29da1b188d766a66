// Gradient band weights (gradient_bands.h). One templated loop serves 2D and 3D samples: a 2D
// point is read as (x, y, 0), which leaves Cartesian dot products unchanged and gives every
// polar pair the plane's normal ±Z, so the signed angle is the ordinary 2D one.
#include "fatgraph/runtime/gradient_bands.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <type_traits>

#include <Eigen/Geometry>

namespace fatgraph {

namespace {

using V3 = Eigen::Vector3f;

V3 lift(const Float2& v) { return {v.x, v.y, 0.0f}; }
V3 lift(const Float3& v) { return {v.x, v.y, v.z}; }

// atan2 to about 1e-7 rad, several times cheaper than the libm call, which dominated the polar
// bands (one or two per pair). The ratio t = min/max of |x|, |y| is in [0, 1]; above tan 15°
// the identity atan t = π/6 + atan((t − 1/√3)/(1 + t/√3)) brings it to |t| ≤ tan 15°, where the
// odd Taylor series to t⁹ leaves a remainder below t¹¹/11 < 5e-8. Octant and sign are restored
// as usual; atan2(0, 0) = 0.
float fastAtan2(float y, float x) {
  constexpr float kPi = std::numbers::pi_v<float>;
  constexpr float kTan15 = 0.267949192f, kInvSqrt3 = 0.577350269f;
  const float ax = std::abs(x), ay = std::abs(y);
  const float hi = std::max(ax, ay);
  if (!(hi > 0.0f)) return 0.0f;
  float t = std::min(ax, ay) / hi;
  float base = 0.0f;
  if (t > kTan15) {
    t = (t - kInvSqrt3) / (1.0f + kInvSqrt3 * t);
    base = kPi / 6.0f;
  }
  const float t2 = t * t;
  float r = base + t * (1.0f + t2 * (-1.0f / 3 + t2 * (1.0f / 5 + t2 * (-1.0f / 7 + t2 / 9))));
  if (ay > ax) r = kPi / 2 - r;
  if (x < 0.0f) r = kPi - r;
  return std::copysign(r, y);
}

// Unsigned angle between a and b, 0 when either is zero. atan2 of the cross and dot products
// stays accurate near 0 and π, where acos of a normalized dot does not.
float angleBetween(const V3& a, const V3& b) { return fastAtan2(a.cross(b).norm(), a.dot(b)); }

// Shared setup and finish: checks inputs, then fills weights with the clamped h_i, where
// `prepare(p_i, p)` computes what sample i's bands share (once per i, not per pair) and
// `band(info_i, p_i, p_j, p)` returns 1 − (projection ratio), or NaN for a pair that puts no
// band; normalizes, and guards a zero sum.
template <class Vec, class Prepare, class Band>
bool weigh(Span<const Vec> samples, const Vec& queryIn, Span<float> weights,
           Prepare prepare, Band band) {
  const size_t n = samples.size();
  if (weights.size() != n) return false;
  if (n == 0) return false;
  const auto uniform = [&] {
    std::fill(weights.begin(), weights.end(), 1.0f / static_cast<float>(n));
    return false;
  };
  if (!lift(queryIn).allFinite()) return uniform();
  for (const Vec& s : samples) {
    if (!lift(s).allFinite()) return uniform();
  }
  const V3 p = lift(queryIn);
  float sum = 0.0f;
  for (size_t i = 0; i < n; ++i) {
    const V3 pi = lift(samples[i]);
    const auto info = prepare(pi, p);
    float h = std::numeric_limits<float>::infinity();
    for (size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      const float hj = band(info, pi, lift(samples[j]), p);
      if (!std::isnan(hj)) h = std::min(h, hj);
    }
    if (std::isinf(h)) h = 1.0f;  // no other sample puts a band on this one
    weights[i] = std::max(0.0f, h);
    sum += weights[i];
  }
  if (sum > 0.0f && std::isfinite(sum)) {
    for (float& w : weights) w /= sum;
    return true;
  }
  size_t nearest = 0;
  float best = std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < n; ++i) {
    const float d = (lift(samples[i]) - p).squaredNorm();
    if (d < best) best = d, nearest = i;
  }
  std::fill(weights.begin(), weights.end(), 0.0f);
  weights[nearest] = 1.0f;
  return true;
}

// Largest squared length among the samples: the scale below which two samples coincide.
template <class Vec>
float largestSquaredNorm(Span<const Vec> samples) {
  float m = 0.0f;
  for (const Vec& s : samples) m = std::max(m, lift(s).squaredNorm());
  return m;
}

template <class Vec>
bool cartesian(Span<const Vec> samples, const Vec& query, Span<float> weights) {
  const float coincident = 1e-12f * largestSquaredNorm(samples);
  constexpr float kNoBand = std::numeric_limits<float>::quiet_NaN();
  const auto offset = [](const V3& pi, const V3& p) { return V3(p - pi); };
  return weigh(samples, query, weights, offset,
               [&](const V3& pToQuery, const V3& pi, const V3& pj, const V3&) {
                 const V3 ij = pj - pi;
                 const float len2 = ij.squaredNorm();
                 if (!(len2 > coincident)) return kNoBand;
                 return 1.0f - pToQuery.dot(ij) / len2;
               });
}

// What all of sample i's polar bands share.
struct PolarSample {
  float speed;          // |p_i|
  bool idle;            // too slow to have a direction
  float queryAngle;     // unsigned ∠(p_i, p)
  float signedQuery2D;  // 2D only: ∠ from p_i to p, counter-clockwise positive
};

template <class Vec>
bool polar(Span<const Vec> samples, const Vec& query, Span<float> weights) {
  // In 2D every pair's plane is the plane itself: the query needs no projection and its
  // signed angle is the 2D one, flipped when p_j lies clockwise of p_i. So per pair only the
  // pair's own angle is left to compute.
  constexpr bool kPlanar = std::is_same_v<Vec, Float2>;
  const float idleSpeed = 1e-4f * std::sqrt(largestSquaredNorm(samples));
  constexpr float kNoBand = std::numeric_limits<float>::quiet_NaN();
  constexpr float kCollinear = 1e-4f;
  constexpr float kOpposite = 0.99f * std::numbers::pi_v<float>;
  const auto prepare = [&](const V3& pi, const V3& p) {
    PolarSample s{pi.norm(), false, angleBetween(pi, p), 0.0f};
    s.idle = s.speed <= idleSpeed;
    if (kPlanar) {
      const float cross = pi.x() * p.y() - pi.y() * p.x(), dot = pi.x() * p.x() + pi.y() * p.y();
      s.signedQuery2D = fastAtan2(cross, dot);
    }
    return s;
  };
  const float querySpeed2D = lift(query).norm();
  const auto band = [&](const PolarSample& si, const V3& pi, const V3& pj, const V3& p) {
    const float sj = pj.norm();
    const bool idleJ = sj <= idleSpeed;
    if (si.idle && idleJ) return kNoBand;
    float pairAngle = 0.0f, queryAngle = 0.0f, querySpeed = querySpeed2D;
    if (si.idle) {
      pairAngle = angleBetween(p, pj);
    } else if (idleJ) {
      pairAngle = queryAngle = si.queryAngle;
    } else {
      pairAngle = angleBetween(pi, pj);
      if (pairAngle >= kOpposite) {
        queryAngle = si.queryAngle;
      } else if (pairAngle >= kCollinear) {
        if (kPlanar) {
          const bool counterClockwise = pi.x() * pj.y() - pi.y() * pj.x() > 0.0f;
          queryAngle = counterClockwise ? si.signedQuery2D : -si.signedQuery2D;
        } else {
          const V3 normal = pi.cross(pj).normalized();
          const V3 projected = p - p.dot(normal) * normal;
          querySpeed = projected.norm();
          queryAngle = fastAtan2(pi.cross(projected).dot(normal), pi.dot(projected));
        }
      }
    }
    // v_ij and v_ip both scaled by the mean speed m: the ratio v_ip·v_ij / |v_ij|² is
    // unchanged and the two divisions by m go away.
    const float alpha = (si.idle || idleJ) ? 1.0f : 2.0f;
    const float scale = alpha * 0.5f * (si.speed + sj);
    const Eigen::Vector2f vij(scale * pairAngle, sj - si.speed);
    const Eigen::Vector2f vip(scale * queryAngle, querySpeed - si.speed);
    const float len2 = vij.squaredNorm();
    // Same direction and speed (relative to m): coincident samples put no band.
    if (!(len2 > 1e-12f * scale * scale)) return kNoBand;
    return 1.0f - vip.dot(vij) / len2;
  };
  return weigh(samples, query, weights, prepare, band);
}

}  // namespace

bool cartesianGradientBandWeights(Span<const Float2> samples, const Float2& query, Span<float> weights) {
  return cartesian(samples, query, weights);
}
bool cartesianGradientBandWeights(Span<const Float3> samples, const Float3& query, Span<float> weights) {
  return cartesian(samples, query, weights);
}
bool polarGradientBandWeights(Span<const Float2> samples, const Float2& query, Span<float> weights) {
  return polar(samples, query, weights);
}
bool polarGradientBandWeights(Span<const Float3> samples, const Float3& query, Span<float> weights) {
  return polar(samples, query, weights);
}

}  // namespace fatgraph
