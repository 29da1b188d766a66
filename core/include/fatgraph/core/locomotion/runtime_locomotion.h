#pragma once
// The leg layer's authoring side: turns the project's legs and each locomotion edge's cycle
// analyses (cycle_analysis.h) into the runtime graph's RuntimeLeg / RuntimeLocomotion
// (runtime_graph.h), with the times moved onto the edge's clock and the stance positions
// measured in the runtime's own character frame (the stored root trajectory), so the player's
// leg layer and the exported data agree exactly.
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/core/locomotion/legs.h"
#include "fatgraph/core/locomotion/locomotion_settings.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// The legs in the runtime's float form (empty for an empty setup).
std::vector<RuntimeLeg> runtimeLegs(const LegSetup& legs);

/// Fills edge.locomotion for a built runtime edge: floorHeight always; when `enabled`, one
/// RuntimeLegCycle per segment and leg from `cycles` (one analysis per segment, in segment
/// order, each of the segment's frames as one cycle) and the per-segment cycle distance and
/// duration. Key times are mapped from each segment's cycle time onto the edge's through the
/// segment's warp; stance positions and yaws are measured with the runtime's forward kinematics
/// on the edge's stored frames. A segment whose analysis is invalid takes the reference
/// segment's cycle (reported in `notes`); when the reference is invalid too, the edge is not
/// enabled (reported). The footbase is the corrected eq. 4.6 with the balance (4.5, alpha 20)
/// of the stored pose; floorHeight is the lowest heel or toe point over the reference
/// segment's stored frames (0 when the graph has no legs).
void applyLocomotion(const RuntimeGraph& graph, RuntimeEdge& edge,
                     const std::vector<CycleAnalysis>& cycles, bool enabled,
                     std::vector<std::string>* notes = nullptr);

/// Fills edge.bandSamples: per segment its chord velocity in its first frame's heading frame
/// (the trajectory's last ground position / duration; x = left, z = forward, m/s).
/// buildRuntimeEdge calls it, so every built edge has them.
void applyBandSamples(RuntimeEdge& edge);

/// Sets edge.blend and, for the band modes, edge.joystick over the velocity samples (neutral =
/// the reference segment's velocity, ranges = the samples' extent along each axis; dead zone,
/// response and inversion are kept). Grid leaves the joystick as applyParameterization set it.
/// Fills the band samples first when they are missing.
void applyBlendMode(RuntimeEdge& edge, EdgeBlendMode mode);

}  // namespace fatgraph
