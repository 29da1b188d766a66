#include "fatgraph/core/fat_edge_clustering.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

#include "fatgraph/core/error.h"
#include "fatgraph/core/segment_distances.h"

namespace fatgraph {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double pairDistance(const Eigen::MatrixXd& d, int a, int b) { return std::max(d(a, b), d(b, a)); }

// Agglomerative clustering of one (fromHub, toHub) group; `members` ascending.
// Each live set a keeps its nearest later set near[a] (smallest linkage distance over live
// b > a, ties to the smallest b), so that finding the next merge is a scan over the sets
// rather than over all pairs: O(m^2) overall instead of O(m^3). The merge chosen is the same
// as a scan over all pairs a < b with a strict comparison would choose: the smallest
// distance, ties to the smallest a, then the smallest b.
std::vector<std::vector<int>> clusterGroup(const std::vector<int>& members,
                                           const Eigen::MatrixXd& distance, double limit,
                                           Linkage linkage) {
  const int m = static_cast<int>(members.size());
  std::vector<std::vector<int>> sets;
  for (int s : members) sets.push_back({s});
  Eigen::MatrixXd link(m, m);
  for (int b = 0; b < m; ++b) {
    for (int a = 0; a < m; ++a) link(a, b) = a == b ? 0.0 : pairDistance(distance, members[a], members[b]);
  }
  std::vector<bool> alive(m, true);
  std::vector<int> near(m, -1);
  auto refresh = [&](int a) {
    near[a] = -1;
    for (int b = a + 1; b < m; ++b) {
      if (alive[b] && (near[a] < 0 || link(a, b) < link(a, near[a]))) near[a] = b;
    }
  };
  for (int a = 0; a < m; ++a) refresh(a);
  for (;;) {
    int bestA = -1;
    for (int a = 0; a < m; ++a) {
      if (!alive[a] || near[a] < 0 || !(link(a, near[a]) <= limit)) continue;
      if (bestA < 0 || link(a, near[a]) < link(bestA, near[bestA])) bestA = a;
    }
    if (bestA < 0) break;
    const int bestB = near[bestA];
    sets[bestA].insert(sets[bestA].end(), sets[bestB].begin(), sets[bestB].end());
    std::sort(sets[bestA].begin(), sets[bestA].end());
    sets[bestB].clear();
    alive[bestB] = false;
    for (int k = 0; k < m; ++k) {
      if (!alive[k] || k == bestA) continue;
      const double v = linkage == Linkage::Complete ? std::max(link(bestA, k), link(bestB, k))
                                                    : std::min(link(bestA, k), link(bestB, k));
      link(bestA, k) = link(k, bestA) = v;
    }
    // Rows whose nearest set changed: bestA's own, those that pointed at bestA or bestB, and
    // (distances to bestA may have dropped, single linkage) earlier rows now nearer to bestA.
    for (int k = 0; k < m; ++k) {
      if (!alive[k]) continue;
      if (k == bestA || near[k] == bestA || near[k] == bestB) {
        refresh(k);
      } else if (k < bestA && (near[k] < 0 || link(k, bestA) < link(k, near[k]) ||
                               (link(k, bestA) == link(k, near[k]) && bestA < near[k]))) {
        near[k] = bestA;
      }
    }
  }
  std::vector<std::vector<int>> out;
  for (int a = 0; a < m; ++a) {
    if (alive[a]) out.push_back(std::move(sets[a]));
  }
  return out;
}

// Position in [0, m) of the medoid: the fewest non-finite distances to the others, then the
// smallest sum of the finite ones, then the lowest position (members are ascending).
template <typename Distance>
int medoidPosition(int m, const Distance& distance) {
  int best = -1, bestInf = 0;
  double bestSum = kInf;
  for (int a = 0; a < m; ++a) {
    int infinities = 0;
    double sum = 0.0;
    for (int b = 0; b < m; ++b) {
      if (a == b) continue;
      const double v = distance(a, b);
      if (std::isfinite(v)) {
        sum += v;
      } else {
        ++infinities;
      }
    }
    if (best < 0 || infinities < bestInf || (infinities == bestInf && sum < bestSum)) {
      best = a;
      bestInf = infinities;
      bestSum = sum;
    }
  }
  return best;
}

WarpMap linearMap(int fromFrames, int toFrames) {
  WarpMap w;
  w.from.push_back(0.0);
  w.to.push_back(0.0);
  if (fromFrames > 1 && toFrames > 1) {
    w.from.push_back(fromFrames - 1.0);
    w.to.push_back(toFrames - 1.0);
  }
  return w;
}

}  // namespace

std::vector<FatEdge> clusterFatEdges(const std::vector<Segment>& segments,
                                     const Eigen::MatrixXd& distance, double thresholdRms,
                                     Linkage linkage) {
  const int n = static_cast<int>(segments.size());
  if (distance.rows() != n || distance.cols() != n) {
    throw Error("fat edge clustering: distance matrix is " + std::to_string(distance.rows()) +
                " x " + std::to_string(distance.cols()) + " for " + std::to_string(n) +
                " segments");
  }
  if (!std::isfinite(thresholdRms) || thresholdRms < 0.0) {
    throw Error("fat edge clustering: threshold " + std::to_string(thresholdRms) +
                " m is not a finite distance >= 0");
  }
  std::map<std::pair<int, int>, std::vector<int>> groups;
  for (int i = 0; i < n; ++i) {
    const Segment& s = segments[i];
    if (s.fromHub < 0 || s.toHub < 0) {
      throw Error("fat edge clustering: segment " + std::to_string(i) + " (clip " +
                  std::to_string(s.clip) + " frames " + std::to_string(s.first) + ".." +
                  std::to_string(s.last) +
                  ") has no start or end hub; entry and exit pieces never join fat edges");
    }
    for (int j = 0; j < n; ++j) {
      if (std::isnan(distance(i, j))) {
        throw Error("fat edge clustering: distance between segments " + std::to_string(i) +
                    " and " + std::to_string(j) + " is NaN");
      }
    }
    groups[{s.fromHub, s.toHub}].push_back(i);
  }

  const double limit = thresholdRms * thresholdRms;
  std::vector<FatEdge> edges;
  for (const auto& [hubs, members] : groups) {  // std::map: ascending (fromHub, toHub)
    // clusterGroup returns sets ordered by their first segment.
    for (std::vector<int>& set : clusterGroup(members, distance, limit, linkage)) {
      FatEdge e;
      e.fromHub = hubs.first;
      e.toHub = hubs.second;
      e.segments = std::move(set);
      e.reference = medoidSegment(e.segments, distance);
      edges.push_back(std::move(e));
    }
  }
  for (size_t k = 0; k < edges.size(); ++k) edges[k].name = "edge" + std::to_string(k);
  return edges;
}

int medoidSegment(const std::vector<int>& members, const Eigen::MatrixXd& distance) {
  std::vector<int> sorted = members;  // ties go to the lowest segment index
  std::sort(sorted.begin(), sorted.end());
  const int k = medoidPosition(static_cast<int>(sorted.size()), [&](int a, int b) {
    return pairDistance(distance, sorted[a], sorted[b]);
  });
  return k < 0 ? -1 : sorted[k];
}

void computeEdgeWarps(const PoseFeatures& features, const std::vector<Segment>& segments,
                      FatEdge& edge, const Eigen::MatrixXd* distance) {
  const int n = static_cast<int>(segments.size());
  const std::string label = "fat edge '" + edge.name + "'";
  if (edge.segments.empty()) throw Error(label + " has no segments");
  if (distance && (distance->rows() != n || distance->cols() != n)) {
    throw Error(label + ": distance matrix is " + std::to_string(distance->rows()) + " x " +
                std::to_string(distance->cols()) + " for " + std::to_string(n) + " segments");
  }
  for (int s : edge.segments) {
    if (s < 0 || s >= n) {
      throw Error(label + ": segment " + std::to_string(s) + " does not exist (" +
                  std::to_string(n) + " segments)");
    }
    if (segments[s].fromHub != edge.fromHub || segments[s].toHub != edge.toHub) {
      throw Error(label + " joins hubs " + std::to_string(edge.fromHub) + " -> " +
                  std::to_string(edge.toHub) + " but its segment " + std::to_string(s) +
                  " joins " + std::to_string(segments[s].fromHub) + " -> " +
                  std::to_string(segments[s].toHub));
    }
    checkSegmentInFeatures(features, segments[s], s);
  }

  std::sort(edge.segments.begin(), edge.segments.end());
  if (const auto twice = std::adjacent_find(edge.segments.begin(), edge.segments.end());
      twice != edge.segments.end()) {
    throw Error(label + " lists segment " + std::to_string(*twice) + " twice");
  }
  if (distance) {
    edge.reference = medoidSegment(edge.segments, *distance);
  } else {
    // Only the members' pairs are computed (m x m, indexed by position in the edge).
    const int m = static_cast<int>(edge.segments.size());
    Eigen::MatrixXd local = Eigen::MatrixXd::Zero(m, m);
    for (int a = 0; a < m; ++a) {
      for (int b = a + 1; b < m; ++b) {
        local(a, b) = local(b, a) = symmetricSegmentDistance(
            features, segments[edge.segments[a]], segments[edge.segments[b]]);
      }
    }
    edge.reference = edge.segments[medoidPosition(m, [&](int a, int b) { return local(a, b); })];
  }

  const Segment& ref = segments[edge.reference];
  edge.warps.clear();
  for (int s : edge.segments) {
    if (s == edge.reference) {
      edge.warps.push_back(WarpMap::identity(ref.frameCount()));
      continue;
    }
    DtwResult r = segmentDtw(features, ref, segments[s]);
    // Half a frame of tolerance removes the DTW staircase without moving any frame's match
    // by more than that.
    edge.warps.push_back(r.feasible ? r.map.simplified(kWarpToleranceFrames)
                                    : linearMap(ref.frameCount(), segments[s].frameCount()));
  }
}

bool fatEdgeNeedsWarps(const FatEdge& edge) {
  if (edge.warps.size() != edge.segments.size()) return true;
  if (std::find(edge.segments.begin(), edge.segments.end(), edge.reference) == edge.segments.end()) {
    return true;
  }
  return std::any_of(edge.warps.begin(), edge.warps.end(),
                     [](const WarpMap& w) { return w.empty(); });
}

int refreshFatEdges(const PoseFeatures& features, const std::vector<Segment>& segments,
                    std::vector<FatEdge>& edges, const Eigen::MatrixXd* distance) {
  int refreshed = 0;
  for (FatEdge& e : edges) {
    if (!fatEdgeNeedsWarps(e)) continue;
    computeEdgeWarps(features, segments, e, distance);
    ++refreshed;
  }
  return refreshed;
}

}  // namespace fatgraph
