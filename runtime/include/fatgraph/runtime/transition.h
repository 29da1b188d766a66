#pragma once
// A hub transition's pose offset as a value type a game keeps per character, and the jobs that
// start and apply it (Fat Graph §5; the player's step 3, player.h). At a hub the displayed pose
// switches to the new edge's first pose; the difference to the pose shown at the hub goes away
// over TransitionSettings::blendSeconds, either as a decaying offset (a smoothstep) or by
// inertialization (inertialization.h: the difference and its velocity decay by Bollo's
// quintic). The player runs these same jobs, so a game that runs them gets its pose bit for bit.
//
// Poses are the player's structure-of-arrays layout (SampleEdgeClockJob): rotations 4J floats
// x[J] y[J] z[J] w[J], translations 3A floats x[A] y[A] z[A] for graph.translatedJoints.
#include <limits>
#include <vector>

#include "fatgraph/runtime/inertialization.h"
#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// How a transition's pose difference at a hub goes away.
enum class TransitionBlend {
  DecayingOffset,    // the difference fades by a smoothstep over blendSeconds
  Inertialization,   // the difference and its velocity decay by a quintic (Bollo 2018)
};

struct TransitionState {
  TransitionBlend blend = TransitionBlend::Inertialization;
  /// Seconds since the transition began; infinite: no transition (nothing to apply).
  float age = std::numeric_limits<float>::infinity();
  /// Seconds the offset lasts at most (the graph's TransitionSettings::blendSeconds).
  float seconds = 0;
  /// DecayingOffset: the offset at the hub, rotations (4J, applied on the parent side) and
  /// translations (3A).
  std::vector<float> offsetRotations, offsetTranslations;
  /// Inertialization: the quintics.
  Inertialization inertialization;
  /// Inertialization: the pose the last update showed (4J, 3A) and the seconds played since,
  /// the source's velocity at the next hub.
  std::vector<float> shownRotations, shownTranslations;
  float sinceShown = 0;

  TransitionState() = default;
  /// Sized for `graph` (allocates once), with no transition under way.
  TransitionState(const RuntimeGraph& graph, TransitionBlend blend);
  /// `seconds` of play pass (the age and the time since the shown pose).
  void advance(float seconds) {
    age += seconds;
    sinceShown += seconds;
  }
  /// True while an offset is applied (the age is within the offset's lifetime).
  bool active() const;
};

/// At a hub: the pose shown there (the old edge's last pose with any offset still applied)
/// minus the new edge's first pose becomes the offset, and the age starts at 0. With
/// inertialization the velocities count too: the source's from the shown pose kept by
/// KeepShownPoseJob, the target's from `probe*`, the new edge's pose `probeSeconds` later
/// (ignored, and may be empty, for DecayingOffset).
struct StartTransitionJob {
  const RuntimeGraph* graph = nullptr;
  TransitionState* state = nullptr;  ///< in and out
  Span<const float> sourceRotations, sourceTranslations;  ///< 4J, 3A
  Span<const float> targetRotations, targetTranslations;  ///< 4J, 3A
  Span<const float> probeRotations, probeTranslations;    ///< 4J, 3A (inertialization)
  float probeSeconds = 0;

  bool validate() const;
  bool run() const;
};

/// The offset at the state's age added to a pose of the new edge (rotations normalized again);
/// nothing when no transition is under way.
struct ApplyTransitionJob {
  const RuntimeGraph* graph = nullptr;
  const TransitionState* state = nullptr;
  Span<float> rotations;     ///< in and out, 4J
  Span<float> translations;  ///< in and out, 3A

  bool validate() const;
  bool run() const;
};

/// The pose an update shows, kept for the next transition's source velocity (inertialization
/// only; nothing for DecayingOffset). Resets the state's sinceShown.
struct KeepShownPoseJob {
  TransitionState* state = nullptr;  ///< in and out
  Span<const float> rotations;       ///< 4J
  Span<const float> translations;    ///< 3A

  bool validate() const;
  bool run() const;
};

}  // namespace fatgraph
