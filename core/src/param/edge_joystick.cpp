// Authored joystick mappings over the automatic ones (edge_joystick.h).
#include "fatgraph/core/param/edge_joystick.h"

#include <cmath>
#include <sstream>

namespace fatgraph {
namespace {

std::string number(float v) {
  std::ostringstream s;
  s.precision(4);
  s << v;
  return s.str();
}

const char* axisName(int a) { return a == 0 ? "x" : "y"; }

}  // namespace

const EdgeJoystickChoice* findJoystickChoice(const GraphSettings& settings, const std::string& edge) {
  for (const EdgeJoystickChoice& c : settings.edgeJoystickChoices)
    if (c.edge == edge) return &c;
  return nullptr;
}

JoystickMapping applyJoystickChoice(const JoystickMapping& automatic, const EdgeJoystickChoice& choice) {
  JoystickMapping out = automatic;
  if (choice.deadZone) out.deadZone = *choice.deadZone;
  if (choice.responseExponent) out.responseExponent = *choice.responseExponent;
  if (choice.invert) {
    out.invert[0] = (*choice.invert)[0];
    out.invert[1] = (*choice.invert)[1];
  }
  for (int a = 0; a < 2; ++a) {
    if (choice.rangeMin && (*choice.rangeMin)[a] < out.neutral[a]) out.rangeMin[a] = (*choice.rangeMin)[a];
    if (choice.rangeMax && (*choice.rangeMax)[a] > out.neutral[a]) out.rangeMax[a] = (*choice.rangeMax)[a];
  }
  return out;
}

std::string joystickChoiceProblem(const EdgeJoystickChoice& choice, const JoystickMapping& automatic) {
  if (choice.deadZone && !(*choice.deadZone >= 0.0f && *choice.deadZone <= kMaxJoystickDeadZone))
    return "\"dead_zone\" must be in [0, " + number(kMaxJoystickDeadZone) + "], got " + number(*choice.deadZone);
  if (choice.responseExponent &&
      !(*choice.responseExponent >= kMinJoystickResponse && *choice.responseExponent <= kMaxJoystickResponse))
    return "\"response\" must be in [" + number(kMinJoystickResponse) + ", " + number(kMaxJoystickResponse) +
           "], got " + number(*choice.responseExponent);
  for (int a = 0; a < 2; ++a) {
    const float neutral = automatic.neutral[a];
    if (choice.rangeMin) {
      const float v = (*choice.rangeMin)[a];
      if (!std::isfinite(v) || !(v < neutral))
        return std::string("\"range_min\" ") + axisName(a) + " (" + number(v) + ") must be below the edge's neutral " +
               number(neutral);
    }
    if (choice.rangeMax) {
      const float v = (*choice.rangeMax)[a];
      if (!std::isfinite(v) || !(v > neutral))
        return std::string("\"range_max\" ") + axisName(a) + " (" + number(v) + ") must be above the edge's neutral " +
               number(neutral);
    }
  }
  return {};
}

JoystickMapping effectiveJoystickMapping(const Project& project, const std::string& edge) {
  const JoystickMapping automatic = automaticJoystickMapping(project, edge);
  const EdgeJoystickChoice* choice = findJoystickChoice(project.settings, edge);
  return choice != nullptr ? applyJoystickChoice(automatic, *choice) : automatic;
}

}  // namespace fatgraph
