#pragma once
// Authoring edits of fat edges (docs/DESIGN.md, "Edits are data"): move, split, merge, remove,
// rename. Each edit is a pure function: it takes the current edges and the graph's segment
// list, checks the request, and returns the new edges (the input is never modified), so an
// undo command can keep both states and the CLI can replay a list of FatEdgeEdit values.
//
// Edits need no pose data. An edge whose members change is marked stale (reference -1, warps
// cleared; fatEdgeNeedsWarps() is then true); call refreshFatEdges() (fat_edge_clustering.h)
// with the PoseFeatures to recompute the references and DTW warps of the stale edges only.
// Renaming keeps reference and warps. Redundant requests (moving a segment to the edge that
// already holds it, removing an unassigned segment, renaming to the same name) change
// nothing; invalid ones throw Error saying what was asked and why it cannot be done.
//
// Invariants kept (validateFatEdges): names are non-empty and unique; every edge has at
// least one segment, all with the edge's fromHub and toHub; a segment belongs to at most one
// edge (or none: unassigned); members are stored ascending.
#include <string>
#include <vector>

#include "fatgraph/core/model/motion_graph.h"

namespace fatgraph {

/// Index of the edge called `name`, or -1.
int findFatEdge(const std::vector<FatEdge>& edges, const std::string& name);

/// Index of the edge holding segment `segment`, or -1 when it is unassigned.
int fatEdgeOfSegment(const std::vector<FatEdge>& edges, int segment);

/// Empty when the invariants above hold, else the first violation.
std::string validateFatEdges(const std::vector<FatEdge>& edges, const std::vector<Segment>& segments);

/// "edge<k>" with k one more than the largest k of any edge named "edge<k>" (edge0 when none),
/// so a fresh name never reuses one an edit list may still refer to.
std::string freshFatEdgeName(const std::vector<FatEdge>& edges);

/// Moves `segment` (assigned or unassigned) into the edge called `edgeName`; its hubs must be
/// the edge's. An edge emptied by the move is removed.
std::vector<FatEdge> moveSegmentToFatEdge(const std::vector<FatEdge>& edges,
                                          const std::vector<Segment>& segments, int segment,
                                          const std::string& edgeName);

/// Moves `subset` (non-empty, members of the edge, not all of them) out of the edge called
/// `edgeName` into a new edge appended at the end, named `newName` or, when empty,
/// freshFatEdgeName(). Both edges become stale.
std::vector<FatEdge> splitFatEdge(const std::vector<FatEdge>& edges,
                                  const std::vector<Segment>& segments,
                                  const std::string& edgeName, const std::vector<int>& subset,
                                  const std::string& newName = {});

/// Moves every segment of edge `absorbed` into edge `kept` (same hubs required) and removes
/// `absorbed`. `kept` keeps its name and position and becomes stale.
std::vector<FatEdge> mergeFatEdges(const std::vector<FatEdge>& edges,
                                   const std::vector<Segment>& segments, const std::string& kept,
                                   const std::string& absorbed);

/// Takes `segment` out of its edge (it becomes unassigned); an emptied edge is removed.
std::vector<FatEdge> removeSegmentFromFatEdge(const std::vector<FatEdge>& edges,
                                              const std::vector<Segment>& segments, int segment);

/// Renames an edge; `newName` must be non-empty and not the name of another edge.
std::vector<FatEdge> renameFatEdge(const std::vector<FatEdge>& edges, const std::string& oldName,
                                   const std::string& newName);

/// Names fat edges after a re-derivation (new thresholds, linkage or cuts) so that authored
/// names last: segments are compared by clip and frame range (not index, not hubs), which
/// survive re-cutting wherever the cuts stay the same. An edge of `previous` passes its name to
/// the edge of `edges` holding at least half of its segments, the largest overlaps first (each
/// name and each edge used once; ties to the earlier previous edge, then the earlier edge).
/// Every other edge gets a fresh "edge<k>" beyond every name of `previous` and of `reserved`
/// (names an edit history refers to), so a name never comes back on other motion. Returns the
/// names of `previous` that no edge carries any more.
std::vector<std::string> carryOverFatEdgeNames(const std::vector<FatEdge>& previous,
                                               const std::vector<Segment>& previousSegments,
                                               std::vector<FatEdge>& edges,
                                               const std::vector<Segment>& segments,
                                               const std::vector<std::string>& reserved = {});

/// One edit as data, for undo commands and scripted replay.
struct FatEdgeEdit {
  enum class Kind { MoveSegment, SplitEdge, MergeEdges, RemoveSegment, RenameEdge };
  Kind kind = Kind::MoveSegment;
  /// MoveSegment: the target edge; SplitEdge: the edge split; MergeEdges: the kept edge;
  /// RenameEdge: the old name.
  std::string edge;
  /// SplitEdge: the new edge's name (empty: fresh); MergeEdges: the absorbed edge;
  /// RenameEdge: the new name.
  std::string other;
  /// MoveSegment, RemoveSegment: exactly one segment; SplitEdge: the subset split off.
  std::vector<int> segments;
};

/// Applies one edit with the functions above. Throws Error for an invalid edit (including a
/// MoveSegment or RemoveSegment that does not name exactly one segment).
std::vector<FatEdge> applyFatEdgeEdit(const std::vector<FatEdge>& edges,
                                      const std::vector<Segment>& segments, const FatEdgeEdit& edit);

}  // namespace fatgraph
