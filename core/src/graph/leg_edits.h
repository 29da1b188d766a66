#pragma once
// The leg edit operations (graph_edits.h: set_legs, detect_legs). Internal to core.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fatgraph/core/project.h"

namespace fatgraph::detail {

/// Applies "set_legs" or "detect_legs" (`op`) to project.legs; throws Error (project
/// unchanged) naming the leg and joint that do not fit. Returns notes for the user.
std::vector<std::string> editLegs(Project& project, const nlohmann::json& edit, const std::string& op);

}  // namespace fatgraph::detail
