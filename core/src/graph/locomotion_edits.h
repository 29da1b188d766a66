#pragma once
// The leg layer's edit operations (graph_edits.h lists them): per fat edge, whether it is
// locomotion and how it blends, kept by edge name in project.settings.edgeLocomotionChoices.
#include <string>
#include <vector>

#include "fatgraph/core/graph/graph_edit.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::detail {

/// Throws Error naming an unknown edge.
std::vector<std::string> setLocomotion(Project& project, const SetLocomotion& edit);
std::vector<std::string> setBlend(Project& project, const SetBlend& edit);

/// One note per stored choice whose edge no longer exists, naming the history edit that set
/// it (the choice is kept: it returns with the name).
std::vector<std::string> lapsedLocomotionChoices(const Project& project);

/// A rename carries the edge's choice along.
void renameLocomotionChoice(Project& project, const std::string& from, const std::string& to);

}  // namespace fatgraph::detail
