// The input vocabulary of action bindings (action_binding.h). Built once: letters, digits,
// function keys and the named keys, then SDL's game-controller buttons and the two triggers.
#include "fatgraph/core/model/action_binding.h"

#include <algorithm>

namespace fatgraph {
namespace {

bool steersTheStick(const std::string& input) {
  return input == "key:W" || input == "key:A" || input == "key:S" || input == "key:D";
}

std::vector<std::string> makeInputNames() {
  std::vector<std::string> names;
  for (char c = 'A'; c <= 'Z'; ++c)
    if (const std::string key = std::string("key:") + c; !steersTheStick(key)) names.push_back(key);
  for (char c = '0'; c <= '9'; ++c) names.push_back(std::string("key:") + c);
  for (int f = 1; f <= 12; ++f) names.push_back("key:F" + std::to_string(f));
  for (const char* key : {"Space", "Tab", "Return", "Backspace", "Insert", "Delete", "Home", "End", "PageUp",
                          "PageDown", "Left", "Right", "Up", "Down", "Shift", "Control", "Alt"})
    names.push_back(std::string("key:") + key);
  for (const char* button : {"a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
                             "rightshoulder", "dpup", "dpdown", "dpleft", "dpright", "misc1", "paddle1", "paddle2",
                             "paddle3", "paddle4", "touchpad", "lefttrigger", "righttrigger"})
    names.push_back(std::string("pad:") + button);
  return names;
}

}  // namespace

const std::vector<std::string>& actionInputNames() {
  static const std::vector<std::string> names = makeInputNames();
  return names;
}

std::string actionInputProblem(const std::string& input) {
  if (steersTheStick(input)) return "'" + input + "' steers the keyboard stick and cannot be bound";
  const auto& names = actionInputNames();
  if (std::find(names.begin(), names.end(), input) != names.end()) return {};
  return "'" + input +
         "' is no input name (keys are key:A to key:Z, key:0 to key:9, key:F1 to key:F12, key:Space, key:Tab, "
         "key:Return, key:Left, ...; gamepad buttons are pad:a, pad:b, pad:x, pad:y, pad:leftshoulder, "
         "pad:rightshoulder, pad:dpup, ..., pad:lefttrigger, pad:righttrigger)";
}

const ActionBinding* findActionBinding(const std::vector<ActionBinding>& bindings, const std::string& input) {
  for (const ActionBinding& b : bindings)
    if (b.input == input) return &b;
  return nullptr;
}

}  // namespace fatgraph
