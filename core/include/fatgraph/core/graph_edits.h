#pragma once
// Authoring edits of a project's graph as data (DESIGN.md "Edits are data"). Each edit is a
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
//
// Hub and match-set edits cut the clips anew, so segments and fat edges are re-derived (fat
// edge edits made before them stay in the history but no longer apply). Segment indices are
// those of the graph's segment list at the time of the edit.
#include <string>
#include <vector>

#include "fatgraph/core/progress.h"
#include "fatgraph/core/project.h"

namespace fatgraph {

/// Applies one edit (a JSON object as text) and appends it to project.edits. On any error
/// (malformed JSON, unknown op, invalid argument) throws Error saying what was wrong and
/// leaves the project unchanged. Returns notes worth telling the user.
std::vector<std::string> applyGraphEdit(Project& project, const std::string& editJson,
                                        const ProgressCallback& progress = {});

/// Applies a JSON array of edits in order, all or nothing: the first failing edit's error
/// names its index, and the project is unchanged.
std::vector<std::string> applyGraphEdits(Project& project, const std::string& editsJsonArray,
                                         const ProgressCallback& progress = {});

}  // namespace fatgraph
