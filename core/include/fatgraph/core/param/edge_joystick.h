#pragma once
// The joystick mapping of a fat edge as the export writes it (runtime_graph.h JoystickMapping):
// derived automatically (the grid's neutral and hull reach from the parameterization, or the
// velocity samples' extent for the band blends) with the user's set_joystick values over it
// (locomotion_settings.h EdgeJoystickChoice). The editor draws it from here without exporting
// the whole graph.
#include <string>

#include "fatgraph/core/model/project.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// Limits of the authored values (set_joystick validates against them).
inline constexpr float kMaxJoystickDeadZone = 0.95f;
inline constexpr float kMinJoystickResponse = 0.2f;
inline constexpr float kMaxJoystickResponse = 5.0f;

/// The choice stored for fat edge `edge` (by name), or null.
const EdgeJoystickChoice* findJoystickChoice(const GraphSettings& settings, const std::string& edge);

/// `automatic` with the choice's values over it. A range bound replaces the automatic one on
/// an axis only while it stays on its side of the neutral (min below, max above): after a
/// re-clustering moved the edge's neutral past it, the automatic bound is used (set_joystick
/// refuses such bounds when they are authored).
JoystickMapping applyJoystickChoice(const JoystickMapping& automatic, const EdgeJoystickChoice& choice);

/// Empty when `choice` is valid over `automatic` (dead zone in [0, 0.95], response in
/// [0.2, 5], range_min < neutral < range_max per axis, every value finite), else what is wrong
/// ("range_min y (0.4) must be below the edge's neutral 0.12").
std::string joystickChoiceProblem(const EdgeJoystickChoice& choice, const JoystickMapping& automatic);

/// The mapping the export derives for the fat edge called `edge`, without the user's choice:
/// the edge's runtime block is built alone (its parameterization and blend mode applied), so
/// this costs one edge's conversion, not the graph's. Throws Error when there is no such edge
/// or it is entry or exit material (no hub to play from, never exported).
JoystickMapping automaticJoystickMapping(const Project& project, const std::string& edge);

/// automaticJoystickMapping with the edge's stored choice applied: what the exported .fgraph
/// holds for it.
JoystickMapping effectiveJoystickMapping(const Project& project, const std::string& edge);

}  // namespace fatgraph
