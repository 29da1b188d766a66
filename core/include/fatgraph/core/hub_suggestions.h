#pragma once
// Hubs and match sets (seed 002 §3.1): a frame's match set is the set of frames whose pose
// distance to it is below a threshold and a local minimum of its distance row; the system
// suggests the frames with the largest match sets as hubs, the user accepts or picks others.
#include <string>
#include <vector>

#include "fatgraph/core/distance_matrix.h"

namespace fatgraph {

/// A threshold derived from the data, with how it was found (shown to users so they can tune).
struct HubThreshold {
  double rms = 0.0;          // metres, RMS point distance after alignment
  std::string method;        // e.g. "valley between same-phase and other row minima (Otsu)"
  double smallestMinimumRms = 0.0;  // below this no frame matches anything
  double largestMinimumRms = 0.0;
};

/// Splits the log-distance histogram of all rows' local minima into two classes with Otsu's
/// method: for repetitive motion the lower class holds the same-phase matches and the upper
/// one the other minima (a walk's opposite-leg phase, unrelated poses). Falls back to the
/// 10th percentile of all distances when there are too few minima.
HubThreshold suggestHubThreshold(const DistanceScan& scan);

struct HubSuggestion {
  int frame = -1;            // global frame index
  std::vector<int> matches;  // global frame indices (exact), sorted
};

/// Up to `count` hub suggestions, best first. Candidates are ranked by the scan's binned
/// counts and the best few re-counted exactly (ties go to the stillest frame, the smallest
/// joint motion over its window); each accepted suggestion (and every frame in
/// `acceptedHubs`) covers the frames within its threshold, which later suggestions avoid.
std::vector<HubSuggestion> suggestHubs(const PoseFeatures& features, const DistanceScan& scan,
                                       double thresholdRms, int count,
                                       const std::vector<int>& acceptedHubs = {});

/// The exact match set of a frame (global indices, sorted; the frame itself excluded).
std::vector<int> matchSetOf(const PoseFeatures& features, int frame, int window,
                            double thresholdRms);

}  // namespace fatgraph
