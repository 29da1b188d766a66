#pragma once
// The builder's steps that graph edits reuse (core only; the public entry point is
// fat_graph_builder.h): features, the cached distance scan, hubs from match sets, and the
// re-derivation of segments, distances and fat edges after any hub change.
#include <optional>
#include <string>
#include <vector>

#include "fatgraph/core/graph/fat_graph_builder.h"

namespace fatgraph {

/// The features of a project's clips under its settings.
PoseFeatures projectFeatures(const Project& project);

/// A project's features, computed on first use. Most edits need none (thresholds, linkage,
/// names, choices): an edit computes them only when it measures poses (a hub's match set, DTW
/// of new segments or of changed fat edges). Only map_joint changes what features depend on
/// (skeleton, clips, joint weights), and it does so before anything measures poses, so one
/// computation serves the whole edit.
class LazyFeatures {
 public:
  explicit LazyFeatures(const Project& project) : project_(project) {}
  const PoseFeatures& get() const {
    if (!features_) features_.emplace(projectFeatures(project_));
    return *features_;
  }

 private:
  const Project& project_;
  mutable std::optional<PoseFeatures> features_;
};

/// The scan for the project's clips, from its cache when the fingerprint matches, else
/// computed and stored in the cache. `fromCache` tells which.
const DistanceScan& ensureDistanceScan(Project& project, const PoseFeatures& features,
                                       const BuildOptions& options, bool& fromCache,
                                       const ProgressCallback& progress);

/// Default edge threshold for a hub threshold (see the definition for the reasoning).
double defaultEdgeThreshold(double hubThresholdRms);

/// A hub (match set sorted, as frame references) from a global frame and its exact matches.
Hub makeHub(const PoseFeatures& features, std::string name, int globalFrame,
            const std::vector<int>& matches);

/// Segments, DTW distances, clusters and warps for the current hubs of `project.graph`
/// (used after any hub or match-set change). Times go to `report`. `threads` and `spread` as
/// in BuildOptions.
void rebuildFromHubs(Project& project, const PoseFeatures& features, BuildReport& report,
                     const ProgressCallback& progress = {}, int threads = 0, WorkSpread* spread = nullptr);

}  // namespace fatgraph
