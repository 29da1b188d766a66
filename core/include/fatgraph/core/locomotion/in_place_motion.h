#pragma once
// In-place clips (docs/ALGORITHMS.md, "In-place clips"): game assets' walks and runs often do
// not travel: the motion root stays put and the feet slide backwards under it. Such a clip is
// detected from the motion alone and given root motion from its feet: per frame interval the
// root's ground velocity is a robust least-squares fit that plants the feet in stance, carried
// through a run's flight.
//
// Conventions: model space of the clip (Y up, metres, seconds); ground = the (x, z) plane.
// The feet are the limb ends that bear weight (weightBearingEnds), whatever they are called.
#include <string>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// A limb end: a leaf joint's position, or an end site's when `endSite` >= 0 (then `joint`
/// is its parent).
struct LimbEnd {
  int joint = -1;
  int endSite = -1;
};

/// The limb ends that bear weight in `clip`: those within the ground band (5 % of the body's
/// median height, at least 2 cm) of the frame's lowest limb end in at least 20 % of the
/// frames, and that lift (their height varies by more than a quarter of the band). Arms that swing and
/// never reach the ground are not among them, nor a still IK pole target; an idle's feet,
/// which never lift, neither. Empty for a clip without frames.
std::vector<LimbEnd> weightBearingEnds(const Skeleton& skeleton, const Clip& clip);

/// What in-place detection found for one clip (reported by `inspect --json` and the notes).
struct InPlaceReport {
  bool detected = false;      // the root stays put while the stance feet slide steadily
  bool applied = false;       // root motion from the feet was added (not `--in-place keep`)
  int feet = 0;               // weight-bearing limb ends followed
  double rootTravelM = 0;     // the motion root's ground path before (metres)
  double footSlideM = 0;      // the stance feet's ground path relative to the root (metres)
  double steadiness = 0;      // |net slide| / slide path: 1 = one direction throughout
  double speedMps = 0;        // net slide / duration (m/s): the speed the clip travels at
};

/// Thresholds of the detection; the defaults are the rule.
struct InPlaceRules {
  double maxRootTravelRatio = 0.10;  // root ground path < this * foot slide path
  double minSlideSpeed = 0.15;       // m/s, slide path / duration: slower feet are an idle's shuffling
  double minSteadiness = 0.5;        // the slide keeps one direction (not a turn on the spot)
  /// Box window over the fitted root velocity. 0: the knight's stance foot changes speed
  /// within a stance (1.3 to 5.3 m/s) and any smoothing leaves it sliding (0.2 s: 0.42 m/s).
  double smoothingSeconds = 0.0;
};

/// Detects an in-place clip: per frame interval the feet in stance move at minus the root
/// velocity u that plants them (addRootMotionFromFeet); -u relative to the motion root's own
/// ground velocity is the slide. Detected when the slide is fast enough, steady in direction,
/// and the root travels under maxRootTravelRatio of it. Never changes the clip.
InPlaceReport detectInPlace(const Skeleton& skeleton, const Clip& clip, const InPlaceRules& rules = {});

/// Adds root motion from the feet to `clip`. Per frame interval (k to k + 1) the root's ground
/// velocity u_k minimises sum_i w_i rho(|v_i + u_k|) over the weight-bearing ends i, with v_i
/// the end's ground velocity over the interval and w_i its stance weight: 1 on its own floor
/// and not moving forward under the root, falling smoothly to 0 as it rises to the ground band
/// or moves forward; rho robust (Huber, then Tukey), so a foot that slides while the others
/// stand does not drag the root. Intervals without a foot in stance (a run's flight) take the
/// velocity carried through from those around them. u is summed into the motion root's ground
/// translation from frame 0; the heading and height are unchanged. The offset goes to every
/// joint that carries the travel: the motion root and the joints beside it (outside its
/// subtree, hanging from one of its ancestors or from nothing: IK feet and pole targets), each
/// in its parent's frame. docs/ALGORITHMS.md J has the constants.
void addRootMotionFromFeet(const Skeleton& skeleton, Clip& clip, const InPlaceRules& rules = {});

/// detectInPlace, then addRootMotionFromFeet when detected and `apply`; `applied` says which.
InPlaceReport giveInPlaceRootMotion(const Skeleton& skeleton, Clip& clip, bool apply,
                                    const InPlaceRules& rules = {});

/// The note line for a detected clip ("<file>: '<clip>' walks in place (feet slide 1.3 m/s),
/// given root motion from its feet"), empty when not detected.
std::string inPlaceNote(const InPlaceReport& report, const std::string& file, const std::string& clip);

}  // namespace fatgraph
