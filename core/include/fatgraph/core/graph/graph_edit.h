#pragma once
// One authoring edit of a project's graph as a value: a plain struct per operation, and
// GraphEdit, the variant of them all. graph_edits.h applies it; graphEditFromJson and
// graphEditToJson (the only conversion) read and write it from what each struct declares
// (graph_edit_field.h: kOp, fields() with their JSON keys, kSlow, undoText()). How the editor,
// `fatgraph edit` and the project's history use it, and the places an op is added:
// docs/DESIGN.md, "Edits are data".
//
// Each struct's kOp is its "op" in JSON; its comment gives the JSON object. Frames are given
// as in every report: the clip's name and the frame in its source file at the file's own
// rate. Segment indices are those of the graph's segment list at the time of the edit. An
// empty optional is "automatic" or "the default" (null or absent in JSON), except the names
// of add_hub and split_edge, which are absent in JSON when the edit names nothing.
//
// These structs hold what was asked; applying the edit checks the values (a positive
// threshold, a hub or edge that exists, ...) and says what is wrong (graph_edits.h). An op
// whose apply looks after the parameterizations itself or changes no fat edge says so with
// kLeavesFatEdges = true; every other op may derive the fat edges anew, and applying it then
// keeps the parameterizations and per-edge choices up (the safe default).
#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "fatgraph/core/graph/fat_edge_clustering.h"
#include "fatgraph/core/graph/graph_edit_field.h"
#include "fatgraph/core/locomotion/locomotion_settings.h"
#include "fatgraph/core/model/quaternion.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

// --- thresholds and linkage ------------------------------------------------------------------

/// {"op": "set_hub_threshold", "metres": 0.08}: the match sets of every hub derived anew.
struct SetHubThreshold {
  static constexpr const char* kOp = "set_hub_threshold";
  static constexpr bool kSlow = true;
  double metres = 0;  // > 0

  static constexpr auto fields() { return std::tuple{field("metres", &SetHubThreshold::metres)}; }
  std::string undoText() const { return "Set hub threshold to " + fixedDecimals(metres, 3) + " m"; }
};

/// {"op": "set_edge_threshold", "metres": 0.12}: fat edges re-clustered.
struct SetEdgeThreshold {
  static constexpr const char* kOp = "set_edge_threshold";
  static constexpr bool kSlow = true;
  double metres = 0;  // > 0

  static constexpr auto fields() { return std::tuple{field("metres", &SetEdgeThreshold::metres)}; }
  std::string undoText() const { return "Set edge threshold to " + fixedDecimals(metres, 3) + " m"; }
};

/// {"op": "set_linkage", "linkage": "single"} (or "complete"): fat edges re-clustered.
struct SetLinkage {
  static constexpr const char* kOp = "set_linkage";
  static constexpr bool kSlow = true;
  Linkage linkage = Linkage::Complete;

  static constexpr auto fields() { return std::tuple{field("linkage", &SetLinkage::linkage)}; }
  std::string undoText() const {
    return linkage == Linkage::Single ? "Cluster fat edges by single linkage" : "Cluster fat edges by complete linkage";
  }
};

// --- hubs and match sets ---------------------------------------------------------------------

/// {"op": "accept_hub"}: the best hub suggestion not yet covered (hub_ranking.h).
struct AcceptHub {
  static constexpr const char* kOp = "accept_hub";
  static constexpr bool kSlow = true;

  static constexpr auto fields() { return std::tuple{}; }
  std::string undoText() const { return "Accept hub suggestion"; }
};

/// {"op": "add_hub", "clip": "144_03", "frame": 812, "name": "turn"} ("name" optional: a
/// fresh "hubN").
struct AddHub {
  static constexpr const char* kOp = "add_hub";
  static constexpr bool kSlow = true;
  std::string clip;
  int frame = 0;
  std::optional<std::string> name;

  static constexpr auto fields() {
    return std::tuple{field("clip", &AddHub::clip), field("frame", &AddHub::frame),
                      field("name", &AddHub::name, json_form::LeftOutWhenEmpty{})};
  }
  std::string undoText() const { return "Add hub at " + clip + " frame " + std::to_string(frame); }
};

/// {"op": "remove_hub", "hub": "hub1"}
struct RemoveHub {
  static constexpr const char* kOp = "remove_hub";
  static constexpr bool kSlow = true;
  std::string hub;

  static constexpr auto fields() { return std::tuple{field("hub", &RemoveHub::hub)}; }
  std::string undoText() const { return "Remove hub " + hub; }
};

/// {"op": "rename_hub", "hub": "hub0", "name": "stand"}
struct RenameHub {
  static constexpr const char* kOp = "rename_hub";
  static constexpr bool kSlow = false;
  std::string hub;
  std::string name;

  static constexpr auto fields() { return std::tuple{field("hub", &RenameHub::hub), field("name", &RenameHub::name)}; }
  std::string undoText() const { return "Rename hub " + hub + " to " + name; }
};

/// {"op": "add_match", "hub": "hub0", "clip": "144_03", "frame": 400}
struct AddMatch {
  static constexpr const char* kOp = "add_match";
  static constexpr bool kSlow = true;
  std::string hub;
  std::string clip;
  int frame = 0;

  static constexpr auto fields() {
    return std::tuple{field("hub", &AddMatch::hub), field("clip", &AddMatch::clip), field("frame", &AddMatch::frame)};
  }
  std::string undoText() const {
    return "Add " + clip + " frame " + std::to_string(frame) + " to the match set of " + hub;
  }
};

/// {"op": "remove_match", "hub": "hub0", "clip": "144_03", "frame": 400}
struct RemoveMatch {
  static constexpr const char* kOp = "remove_match";
  static constexpr bool kSlow = true;
  std::string hub;
  std::string clip;
  int frame = 0;

  static constexpr auto fields() {
    return std::tuple{field("hub", &RemoveMatch::hub), field("clip", &RemoveMatch::clip),
                      field("frame", &RemoveMatch::frame)};
  }
  std::string undoText() const {
    return "Remove " + clip + " frame " + std::to_string(frame) + " from the match set of " + hub;
  }
};

/// {"op": "move_match", "hub": "hub0", "clip": "144_03", "frame": 400, "to": 404}: both
/// frames of the same clip.
struct MoveMatch {
  static constexpr const char* kOp = "move_match";
  static constexpr bool kSlow = true;
  std::string hub;
  std::string clip;
  int frame = 0;
  int to = 0;

  static constexpr auto fields() {
    return std::tuple{field("hub", &MoveMatch::hub), field("clip", &MoveMatch::clip), field("frame", &MoveMatch::frame),
                      field("to", &MoveMatch::to)};
  }
  std::string undoText() const {
    return "Move a match of " + hub + " from " + clip + " frame " + std::to_string(frame) + " to " + std::to_string(to);
  }
};

/// {"op": "reject_hub", "clip": "144_03", "frame": 812}: no hub suggestion (accept_hub, the
/// build, hub_ranking.h) comes from this frame or within a pose window of it again.
struct RejectHub {
  static constexpr const char* kOp = "reject_hub";
  static constexpr bool kSlow = true;
  static constexpr bool kLeavesFatEdges = true;
  std::string clip;
  int frame = 0;

  static constexpr auto fields() {
    return std::tuple{field("clip", &RejectHub::clip), field("frame", &RejectHub::frame)};
  }
  std::string undoText() const { return "Reject hub suggestion at " + clip + " frame " + std::to_string(frame); }
};

// --- fat edges ---------------------------------------------------------------------------------

/// {"op": "move_segment", "segment": 7, "edge": "edge1"}
struct MoveSegment {
  static constexpr const char* kOp = "move_segment";
  static constexpr bool kSlow = true;
  int segment = 0;
  std::string edge;

  static constexpr auto fields() {
    return std::tuple{field("edge", &MoveSegment::edge), field("segment", &MoveSegment::segment)};
  }
  std::string undoText() const { return "Move segment " + std::to_string(segment) + " to " + edge; }
};

/// {"op": "split_edge", "edge": "edge1", "segments": [3, 5], "name": "fast"} ("name"
/// optional: a fresh "edgeN"): the segments, members of the edge but not all, form a new edge.
struct SplitEdge {
  static constexpr const char* kOp = "split_edge";
  static constexpr bool kSlow = true;
  std::string edge;
  std::vector<int> segments;
  std::optional<std::string> name;

  static constexpr auto fields() {
    return std::tuple{field("edge", &SplitEdge::edge), field("segments", &SplitEdge::segments),
                      field("name", &SplitEdge::name, json_form::LeftOutWhenEmpty{})};
  }
  std::string undoText() const {
    if (segments.size() == 1) return "Split 1 segment off " + edge;
    return "Split " + std::to_string(segments.size()) + " segments off " + edge;
  }
};

/// {"op": "merge_edges", "edge": "edge0", "absorbed": "edge2"}: every segment of the
/// absorbed edge joins the first.
struct MergeEdges {
  static constexpr const char* kOp = "merge_edges";
  static constexpr bool kSlow = true;
  std::string edge;
  std::string absorbed;

  static constexpr auto fields() {
    return std::tuple{field("edge", &MergeEdges::edge), field("absorbed", &MergeEdges::absorbed)};
  }
  std::string undoText() const { return "Merge fat edge " + absorbed + " into " + edge; }
};

/// {"op": "remove_segment", "segment": 7}: the segment leaves its fat edge.
struct RemoveSegment {
  static constexpr const char* kOp = "remove_segment";
  static constexpr bool kSlow = true;
  int segment = 0;

  static constexpr auto fields() { return std::tuple{field("segment", &RemoveSegment::segment)}; }
  std::string undoText() const { return "Remove segment " + std::to_string(segment) + " from its fat edge"; }
};

/// {"op": "rename_edge", "edge": "edge0", "name": "walk"}
struct RenameEdge {
  static constexpr const char* kOp = "rename_edge";
  static constexpr bool kSlow = false;
  std::string edge;
  std::string name;

  static constexpr auto fields() {
    return std::tuple{field("edge", &RenameEdge::edge), field("name", &RenameEdge::name)};
  }
  std::string undoText() const { return "Rename fat edge " + edge + " to " + name; }
};

// --- parameterization (parameterization.h) -----------------------------------------------------

/// {"op": "set_edge_parameters", "edge": "edge0", "joint": "LeftFoot", "time_s": 0.6,
///  "samples": 200, "grid": 24}: the edge's parameter joint and reference time, its sample
/// count and weight-grid size; each empty = automatic / the project's default.
struct SetEdgeParameters {
  static constexpr const char* kOp = "set_edge_parameters";
  static constexpr bool kSlow = true;
  static constexpr bool kLeavesFatEdges = true;
  std::string edge;
  std::optional<std::string> joint;
  std::optional<double> timeSeconds;  // JSON "time_s"; >= 0, within the edge
  std::optional<int> samples;         // 1 to 100000
  std::optional<int> grid;            // 2 to 1024

  static constexpr auto fields() {
    return std::tuple{field("edge", &SetEdgeParameters::edge, json_form::EdgeName{}),
                      field("joint", &SetEdgeParameters::joint, json_form::JointName{}),
                      field("time_s", &SetEdgeParameters::timeSeconds, json_form::Seconds{}),
                      field("samples", &SetEdgeParameters::samples, kSampleLimits),
                      field("grid", &SetEdgeParameters::grid, kGridLimits)};
  }
  std::string undoText() const {
    return "Parameterize " + edge + " by " + joint.value_or("automatic joint") + " at " +
           (timeSeconds ? fixedDecimals(*timeSeconds, 2) + " s" : "automatic time");
  }
};

/// {"op": "set_parameterization", "samples": 300, "grid": 32, "refine": true}: the
/// project-wide defaults; each empty = the built-in default.
struct SetParameterization {
  static constexpr const char* kOp = "set_parameterization";
  static constexpr bool kSlow = true;
  static constexpr bool kLeavesFatEdges = true;
  std::optional<int> samples;  // 1 to 100000
  std::optional<int> grid;     // 2 to 1024
  std::optional<bool> refine;

  static constexpr auto fields() {
    return std::tuple{field("samples", &SetParameterization::samples, kSampleLimits),
                      field("grid", &SetParameterization::grid, kGridLimits),
                      field("refine", &SetParameterization::refine)};
  }
  std::string undoText() const { return "Set parameterization defaults"; }
};

// --- legs and the leg layer ----------------------------------------------------------------------

/// One leg of set_legs, its joints by name (legs.h Leg): {"name": "Left", "chain":
/// ["LeftUpLeg", "LeftLeg", "LeftFoot"], "toe": "LeftToeBase", "heel": [0, -0.08, 0],
/// "toe_tip": [0, -0.07, 0.2]}.
struct LegByName {
  std::string name;                // not empty, unique among the legs
  std::vector<std::string> chain;  // hip -> ankle, parent to child
  std::optional<std::string> toe;  // empty: none
  std::optional<Vec3> heel;        // ankle frame, metres; empty: computed as detection does
  std::optional<Vec3> toeTip;      // JSON "toe_tip"; likewise
};

/// {"op": "set_legs", "legs": [{...}, ...]}: the legs (at least one), set by hand.
struct SetLegs {
  static constexpr const char* kOp = "set_legs";
  static constexpr bool kSlow = true;
  std::vector<LegByName> legs;

  static constexpr auto fields() { return std::tuple{field("legs", &SetLegs::legs)}; }
  std::string undoText() const { return "Set legs"; }
};

/// {"op": "detect_legs"}: the legs detected anew (automatic).
struct DetectLegs {
  static constexpr const char* kOp = "detect_legs";
  static constexpr bool kSlow = true;

  static constexpr auto fields() { return std::tuple{}; }
  std::string undoText() const { return "Detect legs"; }
};

/// {"op": "map_joint", "joint": "Neck", "follows": "Head"}: a joint of the project's character
/// follows the clips' joint `follows` (absent or null: none, it keeps its rest pose), when the
/// character brought its own skeleton (project_character.h). The clips are retargeted again
/// from their sources; the hubs stay at their frames, their match sets, segments and fat edges
/// are derived anew and the earlier edits applied again.
struct MapJoint {
  static constexpr const char* kOp = "map_joint";
  static constexpr bool kSlow = true;
  std::string joint;
  std::optional<std::string> follows;

  static constexpr auto fields() {
    return std::tuple{field("joint", &MapJoint::joint), field("follows", &MapJoint::follows, json_form::LeftOutWhenEmpty{})};
  }
  std::string undoText() const {
    return follows && !follows->empty() ? "Map joint " + joint + " to " + *follows : "Unmap joint " + joint;
  }
};

/// {"op": "set_locomotion", "edge": "edge0", "locomotion": true}: the edge's leg layer on,
/// off or, empty ("auto" in JSON), as the project's --locomotion selection says.
struct SetLocomotion {
  static constexpr const char* kOp = "set_locomotion";
  static constexpr bool kSlow = false;
  static constexpr bool kLeavesFatEdges = true;
  std::string edge;
  std::optional<bool> locomotion;

  static constexpr auto fields() {
    return std::tuple{field("edge", &SetLocomotion::edge, json_form::EdgeName{}),
                      field("locomotion", &SetLocomotion::locomotion, json_form::TrueFalseOrAuto{})};
  }
  std::string undoText() const {
    return "Set locomotion of " + edge + " to " + (!locomotion ? "automatic" : *locomotion ? "on" : "off");
  }
};

/// {"op": "set_blend", "edge": "edge0", "blend": "bands"}: "grid" (the default), "bands" or
/// "polar".
struct SetBlend {
  static constexpr const char* kOp = "set_blend";
  static constexpr bool kSlow = false;
  static constexpr bool kLeavesFatEdges = true;
  std::string edge;
  EdgeBlendMode blend = EdgeBlendMode::Grid;

  static constexpr auto fields() {
    return std::tuple{field("edge", &SetBlend::edge, json_form::EdgeName{}), field("blend", &SetBlend::blend)};
  }
  std::string undoText() const { return "Set blend of " + edge + " to " + blendModeName(blend); }
};

/// {"op": "set_joystick", "edge": "edge0", "dead_zone": 0.1, "response": 1.5, "invert":
///  [false, true], "range_min": [-0.3, -0.2], "range_max": [0.4, 0.3]}: the exported stick
/// mapping (runtime_graph.h JoystickMapping), each value empty = automatic. It replaces the
/// edge's earlier one as a whole. Numbers are kept as given and must fit a float.
struct SetJoystick {
  static constexpr const char* kOp = "set_joystick";
  static constexpr bool kSlow = false;
  static constexpr bool kLeavesFatEdges = true;
  std::string edge;
  std::optional<double> deadZone;                 // JSON "dead_zone"; [0, 0.95]
  std::optional<double> response;                 // the response exponent; [0.2, 5]
  std::optional<std::array<bool, 2>> invert;      // per axis
  std::optional<std::array<double, 2>> rangeMin;  // JSON "range_min"; below the edge's neutral
  std::optional<std::array<double, 2>> rangeMax;  // JSON "range_max"; above the edge's neutral

  static constexpr auto fields() {
    return std::tuple{field("edge", &SetJoystick::edge, json_form::EdgeName{}),
                      field("dead_zone", &SetJoystick::deadZone),
                      field("response", &SetJoystick::response),
                      field("invert", &SetJoystick::invert),
                      field("range_min", &SetJoystick::rangeMin),
                      field("range_max", &SetJoystick::rangeMax)};
  }
  std::string undoText() const { return "Set joystick mapping of " + edge; }
};

// --- actions -------------------------------------------------------------------------------------

/// {"op": "bind_action", "input": "key:K", "edge": "kick"}: pressing the input (a key or gamepad
/// button, action_binding.h) asks the player for the fat edge, which it takes at the first hub
/// the edge leaves. The input's earlier binding is replaced; "edge" null (or absent) unbinds it.
struct BindAction {
  static constexpr const char* kOp = "bind_action";
  static constexpr bool kSlow = false;
  static constexpr bool kLeavesFatEdges = true;
  std::string input;
  std::optional<std::string> edge;

  static constexpr auto fields() {
    return std::tuple{field("input", &BindAction::input),
                      field("edge", &BindAction::edge, json_form::EdgeNameOrNone{})};
  }
  std::string undoText() const { return edge ? "Bind " + input + " to " + *edge : "Unbind " + input; }
};

// The variant of edit structs, each checked to declare what the JSON form and the editor need.
template <EditStruct... Ops>
using EditVariant = std::variant<Ops...>;

/// Any one authoring edit.
using GraphEdit =
    EditVariant<SetHubThreshold, SetEdgeThreshold, SetLinkage, AcceptHub, AddHub, RemoveHub, RenameHub, AddMatch,
                RemoveMatch, MoveMatch, RejectHub, MoveSegment, SplitEdge, MergeEdges, RemoveSegment, RenameEdge,
                SetEdgeParameters, SetParameterization, SetLegs, DetectLegs, MapJoint, SetLocomotion, SetBlend, SetJoystick,
                BindAction>;

/// The edit's "op", e.g. "set_hub_threshold".
const char* graphEditOp(const GraphEdit& edit);

/// The edit in words, as the editor's undo step shows it: "Rename hub hub0 to stand".
std::string graphEditUndoText(const GraphEdit& edit);

/// Whether the editor runs the edit on its worker thread (its op's kSlow).
bool graphEditIsSlow(const GraphEdit& edit);

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
