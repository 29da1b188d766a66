// Locomotion edits (docs/DESIGN.md "Edits are data"): a user's verdict on whether a fat edge
// walks (overriding --locomotion) and its blend mode. Kept by edge name, which fat-edge naming
// carries across re-clustering (fat_edge_names.cpp), so they outlast threshold edits.
#include "locomotion_edits.h"

#include <algorithm>

#include "authored_edits.h"
#include "fatgraph/core/error.h"
#include "fatgraph/core/fat_edge_edits.h"

namespace fatgraph::detail {
namespace {

using nlohmann::json;

std::string edgeName(const Project& project, const json& edit) {
  if (project.graph.empty()) throw Error("the project has no graph yet: run fatgraph build first");
  const auto it = edit.find("edge");
  if (it == edit.end() || !it->is_string()) throw Error("\"edge\" must name a fat edge");
  const std::string name = it->get<std::string>();
  if (findFatEdge(project.graph.fatEdges, name) < 0) throw Error("no fat edge named '" + name + "'");
  return name;
}

EdgeLocomotionChoice& choiceFor(Project& project, const std::string& edge) {
  auto& choices = project.settings.edgeLocomotionChoices;
  for (EdgeLocomotionChoice& c : choices)
    if (c.edge == edge) return c;
  choices.push_back({edge, std::nullopt, std::nullopt});
  return choices.back();
}

void dropAutomatic(Project& project) {
  std::erase_if(project.settings.edgeLocomotionChoices,
                [](const EdgeLocomotionChoice& c) { return c.automatic(); });
}

}  // namespace

std::vector<std::string> setLocomotion(Project& project, const json& edit) {
  const std::string name = edgeName(project, edit);
  const auto it = edit.find("locomotion");
  std::optional<bool> value;
  if (it != edit.end() && it->is_boolean()) {
    value = it->get<bool>();
  } else if (it == edit.end() || !(it->is_string() && it->get<std::string>() == "auto")) {
    throw Error("\"locomotion\" must be true, false or \"auto\"" +
                (it == edit.end() ? std::string() : ", got " + it->dump()));
  }
  choiceFor(project, name).locomotion = value;
  dropAutomatic(project);
  return {};
}

std::vector<std::string> setBlend(Project& project, const json& edit) {
  const std::string name = edgeName(project, edit);
  const auto it = edit.find("blend");
  EdgeBlendMode mode = EdgeBlendMode::Grid;
  if (it == edit.end() || !it->is_string() || !parseBlendMode(it->get<std::string>(), mode))
    throw Error("\"blend\" must be \"grid\", \"bands\" or \"polar\"" +
                (it == edit.end() ? std::string() : ", got " + it->dump()));
  // Grid is the default: storing it would only keep an entry that says nothing.
  choiceFor(project, name).blend = mode == EdgeBlendMode::Grid ? std::nullopt : std::optional(mode);
  dropAutomatic(project);
  return {};
}

bool locomotionOp(const std::string& op) { return op == "set_locomotion" || op == "set_blend"; }

std::vector<std::string> lapsedLocomotionChoices(const Project& project) {
  std::vector<std::string> notes;
  for (const EdgeLocomotionChoice& c : project.settings.edgeLocomotionChoices) {
    if (findFatEdge(project.graph.fatEdges, c.edge) >= 0) continue;
    for (size_t i = project.edits.size(); i-- > 0;) {
      const json j = json::parse(project.edits[i], nullptr, false);
      if (!j.is_object() || !locomotionOp(opOf(j)) || j.value("edge", json()) != json(c.edge)) continue;
      notes.push_back(lapsedNote(i, j, "no fat edge is called '" + c.edge + "' any more"));
      break;
    }
  }
  return notes;
}

void renameLocomotionChoice(Project& project, const std::string& from, const std::string& to) {
  for (EdgeLocomotionChoice& c : project.settings.edgeLocomotionChoices)
    if (c.edge == from) c.edge = to;
}

}  // namespace fatgraph::detail
