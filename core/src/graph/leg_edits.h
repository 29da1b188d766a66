#pragma once
// The leg edit operations (graph_edit.h: SetLegs, DetectLegs). Internal to core.
#include <string>
#include <vector>

#include "fatgraph/core/graph/graph_edit.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::detail {

/// Sets project.legs by hand; throws Error (project unchanged) naming the leg and joint that
/// do not fit. Returns notes for the user.
std::vector<std::string> setLegs(Project& project, const SetLegs& edit);

/// Detects project.legs anew; returns notes for the user (how many, by which method).
std::vector<std::string> detectProjectLegs(Project& project);

}  // namespace fatgraph::detail
