#pragma once
// Grouping segments into fat edges (Fat Graph §3.2; docs/ALGORITHMS.md D).
//
// Every segment starts as its own set. Repeatedly, the closest pair of sets whose segments
// share start and end hubs merges, as long as their linkage distance is within the threshold;
// clustering stops when no pair qualifies. The threshold trades variety (a fat edge with many
// segments) for blend quality (segments close enough to blend).
#include <Eigen/Core>
#include <vector>

#include "fatgraph/core/graph/grouped_segment_distances.h"
#include "fatgraph/core/model/motion_graph.h"
#include "fatgraph/core/graph/pose_features.h"
#include "fatgraph/core/spread/work_spread.h"

namespace fatgraph {

enum class Linkage {
  Complete,  // distance between two sets = max over their segment pairs (every pair blends)
  Single,    // min over pairs (chains of similar segments)
};

/// Agglomerative clustering of hub-to-hub segments.
///  - `distance`: the segment distances in m^2 (computeSegmentDistances), grouped as
///    `segments` are; +inf never merges.
///  - `thresholdRms` (metres, finite, >= 0): two sets merge when their linkage distance
///    <= thresholdRms^2.
/// Merges are deterministic: the smallest linkage distance first, ties to the pair whose first
/// segments come first. Only sets with the same fromHub and toHub are ever compared.
/// Result: one FatEdge per set, each with its segments ascending, ordered by (fromHub, toHub,
/// first segment) and named "edge0", "edge1", ... in that order. `reference` is the medoid
/// (see medoidSegment); `warps` are left empty: fill them with computeEdgeWarps or
/// refreshFatEdges. Throws Error for distances grouped otherwise than `segments`, a NaN distance, an invalid
/// threshold, or a segment without a start or end hub (entries and exits never join fat edges).
std::vector<FatEdge> clusterFatEdges(const std::vector<Segment>& segments,
                                     const GroupedSegmentDistances& distance, double thresholdRms,
                                     Linkage linkage = Linkage::Complete);

/// The whole fat-edge stage of a build: clusterFatEdges, then every edge's reference and
/// warps (refreshFatEdges). With `spread` (a distributed build, work_spread.h) the hub-to-hub
/// groups are dealt to its processes by cost (the clustering, about m^2, and each member's DTW
/// against its reference, about its length squared), each group computed whole by one process,
/// and every process gets every edge in group order: the same edges, names and warps as one
/// process.
std::vector<FatEdge> buildFatEdges(const PoseFeatures& features, const std::vector<Segment>& segments,
                                   const GroupedSegmentDistances& distance, double thresholdRms,
                                   Linkage linkage = Linkage::Complete, WorkSpread* spread = nullptr);

/// The member with the smallest mean distance to the other members: the fewest +inf
/// distances first, then the smallest sum of the finite ones; ties to the lowest segment
/// index. `distance(a, b)` takes segment indices.
int medoidSegment(const std::vector<int>& members, const GroupedSegmentDistances& distance);

/// Warps are stored simplified to this tolerance (frames of the member segment): see
/// WarpMap::simplified.
inline constexpr double kWarpToleranceFrames = 0.5;

/// Recomputes the edge's reference (the medoid) and its warps: warps[i] is the DTW map from
/// the reference's frame times to member i's (the identity for the reference). Distances come
/// from `distance` (over `segments`) when given, else are computed for the members'
/// pairs with symmetricSegmentDistance; both give the same reference. A member whose DTW from
/// the reference is infeasible (lengths beyond the slope limits, possible only after edits or
/// with single linkage) gets the linear map between the two segments' ends.
/// The members are sorted ascending (warps parallel to them).
/// Throws Error for an empty edge, a member index out of range, listed twice or with other
/// hubs, or a segment outside `features`.
void computeEdgeWarps(const PoseFeatures& features, const std::vector<Segment>& segments,
                      FatEdge& edge, const GroupedSegmentDistances* distance = nullptr);

/// True when the edge's reference or warps are missing or out of date with its members
/// (fresh from clusterFatEdges, or after an edit of fat_edge_edits.h touched it).
bool fatEdgeNeedsWarps(const FatEdge& edge);

/// computeEdgeWarps for every edge that needs it; returns how many were refreshed.
int refreshFatEdges(const PoseFeatures& features, const std::vector<Segment>& segments,
                    std::vector<FatEdge>& edges, const GroupedSegmentDistances* distance = nullptr);

}  // namespace fatgraph
