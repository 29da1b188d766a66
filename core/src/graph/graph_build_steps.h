#pragma once
// The builder's steps that graph edits reuse (core only; the public entry point is
// fat_graph_builder.h): features, the cached distance scan, hubs from match sets, and the
// re-derivation of segments, distances and fat edges after any hub change.
#include <string>
#include <vector>

#include "fatgraph/core/fat_graph_builder.h"

namespace fatgraph {

/// The features of a project's clips under its settings.
PoseFeatures projectFeatures(const Project& project);

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
/// (used after any hub or match-set change). Times go to `report`.
void rebuildFromHubs(Project& project, const PoseFeatures& features, BuildReport& report,
                     const ProgressCallback& progress = {});

}  // namespace fatgraph
