#pragma once
// Parameterizing a fat edge (Fat Graph §4; docs/ALGORITHMS.md F): choose a joint and a time,
// sample blend weight vectors, blend each with the runtime's own kernel (runtime/edge_blend.h,
// the very code the player runs) and record where the joint ends up in the edge's start frame,
// fit the PCA plane, Delaunay-triangulate the projected samples, precompute the weight grid,
// refine its vertices so the blend lands where the plane says it should, and measure honestly
// how far the achieved positions are from their targets.
//
// Spaces and units: positions are metres in the edge-start frame (the character frame at
// T = 0: the reference segment's first root position on the ground, facing +Z), times are
// seconds of reference time. Everything is deterministic given ParameterizationSettings::seed.
#include <string>
#include <vector>

#include "fatgraph/core/param/edge_parameterization.h"
#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/core/spread/work_spread.h"

namespace fatgraph {

/// Root ground travel (mean over the segments, metres) above which a fat edge counts as
/// travelling and is measured by the root at its end (a walk's reachable end points).
inline constexpr double kTravellingEdgeMetres = 0.2;

/// The joint and reference time to measure, and why.
struct ParameterJointChoice {
  int joint = 0;
  double time = 0;  // seconds of reference time
  std::string reason;
};

/// The default joint and time of fat edge `fatEdge` (ALGORITHMS.md B.1): the root at the
/// reference segment's end when the segments travel (mean root ground displacement over the
/// segment > kTravellingEdgeMetres); otherwise the joint whose position varies most across the
/// segments (at corresponding warped times, each in its own start frame) at its frame of
/// greatest variation. `joint` >= 0 or `time` >= 0 fix that part (the other is then chosen
/// for it). Throws Error for an edge index, joint or time out of range.
ParameterJointChoice chooseParameterJoint(const Project& project, int fatEdge, int joint = -1,
                                          double time = -1);

/// The settings edge `name` is parameterized with: the project's defaults overridden by its
/// EdgeParameterChoice (if any), which is also returned in `choice` (edge empty when none).
ParameterizationSettings effectiveParameterSettings(const Project& project, const std::string& name,
                                                    EdgeParameterChoice* choice = nullptr);

/// Parameterizes fat edge `fatEdge` of project.graph with its effective settings and choice.
/// Degenerate edges (one segment, collinear or coinciding samples, more segments than samples)
/// give a valid result with a note; never throws for them. Throws Error for an index out of
/// range or a choice naming a joint/time outside the skeleton/edge, Cancelled when `progress`
/// returns false. `progress` is called on this thread only. The blends run on `threads`
/// threads (0: every core); the result does not depend on it.
EdgeParameterization parameterizeEdge(const Project& project, int fatEdge,
                                      const ProgressCallback& progress = {}, int threads = 0);

/// Fills project.graph.parameterizations (parallel to fatEdges) for every fat edge.
/// On Cancelled or Error the project is unchanged. With `spread` (a distributed build,
/// work_spread.h; every process calls this on the same graph) the edges go to its processes,
/// each parameterized whole by one, and every process gets every edge's result, identical to
/// a one-process run.
void parameterizeGraph(Project& project, const ProgressCallback& progress = {}, int threads = 0,
                       WorkSpread* spread = nullptr);

/// After the fat edges were derived anew (or a choice or default changed): recomputes the
/// parameterizations, keeping the result of every edge whose member segments (clip and frame
/// range), reference, warps and effective settings equal those of an edge of `previousEdges`
/// over `previousSegments` that had one in `previous` (renamed to the edge's current name).
/// Returns the number of edges computed anew. On Cancelled or Error the project is unchanged.
int updateParameterizations(Project& project, const std::vector<FatEdge>& previousEdges,
                            const std::vector<Segment>& previousSegments,
                            const std::vector<EdgeParameterization>& previous,
                            const ProgressCallback& progress = {});

}  // namespace fatgraph
