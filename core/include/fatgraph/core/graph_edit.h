#pragma once
// One authoring edit of a project's graph as a value (docs/DESIGN.md "Edits are data"): a
// plain struct per operation, and GraphEdit, the variant of them all. graph_edits.h applies
// it; the editor keeps one in each undo step; `fatgraph edit` reads a JSON list of them; the
// project's history (Project::edits) stores each applied edit as its JSON object. That JSON
// form is converted by graphEditFromJson and graphEditToJson only.
//
// Each struct's kOp is its "op" in JSON; its comment gives the JSON object. Frames are given
// as in every report: the clip's name and the frame in its source file at the file's own
// rate. Segment indices are those of the graph's segment list at the time of the edit. An
// empty optional is "automatic" or "the default" (null or absent in JSON), except the names
// of add_hub and split_edge, which are absent in JSON when the edit names nothing.
//
// These structs hold what was asked; applying the edit checks the values (a positive
// threshold, a hub or edge that exists, ...) and says what is wrong (graph_edits.h).
#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "fatgraph/core/fat_edge_clustering.h"
#include "fatgraph/core/quaternion.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

// --- thresholds and linkage ------------------------------------------------------------------

/// {"op": "set_hub_threshold", "metres": 0.08}: the match sets of every hub derived anew.
struct SetHubThreshold {
  static constexpr const char* kOp = "set_hub_threshold";
  double metres = 0;  // > 0
};

/// {"op": "set_edge_threshold", "metres": 0.12}: fat edges re-clustered.
struct SetEdgeThreshold {
  static constexpr const char* kOp = "set_edge_threshold";
  double metres = 0;  // > 0
};

/// {"op": "set_linkage", "linkage": "single"} (or "complete"): fat edges re-clustered.
struct SetLinkage {
  static constexpr const char* kOp = "set_linkage";
  Linkage linkage = Linkage::Complete;
};

// --- hubs and match sets ---------------------------------------------------------------------

/// {"op": "accept_hub"}: the best hub suggestion not yet covered (hub_ranking.h).
struct AcceptHub {
  static constexpr const char* kOp = "accept_hub";
};

/// {"op": "add_hub", "clip": "144_03", "frame": 812, "name": "turn"} ("name" optional: a
/// fresh "hubN").
struct AddHub {
  static constexpr const char* kOp = "add_hub";
  std::string clip;
  int frame = 0;
  std::optional<std::string> name;
};

/// {"op": "remove_hub", "hub": "hub1"}
struct RemoveHub {
  static constexpr const char* kOp = "remove_hub";
  std::string hub;
};

/// {"op": "rename_hub", "hub": "hub0", "name": "stand"}
struct RenameHub {
  static constexpr const char* kOp = "rename_hub";
  std::string hub;
  std::string name;
};

/// {"op": "add_match", "hub": "hub0", "clip": "144_03", "frame": 400}
struct AddMatch {
  static constexpr const char* kOp = "add_match";
  std::string hub;
  std::string clip;
  int frame = 0;
};

/// {"op": "remove_match", "hub": "hub0", "clip": "144_03", "frame": 400}
struct RemoveMatch {
  static constexpr const char* kOp = "remove_match";
  std::string hub;
  std::string clip;
  int frame = 0;
};

/// {"op": "move_match", "hub": "hub0", "clip": "144_03", "frame": 400, "to": 404}: both
/// frames of the same clip.
struct MoveMatch {
  static constexpr const char* kOp = "move_match";
  std::string hub;
  std::string clip;
  int frame = 0;
  int to = 0;
};

/// {"op": "reject_hub", "clip": "144_03", "frame": 812}: no hub suggestion (accept_hub, the
/// build, hub_ranking.h) comes from this frame or within a pose window of it again.
struct RejectHub {
  static constexpr const char* kOp = "reject_hub";
  std::string clip;
  int frame = 0;
};

// --- fat edges ---------------------------------------------------------------------------------

/// {"op": "move_segment", "segment": 7, "edge": "edge1"}
struct MoveSegment {
  static constexpr const char* kOp = "move_segment";
  int segment = 0;
  std::string edge;
};

/// {"op": "split_edge", "edge": "edge1", "segments": [3, 5], "name": "fast"} ("name"
/// optional: a fresh "edgeN"): the segments, members of the edge but not all, form a new edge.
struct SplitEdge {
  static constexpr const char* kOp = "split_edge";
  std::string edge;
  std::vector<int> segments;
  std::optional<std::string> name;
};

/// {"op": "merge_edges", "edge": "edge0", "absorbed": "edge2"}: every segment of the
/// absorbed edge joins the first.
struct MergeEdges {
  static constexpr const char* kOp = "merge_edges";
  std::string edge;
  std::string absorbed;
};

/// {"op": "remove_segment", "segment": 7}: the segment leaves its fat edge.
struct RemoveSegment {
  static constexpr const char* kOp = "remove_segment";
  int segment = 0;
};

/// {"op": "rename_edge", "edge": "edge0", "name": "walk"}
struct RenameEdge {
  static constexpr const char* kOp = "rename_edge";
  std::string edge;
  std::string name;
};

// --- parameterization (parameterization.h) -----------------------------------------------------

/// {"op": "set_edge_parameters", "edge": "edge0", "joint": "LeftFoot", "time_s": 0.6,
///  "samples": 200, "grid": 24}: the edge's parameter joint and reference time, its sample
/// count and weight-grid size; each empty = automatic / the project's default.
struct SetEdgeParameters {
  static constexpr const char* kOp = "set_edge_parameters";
  std::string edge;
  std::optional<std::string> joint;
  std::optional<double> timeSeconds;  // JSON "time_s"; >= 0, within the edge
  std::optional<int> samples;         // 1 to 100000
  std::optional<int> grid;            // 2 to 1024
};

/// {"op": "set_parameterization", "samples": 300, "grid": 32, "refine": true}: the
/// project-wide defaults; each empty = the built-in default.
struct SetParameterization {
  static constexpr const char* kOp = "set_parameterization";
  std::optional<int> samples;  // 1 to 100000
  std::optional<int> grid;     // 2 to 1024
  std::optional<bool> refine;
};

// --- legs and the leg layer ----------------------------------------------------------------------

/// One leg of set_legs, its joints by name (legs.h Leg): {"name": "Left", "chain":
/// ["LeftUpLeg", "LeftLeg", "LeftFoot"], "toe": "LeftToeBase", "heel": [0, -0.08, 0],
/// "toe_tip": [0, -0.07, 0.2]}.
struct LegByName {
  std::string name;                 // not empty, unique among the legs
  std::vector<std::string> chain;   // hip -> ankle, parent to child
  std::optional<std::string> toe;   // empty: none
  std::optional<Vec3> heel;         // ankle frame, metres; empty: computed as detection does
  std::optional<Vec3> toeTip;       // JSON "toe_tip"; likewise
};

/// {"op": "set_legs", "legs": [{...}, ...]}: the legs (at least one), set by hand.
struct SetLegs {
  static constexpr const char* kOp = "set_legs";
  std::vector<LegByName> legs;
};

/// {"op": "detect_legs"}: the legs detected anew (automatic).
struct DetectLegs {
  static constexpr const char* kOp = "detect_legs";
};

/// {"op": "set_locomotion", "edge": "edge0", "locomotion": true}: the edge's leg layer on,
/// off or, empty ("auto" in JSON), as the project's --locomotion selection says.
struct SetLocomotion {
  static constexpr const char* kOp = "set_locomotion";
  std::string edge;
  std::optional<bool> locomotion;
};

/// {"op": "set_blend", "edge": "edge0", "blend": "bands"}: "grid" (the default), "bands" or
/// "polar".
struct SetBlend {
  static constexpr const char* kOp = "set_blend";
  std::string edge;
  EdgeBlendMode blend = EdgeBlendMode::Grid;
};

/// {"op": "set_joystick", "edge": "edge0", "dead_zone": 0.1, "response": 1.5, "invert":
///  [false, true], "range_min": [-0.3, -0.2], "range_max": [0.4, 0.3]}: the exported stick
/// mapping (runtime_graph.h JoystickMapping), each value empty = automatic. It replaces the
/// edge's earlier one as a whole. Numbers are kept as given and must fit a float.
struct SetJoystick {
  static constexpr const char* kOp = "set_joystick";
  std::string edge;
  std::optional<double> deadZone;                 // JSON "dead_zone"; [0, 0.95]
  std::optional<double> response;                 // the response exponent; [0.2, 5]
  std::optional<std::array<bool, 2>> invert;      // per axis
  std::optional<std::array<double, 2>> rangeMin;  // JSON "range_min"; below the edge's neutral
  std::optional<std::array<double, 2>> rangeMax;  // JSON "range_max"; above the edge's neutral
};

/// Any one authoring edit.
using GraphEdit =
    std::variant<SetHubThreshold, SetEdgeThreshold, SetLinkage, AcceptHub, AddHub, RemoveHub, RenameHub,
                 AddMatch, RemoveMatch, MoveMatch, RejectHub, MoveSegment, SplitEdge, MergeEdges,
                 RemoveSegment, RenameEdge, SetEdgeParameters, SetParameterization, SetLegs, DetectLegs,
                 SetLocomotion, SetBlend, SetJoystick>;

/// The edit's "op", e.g. "set_hub_threshold".
const char* graphEditOp(const GraphEdit& edit);

/// Reads one edit from its JSON object (as text). Checks the form only: the keys its op needs,
/// each of the right type. Throws Error: "malformed JSON: ..." for text that is no JSON, else
/// "edit <the object>: <what is wrong>" (no object, an unknown op, a missing or mistyped
/// argument).
GraphEdit graphEditFromJson(const std::string& json);

/// The edit's JSON object as compact text, which graphEditFromJson reads back as the same
/// edit. Empty optionals are written as null, but add_hub's and split_edge's names, which are
/// left out.
std::string graphEditToJson(const GraphEdit& edit);

}  // namespace fatgraph
