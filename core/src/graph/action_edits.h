#pragma once
// The bind_action edit (graph_edits.h): an input (action_binding.h) bound to a fat edge by name
// in project.settings.actionBindings, kept, like the per-edge choices, while its edge is gone.
#include <string>
#include <vector>

#include "fatgraph/core/graph/graph_edit.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::detail {

/// Binds edit.input to edit.edge (replacing its earlier edge), or unbinds it when edit.edge is
/// empty. Throws Error naming an input that is no input name or is the keyboard stick's, an
/// unknown edge, or an input to unbind that is not bound.
std::vector<std::string> bindAction(Project& project, const BindAction& edit);

/// One note per binding whose edge no longer exists, naming the history edit that bound it
/// (the binding is kept: it returns with the name).
std::vector<std::string> lapsedActionBindings(const Project& project);

/// A rename carries the edge's bindings along.
void renameActionBindings(Project& project, const std::string& from, const std::string& to);

}  // namespace fatgraph::detail
