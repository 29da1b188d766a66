#pragma once
// Foot contacts and foot skate measured from a motion alone, the way someone outside the
// project would measure a played take: from the feet's world positions over the frames, the
// frame rate and the ground, and nothing the leg layer says about which feet it planted. A
// measure of the layer's own stances is near zero by construction (the layer locks exactly
// those feet); this one judges the output as a viewer sees it, with or without the layer.
//
// The rules (docs/PLAY.md, "Motion contacts"):
//   - each leg's foot point is its toe joint, else its ankle (footPointJoints);
//   - a foot's height is its y above the terrain under it (flat ground: y itself); its floor
//     is the 5th percentile of its heights over the take (linear interpolation between the
//     sorted heights, as numpy's default), so a take whose ground is not at 0 still works;
//   - a frame is a contact where the height is at most 5 cm above the floor (a point below
//     the floor is on it) and the horizontal (x, z) speed is below 0.25 m/s; the speed is the
//     central difference over the frames either side (one-sided at the take's ends);
//   - runs of contact frames separated by gaps of at most 0.12 s are joined (a gap of g
//     frames lasts g / fps), then joined runs of at least 0.08 s (n frames last n / fps) are
//     the stances; runs that touch the take's first or last frame count like any other;
//   - a stance's skate is the horizontal distance between its first and last frames; its mid
//     skate the horizontal path length over the middle half of its time span (the path through
//     the frames, linearly interpolated at the ends of that half), which leaves out the foot
//     landing and rolling off;
//   - a figure is the median over a foot's stances, then the mean over the feet that have a
//     stance; penetration is the deepest any foot point goes below the terrain (0 if none).
#include <optional>
#include <span>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/core/model/skeleton.h"
#include "fatgraph/runtime/terrain.h"

namespace fatgraph {

/// The thresholds of the rules above; the defaults are the rules.
struct ContactRules {
  double floorPercentile = 5.0;     // percent of a foot's heights at or below its floor
  double floorBand = 0.05;          // metres above the floor that still touch it
  double maxHorizontalSpeed = 0.25; // m/s; a contact moves slower
  double minStanceSeconds = 0.08;   // shorter joined runs are not stances
  double maxGapSeconds = 0.12;      // longer gaps split a run
};

/// The rules scaled to legs shorter than a human's (0.9 m): the floor band, the longest gap
/// and the shortest stance in proportion, so a small creature's quick low swings are not read
/// as standing; legs of 0.9 m or more keep the rules as they are.
ContactRules contactRulesForLegs(double meanLegLength);

/// One stance of one foot.
struct FootStance {
  int first = 0, last = 0;  // frames, both inclusive
  double skate = 0;         // metres, horizontal, first to last frame
  double midSkate = 0;      // metres, horizontal path length over the middle half
};

struct FootContacts {
  double floor = 0;                      // metres above the terrain (the 5th percentile)
  std::vector<FootStance> stances;       // in time order
  std::optional<double> skateMedian;     // metres; empty without a stance
  std::optional<double> midSkateMedian;  // metres; empty without a stance
};

struct MotionContacts {
  std::vector<FootContacts> feet;        // one per foot path given
  int stances = 0;                       // over all feet
  std::optional<double> skateMedian;     // metres: the mean over the feet with stances
  std::optional<double> midSkateMedian;  // metres: likewise
  double penetration = 0;                // metres below the terrain, >= 0
};

/// Contacts of feet whose world positions (metres, Y up) are given frame by frame at `fps`,
/// one path per foot, all of the same length. `terrain` null is flat ground at y = 0. Throws
/// Error naming the foot and frame for a non-finite position, and for paths of different
/// lengths or a frame rate that is not positive.
MotionContacts measureMotionContacts(std::span<const std::vector<Vec3>> footPaths, double fps,
                                     const Heightfield* terrain = nullptr, const ContactRules& rules = {});

/// Each leg's foot point: the toe joint (the child of the ankle, the chain's last joint,
/// nearest to the leg's toe tip; 144_03's RightToeBase), or the ankle when it has no child.
std::vector<int> footPointJoints(const Skeleton& skeleton, std::span<const RuntimeLeg> legs);

/// World positions of `joints` over every frame of `clip`, whose root transforms place the
/// character in the world (as `fatgraph play` writes them): one path per joint.
std::vector<std::vector<Vec3>> jointPaths(const Skeleton& skeleton, const Clip& clip, std::span<const int> joints);

}  // namespace fatgraph
