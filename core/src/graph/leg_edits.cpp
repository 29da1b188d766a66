// set_legs and detect_legs (docs/DESIGN.md "Edits are data"): the user names each leg's
// hip -> ankle chain and toe, optionally its heel and toe tip (ankle frame, metres; Johansen
// 4.1 follows these two points), or goes back to automatic detection.
#include "leg_edits.h"

#include <cmath>

#include "fatgraph/core/error.h"
#include "fatgraph/core/leg_detection.h"

namespace fatgraph::detail {
namespace {

using nlohmann::json;

int jointNamed(const Skeleton& s, const json& v, const std::string& leg, const char* what) {
  if (!v.is_string()) throw Error("leg '" + leg + "': " + what + " must be a joint name");
  const std::string name = v.get<std::string>();
  const int j = s.find(name);
  if (j < 0) throw Error("leg '" + leg + "': no joint named '" + name + "'");
  return j;
}

// [x, y, z] in metres, or nothing when the key is absent or null (then computed).
bool pointArg(const json& o, const char* key, const std::string& leg, Vec3& out) {
  const auto it = o.find(key);
  if (it == o.end() || it->is_null()) return false;
  if (!it->is_array() || it->size() != 3) {
    throw Error("leg '" + leg + "': \"" + key + "\" must be [x, y, z] in metres (ankle frame)");
  }
  for (int k = 0; k < 3; ++k) {
    const json& c = (*it)[k];
    if (!c.is_number() || !std::isfinite(c.get<double>())) {
      throw Error("leg '" + leg + "': \"" + key + "\" must hold three finite numbers");
    }
    out[k] = c.get<double>();
  }
  return true;
}

Leg legArg(const Skeleton& s, const Clip* sample, const json& o, std::vector<std::string>& notes) {
  if (!o.is_object()) throw Error("each leg must be an object with \"name\" and \"chain\"");
  const auto name = o.find("name");
  if (name == o.end() || !name->is_string() || name->get<std::string>().empty()) {
    throw Error("each leg needs a non-empty \"name\"");
  }
  Leg leg;
  leg.name = name->get<std::string>();
  const auto chain = o.find("chain");
  if (chain == o.end() || !chain->is_array()) {
    throw Error("leg '" + leg.name + "': \"chain\" must be an array of joint names, hip first");
  }
  for (const json& j : *chain) leg.chain.push_back(jointNamed(s, j, leg.name, "each chain entry"));
  const auto toe = o.find("toe");
  if (toe != o.end() && !toe->is_null()) leg.toe = jointNamed(s, *toe, leg.name, "\"toe\"");
  LegMeasureOptions measure;
  measure.heel = !pointArg(o, "heel", leg.name, leg.heel);
  measure.toeTip = !pointArg(o, "toe_tip", leg.name, leg.toeTip);
  if (std::string e = validateLeg(s, leg); !e.empty()) throw Error(e);
  measureLeg(s, leg, measure, &notes, sample);
  return leg;
}

}  // namespace

std::vector<std::string> editLegs(Project& project, const json& edit, const std::string& op) {
  const Skeleton& s = project.skeleton;
  if (op == "detect_legs") {
    project.legs = detectLegs(s, project.clips.empty() ? nullptr : &project.clips.front());
    std::vector<std::string> notes{std::to_string(project.legs.legs.size()) + " leg(s) detected by " +
                                   project.legs.method};
    notes.insert(notes.end(), project.legs.notes.begin(), project.legs.notes.end());
    return notes;
  }
  const auto list = edit.find("legs");
  if (list == edit.end() || !list->is_array() || list->empty()) {
    throw Error("\"legs\" must be a non-empty array of {name, chain, toe, heel, toe_tip}");
  }
  LegSetup setup;
  setup.automatic = false;
  setup.method = "edited";
  const Clip* sample = project.clips.empty() ? nullptr : &project.clips.front();
  for (const json& o : *list) setup.legs.push_back(legArg(s, sample, o, setup.notes));
  if (std::string e = validateLegSetup(s, setup); !e.empty()) throw Error(e);
  project.legs = std::move(setup);  // only now: a failed edit leaves the project unchanged
  return project.legs.notes;
}

}  // namespace fatgraph::detail
