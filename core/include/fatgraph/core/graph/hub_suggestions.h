#pragma once
// Hubs and match sets (Fat Graph §3.1): a frame's match set is the set of frames whose pose
// distance to it is below a threshold and a local minimum of its distance row; the system
// suggests hubs, the user accepts them or picks others. The first suggestion is the frame with
// the largest match set; each later one is the frame whose cuts raise the graph's coverage
// (graph_coverage.h) the most, so several kinds of motion each get a hub.
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/graph/distance_matrix.h"
#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/spread/work_spread.h"

namespace fatgraph {

/// A threshold derived from the data, with how it was found (shown to users so they can tune).
struct HubThreshold {
  double rms = 0.0;          // metres, RMS point distance after alignment
  std::string method;        // e.g. "valley between the same-phase and the other row minima"
  double smallestMinimumRms = 0.0;  // the smallest row minimum: below it no frame matches
  double largestMinimumRms = 0.0;   // upper edge of the largest row minimum's bin
  int repeatMinima = 0;      // row minima discounted as exact repeats (see below)
};

/// Row minima below this RMS (metres) are repeats of the same data (a clip given twice, a
/// looped cycle exported several times), not natural variation: no two captures of a body
/// come this close over a whole window. The threshold derivation ignores them.
inline constexpr double kRepeatRms = 0.005;

/// The hub threshold from the histogram of all rows' local minima (repeats discounted). Row
/// minima of repetitive motion form two populations, the same-phase matches (low) and the
/// rest (a walk's opposite-leg phase, unrelated poses): the threshold is the valley of the
/// smoothed log histogram between its first strong peak and the largest peak above it; with
/// no clear valley, Otsu's split of that histogram; with fewer than 20 minima, the 10th
/// percentile of all distances. A set of single-cycle loops (a game character's clips) shows
/// instead an empty stretch between its same-motion minima and the rest, and the threshold is
/// the middle of the widest such stretch (hub_threshold.cpp, docs/GRAPH_CONSTRUCTION.md). `features` (optional) makes `smallestMinimumRms` exact when
/// the scan has no per-row minima (loaded from a project's cache).
HubThreshold suggestHubThreshold(const DistanceScan& scan, const PoseFeatures* features = nullptr);

struct HubSuggestion {
  int frame = -1;            // global frame index
  std::vector<int> matches;  // global frame indices (exact), sorted
  /// Rise of the overall coverage (a fraction of all frames) when this hub's cuts join those
  /// of the hubs before it (cuts closer than two frames are not merged in this estimate).
  double coverageGain = 0.0;
  /// Taken below the gain rule because its cuts give a take its first segment (cutEveryTake).
  bool firstCutOfTake = false;
};

struct HubPlanRequest {
  int maxHubs = 1;  // suggestions to return at most
  /// Stop before a suggestion that raises coverage by less than this fraction (0.02 = 2
  /// percentage points); it is then returned as `declined`. The first hub of an empty graph
  /// is always taken (without one there is no graph).
  double minimumCoverageGain = 0.0;
  /// With the gain rule: still take a suggestion below the gain when it cuts a take no segment
  /// holds yet, so every take that shares a pose with itself or another joins the graph.
  bool cutEveryTake = true;
  std::vector<int> acceptedHubs;  // global frames of hubs already in the graph
  /// Global frames the user rejected (reject_hub): neither they nor the frames within a
  /// window of them are suggested.
  std::vector<int> rejectedFrames;
  /// Called with the fraction of maxHubs planned before each batch of exact rows; returning
  /// false throws Cancelled (a reviewer's list re-ranks after every edit and stops the old run).
  ProgressCallback progress;
  int threads = 0;  // threads counting exact rows (0: every core)
  /// The processes of a distributed build (work_spread.h): exact rows are spread over them,
  /// each counted whole by one, so the plan is the same. None: this process alone.
  WorkSpread* spread = nullptr;
};

struct HubPlan {
  std::vector<HubSuggestion> hubs;        // in acceptance order
  std::optional<HubSuggestion> declined;  // the suggestion the gain rule stopped at
  bool exhausted = false;  // stopped because no uncovered frame matches anything
  double coverage = 0.0;   // estimated overall coverage with every accepted and planned hub
};

/// Suggests hubs one after another. Candidates are ranked by an upper bound of their match-set
/// size (every distance bin reaching below the threshold counted, capped by the row's exact
/// smallest minimum) and re-counted exactly from their own distance rows until the best exact
/// count is at least the next candidate's bound, so no frame that matches is missed, however
/// close the threshold is to the smallest minimum. Equal counts go to the stillest frame (the
/// smallest joint motion over its window: a pose held between motions is a better hub than
/// one passed through); a frame whose window repeats an earlier one's exactly is ranked through
/// the earlier one. After the first hub, candidates from the parts of clips no segment
/// holds yet are re-counted as well and the largest coverage gain wins (then the match set,
/// then stillness). Each accepted hub covers its own window, the frames within the threshold
/// of it and the windows of its matches; later suggestions avoid them (the same pose again).
HubPlan planHubs(const PoseFeatures& features, const DistanceScan& scan, double thresholdRms,
                 const HubPlanRequest& request);

/// Up to `count` suggestions in acceptance order (planHubs without the gain rule).
std::vector<HubSuggestion> suggestHubs(const PoseFeatures& features, const DistanceScan& scan,
                                       double thresholdRms, int count,
                                       const std::vector<int>& acceptedHubs = {},
                                       const std::vector<int>& rejectedFrames = {});

/// The exact match set of a frame (global indices, sorted; the frame itself excluded).
std::vector<int> matchSetOf(const PoseFeatures& features, int frame, int window,
                            double thresholdRms);

}  // namespace fatgraph
