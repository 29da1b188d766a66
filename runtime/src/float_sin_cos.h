#pragma once
// sin and cos of one float angle without a libm call: the player turns each blended
// segment's root step into its heading frame every update, and the library call was a
// measurable part of an update. Quadrant reduction to [-pi/4, pi/4] and Taylor polynomials
// (errors below 3e-7, under float rounding of the angles involved); any finite input.
#include <cmath>

namespace fatgraph::detail {

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

}  // namespace fatgraph::detail
