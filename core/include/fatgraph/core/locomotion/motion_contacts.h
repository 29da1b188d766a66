#pragma once
// Foot contacts and foot skate measured from a motion alone, the way someone outside the
// project would measure a played take: from the feet's world positions over the frames (metres,
// Y up), the frame rate and the ground, and nothing the leg layer says about which feet it
// planted (a measure of the layer's own stances is near zero by construction). Outputs are
// per foot: its floor, its stances (frame ranges) with their skate and mid skate in metres;
// over the feet, the medians and the deepest penetration below the terrain. The rules (foot
// point, floor percentile, contact band and speed, joined runs, skate over the middle half),
// with their defaults in ContactRules: docs/PLAY.md, "Motion contacts", their one home.
#include <optional>
#include <span>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/core/model/skeleton.h"
#include "fatgraph/runtime/terrain.h"

namespace fatgraph {

/// The thresholds of the rules (docs/PLAY.md, "Motion contacts"); the defaults are the rules.
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
