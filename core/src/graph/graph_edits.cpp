// Applying graph edits (graph_edits.h): one operator() per op of GraphEdit (graph_edit.h),
// which std::visit picks, and the upkeep every edit shares (history, parameterizations,
// per-edge choices). The JSON entry points read the edit (graph_edit_json.h) and come here.
#include "fatgraph/core/graph/graph_edits.h"

#include <algorithm>
#include <cmath>

#include "action_edits.h"
#include "authored_edits.h"
#include "fatgraph/core/graph/fat_edge_edits.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/hub_ranking.h"
#include "fatgraph/core/graph/hub_suggestions.h"
#include "fatgraph/core/retarget/project_retargeting.h"
#include "graph_build_steps.h"
#include "graph_edit_json.h"
#include "joystick_edits.h"
#include "leg_edits.h"
#include "locomotion_edits.h"
#include "parameter_edits.h"

namespace fatgraph {
namespace {

using Notes = std::vector<std::string>;

// Applies one edit to the project in place. Throws Error naming a value that does not fit
// the project; the caller's guard then restores it.
class EditContext {
 public:
  EditContext(Project& project, const ProgressCallback& progress)
      : p_(project), progress_(progress), features_(project) {}

  // --- thresholds and linkage ---------------------------------------------------------------
  Notes operator()(const SetHubThreshold& e) {
    requireGraph();
    p_.graph.hubThreshold = {positive(e.metres), false, "set by the user"};
    for (Hub& h : p_.graph.hubs) {
      h = makeHub(features(), h.name, features().globalIndex(h.frame), exactMatches(h.frame));
    }
    return rebuild();
  }
  Notes operator()(const SetEdgeThreshold& e) {
    requireGraph();
    p_.graph.edgeThreshold = {positive(e.metres), false, "set by the user"};
    return recluster();
  }
  Notes operator()(const SetLinkage& e) {
    requireGraph();
    p_.settings.linkage = e.linkage;
    return recluster();
  }

  // --- hubs ------------------------------------------------------------------------------------
  Notes operator()(const AcceptHub&) {
    requireGraph();
    bool cached = false;
    BuildOptions options;
    const DistanceScan& scan = ensureDistanceScan(p_, features(), options, cached, {});
    std::vector<int> accepted;
    for (const Hub& h : p_.graph.hubs) accepted.push_back(features().globalIndex(h.frame));
    const auto s = suggestHubs(features(), scan, p_.graph.hubThreshold.rms, 1, accepted, rejectedHubFrames(p_));
    if (s.empty()) {
      throw Error("no further hub to suggest: every frame is covered by a hub, rejected or matches nothing");
    }
    p_.graph.hubs.push_back(makeHub(features(), freshHubName(), s.front().frame, s.front().matches));
    return rebuild();
  }
  Notes operator()(const AddHub& e) {
    requireGraph();
    const FrameRef f = frameOf(e.clip, e.frame);
    const int g = features().globalIndex(f);
    if (!windowInsideClip(features(), g, p_.settings.window)) {
      throw Error("frame is too close to the clip's end for the " + std::to_string(p_.settings.window) +
                  "-frame pose window");
    }
    const std::string name = e.name.value_or(freshHubName());
    if (name.empty() || p_.graph.findHub(name) >= 0) throw Error("hub name '" + name + "' is empty or taken");
    p_.graph.hubs.push_back(makeHub(features(), name, g, exactMatches(f)));
    return rebuild();
  }
  Notes operator()(const RemoveHub& e) {
    requireGraph();
    const int h = hubIndex(e.hub);
    if (p_.graph.hubs.size() == 1) throw Error("cannot remove the only hub");
    p_.graph.hubs.erase(p_.graph.hubs.begin() + h);
    return rebuild();
  }
  Notes operator()(const RenameHub& e) {
    requireGraph();
    const int h = hubIndex(e.hub);
    if (e.name.empty()) throw Error("a hub name cannot be empty");
    const int other = p_.graph.findHub(e.name);
    if (other >= 0 && other != h) throw Error("hub name '" + e.name + "' is taken");
    p_.graph.hubs[h].name = e.name;
    return {};
  }
  // The frame joins project.settings.hubRejections; the graph stays as it is. The planner
  // then skips it and the frames within a window of it (hub_suggestions.cpp, Planner::reject).
  Notes operator()(const RejectHub& e) {
    const FrameRef f = frameOf(e.clip, e.frame);
    for (const Hub& h : p_.graph.hubs) {
      if (h.frame == f) throw Error("the frame is hub '" + h.name + "': remove the hub rather than reject it");
    }
    const Clip& clip = p_.clips[f.clip];
    const HubRejection rejection{clip.name, static_cast<int>(std::lround(clip.sourceFrame(f.frame)))};
    auto& list = p_.settings.hubRejections;
    if (std::find(list.begin(), list.end(), rejection) != list.end()) throw Error("the frame is already rejected");
    list.push_back(rejection);
    return {};
  }

  // --- match sets ------------------------------------------------------------------------------
  Notes operator()(const AddMatch& e) {
    Hub& hub = matchedHub(e.hub);
    const FrameRef f = frameOf(e.clip, e.frame);
    auto& set = hub.matchSet;
    if (f == hub.frame) throw Error("the hub frame cuts already; it is not its own match");
    if (std::find(set.begin(), set.end(), f) != set.end()) throw Error("frame is already in the match set");
    set.push_back(f);
    return matchSetChanged(hub);
  }
  Notes operator()(const RemoveMatch& e) {
    Hub& hub = matchedHub(e.hub);
    takeMatchOut(hub, frameOf(e.clip, e.frame));
    return matchSetChanged(hub);
  }
  Notes operator()(const MoveMatch& e) {
    Hub& hub = matchedHub(e.hub);
    takeMatchOut(hub, frameOf(e.clip, e.frame));
    const FrameRef to = frameOf(e.clip, e.to);
    auto& set = hub.matchSet;
    if (std::find(set.begin(), set.end(), to) != set.end() || to == hub.frame) {
      throw Error("the target frame is already a cut of this hub");
    }
    set.push_back(to);
    return matchSetChanged(hub);
  }

  // --- fat edges -------------------------------------------------------------------------------
  Notes operator()(const MoveSegment& e) {
    return editFatEdges([&](const MotionGraph& g) {
      return moveSegmentToFatEdge(g.fatEdges, g.segments, e.segment, e.edge);
    });
  }
  Notes operator()(const SplitEdge& e) {
    return editFatEdges([&](const MotionGraph& g) {
      return splitFatEdge(g.fatEdges, g.segments, e.edge, e.segments, e.name.value_or(std::string()));
    });
  }
  Notes operator()(const MergeEdges& e) {
    return editFatEdges([&](const MotionGraph& g) { return mergeFatEdges(g.fatEdges, g.segments, e.edge, e.absorbed); });
  }
  Notes operator()(const RemoveSegment& e) {
    return editFatEdges([&](const MotionGraph& g) { return removeSegmentFromFatEdge(g.fatEdges, g.segments, e.segment); });
  }
  Notes operator()(const RenameEdge& e) {
    editFatEdges([&](const MotionGraph& g) { return renameFatEdge(g.fatEdges, e.edge, e.name); });
    for (EdgeParameterChoice& c : p_.settings.edgeParameterChoices) {
      if (c.edge == e.edge) c.edge = e.name;  // the user's choices follow the edge
    }
    detail::renameLocomotionChoice(p_, e.edge, e.name);
    detail::renameJoystickChoice(p_, e.edge, e.name);
    detail::renameActionBindings(p_, e.edge, e.name);
    return {};
  }

  // --- parameters, legs and the leg layer ------------------------------------------------------
  Notes operator()(const SetEdgeParameters& e) { return detail::setEdgeParameters(p_, e, progress_); }
  Notes operator()(const SetParameterization& e) { return detail::setParameterization(p_, e, progress_); }
  Notes operator()(const SetLegs& e) { return detail::setLegs(p_, e); }
  Notes operator()(const DetectLegs&) { return detail::detectProjectLegs(p_); }
  Notes operator()(const MapJoint& e) {
    // Clips change here, before anything measures poses (LazyFeatures computes them after).
    // The graph guard does not keep clips: they are restored here if the edit fails.
    if (!p_.character.retargeted()) {
      throw Error("the project's character has the clips' own skeleton: there is no joint map to change");
    }
    if (p_.skeleton.find(e.joint) < 0) throw Error("the character has no joint '" + e.joint + "'");
    const ProjectCharacter character = p_.character;
    std::vector<Clip> clips = p_.clips;
    const Skeleton skeleton = p_.skeleton;
    try {
      auto& choices = p_.character.jointMapChoices;
      std::erase_if(choices, [&](const JointMapChoice& c) { return c.target == e.joint; });
      choices.push_back({e.joint, e.follows.value_or("")});
      Notes notes = retargetCharacterClips(p_);
      if (p_.graph.empty()) return notes;
      for (Hub& h : p_.graph.hubs) {
        h = makeHub(features(), h.name, features().globalIndex(h.frame), exactMatches(h.frame));
      }
      const Notes derived = rebuild();
      notes.insert(notes.end(), derived.begin(), derived.end());
      return notes;
    } catch (...) {
      p_.character = character;
      p_.clips = std::move(clips);
      p_.skeleton = skeleton;
      throw;
    }
  }
  Notes operator()(const SetLocomotion& e) { return detail::setLocomotion(p_, e); }
  Notes operator()(const SetBlend& e) { return detail::setBlend(p_, e); }
  Notes operator()(const SetJoystick& e) { return detail::setJoystick(p_, e); }
  Notes operator()(const BindAction& e) { return detail::bindAction(p_, e); }

 private:
  // --- values ----------------------------------------------------------------------------------
  static double positive(double metres) {
    if (!(metres > 0 && std::isfinite(metres))) throw Error("\"metres\" must be a positive distance");
    return metres;
  }
  int hubIndex(const std::string& name) const {
    const int h = p_.graph.findHub(name);
    if (h < 0) throw Error("no hub named '" + name + "'");
    return h;
  }
  // A frame named by clip and source-file frame, as working-rate global index.
  FrameRef frameOf(const std::string& clipName, int source) const {
    const int c = p_.findClip(clipName);
    if (c < 0) throw Error("no clip named '" + clipName + "'");
    const Clip& clip = p_.clips[c];
    const int f = detail::workingFrame(clip, source);
    if (f < 0 || f >= clip.frameCount()) {
      throw Error("frame " + std::to_string(source) + " is outside clip '" + clipName + "' (source frames " +
                  std::to_string(clip.sourceFirstFrame) + " to " +
                  std::to_string(static_cast<int>(std::lround(clip.sourceFrame(clip.frameCount() - 1)))) + ")");
    }
    return {c, f};
  }
  const PoseFeatures& features() const { return features_.get(); }
  void requireGraph() const {
    if (p_.graph.empty()) throw Error("the project has no graph yet: run fatgraph build first");
  }
  std::string freshHubName() const {
    for (int k = static_cast<int>(p_.graph.hubs.size());; ++k) {
      const std::string name = "hub" + std::to_string(k);
      if (p_.graph.findHub(name) < 0) return name;
    }
  }
  std::vector<int> exactMatches(FrameRef hub) const {
    return matchSetOf(features(), features().globalIndex(hub), p_.settings.window, p_.graph.hubThreshold.rms);
  }

  // --- re-deriving -----------------------------------------------------------------------------
  // Cuts the clips anew after a hub or match-set change. The user's earlier match-set edits
  // are applied again first (a threshold change derives every match set afresh; a removed
  // hub takes its edits along, which the notes say), their fat-edge edits after clustering.
  Notes rebuild(bool matchSetsDerived = true) {
    Notes notes;
    if (matchSetsDerived) notes = detail::reapplyMatchEdits(p_);
    const std::vector<Segment> segments = p_.graph.segments;
    const std::vector<FatEdge> edges = p_.graph.fatEdges;
    BuildReport report;
    rebuildFromHubs(p_, features(), report, progress_);
    notes.insert(notes.end(), report.notes.begin(), report.notes.end());
    const auto lapsed = detail::reapplyFatEdgeEdits(p_, edges, segments, features_);
    notes.insert(notes.end(), lapsed.begin(), lapsed.end());
    return notes;
  }
  Hub& matchedHub(const std::string& name) {
    requireGraph();
    return p_.graph.hubs[hubIndex(name)];
  }
  static void takeMatchOut(Hub& hub, FrameRef f) {
    auto& set = hub.matchSet;
    const auto it = std::find(set.begin(), set.end(), f);
    if (it == set.end()) throw Error("frame is not in hub '" + hub.name + "''s match set");
    set.erase(it);
  }
  Notes matchSetChanged(Hub& hub) {
    std::sort(hub.matchSet.begin(), hub.matchSet.end());
    return rebuild(false);  // the sets already hold the history and this edit
  }
  // Clusters the same segments anew; the user's fat-edge edits and names are carried over
  // (detail::reapplyFatEdgeEdits also computes the warps).
  Notes recluster() {
    MotionGraph& g = p_.graph;
    const std::vector<FatEdge> previous = g.fatEdges;
    g.fatEdges = clusterFatEdges(g.segments, g.segmentDistances, g.edgeThreshold.rms, p_.settings.linkage);
    return detail::reapplyFatEdgeEdits(p_, previous, g.segments, features_);
  }
  // The fat edges become change(graph) (fat_edge_edits.h); changed edges get their warps.
  template <class Change>
  Notes editFatEdges(Change change) {
    requireGraph();
    MotionGraph& g = p_.graph;
    g.fatEdges = change(g);
    if (std::any_of(g.fatEdges.begin(), g.fatEdges.end(), fatEdgeNeedsWarps))
      refreshFatEdges(features(), g.segments, g.fatEdges, &g.segmentDistances);
    return {};
  }

  Project& p_;
  const ProgressCallback& progress_;
  const LazyFeatures features_;  // computed by the first op that measures poses
};

// Whether the op looks after the parameterizations itself or changes no fat edge (its
// kLeavesFatEdges, graph_edit.h); every other op may derive the fat edges anew, which the
// parameterizations and per-edge choices follow.
bool leavesFatEdges(const GraphEdit& edit) {
  return std::visit(
      [](const auto& e) {
        if constexpr (requires { e.kLeavesFatEdges; }) return e.kLeavesFatEdges;
        return false;
      },
      edit);
}

// applyGraphEdit without the name of the edit in its errors.
Notes applyEdit(Project& project, const GraphEdit& edit, const ProgressCallback& progress) {
  GraphStateGuard guard(project);
  std::string stored = detail::historyEntry(project, edit);  // before the edit changes anything
  const detail::ParameterizedEdges before{project.graph.fatEdges, project.graph.segments,
                                          project.graph.parameterizations};
  EditContext context(project, progress);
  Notes notes = std::visit(context, edit);
  project.edits.push_back(std::move(stored));
  if (!leavesFatEdges(edit)) {
    for (const Notes& lapsed : {detail::keepParameterizations(project, before, progress),
                                detail::lapsedLocomotionChoices(project), detail::lapsedJoystickChoices(project),
                                detail::lapsedActionBindings(project)}) {
      notes.insert(notes.end(), lapsed.begin(), lapsed.end());
    }
  }
  guard.commit();
  return notes;
}

}  // namespace

Notes applyGraphEdit(Project& project, const GraphEdit& edit, const ProgressCallback& progress) {
  return detail::namingEdit(detail::graphEditJson(edit), [&] { return applyEdit(project, edit, progress); });
}

Notes applyGraphEdit(Project& project, const std::string& editJson, const ProgressCallback& progress) {
  const nlohmann::json edit = detail::parseJson(editJson);
  return detail::namingEdit(edit, [&] { return applyEdit(project, detail::readGraphEdit(edit), progress); });
}

Notes applyGraphEdits(Project& project, const std::string& editsJsonArray, const ProgressCallback& progress) {
  const nlohmann::json list = detail::parseJson(editsJsonArray);
  if (!list.is_array()) throw Error("edits must be a JSON array of edit objects");
  GraphStateGuard guard(project);
  Notes notes;
  for (size_t i = 0; i < list.size(); ++i) {
    try {
      // An edit that lapsed stays lapsed through the later re-derivations of the list: say so once.
      for (std::string& n : applyEdit(project, detail::readGraphEdit(list[i]), progress)) {
        if (std::find(notes.begin(), notes.end(), n) == notes.end()) notes.push_back(std::move(n));
      }
    } catch (const Cancelled&) {
      throw;
    } catch (const Error& e) {
      throw Error("edit " + std::to_string(i) + " (" + list[i].dump() + "): " + e.what());
    }
  }
  guard.commit();
  return notes;
}

}  // namespace fatgraph
