// Fat-edge edits applied again after a re-derivation (authored_edits.h, reapplyFatEdgeEdits).
// Each edit finds its segments by clip and frame range and its edges as the edges now holding
// most of the members they had when the edit was made, so renames in between do not matter.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "authored_edits.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_edge_clustering.h"
#include "fatgraph/core/graph/fat_edge_edits.h"

namespace fatgraph::detail {
namespace {

using nlohmann::json;

bool isFatEdgeOp(const std::string& op) {
  return op == MoveSegment::kOp || op == SplitEdge::kOp || op == MergeEdges::kOp || op == RemoveSegment::kOp;
}

// The fat-edge edits re-clustering applies again, and renames, whose names it carries over.
bool namesFatEdges(const std::string& op) { return isFatEdgeOp(op) || op == RenameEdge::kOp; }

int requireSegment(const Project& project, const SegmentLookup& lookup, const json& reference) {
  const int s = lookup.find(reference);
  if (s < 0) {
    throw Error("its segment (" + framesText(project, reference.value("clip", std::string()),
                                             reference.value("first", -1), reference.value("last", -1)) +
                ") no longer exists");
  }
  return s;
}

// The edge now holding most of the segments `members` names (ties to the first edge), or -1.
int edgeHolding(const Project& project, const SegmentLookup& lookup, const json& members, int exclude = -1) {
  if (!members.is_array()) return -1;
  const auto& edges = project.graph.fatEdges;
  std::vector<int> owner(project.graph.segments.size(), -1);
  for (size_t e = 0; e < edges.size(); ++e) {
    for (int s : edges[e].segments) owner[s] = static_cast<int>(e);
  }
  std::map<int, int> count;
  for (const json& m : members) {
    const int s = lookup.find(m);
    if (s < 0 || s == exclude || owner[s] < 0) continue;
    ++count[owner[s]];
  }
  int best = -1;
  for (const auto& [e, n] : count) {
    if (best < 0 || n > count[best]) best = e;
  }
  return best;
}

// "Split these segments off" re-read as "these segments form an edge of their own": after
// re-clustering they may sit in one edge or in several.
std::vector<FatEdge> splitAgain(const Project& project, const SegmentLookup& lookup, const SplitEdge& edit,
                                const json& parts) {
  const MotionGraph& g = project.graph;
  std::vector<int> subset;
  for (const json& r : parts) {
    const int s = lookup.find(r);
    if (s >= 0) subset.push_back(s);
  }
  if (subset.empty()) throw Error("none of the segments it split off exists any more");
  std::sort(subset.begin(), subset.end());
  for (const FatEdge& e : g.fatEdges) {
    if (e.segments == subset) return g.fatEdges;  // already an edge of their own
  }
  const Segment& first = g.segments[subset.front()];
  std::vector<FatEdge> out;
  for (FatEdge e : g.fatEdges) {
    const size_t before = e.segments.size();
    std::erase_if(e.segments, [&](int s) { return std::binary_search(subset.begin(), subset.end(), s); });
    if (e.segments.empty()) continue;
    if (e.segments.size() != before) {
      e.reference = -1;  // stale: refreshed with the others at the end
      e.warps.clear();
    }
    out.push_back(std::move(e));
  }
  FatEdge part;
  part.name = edit.name.value_or(std::string());
  if (part.name.empty() || findFatEdge(out, part.name) >= 0) part.name = freshFatEdgeName(g.fatEdges);
  part.fromHub = first.fromHub;
  part.toHub = first.toHub;
  part.segments = subset;
  out.push_back(std::move(part));
  if (const std::string problem = validateFatEdges(out, g.segments); !problem.empty()) {
    throw Error("its segments can no longer form one edge: " + problem);
  }
  return out;
}

// Applies fat-edge edit `edit` of the history again through its "resolved" references `r`.
struct FatEdgeReplay {
  const Project& project;
  const SegmentLookup& lookup;
  const json& r;

  std::vector<FatEdge> operator()(const RemoveSegment&) const {
    const MotionGraph& g = project.graph;
    return removeSegmentFromFatEdge(g.fatEdges, g.segments, requireSegment(project, lookup, r.at("segment")));
  }
  std::vector<FatEdge> operator()(const MoveSegment& edit) const {
    const MotionGraph& g = project.graph;
    const int s = requireSegment(project, lookup, r.at("segment"));
    const int target = edgeHolding(project, lookup, r.at("edge"), s);
    if (target < 0) {
      throw Error("no fat edge holds any segment of its target edge '" + edit.edge + "' any more");
    }
    return moveSegmentToFatEdge(g.fatEdges, g.segments, s, g.fatEdges[target].name);
  }
  std::vector<FatEdge> operator()(const SplitEdge& edit) const {
    return splitAgain(project, lookup, edit, r.at("segments"));
  }
  std::vector<FatEdge> operator()(const MergeEdges& edit) const {
    const MotionGraph& g = project.graph;
    const int kept = edgeHolding(project, lookup, r.at("edge"));
    const int absorbed = edgeHolding(project, lookup, r.at("absorbed"));
    if (kept < 0 || absorbed < 0) {
      throw Error("no fat edge holds any segment of edge '" + (kept < 0 ? edit.edge : edit.absorbed) + "' any more");
    }
    if (kept == absorbed) return g.fatEdges;  // clustered together already
    return mergeFatEdges(g.fatEdges, g.segments, g.fatEdges[kept].name, g.fatEdges[absorbed].name);
  }
  template <class Other>
  std::vector<FatEdge> operator()(const Other&) const {
    return project.graph.fatEdges;  // no fat-edge edit (the caller passes none)
  }
};

// The fat-edge names `edit` mentions, which stay reserved: scripts may still use them.
std::vector<std::string> edgeNamesOf(const GraphEdit& edit) {
  if (const auto* e = std::get_if<MoveSegment>(&edit)) return {e->edge};
  if (const auto* e = std::get_if<SplitEdge>(&edit)) return {e->edge, e->name.value_or(std::string())};
  if (const auto* e = std::get_if<MergeEdges>(&edit)) return {e->edge, e->absorbed};
  if (const auto* e = std::get_if<RenameEdge>(&edit)) return {e->edge, e->name};
  return {};
}

// The name a rename or split gave an edge, or empty.
std::string nameGivenBy(const GraphEdit& edit) {
  if (const auto* e = std::get_if<RenameEdge>(&edit)) return e->name;
  if (const auto* e = std::get_if<SplitEdge>(&edit)) return e->name.value_or(std::string());
  return {};
}

// An edge whose members are exactly a previous edge's segments (by clip and frames) has the
// same medoid and the same DTW warps: the segment distances and frames it was computed from
// are the same. Copying them spares the features and the DTW (a threshold drag re-clusters
// many times; most edges come back unchanged).
void keepUnchangedWarps(const std::vector<FatEdge>& previous, const std::vector<Segment>& previousSegments,
                        std::vector<FatEdge>& edges, const std::vector<Segment>& segments) {
  auto members = [](const FatEdge& e, const std::vector<Segment>& of) {
    std::vector<Segment> out;
    for (int s : e.segments) out.push_back(s >= 0 && s < static_cast<int>(of.size()) ? of[s] : Segment{});
    return out;
  };
  std::map<std::vector<std::tuple<int, int, int>>, const FatEdge*> byMembers;
  auto key = [](const std::vector<Segment>& list) {
    std::vector<std::tuple<int, int, int>> k;
    for (const Segment& s : list) k.emplace_back(s.clip, s.first, s.last);
    std::sort(k.begin(), k.end());
    return k;
  };
  for (const FatEdge& e : previous)
    if (!fatEdgeNeedsWarps(e)) byMembers.emplace(key(members(e, previousSegments)), &e);
  for (FatEdge& e : edges) {
    if (!fatEdgeNeedsWarps(e)) continue;
    const auto it = byMembers.find(key(members(e, segments)));
    if (it == byMembers.end()) continue;
    const FatEdge& old = *it->second;
    // Members are stored ascending in both lists and segments keep their order by clip and
    // frame, so the warps stay parallel; the reference maps through its position.
    const auto pos = std::find(old.segments.begin(), old.segments.end(), old.reference) - old.segments.begin();
    std::vector<int> sorted = e.segments;
    std::sort(sorted.begin(), sorted.end());
    if (sorted.size() != old.segments.size() || pos >= static_cast<long>(sorted.size())) continue;
    e.segments = sorted;
    e.reference = sorted[pos];
    e.warps = old.warps;
  }
}

}  // namespace

std::vector<std::string> replayFatEdgeHistory(Project& project, const std::vector<FatEdge>& previous,
                                              const std::vector<Segment>& previousSegments) {
  MotionGraph& g = project.graph;
  std::vector<std::string> notes;
  std::set<size_t> noted;
  const SegmentLookup lookup(project);  // the segments stay; only the edges change below
  const std::vector<HistoryEdit> history = readHistory(project);

  for (const HistoryEdit& h : history) {
    if (!isFatEdgeOp(h.op)) continue;
    std::string why;
    if (!h.edit) {
      why = "its arguments cannot be read";  // a history edited by hand
    } else if (!h.resolved.is_object()) {
      why = "it was recorded without segment references (by an older fatgraph), so it cannot be applied again";
    } else {
      try {
        g.fatEdges = std::visit(FatEdgeReplay{project, lookup, h.resolved}, *h.edit);
      } catch (const Error& e) {
        why = e.what();
      } catch (const json::exception&) {
        why = "its segment references cannot be read";
      }
    }
    if (!why.empty()) {
      notes.push_back(lapsedNote(h.index, h.stored, why));
      noted.insert(h.index);
    }
  }

  std::vector<std::string> reserved;
  for (const HistoryEdit& h : history) {
    if (!h.edit || !namesFatEdges(h.op)) continue;
    for (std::string& n : edgeNamesOf(*h.edit)) {
      if (!n.empty()) reserved.push_back(std::move(n));
    }
  }
  const std::vector<std::string> lost =
      carryOverFatEdgeNames(previous, previousSegments, g.fatEdges, g.segments, reserved);
  for (const HistoryEdit& h : history) {
    if (!h.edit || noted.count(h.index)) continue;
    const std::string name = nameGivenBy(*h.edit);
    if (name.empty() || std::find(lost.begin(), lost.end(), name) == lost.end()) continue;
    notes.push_back(
        lapsedNote(h.index, h.stored, "no fat edge holds at least half of the segments of '" + name + "' any more"));
  }
  return notes;
}

std::vector<std::string> reapplyFatEdgeEdits(Project& project, const std::vector<FatEdge>& previous,
                                             const std::vector<Segment>& previousSegments,
                                             const LazyFeatures& features) {
  std::vector<std::string> notes = replayFatEdgeHistory(project, previous, previousSegments);
  MotionGraph& g = project.graph;
  keepUnchangedWarps(previous, previousSegments, g.fatEdges, g.segments);
  if (std::any_of(g.fatEdges.begin(), g.fatEdges.end(), fatEdgeNeedsWarps))
    refreshFatEdges(features.get(), g.segments, g.fatEdges, &g.segmentDistances);
  return notes;
}

bool historyEditsFatEdges(const Project& project) {
  const std::vector<HistoryEdit> history = readHistory(project);
  return std::any_of(history.begin(), history.end(), [](const HistoryEdit& h) { return namesFatEdges(h.op); });
}

}  // namespace fatgraph::detail
