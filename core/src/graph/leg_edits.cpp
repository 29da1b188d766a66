// set_legs and detect_legs (docs/DESIGN.md "Edits are data"): the user names each leg's
// hip -> ankle chain and toe, optionally its heel and toe tip (ankle frame, metres; Johansen
// 4.1 follows these two points), or goes back to automatic detection.
#include "leg_edits.h"

#include "edit_argument_checks.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/locomotion/leg_detection.h"

namespace fatgraph::detail {
namespace {

int jointNamed(const Skeleton& s, const std::string& name, const std::string& leg) {
  const int j = s.find(name);
  if (j < 0) throw Error("leg '" + leg + "': no joint named '" + name + "'");
  return j;
}

// Copies a given heel or toe tip (`key`) into `out`; false when it is to be computed.
bool pointGiven(const std::optional<Vec3>& point, const std::string& leg, const char* key, Vec3& out) {
  if (!point) return false;
  if (!point->allFinite()) throw Error(legPointProblem(leg, key));
  out = *point;
  return true;
}

Leg legOf(const Skeleton& s, const Clip* sample, const LegByName& given, std::vector<std::string>& notes) {
  if (given.name.empty()) throw Error(kLegNameProblem);
  Leg leg;
  leg.name = given.name;
  for (const std::string& joint : given.chain) leg.chain.push_back(jointNamed(s, joint, leg.name));
  if (given.toe) leg.toe = jointNamed(s, *given.toe, leg.name);
  LegMeasureOptions measure;
  measure.heel = !pointGiven(given.heel, leg.name, "heel", leg.heel);
  measure.toeTip = !pointGiven(given.toeTip, leg.name, "toe_tip", leg.toeTip);
  if (std::string e = validateLeg(s, leg); !e.empty()) throw Error(e);
  measureLeg(s, leg, measure, &notes, sample);
  return leg;
}

const Clip* sampleClip(const Project& project) { return project.clips.empty() ? nullptr : &project.clips.front(); }

}  // namespace

std::vector<std::string> detectProjectLegs(Project& project) {
  project.legs = detectLegs(project.skeleton, project.clips);
  std::vector<std::string> notes{std::to_string(project.legs.legs.size()) + " leg(s) detected by " +
                                 project.legs.method};
  notes.insert(notes.end(), project.legs.notes.begin(), project.legs.notes.end());
  return notes;
}

std::vector<std::string> setLegs(Project& project, const SetLegs& edit) {
  if (edit.legs.empty()) throw Error(kLegListProblem);
  const Skeleton& s = project.skeleton;
  LegSetup setup;
  setup.automatic = false;
  setup.method = "edited";
  for (const LegByName& leg : edit.legs) setup.legs.push_back(legOf(s, sampleClip(project), leg, setup.notes));
  if (std::string e = validateLegSetup(s, setup); !e.empty()) throw Error(e);
  project.legs = std::move(setup);  // only now: a failed edit leaves the project unchanged
  return project.legs.notes;
}

}  // namespace fatgraph::detail
