#pragma once
// A piece of a clip between two cuts (Fat Graph §3.1): the unit fat edges are made of.

namespace fatgraph {

/// Frames [first, last] (inclusive, working rate) of one clip: an edge from the hub whose cut
/// is at `first` to the hub whose cut is at `last`. Entry material (before a clip's first cut)
/// has fromHub = -1; exit material (after its last cut) has toHub = -1.
struct Segment {
  int clip = -1;
  int first = 0;
  int last = 0;
  int fromHub = -1;
  int toHub = -1;
  int frameCount() const { return last - first + 1; }
  bool operator==(const Segment&) const = default;
};

}  // namespace fatgraph
