#pragma once
// Actions bound to inputs (bind_action edit, graph_edit.h): any named fat edge on any key or
// gamepad button, so a user plays a kick with K or a pad's right shoulder instead of the
// number keys' "k-th edge of the next hub". Kept with the project's settings by edge name,
// like the other per-edge choices, so a binding outlasts re-clustering and follows a rename.
//
// Inputs are named in one vocabulary that neither Qt nor SDL owns, so core checks them and a
// project file stays readable without either:
//   key:A … key:Z, key:0 … key:9, key:F1 … key:F12, key:Space, key:Tab, key:Return,
//   key:Backspace, key:Insert, key:Delete, key:Home, key:End, key:PageUp, key:PageDown,
//   key:Left, key:Right, key:Up, key:Down, key:Shift, key:Control, key:Alt
//   pad:a, pad:b, pad:x, pad:y, pad:back, pad:guide, pad:start, pad:leftstick,
//   pad:rightstick, pad:leftshoulder, pad:rightshoulder, pad:dpup, pad:dpdown, pad:dpleft,
//   pad:dpright, pad:misc1, pad:paddle1 … pad:paddle4, pad:touchpad, pad:lefttrigger,
//   pad:righttrigger
// The pad names are SDL's game-controller button names (one layout for every known pad); the
// triggers, axes in SDL, count as pressed past half travel. W, A, S and D are the editor's
// keyboard stick and cannot be bound.
#include <string>
#include <vector>

namespace fatgraph {

/// One binding: pressing `input` requests the fat edge `edge` (the player's action queue).
struct ActionBinding {
  std::string input;  // a name of the vocabulary above
  std::string edge;   // fat edge name
  bool operator==(const ActionBinding&) const = default;
};

/// Every input name a binding may use, keys first, in the order listed above (W, A, S, D left
/// out).
const std::vector<std::string>& actionInputNames();

/// Empty when `input` can be bound, else why not: "'key:W' steers the keyboard stick and
/// cannot be bound", "'key:Esc' is no input name (keys are key:A … key:Z, …)".
std::string actionInputProblem(const std::string& input);

/// The edge bound to `input`, or null.
const ActionBinding* findActionBinding(const std::vector<ActionBinding>& bindings, const std::string& input);

}  // namespace fatgraph
