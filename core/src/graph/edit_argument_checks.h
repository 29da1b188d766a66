#pragma once
// The limits of edit arguments (graph_edit.h) and their messages, in one place: reading an
// edit's JSON refuses a value of the wrong type with the same message that applying the edit
// gives a typed value out of range, so both say the same whichever way the edit came.
#include <string>

#include "fatgraph/core/graph/graph_edit_field.h"  // IntegerLimits

namespace fatgraph::detail {

/// `got` is the value as text (its JSON).
inline std::string integerChoiceProblem(const char* key, IntegerLimits limits, const std::string& got) {
  return "\"" + std::string(key) + "\" must be null or an integer from " + std::to_string(limits.lo) + " to " +
         std::to_string(limits.hi) + ", got " + got;
}

inline std::string timeChoiceProblem(const char* key, const std::string& got) {
  return "\"" + std::string(key) + "\" must be null or a time in seconds >= 0, got " + got;
}

inline const char* const kLegListProblem = "\"legs\" must be a non-empty array of {name, chain, toe, heel, toe_tip}";
inline const char* const kLegNameProblem = "each leg needs a non-empty \"name\"";

/// A heel or toe tip (`key`) of leg `leg` with a coordinate that is no finite number.
inline std::string legPointProblem(const std::string& leg, const char* key) {
  return "leg '" + leg + "': \"" + key + "\" must hold three finite numbers";
}

}  // namespace fatgraph::detail
