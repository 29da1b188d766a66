#include "fatgraph/core/hub_groups.h"

#include <algorithm>
#include <limits>
#include <numeric>

#include "fatgraph/core/distance_matrix.h"

namespace fatgraph {
namespace {

int findRoot(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

}  // namespace

std::vector<std::vector<int>> hubGroups(const MotionGraph& graph) {
  const int hubs = static_cast<int>(graph.hubs.size());
  std::vector<int> parent(hubs);
  std::iota(parent.begin(), parent.end(), 0);
  for (const FatEdge& e : graph.fatEdges) {
    if (e.fromHub < 0 || e.toHub < 0 || e.fromHub >= hubs || e.toHub >= hubs) continue;
    parent[findRoot(parent, e.fromHub)] = findRoot(parent, e.toHub);
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

std::vector<HubGroupGap> hubGroupGaps(const MotionGraph& graph, const PoseFeatures& features,
                                      int window) {
  const std::vector<std::vector<int>> groups = hubGroups(graph);
  std::vector<HubGroupGap> gaps;
  if (groups.size() < 2) return gaps;
  // Frames of each group: its hubs and their matches, where another group's pose would meet it.
  std::vector<std::vector<int>> frames(groups.size());
  for (size_t g = 0; g < groups.size(); ++g) {
    for (int h : groups[g]) {
      frames[g].push_back(features.globalIndex(graph.hubs[h].frame));
      for (const FrameRef& m : graph.hubs[h].matchSet) frames[g].push_back(features.globalIndex(m));
    }
  }
  std::vector<std::vector<double>> rows;  // one per hub, computed once
  std::vector<int> rowOf(graph.hubs.size(), -1);
  for (size_t a = 0; a < groups.size(); ++a) {
    for (size_t b = a + 1; b < groups.size(); ++b) {
      HubGroupGap gap{static_cast<int>(a), static_cast<int>(b), -1, -1,
                      std::numeric_limits<double>::infinity()};
      for (int h : groups[a]) {
        if (rowOf[h] < 0) {
          rowOf[h] = static_cast<int>(rows.size());
          rows.push_back(distanceRow(features, features.globalIndex(graph.hubs[h].frame), window));
        }
        const std::vector<double>& row = rows[rowOf[h]];
        for (int j : frames[b]) {
          const double rms = distanceToRms(row[static_cast<size_t>(j)], features, window);
          if (rms < gap.rms) {
            gap.rms = rms;
            gap.hub = h;
            gap.frame = j;
          }
        }
      }
      if (gap.hub >= 0) gaps.push_back(gap);
    }
  }
  return gaps;
}

}  // namespace fatgraph
