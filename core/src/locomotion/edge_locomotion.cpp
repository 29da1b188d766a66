// Which fat edges are locomotion (edge_locomotion.h): the project's --locomotion selection,
// overridden per edge by set_locomotion edits, on the cycle analysis (Johansen ch. 4) of each
// segment taken as one gait cycle, hub to hub.
#include "fatgraph/core/locomotion/edge_locomotion.h"

#include <cmath>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"

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

// The motion root's mean ground speed over a clip (chord / duration), or 0 when it has under
// two frames.
double groundSpeed(const Skeleton& skeleton, const Clip& clip) {
  const int n = clip.frameCount();
  if (n < 2 || clip.duration() <= 0) return 0.0;
  std::vector<Quat> rotations(skeleton.jointCount());
  std::vector<Vec3> first(skeleton.jointCount()), last(skeleton.jointCount());
  clipFrameToModel(skeleton, clip, 0, rotations, first);
  clipFrameToModel(skeleton, clip, n - 1, rotations, last);
  const Vec3 chord = last[skeleton.motionRoot] - first[skeleton.motionRoot];
  return std::hypot(chord.x(), chord.z()) / clip.duration();
}

// A generated transition is a gait cycle only between two motions that travel (a walk into a
// run). Blended from one that stands (an idle) into a gait, its frames are neither, and the
// cycle analysis finds stances where the faster motion's feet already swing: held there, the
// fox's paws went 0.28 units into the ground in its idle's transition into its gallop. The
// name of such an end that stands, else empty.
std::string standingEnd(const Project& project, const Clip& clip, const LocomotionCriteria& criteria) {
  if (!clip.generated) return {};
  for (const std::string* name : {&clip.generated->fromClip, &clip.generated->toClip}) {
    for (const Clip& c : project.clips) {
      if (c.name == *name && !c.generated && groundSpeed(project.skeleton, c) < criteria.minSpeed) return c.name;
    }
  }
  return {};
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
      const Segment& reference = graph.segments[fat.reference];
      if (!plan.locomotion || reference.clip < 0 || reference.clip >= static_cast<int>(project.clips.size())) break;
      if (const std::string stands = standingEnd(project, project.clips[reference.clip], {}); !stands.empty()) {
        plan.locomotion = false;
        plan.reason = "not locomotion: a generated transition from or into '" + stands +
                      "', which stands (its cycle analysis: " + verdict.reason + ")";
      }
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
