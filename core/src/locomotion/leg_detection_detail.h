#pragma once
// Internals shared by leg_setup.cpp, leg_names.cpp, leg_geometry.cpp and leg_detection.cpp.
// Not a public header.
#include <span>
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/in_place_motion.h"
#include "fatgraph/core/locomotion/leg_detection.h"

namespace fatgraph::legs {

/// Model-space rotations and positions of every joint and end site in one pose: the rest
/// pose (local rotations identity) or a clip frame.
struct ReferencePose {
  std::vector<Quat> rotations;
  std::vector<Vec3> positions;
  std::vector<Vec3> endSites;
  static ReferencePose rest(const Skeleton& skeleton);
  static ReferencePose frame(const Skeleton& skeleton, const Clip& clip, int frame);
};

/// Whether every chain hangs down in `pose`: each ankle lies below its hip by more than half
/// the chain's length (world up = +Y). Heel points need such a pose.
bool standsIn(const Skeleton& skeleton, const ReferencePose& pose,
              const std::vector<std::vector<int>>& chains);

/// The poses to measure the feet of `chains` in, one per chain: the rest pose when the legs
/// stand in it; else, for each leg, the frame of `sample` (sampled at most ~400 frames) in
/// which it stands with its ankle lowest, a planted flat foot (a rig whose rest pose lies
/// along the bones' axes, as Reallusion CC exports do; `note` then says so); else the rest
/// pose.
std::vector<ReferencePose> measurementPoses(const Skeleton& skeleton,
                                            const std::vector<std::vector<int>>& chains,
                                            const Clip* sample, std::string* note);

/// measureLeg in `pose`.
void measureLegIn(const Skeleton& skeleton, const ReferencePose& pose, Leg& leg,
                  const LegMeasureOptions& options, std::vector<std::string>* notes);

/// Where a leg sits on the body: its side (+1 left, -1 right, 0 centre) and its rank from
/// the front (0 = front, larger = further back; -1 = unknown).
enum class Side { Left, Right, Centre };
enum class Place { None, Front, Middle, Hind };

/// A leg found by one of the methods, before naming and measuring.
struct FoundLeg {
  std::vector<int> chain;
  int toe = -1;
  Side side = Side::Centre;
  Place place = Place::None;
};

/// Legs by joint names (leg_names.cpp); empty when the names follow no known convention.
/// `method` receives a short description of the convention recognised.
std::vector<FoundLeg> legsByNames(const Skeleton& skeleton, std::string& method,
                                  std::vector<std::string>& notes);

/// Legs by geometry (leg_geometry.cpp): chains from the body down to the lowest joints.
/// `why` says what was missing when none is found.
std::vector<FoundLeg> legsByGeometry(const Skeleton& skeleton, const ReferencePose& pose,
                                     std::string& why);

/// Legs by weight bearing (leg_geometry.cpp): the chains from the body down to `ends` (limb
/// ends that bear weight in the clips), in `pose` (a frame in which they stand). Where
/// `touching` has an entry other than the end itself, that limb end's position stands for the
/// end's on the ground (the IK foot bone a leg's end follows, when the leg's own bones stop
/// short of the ground), and that foot bone becomes the leg's ankle, beside its chain (legs.h).
/// Sides by position, places front to back.
std::vector<FoundLeg> legsByLimbEnds(const Skeleton& skeleton, const ReferencePose& pose,
                                     const std::vector<LimbEnd>& ends, const std::vector<LimbEnd>& touching = {});

/// Re-places the legs on `side` front to back by their hips' forward position in `pose`.
void placeFrontToBack(const Skeleton& skeleton, const ReferencePose& pose, Side side,
                      std::vector<FoundLeg>& found);

/// Side and place of `leg` from the side markers and position words of its joints' names
/// (leg_names.cpp), where they say any; left as they are otherwise.
void sideAndPlaceFromNames(const Skeleton& skeleton, FoundLeg& leg);

/// How `found` legs bear weight in `clips` (leg_weight_bearing.cpp; leg_detection.h): drops
/// the legs whose feet never reach the ground and adds the limbs that carry the body. Returns
/// false, leaving everything as it was, when the clips are too short to tell or no limb end
/// bears weight in them; else `found` is the legs that bear weight, `notes` says what changed
/// and why, and `standing` is the frame in which the most of them stand (`standingName`, when
/// given, says which: "'knight:Idle' frame 12").
bool weighLegs(const Skeleton& skeleton, std::span<const Clip> clips, std::vector<FoundLeg>& found,
               std::vector<std::string>& notes, ReferencePose& standing, std::string* standingName = nullptr);

}  // namespace fatgraph::legs
