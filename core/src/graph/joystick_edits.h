#pragma once
// The set_joystick edit (graph_edits.h): per fat edge, the authored joystick mapping, kept by
// edge name in project.settings.edgeJoystickChoices like the locomotion choices.
#include <string>
#include <vector>

#include "fatgraph/core/graph/graph_edit.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::detail {

/// Every empty value is automatic. Throws Error naming a bad value, an unknown edge, or a range
/// bound on the wrong side of the neutral.
std::vector<std::string> setJoystick(Project& project, const SetJoystick& edit);

/// One note per stored choice whose edge no longer exists, naming the history edit that set it
/// (the choice is kept: it returns with the name).
std::vector<std::string> lapsedJoystickChoices(const Project& project);

/// A rename carries the edge's choice along.
void renameJoystickChoice(Project& project, const std::string& from, const std::string& to);

}  // namespace fatgraph::detail
