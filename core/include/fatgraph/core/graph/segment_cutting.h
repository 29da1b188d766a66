#pragma once
// Cutting clips into segments at the hubs (Fat Graph §3.1; docs/ALGORITHMS.md C).
//
// Every hub cuts its clips at the hub frame and at every frame of its match set. Within one
// clip a segment runs from a cut to the next cut, both frames included (neighbouring segments
// share their cut frame), and is an edge from the hub owning its first cut to the hub owning
// its last (the paper's 22 steps give 21 segments). Material before a clip's first cut and
// after its last cut cannot be an edge between hubs: it is returned apart as entry (fromHub
// -1) and exit (toHub -1) pieces so nothing is silently dropped.
#include <string>
#include <vector>

#include "fatgraph/core/model/motion_graph.h"

namespace fatgraph {

struct SegmentCutResult {
  /// Hub-to-hub segments, ordered by clip, then first frame.
  std::vector<Segment> segments;
  /// Pieces before a clip's first cut: frames [0, firstCut], fromHub = -1, toHub = the cut's
  /// hub. A clip with no cut at all is returned whole here with fromHub = toHub = -1.
  std::vector<Segment> entries;
  /// Pieces after a clip's last cut: frames [lastCut, frameCount - 1], toHub = -1.
  std::vector<Segment> exits;
  /// One human-readable line per adjustment made (conflicting or merged cuts, clips without
  /// cuts or frames).
  std::vector<std::string> notes;
};

/// Cuts need at least this many frames between them; closer cuts are merged into one.
constexpr int kMinimumCutSpacing = 2;

/// Cuts the clips (frame counts at the working rate, indexed like FrameRef::clip) at the hubs.
/// Conflicts are resolved deterministically and reported in `notes`:
///  - two hubs claiming the same frame: the lower hub index keeps it;
///  - cuts fewer than kMinimumCutSpacing frames apart: merged into one cut, which keeps the
///    frame of the lower hub index (the earlier frame when both belong to the same hub).
/// Throws Error naming the hub when a hub frame or match-set frame lies outside the clips.
/// `clipNames` (optional, one per clip) are used in notes and errors instead of indices.
SegmentCutResult cutSegments(const std::vector<Hub>& hubs, const std::vector<int>& clipFrameCounts,
                             const std::vector<std::string>& clipNames = {});

}  // namespace fatgraph
