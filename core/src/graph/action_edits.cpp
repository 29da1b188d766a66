// bind_action (action_edits.h): inputs bound to fat edges by name, which fat-edge naming
// carries across re-clustering (fat_edge_names.cpp), so a binding lapses only when its edge's
// name is gone, and comes back with it.
#include "action_edits.h"

#include <algorithm>

#include "authored_edits.h"
#include "fatgraph/core/model/action_binding.h"
#include "fatgraph/core/model/error.h"

namespace fatgraph::detail {

std::vector<std::string> bindAction(Project& project, const BindAction& edit) {
  if (const std::string problem = actionInputProblem(edit.input); !problem.empty()) throw Error(problem);
  auto& bindings = project.settings.actionBindings;
  const auto bound = std::find_if(bindings.begin(), bindings.end(),
                                  [&](const ActionBinding& b) { return b.input == edit.input; });
  if (!edit.edge) {
    if (bound == bindings.end()) throw Error("no action is bound to '" + edit.input + "'");
    bindings.erase(bound);
    return {};
  }
  requireFatEdge(project, *edit.edge);
  if (bound != bindings.end()) {
    bound->edge = *edit.edge;  // keeps its place in the list
  } else {
    bindings.push_back({edit.input, *edit.edge});
  }
  return {};
}

std::vector<std::string> lapsedActionBindings(const Project& project) {
  std::vector<std::string> notes;
  std::vector<HistoryEdit> history;  // read only when some binding lapsed
  for (const ActionBinding& b : project.settings.actionBindings) {
    if (findFatEdge(project.graph.fatEdges, b.edge) >= 0) continue;
    if (history.empty()) history = readHistory(project);
    for (auto h = history.rbegin(); h != history.rend(); ++h) {
      const auto* bind = h->edit ? std::get_if<BindAction>(&*h->edit) : nullptr;
      if (bind == nullptr || bind->input != b.input) continue;
      notes.push_back(lapsedNote(h->index, h->stored, "no fat edge is called '" + b.edge + "' any more"));
      break;
    }
  }
  return notes;
}

void renameActionBindings(Project& project, const std::string& from, const std::string& to) {
  for (ActionBinding& b : project.settings.actionBindings)
    if (b.edge == from) b.edge = to;
}

}  // namespace fatgraph::detail
