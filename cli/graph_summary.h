#pragma once
// How the CLI reports a project's graph: the JSON objects of the contract (docs/DESIGN.md) and the
// human-readable summary.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "fatgraph/core/model/project.h"

namespace fatgraph::cli {

/// {frames, fps, window, clips, hubs [{name, clip, frame, time_s, match_set_size}], segments,
///  entries, exits, fat_edges [{name, from, to, segments, locomotion, locomotion_reason, blend,
///  cycle (locomotion edges: the reference segment's {duration_s, distance_m, speed_mps, legs
///  [{name, stance_time, foot_strike, foot_off, stride_m}]}), and once
///  parameterized param_error_median_m, param_error_p95_m, param_error_median_m_unrefined,
///  param_dimension, param_joint, param_time_s, param_refined, param_targets, param_reason,
///  param_notes}], coverage, thresholds {hub, edge, ...}}.
nlohmann::json graphSummaryJson(const Project& project);

/// A generated clip's origin (Clip::generated) as the project file stores it: {from_clip,
/// from_frame, to_clip, to_frame, blend_frames, lead_frames, from_hub, to_hub, pose_gap_m}.
nlohmann::json transitionOriginJson(const TransitionOrigin& origin);

/// Hub `hub`'s name; "(none)" for no hub (-1).
std::string hubName(const MotionGraph& g, int hub);

/// {name, from, to, segments}: a fat edge, its hubs by name and its segment count.
nlohmann::json fatEdgeJson(const MotionGraph& g, const FatEdge& e);

/// [{name, clip, frame, time_s, match_set_size}]: the hubs in acceptance order.
nlohmann::json hubsJson(const Project& project);

/// The parameterization keys of fat edge `edge`: {locomotion, locomotion_reason, blend, cycle,
/// param_error_median_m,
/// param_error_p95_m, param_error_median_m_unrefined} (3D metres; null while the project is not
/// parameterized), plus the param_* details graphSummaryJson reports once it is.
nlohmann::json fatEdgeParameterJson(const Project& project, size_t edge);

/// {overall, clips [{clip, fraction}]}: the share of frames inside member segments of fat
/// edges (graph_coverage.h), over all frames and per clip.
nlohmann::json coverageJson(const Project& project);

/// The project's character: null without one, else {source, vertices, retargeted} and, when it
/// brought its own skeleton, joint_map [{joint, follows (null: none), matched_by: name |
/// geometry | edit | none}] in the project's joint order and clips_skeleton_joints.
nlohmann::json characterJson(const Project& project);

/// One line on the character (nothing without one); printGraphSummary starts with it.
void printCharacter(std::ostream& out, const Project& project);

void printGraphSummary(std::ostream& out, const Project& project);

}  // namespace fatgraph::cli
