#pragma once
// Pairwise segment distances for fat-edge clustering (Fat Graph §3.2, eq. 1; docs/ALGORITHMS.md C).
// DTW distance is not symmetric; clustering uses max(dist(a, b), dist(b, a)).
#include <Eigen/Core>
#include <vector>

#include "fatgraph/core/graph/grouped_segment_distances.h"

#include "fatgraph/core/graph/dynamic_time_warping.h"
#include "fatgraph/core/model/motion_graph.h"
#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/spread/work_spread.h"

namespace fatgraph {

/// RMS metres for a segment distance in m^2 (its square root; +inf stays +inf).
double segmentDistanceToRms(double distanceSquared);
/// m^2 for an RMS threshold in metres (its square).
double rmsToSegmentDistance(double rms);

/// Throws Error naming the segment when it is not inside its clip of `features`.
void checkSegmentInFeatures(const PoseFeatures& features, const Segment& segment, int index);

/// Frame distances d(a(t), b(u)) between two segments (rows: a, columns: b), in metres.
Eigen::MatrixXd segmentFrameDistances(const PoseFeatures& features, const Segment& a,
                                      const Segment& b);

/// DTW of segment a onto segment b (warp from a's frame times to b's).
DtwResult segmentDtw(const PoseFeatures& features, const Segment& a, const Segment& b);

/// max(dist(a, b), dist(b, a)) in m^2, +inf when infeasible. Does not look at the hubs.
/// Exactly the value computeSegmentDistances stores for a comparable pair.
double symmetricSegmentDistance(const PoseFeatures& features, const Segment& a, const Segment& b);

/// True when the pair is compared at all: same fromHub and toHub, neither -1.
bool segmentsComparable(const Segment& a, const Segment& b);

/// The distances of every comparable pair (segmentsComparable), in m^2 (mean squared frame
/// distance after DTW): max(dist(a, b), dist(b, a)), +inf where the lengths are beyond the
/// DTW slope limits; held per hub-to-hub group. Pairs are spread over std::thread workers (one per hardware thread,
/// `threads` > 0 overrides); each pair's value depends only on its two segments, so the result
/// is the same for any thread count. `progress` (may be empty) is called on the calling thread
/// with the fraction of pairs done; returning false stops the workers and throws Cancelled
/// (progress.h). Throws Error when a segment lies outside `features`. With `spread` (a
/// distributed build, work_spread.h) the pairs go to its processes, each computed whole by one
/// of them, so the values are the same bits; every process gets every pair.
GroupedSegmentDistances computeSegmentDistances(const PoseFeatures& features,
                                         const std::vector<Segment>& segments,
                                         const ProgressCallback& progress = {}, int threads = 0,
                                         WorkSpread* spread = nullptr);

}  // namespace fatgraph
