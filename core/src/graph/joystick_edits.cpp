// set_joystick (joystick_edits.h): a user's joystick mapping for a fat edge, validated against
// the edge's automatic mapping and kept by edge name, which fat-edge naming carries across
// re-clustering (fat_edge_names.cpp).
#include "joystick_edits.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "authored_edits.h"
#include "fatgraph/core/edge_joystick.h"
#include "fatgraph/core/error.h"
#include "fatgraph/core/fat_edge_edits.h"

namespace fatgraph::detail {
namespace {

using nlohmann::json;

// A JSON number as the float the mapping stores (one beyond float's range has no float).
float asFloat(const json& v, const char* key) {
  const double d = v.get<double>();
  if (!(std::abs(d) <= std::numeric_limits<float>::max()))
    throw Error("\"" + std::string(key) + "\" holds " + v.dump() + ", beyond a float's range");
  return static_cast<float>(d);
}

// The value under `key` unless it is absent or null (automatic).
const json* given(const json& edit, const char* key) {
  const auto it = edit.find(key);
  return it == edit.end() || it->is_null() ? nullptr : &*it;
}

std::optional<float> numberArg(const json& edit, const char* key) {
  const json* v = given(edit, key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_number()) throw Error("\"" + std::string(key) + "\" must be a number or null, got " + v->dump());
  return asFloat(*v, key);
}

std::optional<std::array<float, 2>> pairArg(const json& edit, const char* key) {
  const json* v = given(edit, key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_array() || v->size() != 2 || !(*v)[0].is_number() || !(*v)[1].is_number())
    throw Error("\"" + std::string(key) + "\" must be [x, y] (two numbers) or null, got " + v->dump());
  return std::array<float, 2>{asFloat((*v)[0], key), asFloat((*v)[1], key)};
}

std::optional<std::array<bool, 2>> invertArg(const json& edit) {
  const json* v = given(edit, "invert");
  if (v == nullptr) return std::nullopt;
  if (!v->is_array() || v->size() != 2 || !(*v)[0].is_boolean() || !(*v)[1].is_boolean())
    throw Error("\"invert\" must be [x, y] (two booleans) or null, got " + v->dump());
  return std::array<bool, 2>{(*v)[0].get<bool>(), (*v)[1].get<bool>()};
}

}  // namespace

std::vector<std::string> setJoystick(Project& project, const json& edit) {
  if (project.graph.empty()) throw Error("the project has no graph yet: run fatgraph build first");
  const auto it = edit.find("edge");
  if (it == edit.end() || !it->is_string()) throw Error("\"edge\" must name a fat edge");
  EdgeJoystickChoice choice;
  choice.edge = it->get<std::string>();
  if (findFatEdge(project.graph.fatEdges, choice.edge) < 0) throw Error("no fat edge named '" + choice.edge + "'");
  choice.deadZone = numberArg(edit, "dead_zone");
  choice.responseExponent = numberArg(edit, "response");
  choice.invert = invertArg(edit);
  choice.rangeMin = pairArg(edit, "range_min");
  choice.rangeMax = pairArg(edit, "range_max");
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
  std::vector<std::string> notes;
  for (const EdgeJoystickChoice& c : project.settings.edgeJoystickChoices) {
    if (findFatEdge(project.graph.fatEdges, c.edge) >= 0) continue;
    for (size_t i = project.edits.size(); i-- > 0;) {
      const json j = json::parse(project.edits[i], nullptr, false);
      if (!j.is_object() || opOf(j) != "set_joystick" || j.value("edge", json()) != json(c.edge)) continue;
      notes.push_back(lapsedNote(i, j, "no fat edge is called '" + c.edge + "' any more"));
      break;
    }
  }
  return notes;
}

void renameJoystickChoice(Project& project, const std::string& from, const std::string& to) {
  for (EdgeJoystickChoice& c : project.settings.edgeJoystickChoices)
    if (c.edge == from) c.edge = to;
}

}  // namespace fatgraph::detail
