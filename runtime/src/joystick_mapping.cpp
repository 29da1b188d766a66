#include "fatgraph/runtime/joystick_mapping.h"

#include <algorithm>
#include <cmath>

namespace fatgraph {

Float2 joystickPlanePoint(const JoystickMapping& m, float stickX, float stickY) {
  // 1. NaN is centred, the stick clamped to the unit square, then inverted per axis.
  float s[2] = {std::isnan(stickX) ? 0.0f : std::clamp(stickX, -1.0f, 1.0f),
                std::isnan(stickY) ? 0.0f : std::clamp(stickY, -1.0f, 1.0f)};
  for (int a = 0; a < 2; ++a)
    if (m.invert[a]) s[a] = -s[a];
  // 2. The dead zone is radial: the radius past it is stretched back onto [0, 1].
  const float radius = std::sqrt(s[0] * s[0] + s[1] * s[1]);
  const float deadZone = std::clamp(m.deadZone, 0.0f, 0.99f);
  const float scale =
      radius > deadZone ? (std::min(radius, 1.0f) - deadZone) / ((1.0f - deadZone) * radius) : 0.0f;
  const float exponent = m.responseExponent > 0.0f ? m.responseExponent : 1.0f;
  float out[2];
  for (int a = 0; a < 2; ++a) {
    // 3. The response curve keeps the sign; each side of the neutral has its own range.
    const float linear = std::abs(s[a] * scale);
    const float magnitude = exponent == 1.0f ? linear : std::pow(linear, exponent);
    const float v = std::copysign(magnitude, s[a]);
    out[a] = v >= 0.0f ? m.neutral[a] + v * (m.rangeMax[a] - m.neutral[a])
                       : m.neutral[a] + v * (m.neutral[a] - m.rangeMin[a]);
  }
  return {out[0], out[1]};
}

}  // namespace fatgraph
