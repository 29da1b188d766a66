// Locomotion edits (docs/DESIGN.md "Edits are data"): a user's verdict on whether a fat edge
// walks (overriding --locomotion) and its blend mode. Kept by edge name, which fat-edge naming
// carries across re-clustering (fat_edge_names.cpp), so they outlast threshold edits.
#include "locomotion_edits.h"

#include <algorithm>

#include "authored_edits.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_edge_edits.h"

namespace fatgraph::detail {
namespace {

// The choice for `edge`, which must exist, added when it has none yet.
EdgeLocomotionChoice& choiceFor(Project& project, const std::string& edge) {
  requireFatEdge(project, edge);
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

std::vector<std::string> setLocomotion(Project& project, const SetLocomotion& edit) {
  choiceFor(project, edit.edge).locomotion = edit.locomotion;
  dropAutomatic(project);
  return {};
}

std::vector<std::string> setBlend(Project& project, const SetBlend& edit) {
  // Grid is the default: storing it would only keep an entry that says nothing.
  choiceFor(project, edit.edge).blend = edit.blend == EdgeBlendMode::Grid ? std::nullopt : std::optional(edit.blend);
  dropAutomatic(project);
  return {};
}

std::vector<std::string> lapsedLocomotionChoices(const Project& project) {
  return lapsedChoiceNotes<SetLocomotion, SetBlend>(project, project.settings.edgeLocomotionChoices);
}

void renameLocomotionChoice(Project& project, const std::string& from, const std::string& to) {
  for (EdgeLocomotionChoice& c : project.settings.edgeLocomotionChoices)
    if (c.edge == from) c.edge = to;
}

}  // namespace fatgraph::detail
