// set_joystick (joystick_edits.h): a user's joystick mapping for a fat edge, validated against
// the edge's automatic mapping and kept by edge name, which fat-edge naming carries across
// re-clustering (fat_edge_names.cpp).
#include "joystick_edits.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "authored_edits.h"
#include "fatgraph/core/param/edge_joystick.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_edge_edits.h"

namespace fatgraph::detail {
namespace {

// A number as the float the mapping stores (one beyond float's range has no float).
float asFloat(double value, const char* key) {
  if (!(std::abs(value) <= std::numeric_limits<float>::max()))
    throw Error("\"" + std::string(key) + "\" holds " + nlohmann::json(value).dump() + ", beyond a float's range");
  return static_cast<float>(value);
}

std::optional<float> floatOf(const std::optional<double>& value, const char* key) {
  if (!value) return std::nullopt;
  return asFloat(*value, key);
}

std::optional<std::array<float, 2>> floatsOf(const std::optional<std::array<double, 2>>& value, const char* key) {
  if (!value) return std::nullopt;
  return std::array<float, 2>{asFloat((*value)[0], key), asFloat((*value)[1], key)};
}

}  // namespace

std::vector<std::string> setJoystick(Project& project, const SetJoystick& edit) {
  requireFatEdge(project, edit.edge);
  EdgeJoystickChoice choice;
  choice.edge = edit.edge;
  choice.deadZone = floatOf(edit.deadZone, "dead_zone");
  choice.responseExponent = floatOf(edit.response, "response");
  choice.invert = edit.invert;
  choice.rangeMin = floatsOf(edit.rangeMin, "range_min");
  choice.rangeMax = floatsOf(edit.rangeMax, "range_max");
  // The neutral matters only to range bounds: the edge's block is built only for them.
  const JoystickMapping automatic = choice.rangeMin || choice.rangeMax
                                        ? automaticJoystickMapping(project, choice.edge)
                                        : JoystickMapping{};
  if (const std::string problem = joystickChoiceProblem(choice, automatic); !problem.empty())
    throw Error("edge '" + choice.edge + "': " + problem);
  auto& choices = project.settings.edgeJoystickChoices;
  std::erase_if(choices, [&](const EdgeJoystickChoice& c) { return c.edge == choice.edge; });
  if (!choice.automatic()) choices.push_back(std::move(choice));  // all automatic: nothing to keep
  return {};
}

std::vector<std::string> lapsedJoystickChoices(const Project& project) {
  return lapsedChoiceNotes<SetJoystick>(project, project.settings.edgeJoystickChoices);
}

void renameJoystickChoice(Project& project, const std::string& from, const std::string& to) {
  for (EdgeJoystickChoice& c : project.settings.edgeJoystickChoices)
    if (c.edge == from) c.edge = to;
}

}  // namespace fatgraph::detail
