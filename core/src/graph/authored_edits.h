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
#include <string>
#include <tuple>
#include <vector>

#include "fatgraph/core/pose_features.h"
#include "fatgraph/core/project.h"
#include "graph_build_steps.h"

namespace fatgraph::detail {

/// The "op" of a history entry, or empty when it has none (a history edited by hand).
inline std::string opOf(const nlohmann::json& edit) {
  const auto it = edit.find("op");
  return it != edit.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// The working-rate frame of source-file frame `source` of `clip` (may lie outside the clip).
inline int workingFrame(const Clip& clip, int source) {
  const double rate = clip.sourceFps > 0 ? clip.sourceFps : clip.fps;
  return static_cast<int>(std::lround((source - clip.sourceFirstFrame) * clip.fps / rate));
}

/// The "resolved" object of `edit` on the project as it is before the edit, or null for ops
/// that need none and for arguments that do not resolve (applying the edit then fails and
/// says why).
nlohmann::json resolveEditReferences(const Project& project, const nlohmann::json& edit);

/// `edit` as the history keeps it: with resolveEditReferences as "resolved" (any "resolved"
/// it came with is dropped: only fatgraph writes them). Call it before applying the edit.
nlohmann::json editForHistory(const Project& project, const nlohmann::json& edit);

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

}  // namespace fatgraph::detail
