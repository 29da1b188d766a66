#pragma once
// Transitions the data does not contain. A game character's clip set is a few loops (idle,
// walk, run, turn), each its own island of hubs: no take passes from one to another, and
// their closest poses are too far apart for a hub bridge. The build joins such groups with
// generated clips: from an occurrence of a hub of one group, that clip's own frames are
// blended into another clip's frames that arrive at an occurrence of a hub of the other group
// (docs/ALGORITHMS.md, "Generated transitions"). The pair of occurrences and the blend length
// are chosen by pose in the ground frame over the whole blend, so the two motions are in the
// same phase (the same foot in stance) while they are mixed; the root's ground velocity and
// turning rate are blended and integrated, so root motion stays continuous, and the leg layer
// plants the feet through it. Each generated clip is a clip like the others (segments, fat
// edges, export), marked by Clip::generated.
#include <string>
#include <utility>
#include <vector>

#include "fatgraph/core/graph/pose_features.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {

/// Blend lengths considered, in seconds: from a quarter second (shorter reads as a pop) to one
/// second (about one stride of a walk; longer only delays the change).
inline constexpr double kShortestTransitionSeconds = 0.25;
inline constexpr double kLongestTransitionSeconds = 1.0;

/// The clip `origin` describes, made from `from` and `to` (clips of `skeleton` at one rate),
/// named `name`. Frames: origin.leadFrames of `from` before origin.fromFrame, the blend of
/// origin.blendFrames + 1 frames (the first is from's fromFrame, the last to's toFrame placed
/// where the blended root motion arrives), then origin.leadFrames of `to` after toFrame,
/// moved with it. Throws Error when the frames it needs lie outside either clip.
Clip makeTransitionClip(const Skeleton& skeleton, const Clip& from, const Clip& to,
                        const TransitionOrigin& origin, const std::string& name);

/// `generated` made again from the project's clips of the same names (after they changed: a
/// new retargeting); throws Error when one of them is gone.
Clip remakeTransitionClip(const Project& project, const Clip& generated);

/// A transition the build would generate: the clip and the hubs it joins.
struct PlannedTransition {
  TransitionOrigin origin;
  int fromHub = -1, toHub = -1;
  int fromClip = -1, toClip = -1;
};

struct TransitionPlan {
  std::vector<PlannedTransition> transitions;
  std::vector<std::string> notes;  // groups that cannot be joined, and why
};

/// The transitions that join every group of hubs with segments into one (hub_groups.h): the
/// groups' minimum spanning tree over the cheapest transition between each pair (mean pose
/// distance over the blend), both ways along each tree edge. `project.graph` holds the hubs
/// and segments of the captured clips; generated clips are never sources. No transitions when
/// one group or none has segments.
TransitionPlan planTransitions(const Project& project, const PoseFeatures& features);

/// Appends the planned transitions to `project.clips` (named "<from clip> > <to clip>", with
/// a numeral when taken) and adds each one's two hub occurrences to those hubs' match sets.
/// Returns the notes saying what was generated.
std::vector<std::string> addTransitions(Project& project, const std::vector<PlannedTransition>& plans);

/// A generated clip taken out of a project, with the index it had.
struct TakenClip {
  int index = -1;
  Clip clip;
};

/// Removes every generated clip from `project.clips`, returning them in order; the graph is
/// left as it was (a build replaces it; a failed one restores both).
std::vector<TakenClip> takeGeneratedClips(Project& project);

/// Puts taken clips back where they were.
void restoreGeneratedClips(Project& project, std::vector<TakenClip> taken);

/// The generated clips of a project, in order.
std::vector<const Clip*> generatedClips(const Project& project);

/// What the stick of the project's exported graph means (RuntimeGraph::stick): a game's speed
/// and heading once generated transitions join a character's loops, else the paper's point on
/// the plane (a graph of mocap takes).
StickMeaning projectStickMeaning(const Project& project);

}  // namespace fatgraph
