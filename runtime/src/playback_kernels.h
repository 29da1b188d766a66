#pragma once
// The kernels of the clock's and the transition's jobs (edge_clock.h, transition.h) without
// their checks: the player validates its buffers once, at construction (they never change), and
// calls these per update, as it calls localToModel (local_to_model.h). A job's run() is its
// validate() and then the same kernel, so a game running the jobs gets the player's bits.
#include "fatgraph/runtime/edge_clock.h"
#include "fatgraph/runtime/transition.h"

namespace fatgraph::detail {

/// AdvanceEdgeClockJob::run's work.
void advanceClock(const RuntimeGraph& graph, float dt, EdgeClock& clock, RootDelta& delta);
/// SampleEdgeClockJob::run's work: rotations 4J floats, translations 3A floats.
void sampleClock(const RuntimeGraph& graph, const EdgeClock& clock, float* rotations, float* translations);
/// ScatterTranslationsJob::run's work: 3A floats into 3J floats.
void scatterTranslations(const RuntimeGraph& graph, const float* animated, float* joints);
/// ApplyTransitionJob::run's work, on a pose of 4J and 3A floats.
void applyTransition(const RuntimeGraph& graph, const TransitionState& state, float* rotations, float* translations);
/// KeepShownPoseJob::run's work.
void keepShownPose(TransitionState& state, const float* rotations, const float* translations);

}  // namespace fatgraph::detail
