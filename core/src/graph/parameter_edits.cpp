// Parameterization edits (docs/DESIGN.md "Edits are data"): a user's choice of joint, time,
// samples and grid for one edge, the project's defaults, and keeping the parameterizations in
// step with fat edges that are derived anew. Choices are kept by edge name, which fat-edge
// naming carries across re-clustering (fat_edge_names.cpp), so they outlast thresholds edits.
#include "parameter_edits.h"

#include <algorithm>
#include <cmath>

#include "authored_edits.h"
#include "fatgraph/core/error.h"
#include "fatgraph/core/fat_edge_edits.h"
#include "fatgraph/core/parameterization.h"

namespace fatgraph::detail {
namespace {

using nlohmann::json;

constexpr int kMaxSamples = 100000;
constexpr int kMaxGrid = 1024;

// The value of `key`: absent or null gives `automatic`, otherwise an integer in [lo, hi].
int optionalInteger(const json& edit, const char* key, int automatic, int lo, int hi) {
  const auto it = edit.find(key);
  if (it == edit.end() || it->is_null()) return automatic;
  if (!it->is_number_integer() || it->get<long long>() < lo || it->get<long long>() > hi) {
    throw Error("\"" + std::string(key) + "\" must be null or an integer from " + std::to_string(lo) + " to " +
                std::to_string(hi) + ", got " + it->dump());
  }
  return it->get<int>();
}

void reparameterize(Project& project, const ProgressCallback& progress) {
  const MotionGraph& g = project.graph;
  const bool was = g.parameterizations.size() == g.fatEdges.size() && !g.fatEdges.empty();
  const std::vector<EdgeParameterization> previous = was ? g.parameterizations : std::vector<EdgeParameterization>{};
  updateParameterizations(project, g.fatEdges, g.segments, previous, progress);
}

bool isParameterized(const MotionGraph& g) {
  return !g.parameterizations.empty() && g.parameterizations.size() == g.fatEdges.size();
}

}  // namespace

std::vector<std::string> setEdgeParameters(Project& project, const json& edit, const ProgressCallback& progress) {
  if (project.graph.empty()) throw Error("the project has no graph yet: run fatgraph build first");
  const auto edgeIt = edit.find("edge");
  if (edgeIt == edit.end() || !edgeIt->is_string()) throw Error("\"edge\" must name a fat edge");
  const std::string name = edgeIt->get<std::string>();
  const int e = findFatEdge(project.graph.fatEdges, name);
  if (e < 0) throw Error("no fat edge named '" + name + "'");

  EdgeParameterChoice choice;
  choice.edge = name;
  if (const auto j = edit.find("joint"); j != edit.end() && !j->is_null()) {
    if (!j->is_string()) throw Error("\"joint\" must be null or a joint name, got " + j->dump());
    choice.joint = project.skeleton.find(j->get<std::string>());
    if (choice.joint < 0) throw Error("no joint named '" + j->get<std::string>() + "' in the skeleton");
  }
  if (const auto t = edit.find("time_s"); t != edit.end() && !t->is_null()) {
    if (!t->is_number() || !(t->get<double>() >= 0) || !std::isfinite(t->get<double>())) {
      throw Error("\"time_s\" must be null or a time in seconds >= 0, got " + t->dump());
    }
    choice.timeSeconds = t->get<double>();
  }
  choice.samples = optionalInteger(edit, "samples", 0, 1, kMaxSamples);
  choice.grid = optionalInteger(edit, "grid", 0, 2, kMaxGrid);
  // A time past the edge's end names itself here, before anything changes.
  chooseParameterJoint(project, e, choice.joint, choice.timeSeconds);

  auto& choices = project.settings.edgeParameterChoices;
  std::erase_if(choices, [&](const EdgeParameterChoice& c) { return c.edge == name; });
  const bool automatic = choice.joint < 0 && choice.timeSeconds < 0 && choice.samples == 0 && choice.grid == 0;
  if (!automatic) choices.push_back(choice);
  reparameterize(project, progress);
  return {};
}

std::vector<std::string> setParameterization(Project& project, const json& edit, const ProgressCallback& progress) {
  const ParameterizationSettings defaults;
  ParameterizationSettings& s = project.settings.parameterization;
  s.samples = optionalInteger(edit, "samples", defaults.samples, 1, kMaxSamples);
  s.grid = optionalInteger(edit, "grid", defaults.grid, 2, kMaxGrid);
  s.refine = defaults.refine;
  if (const auto r = edit.find("refine"); r != edit.end() && !r->is_null()) {
    if (!r->is_boolean()) throw Error("\"refine\" must be null, true or false, got " + r->dump());
    s.refine = r->get<bool>();
  }
  if (isParameterized(project.graph)) reparameterize(project, progress);
  return {};
}

std::vector<std::string> keepParameterizations(Project& project, const ParameterizedEdges& before,
                                               const ProgressCallback& progress) {
  MotionGraph& g = project.graph;
  const bool was = !before.parameterizations.empty() && before.parameterizations.size() == before.edges.size();
  if (was) {
    updateParameterizations(project, before.edges, before.segments, before.parameterizations, progress);
  } else {
    g.parameterizations.clear();
  }
  // A choice whose edge is gone lapses like any other authored edit; it is kept, so the
  // edge's choice returns if a later edit brings the name back.
  std::vector<std::string> notes;
  for (const EdgeParameterChoice& c : project.settings.edgeParameterChoices) {
    if (findFatEdge(g.fatEdges, c.edge) >= 0) continue;
    for (size_t i = project.edits.size(); i-- > 0;) {
      const json j = json::parse(project.edits[i], nullptr, false);
      if (!j.is_object() || opOf(j) != "set_edge_parameters" || j.value("edge", json()) != json(c.edge)) continue;
      notes.push_back(lapsedNote(i, j, "no fat edge is called '" + c.edge + "' any more"));
      break;
    }
  }
  return notes;
}

}  // namespace fatgraph::detail
