#include "fatgraph/core/graph_edits.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "authored_edits.h"
#include "fatgraph/core/fat_edge_edits.h"
#include "fatgraph/core/fat_graph_builder.h"
#include "fatgraph/core/hub_ranking.h"
#include "fatgraph/core/hub_suggestions.h"
#include "graph_build_steps.h"
#include "joystick_edits.h"
#include "leg_edits.h"
#include "locomotion_edits.h"
#include "parameter_edits.h"

namespace fatgraph {
namespace {

using nlohmann::json;

class EditContext {
 public:
  EditContext(Project& project, const json& edit, const ProgressCallback& progress)
      : p_(project), edit_(edit), progress_(progress), features_(project) {}

  std::vector<std::string> run() {
    const std::string op = text("op");
    if (op == "set_hub_threshold") return setHubThreshold();
    if (op == "set_edge_threshold") return setEdgeThreshold();
    if (op == "set_linkage") return setLinkage();
    if (op == "accept_hub") return acceptHub();
    if (op == "add_hub") return addHub();
    if (op == "remove_hub") return removeHub();
    if (op == "rename_hub") return renameHub();
    if (op == "add_match" || op == "remove_match" || op == "move_match") return editMatch(op);
    if (op == "move_segment" || op == "split_edge" || op == "merge_edges" ||
        op == "remove_segment" || op == "rename_edge") {
      return editFatEdges(op);
    }
    if (op == "set_edge_parameters") return detail::setEdgeParameters(p_, edit_, progress_);
    if (op == "set_parameterization") return detail::setParameterization(p_, edit_, progress_);
    if (op == "set_legs" || op == "detect_legs") return detail::editLegs(p_, edit_, op);
    if (op == "set_locomotion") return detail::setLocomotion(p_, edit_);
    if (op == "set_blend") return detail::setBlend(p_, edit_);
    if (op == "set_joystick") return detail::setJoystick(p_, edit_);
    if (op == "reject_hub") return rejectHub();
    throw Error("unknown op '" + op + "'");
  }
  /// Whether `op` looks after the parameterizations itself or changes no fat edge (every other
  /// op may derive the fat edges anew, which the parameterizations must then follow).
  static bool parameterizationOp(const std::string& op) {
    return op == "set_edge_parameters" || op == "set_parameterization" || detail::locomotionOp(op) ||
           op == "set_joystick" || op == "reject_hub";
  }

 private:
  // --- arguments -------------------------------------------------------------------------
  const json& arg(const char* key) const {
    const auto it = edit_.find(key);
    if (it == edit_.end()) throw Error("missing \"" + std::string(key) + "\"");
    return *it;
  }
  std::string text(const char* key) const {
    const json& v = arg(key);
    if (!v.is_string()) throw Error("\"" + std::string(key) + "\" must be a string");
    return v.get<std::string>();
  }
  double number(const char* key) const {
    const json& v = arg(key);
    if (!v.is_number()) throw Error("\"" + std::string(key) + "\" must be a number");
    return v.get<double>();
  }
  int integer(const char* key) const {
    const json& v = arg(key);
    if (!v.is_number_integer()) throw Error("\"" + std::string(key) + "\" must be an integer");
    return v.get<int>();
  }
  double positiveMetres() const {
    const double m = number("metres");
    if (!(m > 0 && std::isfinite(m))) throw Error("\"metres\" must be a positive distance");
    return m;
  }
  int hubIndex(const std::string& name) const {
    const int h = p_.graph.findHub(name);
    if (h < 0) throw Error("no hub named '" + name + "'");
    return h;
  }
  // A frame named by clip and source-file frame, as working-rate global index.
  FrameRef frameArg(const char* key) const {
    const std::string clipName = text("clip");
    const int c = p_.findClip(clipName);
    if (c < 0) throw Error("no clip named '" + clipName + "'");
    const Clip& clip = p_.clips[c];
    const int source = integer(key);
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

  // --- hub edits ----------------------------------------------------------------------------
  // Cuts the clips anew after a hub or match-set change. The user's earlier match-set edits
  // are applied again first (a threshold change derives every match set afresh; a removed
  // hub takes its edits along, which the notes say), their fat-edge edits after clustering.
  std::vector<std::string> rebuild(bool matchSetsDerived = true) {
    std::vector<std::string> notes;
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
  std::vector<int> exactMatches(FrameRef hub) const {
    return matchSetOf(features(), features().globalIndex(hub), p_.settings.window, p_.graph.hubThreshold.rms);
  }
  std::vector<std::string> setHubThreshold() {
    requireGraph();
    p_.graph.hubThreshold = {positiveMetres(), false, "set by the user"};
    for (Hub& h : p_.graph.hubs) {
      h = makeHub(features(), h.name, features().globalIndex(h.frame), exactMatches(h.frame));
    }
    return rebuild();
  }
  std::vector<std::string> acceptHub() {
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
  // The frame joins project.settings.hubRejections; the graph stays as it is. The planner
  // then skips it and the frames within a window of it (hub_suggestions.cpp, Planner::reject).
  std::vector<std::string> rejectHub() {
    const FrameRef f = frameArg("frame");
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
  std::string freshHubName() const {
    for (int k = static_cast<int>(p_.graph.hubs.size());; ++k) {
      const std::string name = "hub" + std::to_string(k);
      if (p_.graph.findHub(name) < 0) return name;
    }
  }
  std::vector<std::string> addHub() {
    requireGraph();
    const FrameRef f = frameArg("frame");
    const int g = features().globalIndex(f);
    if (!windowInsideClip(features(), g, p_.settings.window)) {
      throw Error("frame is too close to the clip's end for the " + std::to_string(p_.settings.window) +
                  "-frame pose window");
    }
    std::string name = edit_.contains("name") ? text("name") : freshHubName();
    if (name.empty() || p_.graph.findHub(name) >= 0) throw Error("hub name '" + name + "' is empty or taken");
    p_.graph.hubs.push_back(makeHub(features(), name, g, exactMatches(f)));
    return rebuild();
  }
  std::vector<std::string> removeHub() {
    requireGraph();
    const int h = hubIndex(text("hub"));
    if (p_.graph.hubs.size() == 1) throw Error("cannot remove the only hub");
    p_.graph.hubs.erase(p_.graph.hubs.begin() + h);
    return rebuild();
  }
  std::vector<std::string> renameHub() {
    requireGraph();
    const int h = hubIndex(text("hub"));
    const std::string name = text("name");
    if (name.empty()) throw Error("a hub name cannot be empty");
    const int other = p_.graph.findHub(name);
    if (other >= 0 && other != h) throw Error("hub name '" + name + "' is taken");
    p_.graph.hubs[h].name = name;
    return {};
  }
  std::vector<std::string> editMatch(const std::string& op) {
    requireGraph();
    Hub& hub = p_.graph.hubs[hubIndex(text("hub"))];
    const FrameRef f = frameArg("frame");
    auto& set = hub.matchSet;
    const auto it = std::find(set.begin(), set.end(), f);
    if (op == "add_match") {
      if (f == hub.frame) throw Error("the hub frame cuts already; it is not its own match");
      if (it != set.end()) throw Error("frame is already in the match set");
      set.push_back(f);
    } else {
      if (it == set.end()) throw Error("frame is not in hub '" + hub.name + "''s match set");
      set.erase(it);
      if (op == "move_match") {
        FrameRef to = frameArg("to");
        if (std::find(set.begin(), set.end(), to) != set.end() || to == hub.frame) {
          throw Error("the target frame is already a cut of this hub");
        }
        set.push_back(to);
      }
    }
    std::sort(set.begin(), set.end());
    return rebuild(false);  // the sets already hold the history and this edit
  }

  // --- fat edge edits -------------------------------------------------------------------------
  // Clusters the same segments anew; the user's fat-edge edits and names are carried over
  // (detail::reapplyFatEdgeEdits also computes the warps).
  std::vector<std::string> recluster() {
    MotionGraph& g = p_.graph;
    const std::vector<FatEdge> previous = g.fatEdges;
    g.fatEdges = clusterFatEdges(g.segments, g.segmentDistances, g.edgeThreshold.rms, p_.settings.linkage);
    return detail::reapplyFatEdgeEdits(p_, previous, g.segments, features_);
  }
  std::vector<std::string> setEdgeThreshold() {
    requireGraph();
    p_.graph.edgeThreshold = {positiveMetres(), false, "set by the user"};
    return recluster();
  }
  std::vector<std::string> setLinkage() {
    requireGraph();
    const std::string l = text("linkage");
    if (l == "complete") p_.settings.linkage = Linkage::Complete;
    else if (l == "single") p_.settings.linkage = Linkage::Single;
    else throw Error("\"linkage\" must be \"complete\" or \"single\"");
    return recluster();
  }
  std::vector<int> segmentList() const {
    const json& v = arg("segments");
    if (!v.is_array()) throw Error("\"segments\" must be an array of segment indices");
    std::vector<int> out;
    for (const json& s : v) {
      if (!s.is_number_integer()) throw Error("\"segments\" must hold integers");
      out.push_back(s.get<int>());
    }
    return out;
  }
  std::vector<std::string> editFatEdges(const std::string& op) {
    requireGraph();
    FatEdgeEdit e;
    if (op == "move_segment") {
      e.kind = FatEdgeEdit::Kind::MoveSegment;
      e.edge = text("edge");
      e.segments = {integer("segment")};
    } else if (op == "split_edge") {
      e.kind = FatEdgeEdit::Kind::SplitEdge;
      e.edge = text("edge");
      e.segments = segmentList();
      if (edit_.contains("name")) e.other = text("name");
    } else if (op == "merge_edges") {
      e.kind = FatEdgeEdit::Kind::MergeEdges;
      e.edge = text("edge");
      e.other = text("absorbed");
    } else if (op == "remove_segment") {
      e.kind = FatEdgeEdit::Kind::RemoveSegment;
      e.segments = {integer("segment")};
    } else {
      e.kind = FatEdgeEdit::Kind::RenameEdge;
      e.edge = text("edge");
      e.other = text("name");
    }
    MotionGraph& g = p_.graph;
    g.fatEdges = applyFatEdgeEdit(g.fatEdges, g.segments, e);
    if (std::any_of(g.fatEdges.begin(), g.fatEdges.end(), fatEdgeNeedsWarps))
      refreshFatEdges(features(), g.segments, g.fatEdges, &g.segmentDistances);
    if (e.kind == FatEdgeEdit::Kind::RenameEdge) {
      for (EdgeParameterChoice& c : p_.settings.edgeParameterChoices) {
        if (c.edge == e.edge) c.edge = e.other;  // the user's choice follows the edge
      }
      detail::renameLocomotionChoice(p_, e.edge, e.other);
      detail::renameJoystickChoice(p_, e.edge, e.other);
    }
    return {};
  }

  Project& p_;
  const json& edit_;
  const ProgressCallback& progress_;
  const LazyFeatures features_;  // computed by the first op that measures poses
};

std::vector<std::string> applyParsed(Project& project, const json& edit, const ProgressCallback& progress) {
  if (!edit.is_object()) throw Error("an edit must be a JSON object with an \"op\"");
  GraphStateGuard guard(project);
  const json stored = detail::editForHistory(project, edit);  // before the edit changes anything
  const detail::ParameterizedEdges before{project.graph.fatEdges, project.graph.segments,
                                          project.graph.parameterizations};
  std::vector<std::string> notes = EditContext(project, edit, progress).run();
  project.edits.push_back(stored.dump());
  if (!EditContext::parameterizationOp(detail::opOf(edit))) {
    const auto lapsed = detail::keepParameterizations(project, before, progress);
    notes.insert(notes.end(), lapsed.begin(), lapsed.end());
    const auto lapsedLocomotion = detail::lapsedLocomotionChoices(project);
    notes.insert(notes.end(), lapsedLocomotion.begin(), lapsedLocomotion.end());
    const auto lapsedJoystick = detail::lapsedJoystickChoices(project);
    notes.insert(notes.end(), lapsedJoystick.begin(), lapsedJoystick.end());
  }
  guard.commit();
  return notes;
}

json parse(const std::string& text) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    throw Error(std::string("malformed JSON: ") + e.what());
  }
}

}  // namespace

std::vector<std::string> applyGraphEdit(Project& project, const std::string& editJson,
                                        const ProgressCallback& progress) {
  const json edit = parse(editJson);
  try {
    return applyParsed(project, edit, progress);
  } catch (const Cancelled&) {
    throw;
  } catch (const Error& e) {
    throw Error("edit " + edit.dump() + ": " + e.what());
  }
}

std::vector<std::string> applyGraphEdits(Project& project, const std::string& editsJsonArray,
                                         const ProgressCallback& progress) {
  const json list = parse(editsJsonArray);
  if (!list.is_array()) throw Error("edits must be a JSON array of edit objects");
  GraphStateGuard guard(project);
  Project& work = project;
  std::vector<std::string> notes;
  for (size_t i = 0; i < list.size(); ++i) {
    try {
      // An edit that lapsed stays lapsed through the later re-derivations of the list: say so once.
      for (std::string& n : applyParsed(work, list[i], progress)) {
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
