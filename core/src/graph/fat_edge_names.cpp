// Carrying fat-edge names across re-derivations (fat_edge_edits.h, carryOverFatEdgeNames).
#include <algorithm>
#include <map>
#include <tuple>

#include "fatgraph/core/graph/fat_edge_edits.h"

namespace fatgraph {
namespace {

// What identifies a segment across re-cuts: hub indices shift when hubs come and go, and
// segment indices whenever any clip is cut differently, but a clip's frame range does not.
using RangeKey = std::tuple<int, int, int>;

RangeKey rangeOf(const Segment& s) { return {s.clip, s.first, s.last}; }

struct Candidate {
  int overlap = 0;
  int previous = 0;
  int edge = 0;
};

}  // namespace

std::vector<std::string> carryOverFatEdgeNames(const std::vector<FatEdge>& previous,
                                               const std::vector<Segment>& previousSegments,
                                               std::vector<FatEdge>& edges,
                                               const std::vector<Segment>& segments,
                                               const std::vector<std::string>& reserved) {
  // Which previous edge held each frame range.
  std::map<RangeKey, int> owner;
  for (size_t o = 0; o < previous.size(); ++o) {
    for (int s : previous[o].segments) {
      if (s >= 0 && s < static_cast<int>(previousSegments.size())) {
        owner[rangeOf(previousSegments[s])] = static_cast<int>(o);
      }
    }
  }
  // overlap[(o, e)]: segments of previous edge o that edge e holds now.
  std::map<std::pair<int, int>, int> overlap;
  for (size_t e = 0; e < edges.size(); ++e) {
    for (int s : edges[e].segments) {
      if (s < 0 || s >= static_cast<int>(segments.size())) continue;
      const auto it = owner.find(rangeOf(segments[s]));
      if (it != owner.end()) ++overlap[{it->second, static_cast<int>(e)}];
    }
  }
  std::vector<Candidate> candidates;
  for (const auto& [pair, count] : overlap) {
    // "At least half": an edge of two segments whose one segment was re-cut keeps its name.
    if (2 * count >= static_cast<int>(previous[pair.first].segments.size())) {
      candidates.push_back({count, pair.first, pair.second});
    }
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.overlap != b.overlap) return a.overlap > b.overlap;
    if (a.previous != b.previous) return a.previous < b.previous;
    return a.edge < b.edge;
  });

  std::vector<std::string> names(edges.size());
  std::vector<bool> carried(previous.size(), false);
  for (const Candidate& c : candidates) {
    if (carried[c.previous] || !names[c.edge].empty()) continue;
    carried[c.previous] = true;
    names[c.edge] = previous[c.previous].name;
  }

  // Fresh names count past every previous and reserved name (the clustering's own names mean
  // nothing here), so that a script or a note naming a lost edge never finds it on other motion.
  std::vector<FatEdge> used(previous.size() + reserved.size());
  for (size_t o = 0; o < previous.size(); ++o) used[o].name = previous[o].name;
  for (size_t r = 0; r < reserved.size(); ++r) used[previous.size() + r].name = reserved[r];
  for (size_t e = 0; e < edges.size(); ++e) {
    if (!names[e].empty()) continue;
    FatEdge named;
    named.name = freshFatEdgeName(used);
    names[e] = named.name;
    used.push_back(std::move(named));
  }
  for (size_t e = 0; e < edges.size(); ++e) edges[e].name = names[e];

  std::vector<std::string> lost;
  for (size_t o = 0; o < previous.size(); ++o) {
    if (!carried[o]) lost.push_back(previous[o].name);
  }
  return lost;
}

}  // namespace fatgraph
