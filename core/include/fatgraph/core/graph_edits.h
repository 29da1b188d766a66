#pragma once
// Authoring edits of a project's graph as data (docs/DESIGN.md "Edits are data"). Each edit is a
// JSON object with an "op" and its arguments; the editor wraps each in one undo command and
// `fatgraph edit` applies a list of them headless. Frames are given as in every report: the
// clip's name and the frame in its source file at the file's own rate.
//
//   {"op": "set_hub_threshold", "metres": 0.08}      match sets of every hub re-derived
//   {"op": "set_edge_threshold", "metres": 0.12}     fat edges re-clustered
//   {"op": "set_linkage", "linkage": "single"}       or "complete"; fat edges re-clustered
//   {"op": "accept_hub"}                             the best suggestion not yet covered
//   {"op": "add_hub", "clip": "144_03", "frame": 812, "name": "turn"}   ("name" optional)
//   {"op": "remove_hub", "hub": "hub1"}
//   {"op": "rename_hub", "hub": "hub0", "name": "stand"}
//   {"op": "add_match", "hub": "hub0", "clip": "144_03", "frame": 400}
//   {"op": "remove_match", "hub": "hub0", "clip": "144_03", "frame": 400}
//   {"op": "move_match", "hub": "hub0", "clip": "144_03", "frame": 400, "to": 404}
//   {"op": "move_segment", "segment": 7, "edge": "edge1"}
//   {"op": "split_edge", "edge": "edge1", "segments": [3, 5], "name": "fast"}  ("name" optional)
//   {"op": "merge_edges", "edge": "edge0", "absorbed": "edge2"}
//   {"op": "remove_segment", "segment": 7}
//   {"op": "rename_edge", "edge": "edge0", "name": "walk"}
//   {"op": "set_edge_parameters", "edge": "edge0", "joint": "LeftFoot", "time_s": 0.6,
//    "samples": 200, "grid": 24}                     each of the four null or absent =
//                                                    automatic / project default
//   {"op": "set_parameterization", "samples": 300, "grid": 32, "refine": true}
//                                                    project-wide defaults (null = built-in)
//   {"op": "set_legs", "legs": [{"name": "Left", "chain": ["LeftUpLeg", "LeftLeg", "LeftFoot"],
//    "toe": "LeftToeBase", "heel": [0, -0.08, 0], "toe_tip": [0, -0.07, 0.2]}, ...]}
//                                                    the legs (legs.h), chain hip -> ankle
//                                                    parent to child; toe, heel and toe_tip
//                                                    (ankle frame, m) null or absent = none /
//                                                    computed as detection does
//   {"op": "detect_legs"}                            legs detected anew (automatic)
//   {"op": "set_locomotion", "edge": "edge0", "locomotion": true}
//                                                    true | false | "auto" (the project's
//                                                    --locomotion selection): the leg layer
//   {"op": "set_blend", "edge": "edge0", "blend": "bands"}
//                                                    "grid" (default) | "bands" | "polar"
//   {"op": "reject_hub", "clip": "144_03", "frame": 812}
//                                                    no hub suggestion (accept_hub, the build,
//                                                    hub_ranking.h) comes from this frame or
//                                                    within a pose window of it again
//   {"op": "set_joystick", "edge": "edge0", "dead_zone": 0.1, "response": 1.5,
//    "invert": [false, true], "range_min": [-0.3, -0.2], "range_max": [0.4, 0.3]}
//                                                    the exported stick mapping (runtime_graph.h
//                                                    JoystickMapping); each value null or
//                                                    absent = automatic; dead_zone in [0, 0.95],
//                                                    response in [0.2, 5], range_min < the
//                                                    edge's neutral < range_max per axis
//
// Parameterization (parameterization.h). set_edge_parameters keeps the choice by edge name
// (so it outlasts re-clustering, which carries names over) and parameterizes the edge anew;
// set_parameterization re-parameterizes a parameterized graph. Every other edit that derives
// fat edges anew re-parameterizes the edges that changed when the graph was parameterized
// (the others keep theirs) and otherwise leaves it unparameterized; a choice whose edge no
// longer exists is named in the notes like any lapsed edit.
//
// Locomotion (edge_locomotion.h). set_locomotion and set_blend keep the choice by edge name
// the same way, and a choice whose edge no longer exists is named in the notes. So does
// set_joystick (edge_joystick.h: the effective mapping without an export); each set_joystick
// replaces the edge's earlier one as a whole.
//
// Hub review (hub_ranking.h). reject_hub records the frame in project.settings.hubRejections
// (the project file's /hub_rejections) and changes no graph; rejecting a hub's own frame is an
// error (remove the hub instead).
//
// Cost. An edit computes the clips' pose features only when it measures poses (hub and match
// edits, and re-clustering where an edge's members changed: fat edges that come back with the
// same segments keep their warps). For a live threshold slider, fat_edge_preview.h clusters
// without editing.
//
// Segment indices are those of the graph's segment list at the time of the edit.
//
// Authored work lasts. Threshold, linkage, hub and match-set edits derive match sets,
// segments and fat edges anew; afterwards the earlier match-set edits (add, remove, move a
// match) and fat-edge edits (move, split, merge, remove) of the history are applied again in
// their original order, and fat edges keep their names where at least half of their segments
// carry over (segments compared by clip and frame range, which survive re-cutting where the
// cuts stay the same). To make that possible each such edit is stored in `Project::edits` with
// a "resolved" object of references that do not depend on indices or names (see
// docs/PROJECT_FORMAT.md, /edits). Every earlier edit that no longer fits (its hub is gone,
// its segment was cut differently, no edge holds its target's segments, a renamed edge lost
// its segments) is named in the returned notes: "edit 3 of the history {...} no longer
// applies: <why>".
#include <string>
#include <vector>

#include "fatgraph/core/progress.h"
#include "fatgraph/core/project.h"

namespace fatgraph {

/// Applies one edit (a JSON object as text) and appends it to project.edits (with its
/// "resolved" references). On any error (malformed JSON, unknown op, invalid argument) throws
/// Error saying what was wrong and leaves the project unchanged. Returns notes worth telling
/// the user: how cuts were adjusted, and one line per earlier edit that no longer applies.
std::vector<std::string> applyGraphEdit(Project& project, const std::string& editJson,
                                        const ProgressCallback& progress = {});

/// Applies a JSON array of edits in order, all or nothing: the first failing edit's error
/// names its index, and the project is unchanged.
std::vector<std::string> applyGraphEdits(Project& project, const std::string& editsJsonArray,
                                         const ProgressCallback& progress = {});

}  // namespace fatgraph
