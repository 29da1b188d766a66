#pragma once
// How the CLI reports a project's graph: the JSON objects of the contract (docs/DESIGN.md) and the
// human-readable summary.
#include <nlohmann/json.hpp>
#include <ostream>

#include "fatgraph/core/project.h"

namespace fatgraph::cli {

/// {frames, fps, window, clips, hubs [{name, clip, frame, time_s, match_set_size}], segments,
///  entries, exits, fat_edges [{name, from, to, segments}], coverage, thresholds {hub, edge,
///  ...}}.
nlohmann::json graphSummaryJson(const Project& project);

/// {overall, clips [{clip, fraction}]}: the share of frames inside member segments of fat
/// edges (graph_coverage.h), over all frames and per clip.
nlohmann::json coverageJson(const Project& project);

void printGraphSummary(std::ostream& out, const Project& project);

}  // namespace fatgraph::cli
