// Parameterization edits (docs/DESIGN.md "Edits are data"): a user's choice of joint, time,
// samples and grid for one edge, the project's defaults, and keeping the parameterizations in
// step with fat edges that are derived anew. Choices are kept by edge name, which fat-edge
// naming carries across re-clustering (fat_edge_names.cpp), so they outlast thresholds edits.
#include "parameter_edits.h"

#include <algorithm>
#include <cmath>

#include "authored_edits.h"
#include "edit_argument_checks.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_edge_edits.h"
#include "fatgraph/core/param/parameterization.h"

namespace fatgraph::detail {
namespace {

// `value`, or `automatic` when it is empty; throws Error when it is out of `limits`.
int integerOr(const char* key, const std::optional<int>& value, IntegerLimits limits, int automatic) {
  if (!value) return automatic;
  if (*value < limits.lo || *value > limits.hi) throw Error(integerChoiceProblem(key, limits, std::to_string(*value)));
  return *value;
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

std::vector<std::string> setEdgeParameters(Project& project, const SetEdgeParameters& edit,
                                           const ProgressCallback& progress) {
  const int e = requireFatEdge(project, edit.edge);
  EdgeParameterChoice choice;
  choice.edge = edit.edge;
  if (edit.joint) {
    choice.joint = project.skeleton.find(*edit.joint);
    if (choice.joint < 0) throw Error("no joint named '" + *edit.joint + "' in the skeleton");
  }
  if (edit.timeSeconds) {
    const double t = *edit.timeSeconds;
    if (!(t >= 0) || !std::isfinite(t)) throw Error(timeChoiceProblem("time_s", nlohmann::json(t).dump()));
    choice.timeSeconds = t;
  }
  choice.samples = integerOr("samples", edit.samples, kSampleLimits, 0);
  choice.grid = integerOr("grid", edit.grid, kGridLimits, 0);
  // A time past the edge's end names itself here, before anything changes.
  chooseParameterJoint(project, e, choice.joint, choice.timeSeconds);

  auto& choices = project.settings.edgeParameterChoices;
  std::erase_if(choices, [&](const EdgeParameterChoice& c) { return c.edge == edit.edge; });
  const bool automatic = choice.joint < 0 && choice.timeSeconds < 0 && choice.samples == 0 && choice.grid == 0;
  if (!automatic) choices.push_back(choice);
  reparameterize(project, progress);
  return {};
}

std::vector<std::string> setParameterization(Project& project, const SetParameterization& edit,
                                             const ProgressCallback& progress) {
  const ParameterizationSettings defaults;
  ParameterizationSettings& s = project.settings.parameterization;
  s.samples = integerOr("samples", edit.samples, kSampleLimits, defaults.samples);
  s.grid = integerOr("grid", edit.grid, kGridLimits, defaults.grid);
  s.refine = edit.refine.value_or(defaults.refine);
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
  return lapsedChoiceNotes<SetEdgeParameters>(project, project.settings.edgeParameterChoices);
}

}  // namespace fatgraph::detail
