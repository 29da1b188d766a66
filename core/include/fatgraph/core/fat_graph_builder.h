#pragma once
// The automatic construction pipeline of seed 002 §3 on a project whose clips are at the
// working rate: pose features -> streamed distance matrix (cached) -> hub threshold -> hub
// suggestions (top N accepted) -> segments -> DTW segment distances -> fat edges -> warps.
// The editor and the CLI run the same steps; the user's later edits go through graph_edits.h.
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/progress.h"
#include "fatgraph/core/project.h"

namespace fatgraph {

struct BuildOptions {
  int hubCount = 1;                          // suggestions accepted automatically
  std::optional<double> hubThresholdRms;     // metres; derived from the data when absent
  std::optional<double> edgeThresholdRms;    // metres; derived from the hub threshold when absent
  size_t memoryBudgetBytes = size_t(512) << 20;
  int threads = 0;                           // 0 = all hardware threads
  /// Overall progress in [0, 1] across the stages; return false to cancel (throws Cancelled,
  /// the project is unchanged).
  ProgressCallback progress;
};

struct BuildReport {
  int frames = 0;
  bool distancesFromCache = false;
  double distanceSeconds = 0.0;
  double dtwSeconds = 0.0;
  double clusteringSeconds = 0.0;
  std::vector<std::string> notes;  // everything adjusted or worth telling the user
};

/// Builds the graph into `project.graph` (replacing it) and refreshes `project.distances`.
/// Throws Error when there is nothing to build from or when the hub threshold yields no
/// match (the message gives the range of thresholds that would).
BuildReport buildMotionGraph(Project& project, const BuildOptions& options = {});

/// The features of a project's clips under its settings (shared by the builder and edits).
PoseFeatures projectFeatures(const Project& project);

/// The scan for the project's clips, from its cache when the fingerprint matches, else
/// computed and stored in the cache. `fromCache` tells which.
const DistanceScan& ensureDistanceScan(Project& project, const PoseFeatures& features,
                                       const BuildOptions& options, bool& fromCache,
                                       const ProgressCallback& progress);

/// Default edge threshold for a hub threshold (see the definition for the reasoning).
double defaultEdgeThreshold(double hubThresholdRms);

/// Hubs (names "hub0", ...) from suggestions and their exact match sets.
Hub makeHub(const PoseFeatures& features, std::string name, int globalFrame,
            const std::vector<int>& matches);

/// Segments, DTW distances, clusters and warps for the current hubs of `project.graph`
/// (used after any hub or match-set change). Times go to `report`.
void rebuildFromHubs(Project& project, const PoseFeatures& features, BuildReport& report,
                     const ProgressCallback& progress = {});

}  // namespace fatgraph
