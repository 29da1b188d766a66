// Which fat edges are locomotion (edge_locomotion.h): the project's --locomotion selection,
// overridden per edge by set_locomotion edits, on the cycle analysis (Johansen ch. 4) of each
// segment taken as one gait cycle, hub to hub.
#include "fatgraph/core/locomotion/edge_locomotion.h"

#include "fatgraph/core/model/error.h"

namespace fatgraph {

namespace {

CycleAnalysis analyseSegment(const Project& project, const Segment& s) {
  if (s.clip < 0 || s.clip >= static_cast<int>(project.clips.size())) {
    CycleAnalysis bad;
    bad.problems.push_back("clip index " + std::to_string(s.clip) + " out of range");
    return bad;
  }
  return analyzeCycle(project.skeleton, project.clips[s.clip], s.first, s.last, project.legs);
}

std::string problemsOf(const CycleAnalysis& cycle) {
  std::string text;
  for (const std::string& p : cycle.problems) text += (text.empty() ? "" : "; ") + p;
  return text.empty() ? "the cycle cannot be analysed" : text;
}

}  // namespace

const EdgeLocomotionChoice* findLocomotionChoice(const GraphSettings& settings, const std::string& edge) {
  for (const EdgeLocomotionChoice& c : settings.edgeLocomotionChoices)
    if (c.edge == edge) return &c;
  return nullptr;
}

EdgeLocomotionPlan planEdgeLocomotion(const Project& project, std::size_t fatEdge, bool allSegments) {
  const MotionGraph& graph = project.graph;
  if (fatEdge >= graph.fatEdges.size())
    throw Error("fat edge index " + std::to_string(fatEdge) + " out of range");
  const FatEdge& fat = graph.fatEdges[fatEdge];
  EdgeLocomotionPlan plan;
  const EdgeLocomotionChoice* choice = findLocomotionChoice(project.settings, fat.name);
  if (choice != nullptr && choice->blend) plan.blend = *choice->blend;

  if (project.legs.empty()) {
    plan.reason = "the skeleton has no legs";
    return plan;
  }
  int reference = -1;
  for (std::size_t i = 0; i < fat.segments.size(); ++i) {
    const int index = fat.segments[i];
    if (index < 0 || index >= static_cast<int>(graph.segments.size()))
      throw Error("fat edge '" + fat.name + "': segment index " + std::to_string(index) + " out of range");
    if (index == fat.reference) reference = static_cast<int>(i);
  }
  if (reference < 0) {
    plan.reason = "the edge has no reference segment";
    return plan;
  }
  if (allSegments) {
    for (const int index : fat.segments) plan.cycles.push_back(analyseSegment(project, graph.segments[index]));
    plan.reference = reference;
  } else {
    plan.cycles.push_back(analyseSegment(project, graph.segments[fat.reference]));
    plan.reference = 0;
  }
  const CycleAnalysis& cycle = plan.cycles[plan.reference];

  if (choice != nullptr && choice->locomotion) {
    plan.locomotion = *choice->locomotion && cycle.valid;
    plan.reason = !*choice->locomotion ? "set by edit"
                  : cycle.valid        ? "set by edit"
                                       : "set by edit, but " + problemsOf(cycle);
    return plan;
  }
  switch (project.settings.locomotion) {
    case LocomotionSelection::None:
      plan.reason = "--locomotion none";
      break;
    case LocomotionSelection::All:
      plan.locomotion = cycle.valid;
      plan.reason = cycle.valid ? "--locomotion all" : "--locomotion all, but " + problemsOf(cycle);
      break;
    case LocomotionSelection::Automatic: {
      const LocomotionVerdict verdict = isLocomotionCycle(cycle);
      plan.locomotion = verdict.locomotion;
      plan.reason = verdict.reason;
      break;
    }
  }
  return plan;
}

std::vector<EdgeCycleRecord> locomotionRecords(const Project& project) {
  std::vector<EdgeCycleRecord> out;
  for (std::size_t f = 0; f < project.graph.fatEdges.size(); ++f) {
    EdgeLocomotionPlan plan = planEdgeLocomotion(project, f);
    if (plan.locomotion) out.push_back({project.graph.fatEdges[f].name, std::move(plan.cycles)});
  }
  return out;
}

}  // namespace fatgraph
