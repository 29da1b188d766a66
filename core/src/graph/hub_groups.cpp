#include "fatgraph/core/graph/hub_groups.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>
#include <tuple>

#include "fatgraph/core/graph/distance_matrix.h"

namespace fatgraph {
namespace {

int findRoot(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

// Groups of hubs joined by links (from, to); links with a missing hub are ignored.
template <typename Links>
std::vector<std::vector<int>> groupsOf(int hubs, const Links& links) {
  std::vector<int> parent(hubs);
  std::iota(parent.begin(), parent.end(), 0);
  for (const auto& link : links) {
    if (link.fromHub < 0 || link.toHub < 0 || link.fromHub >= hubs || link.toHub >= hubs) continue;
    parent[findRoot(parent, link.fromHub)] = findRoot(parent, link.toHub);
  }
  std::vector<std::vector<int>> groups;
  std::vector<int> groupOf(hubs, -1);
  for (int h = 0; h < hubs; ++h) {
    const int r = findRoot(parent, h);
    if (groupOf[r] < 0) {
      groupOf[r] = static_cast<int>(groups.size());
      groups.emplace_back();
    }
    groups[groupOf[r]].push_back(h);
  }
  return groups;
}

}  // namespace

std::vector<std::vector<int>> hubGroups(const MotionGraph& graph) {
  return groupsOf(static_cast<int>(graph.hubs.size()), graph.fatEdges);
}

std::vector<std::vector<int>> hubGroups(int hubCount, const std::vector<Segment>& segments) {
  return groupsOf(hubCount, segments);
}

std::vector<HubGroupGap> hubGroupGaps(const MotionGraph& graph, const PoseFeatures& features,
                                      int window) {
  return hubGroupGaps(graph.hubs, hubGroups(graph), features, window);
}

std::vector<HubGroupGap> hubGroupGaps(const std::vector<Hub>& hubs, const std::vector<std::vector<int>>& groups,
                                      const PoseFeatures& features, int window) {
  std::vector<HubGroupGap> gaps;
  if (groups.size() < 2) return gaps;
  // Frames of each group: its hubs and their matches, where another group's pose would meet it.
  std::vector<std::vector<std::pair<int, int>>> frames(groups.size());  // (global frame, its hub)
  for (size_t g = 0; g < groups.size(); ++g) {
    for (int h : groups[g]) {
      frames[g].emplace_back(features.globalIndex(hubs[h].frame), h);
      for (const FrameRef& m : hubs[h].matchSet) frames[g].emplace_back(features.globalIndex(m), h);
    }
  }
  std::vector<std::vector<double>> rows;  // one per hub, computed once
  std::vector<int> rowOf(hubs.size(), -1);
  for (size_t a = 0; a < groups.size(); ++a) {
    for (size_t b = a + 1; b < groups.size(); ++b) {
      HubGroupGap gap{static_cast<int>(a), static_cast<int>(b), -1, -1, -1,
                      std::numeric_limits<double>::infinity()};
      for (int h : groups[a]) {
        if (rowOf[h] < 0) {
          rowOf[h] = static_cast<int>(rows.size());
          rows.push_back(distanceRow(features, features.globalIndex(hubs[h].frame), window));
        }
        const std::vector<double>& row = rows[rowOf[h]];
        for (const auto& [j, owner] : frames[b]) {
          const double rms = distanceToRms(row[static_cast<size_t>(j)], features, window);
          if (rms < gap.rms) {
            gap.rms = rms;
            gap.hub = h;
            gap.frame = j;
            gap.frameHub = owner;
          }
        }
      }
      if (gap.hub >= 0) gaps.push_back(gap);
    }
  }
  return gaps;
}

std::vector<HubBridge> bridgeHubGroups(std::vector<Hub>& hubs, const std::vector<Segment>& segments,
                                       const PoseFeatures& features, int window, double limitRms) {
  const int hubCount = static_cast<int>(hubs.size());
  const std::vector<std::vector<int>> groups = hubGroups(hubCount, segments);
  std::vector<HubBridge> bridges;
  if (groups.size() < 2) return bridges;
  std::vector<int> groupOf(hubCount);
  for (size_t g = 0; g < groups.size(); ++g)
    for (int h : groups[g]) groupOf[h] = static_cast<int>(g);
  // Occurrences with a segment on both sides: a bridge there leads into the other group and
  // back out of it.
  std::set<std::pair<int, int>> ends, starts;  // (clip, frame)
  for (const Segment& s : segments) {
    ends.emplace(s.clip, s.last);
    starts.emplace(s.clip, s.first);
  }
  struct Occurrence {
    int frame, hub;
    bool hubFrame;
  };
  std::vector<Occurrence> interior;
  for (int h = 0; h < hubCount; ++h) {
    auto add = [&](const FrameRef& f, bool hubFrame) {
      if (ends.count({f.clip, f.frame}) && starts.count({f.clip, f.frame})) {
        interior.push_back({features.globalIndex(f), h, hubFrame});
      }
    };
    add(hubs[h].frame, true);
    for (const FrameRef& m : hubs[h].matchSet) add(m, false);
  }
  // The closest such occurrence of another group for each hub: it moves to that hub's match
  // set (a hub frame cannot move, but a lower-numbered hub claims it first; segment_cutting.h).
  std::vector<HubBridge> candidates;
  for (int x = 0; x < hubCount; ++x) {
    const std::vector<double> row = distanceRow(features, features.globalIndex(hubs[x].frame), window);
    for (const Occurrence& o : interior) {
      if (groupOf[o.hub] == groupOf[x] || (o.hubFrame && o.hub < x)) continue;
      candidates.push_back({x, o.hub, o.frame, distanceToRms(row[static_cast<size_t>(o.frame)], features, window)});
    }
  }
  std::sort(candidates.begin(), candidates.end(), [](const HubBridge& a, const HubBridge& b) {
    return std::tie(a.rms, a.hub, a.frame) < std::tie(b.rms, b.hub, b.frame);
  });
  std::vector<int> joined(groups.size());  // union-find over the groups
  std::iota(joined.begin(), joined.end(), 0);
  for (const HubBridge& c : candidates) {
    if (!(c.rms <= limitRms)) break;
    const int a = findRoot(joined, groupOf[c.hub]), b = findRoot(joined, groupOf[c.otherHub]);
    if (a == b) continue;
    joined[a] = b;
    const FrameRef moved = features.frameRef(c.frame);
    std::vector<FrameRef>& from = hubs[c.otherHub].matchSet;
    from.erase(std::remove(from.begin(), from.end(), moved), from.end());
    std::vector<FrameRef>& to = hubs[c.hub].matchSet;
    to.insert(std::lower_bound(to.begin(), to.end(), moved), moved);
    bridges.push_back(c);
  }
  return bridges;
}

}  // namespace fatgraph
