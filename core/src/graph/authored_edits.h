#pragma once
// Authored edits that outlast re-derivations (graph_edits.h). A hub or threshold edit derives
// match sets, segments and fat edges anew; the user's earlier match-set and fat-edge edits are
// then applied again, in their original order, and each that no longer fits becomes a note.
//
// Indices and names do not survive a re-derivation, so every such edit is stored in the
// project's history with a "resolved" object holding references that do (taken just before the
// edit was applied; frames at the working rate, as stored):
//   match edits:     {"hub": {"clip": "walk", "frame": 12}}          the hub by its frame
//   move_segment:    {"segment": R, "edge": [R...]}                   the segment, the target's members
//   remove_segment:  {"segment": R}
//   split_edge:      {"segments": [R...]}                             the part split off
//   merge_edges:     {"edge": [R...], "absorbed": [R...]}             both edges' members
// where R = {"clip": "walk", "first": 10, "last": 46} names a segment by clip and frame range.
// Fat-edge names are carried over by segment overlap (carryOverFatEdgeNames), which is what
// keeps renames and the names of split edges; rename edits need no references.
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "fatgraph/core/graph/fat_edge_edits.h"
#include "fatgraph/core/graph/graph_edit.h"
#include "fatgraph/core/graph/pose_features.h"
#include "fatgraph/core/model/project.h"
#include "graph_build_steps.h"

namespace fatgraph::detail {

/// One entry of project.edits read back: a graph edit's JSON object (graph_edit.h) with the
/// "resolved" references stored beside its arguments.
struct HistoryEdit {
  size_t index = 0;               // in project.edits
  nlohmann::json stored;          // the entry as stored, which notes show
  std::string op;                 // its "op"; empty when it has none (a history edited by hand)
  std::optional<GraphEdit> edit;  // empty when its arguments cannot be read (likewise)
  nlohmann::json resolved;        // its "resolved" object; null when it has none
};

/// Every entry of project.edits that is a JSON object, in order.
std::vector<HistoryEdit> readHistory(const Project& project);

/// The working-rate frame of source-file frame `source` of `clip` (may lie outside the clip).
inline int workingFrame(const Clip& clip, int source) {
  const double rate = clip.sourceFps > 0 ? clip.sourceFps : clip.fps;
  return static_cast<int>(std::lround((source - clip.sourceFirstFrame) * clip.fps / rate));
}

/// The index of the fat edge called `name`; throws Error when the project has no graph yet
/// or no such edge.
int requireFatEdge(const Project& project, const std::string& name);

/// `edit` as the history keeps it: its JSON object with, for the ops that need them, the
/// "resolved" references (null where an argument does not resolve: applying the edit then
/// fails and says why). Call it on the project as it is before the edit.
std::string historyEntry(const Project& project, const GraphEdit& edit);

/// Applies every match-set edit of project.edits again, in order, to the current hubs (after
/// their match sets were derived anew or a hub came or went). Each edit states where its frames
/// end up (added: in the set, removed: out of it), so applying the history again to match sets
/// that already reflect it changes nothing. Returns one note per edit that no longer applies.
std::vector<std::string> reapplyMatchEdits(Project& project);

/// After the segments and fat edges of project.graph were derived anew: applies the fat-edge
/// edits of project.edits again in order, carries the names of `previous` (the fat edges
/// before, over `previousSegments`) over by segment overlap, and refreshes the warps of the
/// edges that changed. An edge with exactly the segments of a previous one (compared by clip
/// and frames) keeps its reference and warps, so `features` is computed only when some edge's
/// members changed. Returns one note per edit that no longer applies, renames included.
std::vector<std::string> reapplyFatEdgeEdits(Project& project, const std::vector<FatEdge>& previous,
                                             const std::vector<Segment>& previousSegments,
                                             const LazyFeatures& features);

/// reapplyFatEdgeEdits short of the warps: the history's fat-edge edits applied again and the
/// names carried over, leaving changed edges without warps (a preview needs no more).
std::vector<std::string> replayFatEdgeHistory(Project& project, const std::vector<FatEdge>& previous,
                                              const std::vector<Segment>& previousSegments);

/// Whether the history holds any fat-edge edit (move, split, merge, remove, rename) that a
/// re-clustering applies again.
bool historyEditsFatEdges(const Project& project);

/// R for segment `s` of project.graph.segments.
nlohmann::json segmentReference(const Project& project, int s);

/// Finds the segments references name in project.graph.segments (which must not change while
/// it is in use) without a scan per reference: histories can name thousands.
class SegmentLookup {
 public:
  explicit SegmentLookup(const Project& project);
  /// The index of the segment R names, or -1 when there is none.
  int find(const nlohmann::json& reference) const;

 private:
  const Project& project_;
  std::map<std::tuple<int, int, int>, int> index_;  // (clip, first, last) -> segment
};

/// "walk frames 40-184" for working-rate frames [first, last] of the clip called `clip`, in
/// source-file frames as every report gives them (working-rate ones when the clip is gone).
std::string framesText(const Project& project, const std::string& clip, int first, int last);

/// "edit 3 of the history (move_segment {...}) no longer applies: <why>".
std::string lapsedNote(size_t historyIndex, const nlohmann::json& edit, const std::string& why);

/// One note per choice of `choices` (parameters, locomotion, joystick: each names its `edge`)
/// whose fat edge no longer exists, naming the latest edit of the history of one of the ops
/// `Ops` that set a choice for that edge. The choice itself is kept: it returns with the name.
template <class... Ops, class Choice>
std::vector<std::string> lapsedChoiceNotes(const Project& project, const std::vector<Choice>& choices) {
  std::vector<std::string> notes;
  std::vector<HistoryEdit> history;  // read only when some choice lapsed
  for (const Choice& c : choices) {
    if (findFatEdge(project.graph.fatEdges, c.edge) >= 0) continue;
    if (history.empty()) history = readHistory(project);
    for (auto h = history.rbegin(); h != history.rend(); ++h) {
      const auto setsIt = [&](const auto* op) { return op != nullptr && op->edge == c.edge; };
      if (!h->edit || !(setsIt(std::get_if<Ops>(&*h->edit)) || ...)) continue;
      notes.push_back(lapsedNote(h->index, h->stored, "no fat edge is called '" + c.edge + "' any more"));
      break;
    }
  }
  return notes;
}

}  // namespace fatgraph::detail
