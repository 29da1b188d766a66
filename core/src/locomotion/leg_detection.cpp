// detectLegs: names first, geometry when the names say nothing, then one naming and ordering
// rule and the measurements (heel, toe tip, lengths) for whichever method found the legs.
#include <algorithm>
#include <map>
#include <span>

#include "leg_detection_detail.h"

namespace fatgraph {
namespace {

using legs::FoundLeg;
using legs::Place;
using legs::Side;

const char* sideName(Side s) {
  return s == Side::Left ? "Left" : (s == Side::Right ? "Right" : "Centre");
}
const char* placeName(Place p) {
  switch (p) {
    case Place::Front: return "Front";
    case Place::Middle: return "Middle";
    case Place::Hind: return "Hind";
    case Place::None: break;
  }
  return "";
}

// Front before middle before hind (a leg without a position word counts as front), left
// before right before centre: the order of the synthetic creatures' legs.
bool before(const FoundLeg& a, const FoundLeg& b) {
  auto rank = [](Place p) { return p == Place::None ? 0 : static_cast<int>(p) - 1; };
  if (rank(a.place) != rank(b.place)) return rank(a.place) < rank(b.place);
  return static_cast<int>(a.side) < static_cast<int>(b.side);
}

// Leg names from side and position; a name used twice (more than three legs on one side)
// gets a number.
std::vector<std::string> legNames(const std::vector<FoundLeg>& found) {
  std::vector<std::string> names;
  std::map<std::string, int> uses;
  for (const FoundLeg& l : found) {
    names.push_back(std::string(sideName(l.side)) + placeName(l.place));
    ++uses[names.back()];
  }
  std::map<std::string, int> seen;
  for (std::string& n : names) {
    if (uses[n] > 1) n += std::to_string(++seen[n]);
  }
  return names;
}

// The answer when no legs are found: the notes so far and the reason last.
LegSetup noLegsFound(std::vector<std::string> notes, std::string reason) {
  LegSetup out;
  out.automatic = true;
  out.method = "none";
  out.notes = std::move(notes);
  out.notes.push_back(std::move(reason));
  return out;
}

// Legs from the rest pose's geometry, else (a rest pose that does not stand: all offsets in
// one plane, legs folded) from the first frame of the sample clip, which may still show them.
// Sets the pose the legs were found in and the method; `why` says why none were found.
std::vector<FoundLeg> legsFromGeometry(const Skeleton& skeleton, const Clip* sample, legs::ReferencePose& pose,
                                       std::string& method, std::string& why) {
  std::vector<FoundLeg> found = legs::legsByGeometry(skeleton, pose, why);
  method = "geometry (rest pose): chains from the body down to the joints nearest the floor";
  if (found.empty() && sample && sample->jointCount == skeleton.jointCount() && sample->frameCount() > 0) {
    pose = legs::ReferencePose::frame(skeleton, *sample, 0);
    std::string whyFrame;
    found = legs::legsByGeometry(skeleton, pose, whyFrame);
    method = "geometry (first frame of '" + sample->name +
             "'): chains from the body down to the joints nearest the floor";
    if (found.empty()) why += "; in the first frame of '" + sample->name + "', " + whyFrame;
  }
  return found;
}

// Feet are measured in a standing pose: names do not need one to find the legs, heels do. One
// pose per leg: `pose` when the rest pose stands on these legs or `pose` is the clips' frame in
// which the most feet bear weight and they stand in it, else the clips' own.
std::vector<legs::ReferencePose> legMeasurementPoses(const Skeleton& skeleton, const std::vector<FoundLeg>& found,
                                                     const legs::ReferencePose& pose, const Clip* sample,
                                                     const std::string& standingName, std::vector<std::string>& notes) {
  std::vector<std::vector<int>> chains;
  for (const FoundLeg& l : found) chains.push_back(l.chain);
  const legs::ReferencePose rest = legs::ReferencePose::rest(skeleton);
  if (legs::standsIn(skeleton, rest, chains))  // `pose` is the standing frame when weighed
    return std::vector<legs::ReferencePose>(found.size(), standingName.empty() ? pose : rest);
  std::vector<legs::ReferencePose> poses(found.size(), pose);
  if (!standingName.empty() && legs::standsIn(skeleton, pose, chains)) {
    // A frame in which the feet carry the body faces its feet the way it walks; the lowest
    // frame of the first clip may be a fall (the knight's Death), its feet pointing anywhere.
    notes.push_back("heel and toe tip measured in " + standingName + ", where the most feet bear weight");
  } else {
    std::string poseNote;
    poses = legs::measurementPoses(skeleton, chains, sample, &poseNote);
    if (!poseNote.empty()) notes.push_back(poseNote);
  }
  return poses;
}

// The found legs named, measured (heel, toe tip, lengths) and noted where a toe is missing or
// the sides do not pair up.
std::vector<Leg> measureFoundLegs(const Skeleton& skeleton, const std::vector<FoundLeg>& found,
                                  const std::vector<legs::ReferencePose>& poses, const JointShapes* shapes,
                                  std::vector<std::string>& notes) {
  const std::vector<std::string> names = legNames(found);
  std::vector<Leg> out;
  int left = 0, right = 0;
  for (size_t i = 0; i < found.size(); ++i) {
    Leg leg;
    leg.name = names[i];
    leg.chain = found[i].chain;
    leg.toe = found[i].toe;
    if (leg.toe < 0) notes.push_back(leg.name + ": no toe joint found below the ankle");
    LegMeasureOptions measure;
    measure.shapes = shapes;
    legs::measureLegIn(skeleton, poses[i], leg, measure, &notes);
    left += found[i].side == Side::Left;
    right += found[i].side == Side::Right;
    out.push_back(std::move(leg));
  }
  if (left != right) {
    notes.push_back(std::to_string(left) + " left and " + std::to_string(right) +
                    " right legs: the legs do not come in symmetric pairs");
  }
  return out;
}

}  // namespace

LegSetup detectLegs(const Skeleton& skeleton, const Clip* sample) {
  return detectLegs(skeleton, sample ? std::span<const Clip>(sample, 1) : std::span<const Clip>());
}

LegSetup detectLegs(const Skeleton& skeleton, std::span<const Clip> clips, const JointShapes* shapes) {
  if (skeleton.jointCount() == 0 || !skeleton.validate().empty())
    return noLegsFound({}, "no legs: the skeleton is empty or inconsistent");
  const Clip* sample = clips.empty() ? nullptr : &clips.front();
  std::vector<std::string> notes;
  std::string method;
  legs::ReferencePose pose = legs::ReferencePose::rest(skeleton);
  std::vector<FoundLeg> found = legs::legsByNames(skeleton, method, notes);
  const bool named = !found.empty();
  const size_t notesByNames = notes.size();
  // Weight bearing in the clips drops named limbs that never reach the ground and adds the
  // limbs that carry the body, named or not (leg_weight_bearing.cpp).
  legs::ReferencePose standing;
  std::string standingName;
  const bool weighed = legs::weighLegs(skeleton, clips, found, notes, standing, &standingName);
  if (weighed && named && found.empty()) return noLegsFound(notes, "no legs: no limb bears weight in the clips");
  if (weighed && !found.empty()) {
    pose = standing;
    if (!named) {
      method = "geometry (weight bearing in the clips): chains from the body down to the limb ends that bear weight";
      notes.push_back("legs found by geometry (the joint names follow no known convention): check them");
    } else if (notes.size() > notesByNames) {
      method += ", then weight bearing in the clips";
    }
  } else if (found.empty()) {
    standingName.clear();
    std::string why;
    found = legsFromGeometry(skeleton, sample, pose, method, why);
    if (found.empty())
      return noLegsFound(notes, "no legs: the joint names follow no known leg convention and " + why);
    notes.push_back("legs found by geometry (the joint names follow no known convention): check them");
  }
  std::stable_sort(found.begin(), found.end(), before);
  const std::vector<legs::ReferencePose> poses = legMeasurementPoses(skeleton, found, pose, sample, standingName, notes);
  LegSetup out;
  out.automatic = true;
  out.legs = measureFoundLegs(skeleton, found, poses, shapes, notes);
  out.method = method;
  out.notes = std::move(notes);
  return out;
}

}  // namespace fatgraph
