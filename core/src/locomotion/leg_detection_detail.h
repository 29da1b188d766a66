#pragma once
// Internals shared by leg_setup.cpp, leg_names.cpp, leg_geometry.cpp and leg_detection.cpp.
// Not a public header.
#include <string>
#include <vector>

#include "fatgraph/core/leg_detection.h"

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

/// Splits a joint name into lower-case tokens at separators, case changes and digit runs:
/// "mixamorig:LeftUpLeg" -> {mixamorig, left, up, leg}; "CC_Base_L_Thigh" -> {cc, base, l,
/// thigh}; "LHipJoint" -> {l, hip, joint}.
std::vector<std::string> nameTokens(const std::string& name);

}  // namespace fatgraph::legs
