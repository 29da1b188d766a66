#pragma once
// The leg layer's edit operations (graph_edits.h lists them): per fat edge, whether it is
// locomotion and how it blends, kept by edge name in project.settings.edgeLocomotionChoices.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fatgraph/core/project.h"

namespace fatgraph::detail {

/// {"op":"set_locomotion","edge":E,"locomotion":true|false|"auto"}. Throws Error naming a bad
/// value or an unknown edge.
std::vector<std::string> setLocomotion(Project& project, const nlohmann::json& edit);

/// {"op":"set_blend","edge":E,"blend":"grid"|"bands"|"polar"}.
std::vector<std::string> setBlend(Project& project, const nlohmann::json& edit);

/// Whether `op` is one of the above (they change no fat edge).
bool locomotionOp(const std::string& op);

/// One note per stored choice whose edge no longer exists, naming the history edit that set
/// it (the choice is kept: it returns with the name).
std::vector<std::string> lapsedLocomotionChoices(const Project& project);

/// A rename carries the edge's choice along.
void renameLocomotionChoice(Project& project, const std::string& from, const std::string& to);

}  // namespace fatgraph::detail
