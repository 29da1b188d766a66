#pragma once
// What a project says about the leg layer per fat edge (Johansen ch. 4 and 7): which edges are
// locomotion (`--locomotion auto|all|none` plus per-edge set_locomotion edits) and how each
// edge turns the stick into blend weights (set_blend). Kept by edge name, like the
// parameterization choices, so they outlast re-clustering (graph_edits.h).
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// How `--locomotion` picks the edges that get the leg layer.
enum class LocomotionSelection {
  Automatic,  // isLocomotionCycle() on the edge's reference segment (the default)
  All,        // every edge whose cycles can be analysed
  None,       // no edge
};

/// A user's choices for one fat edge (edit operations set_locomotion and set_blend). An
/// absent value follows the project: its LocomotionSelection, and the Grid blend.
struct EdgeLocomotionChoice {
  std::string edge;                  // fat edge name
  std::optional<bool> locomotion;    // forced on / off
  std::optional<EdgeBlendMode> blend;

  bool automatic() const { return !locomotion && !blend; }
};

/// A user's joystick mapping for one fat edge (set_joystick edit). Each absent value is
/// automatic: derived from the edge's parameterization or, for the band blends, its velocity
/// samples (runtime_graph_builder.h, runtime_locomotion.h applyBlendMode); edge_joystick.h
/// applies them.
struct EdgeJoystickChoice {
  std::string edge;  // fat edge name
  std::optional<float> deadZone;          // [0, 0.95]
  std::optional<float> responseExponent;  // [0.2, 5]
  std::optional<std::array<bool, 2>> invert;
  std::optional<std::array<float, 2>> rangeMin;  // below the neutral on both axes
  std::optional<std::array<float, 2>> rangeMax;  // above the neutral on both axes

  bool automatic() const { return !deadZone && !responseExponent && !invert && !rangeMin && !rangeMax; }
  bool operator==(const EdgeJoystickChoice&) const = default;
};

/// The cycle analyses of one locomotion fat edge as the project file keeps them (/locomotion,
/// docs/PROJECT_FORMAT.md): per segment, in segment order, the cycle's frames, validity,
/// duration, distance (4.16), direction (4.17), speed (4.18) and per leg the stance time,
/// the six key times, the foot direction, the stride (4.13-4.15) and the normalized footbase
/// (4.19-4.21). Fields the file does not keep stay at their defaults.
struct EdgeCycleRecord {
  std::string edge;
  std::vector<CycleAnalysis> segments;
};

/// Parses "auto" | "all" | "none"; false for anything else.
bool parseLocomotionSelection(const std::string& text, LocomotionSelection& out);
const char* locomotionSelectionName(LocomotionSelection selection);

/// Parses "grid" | "bands" | "polar"; false for anything else.
bool parseBlendMode(const std::string& text, EdgeBlendMode& out);
const char* blendModeName(EdgeBlendMode mode);

}  // namespace fatgraph
