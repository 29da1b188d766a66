#pragma once
// Looping clips (docs/ALGORITHMS.md, "Looping clips"): a game asset's walk, run or idle is one
// cycle that the engine plays over and over, so its last frame leads back into its first. A
// graph needs a pose to occur twice before it can cut a segment between the two occurrences,
// and a single cycle holds each pose once: without help a looped walk gives no segment and no
// edge. Such a clip is detected from the motion alone and repeated (two cycles and the closing
// frame), as the engine would play it, so every hub inside it starts a segment one cycle long.
//
// Conventions: model space of the clip (Y up, metres); a pose is compared in the motion
// root's heading frame (its ground position and yaw taken away), so a looped walk that
// travels or turns still closes.
#include <string>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// What loop detection found for one clip (reported by `inspect --json` and the notes).
struct LoopReport {
  bool detected = false;   // the last frame leads back into the first
  bool applied = false;    // the clip was repeated (one cycle, not `--loops keep`)
  bool closed = false;     // the last frame repeats the first (else it is the frame before it)
  int period = 0;          // frames per cycle
  int cycles = 0;          // whole cycles the clip holds as read (the first pose's returns)
  int framesBefore = 0;    // the clip's frames as read
  int framesAfter = 0;     // after repeating
  double closingM = 0;     // pose change from the last frame to the first (RMS over points, metres)
  double medianStepM = 0;  // the clip's median pose change from one frame to the next
  double seamStepM = 0;    // the mean of the first and the last step (beside the seam)
};

/// Thresholds of the detection; the defaults are the rule.
struct LoopRules {
  /// Closed loop: the closing change is below this share of the steps beside the seam (the
  /// last frame repeats the first).
  double closedShare = 0.25;
  /// Open loop: the closing change is within this multiple of the steps beside the seam (one
  /// more step).
  double openMultiple = 1.5;
  /// Fewer frames than this, or a clip that does not move (median step under 0.1 mm), is no loop.
  int minFrames = 4;
  /// The first pose has come back when, after moving this many median steps away from it,
  /// the motion returns within openMultiple steps: the clip holds several cycles already.
  double leftMultiple = 5.0;
  /// ... at a frame within this share of the period (a second cycle ends by half of it).
  double secondCycleShare = 0.6;
  double minStepM = 1e-4;
  int cycles = 2;  // cycles after repeating (two: every pose occurs twice)
};

/// Detects a looping clip; never changes it.
LoopReport detectLoop(const Skeleton& skeleton, const Clip& clip, const LoopRules& rules = {});

/// Repeats a detected loop of one cycle to `rules.cycles` cycles and the closing frame (a
/// clip of several cycles is left as it is). Each repetition
/// carries on from where the previous one ended: the joints that carry the travel (the motion
/// root and the IK bones beside it) are moved by the cycle's own ground displacement and turn,
/// so a looped walk that travels keeps travelling. Updates `report.framesAfter`.
void repeatLoop(const Skeleton& skeleton, Clip& clip, LoopReport& report, const LoopRules& rules = {});

/// detectLoop, then repeatLoop when detected and `apply`; `applied` says which.
LoopReport repeatLoopingClip(const Skeleton& skeleton, Clip& clip, bool apply, const LoopRules& rules = {});

/// The note line for a detected loop ("<file>: 'Walk' loops (26 frames per cycle, its last
/// frame repeats the first), repeated to 2 cycles"), empty when not detected.
std::string loopNote(const LoopReport& report, const std::string& file, const std::string& clip);

}  // namespace fatgraph
