#pragma once
// Applying authoring edits to a project's graph (docs/DESIGN.md "Edits are data"). An edit is a
// GraphEdit (graph_edit.h: one struct per op, with its JSON form); the editor applies the typed
// value in one undo command per edit, `fatgraph edit` a JSON list of them headless. Both take
// the same path: the JSON entry points below read the edit, then apply it as typed.
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

#include "fatgraph/core/graph/graph_edit.h"
#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph {

/// Applies one edit and appends its JSON object to project.edits (with its "resolved"
/// references). On any error (an argument that does not fit the project) throws Error
/// "edit <its JSON>: <what was wrong>" and leaves the project unchanged. Returns notes worth
/// telling the user: how cuts were adjusted, and one line per earlier edit that no longer
/// applies. Cancelled (from `progress`) leaves the project unchanged too.
std::vector<std::string> applyGraphEdit(Project& project, const GraphEdit& edit,
                                        const ProgressCallback& progress = {});

/// The same for an edit given as its JSON object (text), read with graphEditFromJson: errors
/// also for malformed JSON, an unknown op or a mistyped argument, naming the object as given.
std::vector<std::string> applyGraphEdit(Project& project, const std::string& editJson,
                                        const ProgressCallback& progress = {});

/// Applies a JSON array of edits in order, all or nothing: the first failing edit's error
/// names its index, and the project is unchanged.
std::vector<std::string> applyGraphEdits(Project& project, const std::string& editsJsonArray,
                                         const ProgressCallback& progress = {});

}  // namespace fatgraph
