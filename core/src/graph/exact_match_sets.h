#pragma once
// Exact match sets of many frames at once, for hub suggestions: blocks of distance rows as
// matrix products (distance_rows.h) shared among the hardware threads, and the frames whose
// windows repeat an earlier one's exactly (their match sets need no second count).
#include <vector>

#include "fatgraph/core/graph/pose_features.h"

namespace fatgraph::detail {

/// Per frame of `frames` (windows inside their clips), its exact match set at `thresholdRms`
/// (exactMatches with `tolerance`), in the order given, on `threads` threads (0: every core).
std::vector<std::vector<int>> exactMatchSets(const PoseFeatures& features, const std::vector<int>& frames,
                                             int window, double thresholdRms, double tolerance, int threads = 0);

/// Per frame, 1 when its window (inside its clip) equals an earlier frame's window value for
/// value, as when a clip is given twice or a cycle is looped.
std::vector<char> repeatedWindows(const PoseFeatures& features, int window);

}  // namespace fatgraph::detail
