#pragma once
// The automatic construction pipeline of Fat Graph §3 on a project whose clips are at the
// working rate: pose features -> streamed distance matrix (cached) -> hub threshold -> hub
// suggestions (accepted while they raise coverage, or the top N) -> segments -> DTW segment
// distances -> fat edges -> warps. The editor and the CLI run the same steps; the user's
// later edits go through graph_edits.h.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/graph/distance_matrix.h"
#include "fatgraph/core/graph/graph_coverage.h"
#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/core/spread/work_spread.h"

namespace fatgraph {

/// Hub suggestions are accepted while each raises the overall coverage by at least this
/// fraction (2 percentage points): past that, a hub adds cuts but little playable motion.
inline constexpr double kAutoHubMinimumGain = 0.02;

struct BuildOptions {
  /// Hub suggestions accepted: exactly this many, or when absent ("--hubs auto") the top
  /// suggestion and then each next one while it raises coverage by minimumCoverageGain.
  std::optional<int> hubCount;
  double minimumCoverageGain = kAutoHubMinimumGain;  // fraction of all frames
  std::optional<double> hubThresholdRms;     // metres; derived from the data when absent
  std::optional<double> edgeThresholdRms;    // metres; derived from the hub threshold when absent
  /// Groups of hubs no take connects (a walk's and a run's) are bridged where their closest
  /// poses are within this RMS distance (hub_groups.h, bridgeHubGroups); when absent, twice the
  /// hub threshold (two matches of one hub may already differ that much); 0: never.
  std::optional<double> hubBridgeRms;
  /// Groups of hubs still apart after bridging (a game character's idle, walk and run loops)
  /// are joined by generated transition clips (generated_transitions.h); false
  /// (`--transitions off`): never.
  bool transitions = true;
  size_t memoryBudgetBytes = size_t(512) << 20;
  int threads = 0;  // threads of every stage (scan, exact rows, DTW); 0 = all hardware threads
  /// The processes of a distributed build (`mpirun -np K fatgraph build`, work_spread.h):
  /// every process calls buildMotionGraph on the same clips with its own spread, which shares
  /// out the scan's tiles, the exact hub rows and the segment pairs; every process ends with
  /// the same graph, identical to a one-process build. None: this process alone.
  WorkSpread* spread = nullptr;
  /// Overall progress in [0, 1] across the stages; return false to cancel (throws Cancelled,
  /// the project is unchanged).
  ProgressCallback progress;
};

struct BuildReport {
  int frames = 0;
  bool distancesFromCache = false;
  double distanceSeconds = 0.0;
  double hubSeconds = 0.0;  // threshold and hub suggestions
  double dtwSeconds = 0.0;
  double clusteringSeconds = 0.0;
  /// The process's peak resident memory during each stage (process_memory.h), in bytes.
  std::uint64_t distancePeakBytes = 0;
  std::uint64_t hubPeakBytes = 0;
  std::uint64_t dtwPeakBytes = 0;
  std::uint64_t clusteringPeakBytes = 0;
  GraphCoverage coverage;          // of the built graph (graph_coverage.h)
  std::vector<std::string> notes;  // everything adjusted or worth telling the user
};

/// Builds the graph into `project.graph` (replacing it) and refreshes `project.distances`.
/// Throws Error when there is nothing to build from or when the hub threshold yields no
/// match (the message gives the range of thresholds that would).
BuildReport buildMotionGraph(Project& project, const BuildOptions& options = {});

}  // namespace fatgraph
