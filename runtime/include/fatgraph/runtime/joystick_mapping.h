#pragma once
// The stick on an edge's parameter plane: JoystickMapping's three steps (runtime_graph.h) as
// one function, so the player and anything that draws or tests the mapping (the editor's
// response curve) evaluate the very same formula. No allocation; never NaN for a valid
// mapping (RuntimeGraph::validate), whatever the stick.
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// Plane coordinates (the edge's parameter-plane units: metres, or m/s for the gradient-band
/// modes) of the stick (stickX right, stickY forward, each in [-1, 1]; NaN counts as 0, values
/// outside are clamped).
Float2 joystickPlanePoint(const JoystickMapping& mapping, float stickX, float stickY);

}  // namespace fatgraph
