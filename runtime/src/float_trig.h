#pragma once
// sin, cos, atan2 and the wrap to [-pi, pi] of float angles without a libm call: the player
// turns each blended segment's root step into its heading frame every update, and the leg layer
// takes circular means, foot headings and yaw limits for every leg; the library calls were a
// measurable part of an update (atan2f about 120 instructions, remainderf about 75). Errors stay
// below 3e-7 rad, under float rounding of the angles involved; any finite input.
#include <algorithm>
#include <cmath>

namespace fatgraph::detail {

/// sin and cos: quadrant reduction to [-pi/4, pi/4] and Taylor polynomials.
inline void floatSinCos(float angle, float& sine, float& cosine) {
  if (!(std::abs(angle) < 1e6f)) {  // far outside any trajectory's yaw, or NaN
    sine = std::sin(angle);
    cosine = std::cos(angle);
    return;
  }
  constexpr float kTwoOverPi = 0.636619772f;
  // pi/2 split in two so the reduction keeps the low bits (Cody-Waite).
  constexpr float kHalfPiHigh = 1.57079625f, kHalfPiLow = 7.54978942e-8f;
  const float quadrant = std::nearbyint(angle * kTwoOverPi);
  const float r = (angle - quadrant * kHalfPiHigh) - quadrant * kHalfPiLow;
  const float r2 = r * r;
  const float s = r * (1.0f + r2 * (-1.0f / 6 + r2 * (1.0f / 120 + r2 * (-1.0f / 5040))));
  const float c = 1.0f + r2 * (-0.5f + r2 * (1.0f / 24 + r2 * (-1.0f / 720 + r2 * (1.0f / 40320))));
  switch (static_cast<int>(quadrant) & 3) {
    case 0: sine = s; cosine = c; break;
    case 1: sine = c; cosine = -s; break;
    case 2: sine = -s; cosine = -c; break;
    default: sine = -c; cosine = s; break;
  }
}

/// atan2(y, x) in [-pi, pi]: the ratio of the smaller to the larger magnitude in [0, 1], moved
/// to [-tan(pi/8), tan(pi/8)] by atan t = pi/4 + atan((t - 1) / (t + 1)), where the Taylor
/// series to z^15 is within 2e-8 (an alternating series: the first term left out bounds it).
/// Zeros, infinities and NaN take the library's path, for its signed-zero and NaN rules.
inline float floatAtan2(float y, float x) {
  const float ax = std::abs(x), ay = std::abs(y);
  const float big = std::max(ax, ay), small = std::min(ax, ay);
  if (!(big > 0.0f && big <= 3.4e38f)) return std::atan2(y, x);
  constexpr float kQuarterPi = 0.785398163f, kHalfPi = 1.57079633f, kPiF = 3.14159265f;
  constexpr float kTanEighthPi = 0.414213562f;
  float t = small / big;
  float base = 0.0f;
  if (t > kTanEighthPi) {
    t = (t - 1.0f) / (t + 1.0f);
    base = kQuarterPi;
  }
  const float t2 = t * t;
  const float series =
      t * (1.0f + t2 * (-1.0f / 3 + t2 * (1.0f / 5 + t2 * (-1.0f / 7 + t2 * (1.0f / 9 + t2 * (-1.0f / 11 +
          t2 * (1.0f / 13 + t2 * (-1.0f / 15))))))));
  float angle = base + series;
  if (ay > ax) angle = kHalfPi - angle;
  if (x < 0.0f) angle = kPiF - angle;
  return std::signbit(y) ? -angle : angle;
}

/// An angle wrapped to [-pi, pi] (within float rounding of std::remainder(a, 2 pi)); 0 for a
/// non-finite one. Angles already inside, nearly all of them, pass unchanged.
inline float wrapAngle(float a) {
  constexpr float kPiF = 3.14159265f, kTwoPi = 6.28318531f;
  if (!std::isfinite(a)) return 0.0f;
  if (std::abs(a) <= kPiF) return a;
  if (!(std::abs(a) < 1e6f)) return std::remainder(a, kTwoPi);
  return a - kTwoPi * std::nearbyint(a * (1.0f / kTwoPi));
}

}  // namespace fatgraph::detail
