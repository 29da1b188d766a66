#include "fatgraph/core/graph/fat_edge_clustering.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdint>
#include <span>
#include <tuple>
#include <utility>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/segment_distances.h"

namespace fatgraph {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Agglomerative clustering of group g of `distance` (its members ascend).
// Each live set a keeps its nearest later set near[a] (smallest linkage distance over live
// b > a, ties to the smallest b), so that finding the next merge is a scan over the sets
// rather than over all pairs: O(m^2) overall instead of O(m^3). The merge chosen is the same
// as a scan over all pairs a < b with a strict comparison would choose: the smallest
// distance, ties to the smallest a, then the smallest b.
std::vector<std::vector<int>> clusterGroup(const GroupedSegmentDistances& distance, int g, double limit,
                                           Linkage linkage) {
  const std::span<const int> members = distance.members(g);
  const int m = static_cast<int>(members.size());
  std::vector<std::vector<int>> sets;
  for (int s : members) sets.push_back({s});
  Eigen::MatrixXd link(m, m);
  for (int b = 0; b < m; ++b) {
    for (int a = 0; a < m; ++a) link(a, b) = distance.pair(g, a, b);
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

namespace {

void checkClusteringInput(const std::vector<Segment>& segments, const GroupedSegmentDistances& distance,
                          double thresholdRms) {
  if (!std::isfinite(thresholdRms) || thresholdRms < 0.0) {
    throw Error("fat edge clustering: threshold " + std::to_string(thresholdRms) +
                " m is not a finite distance >= 0");
  }
  for (size_t i = 0; i < segments.size(); ++i) {
    const Segment& s = segments[i];
    if (s.fromHub < 0 || s.toHub < 0) {
      throw Error("fat edge clustering: segment " + std::to_string(i) + " (clip " +
                  std::to_string(s.clip) + " frames " + std::to_string(s.first) + ".." +
                  std::to_string(s.last) +
                  ") has no start or end hub; entry and exit pieces never join fat edges");
    }
  }
  if (const std::string m = distance.mismatch(segments); !m.empty()) {
    throw Error("fat edge clustering: the segment distances do not fit the segments (" + m + ")");
  }
  for (int g = 0; g < distance.groupCount(); ++g) {
    const std::span<const int> members = distance.members(g);
    for (size_t a = 0; a < members.size(); ++a) {
      for (size_t b = a + 1; b < members.size(); ++b) {
        if (std::isnan(distance.pair(g, static_cast<int>(a), static_cast<int>(b)))) {
          throw Error("fat edge clustering: distance between segments " + std::to_string(members[a]) + " and " +
                      std::to_string(members[b]) + " is NaN");
        }
      }
    }
  }
}

// Group g's fat edges, ordered by their first segment, with their references; not named.
std::vector<FatEdge> groupFatEdges(const GroupedSegmentDistances& distance, int g, double limit, Linkage linkage) {
  std::vector<FatEdge> edges;
  for (std::vector<int>& set : clusterGroup(distance, g, limit, linkage)) {
    FatEdge e;
    std::tie(e.fromHub, e.toHub) = distance.hubs(g);
    e.segments = std::move(set);
    e.reference = medoidSegment(e.segments, distance);
    edges.push_back(std::move(e));
  }
  return edges;
}

void nameInOrder(std::vector<FatEdge>& edges) {
  for (size_t k = 0; k < edges.size(); ++k) edges[k].name = "edge" + std::to_string(k);
}

template <typename T>
void appendVector(ItemBytes& out, const std::vector<T>& v) {
  appendValue(out, static_cast<std::int64_t>(v.size()));
  appendBytes(out, v.data(), v.size() * sizeof(T));
}

template <typename T>
std::vector<T> readVector(ItemReader& in) {
  std::vector<T> v(static_cast<size_t>(in.value<std::int64_t>()));
  in.read(v.data(), v.size() * sizeof(T));
  return v;
}

// One group's edges with their warps, as a process hands them to the others.
void appendGroupEdges(ItemBytes& out, const std::vector<FatEdge>& edges) {
  appendValue(out, static_cast<std::int64_t>(edges.size()));
  for (const FatEdge& e : edges) {
    appendValue(out, e.reference);
    appendVector(out, e.segments);
    for (const WarpMap& w : e.warps) {
      appendVector(out, w.from);
      appendVector(out, w.to);
    }
  }
}

std::vector<FatEdge> readGroupEdges(ItemReader& in, std::pair<int, int> hubs) {
  std::vector<FatEdge> edges(static_cast<size_t>(in.value<std::int64_t>()));
  for (FatEdge& e : edges) {
    std::tie(e.fromHub, e.toHub) = hubs;
    e.reference = in.value<int>();
    e.segments = readVector<int>(in);
    e.warps.resize(e.segments.size());
    for (WarpMap& w : e.warps) {
      w.from = readVector<double>(in);
      w.to = readVector<double>(in);
    }
  }
  return edges;
}

}  // namespace

std::vector<FatEdge> clusterFatEdges(const std::vector<Segment>& segments,
                                     const GroupedSegmentDistances& distance, double thresholdRms,
                                     Linkage linkage) {
  checkClusteringInput(segments, distance, thresholdRms);
  const double limit = thresholdRms * thresholdRms;
  std::vector<FatEdge> edges;
  for (int g = 0; g < distance.groupCount(); ++g) {  // ascending (fromHub, toHub)
    for (FatEdge& e : groupFatEdges(distance, g, limit, linkage)) edges.push_back(std::move(e));
  }
  nameInOrder(edges);
  return edges;
}

std::vector<FatEdge> buildFatEdges(const PoseFeatures& features, const std::vector<Segment>& segments,
                                   const GroupedSegmentDistances& distance, double thresholdRms, Linkage linkage,
                                   WorkSpread* spread) {
  if (!spread) {
    std::vector<FatEdge> edges = clusterFatEdges(segments, distance, thresholdRms, linkage);
    refreshFatEdges(features, segments, edges, &distance);
    return edges;
  }
  checkClusteringInput(segments, distance, thresholdRms);
  const double limit = thresholdRms * thresholdRms;
  // A group's cost: its clustering (m^2 linkage entries, each merge a scan of them) and the
  // DTW of every member against its reference (about its length squared).
  std::vector<double> costs(static_cast<size_t>(distance.groupCount()));
  for (int g = 0; g < distance.groupCount(); ++g) {
    const double m = static_cast<double>(distance.members(g).size());
    costs[g] = m * m;
    for (int s : distance.members(g)) costs[g] += double(segments[s].frameCount()) * segments[s].frameCount();
  }
  uint64_t inputs = hashVector(distance.pairValues(), hashVector(distance.memberList()));
  inputs = hashBytes(&thresholdRms, sizeof thresholdRms, hashBytes(&linkage, sizeof linkage, inputs));
  const std::vector<ItemShare> shares = spread->spread("fat edges", costs, [&](const std::vector<int>& groups) {
    ItemBytes bytes;
    for (int g : groups) {
      std::vector<FatEdge> edges = groupFatEdges(distance, g, limit, linkage);
      for (FatEdge& e : edges) computeEdgeWarps(features, segments, e, &distance);
      appendGroupEdges(bytes, edges);
    }
    return bytes;
  }, ItemSplit::Balanced, inputs);
  std::vector<std::vector<FatEdge>> byGroup(costs.size());
  for (size_t p = 0; p < shares.size(); ++p) {
    ItemReader in(shares[p].bytes, "fat edges of process " + std::to_string(p));
    for (int g : shares[p].items) byGroup[static_cast<size_t>(g)] = readGroupEdges(in, distance.hubs(g));
  }
  std::vector<FatEdge> edges;
  for (std::vector<FatEdge>& group : byGroup) {
    for (FatEdge& e : group) edges.push_back(std::move(e));
  }
  nameInOrder(edges);
  return edges;
}

int medoidSegment(const std::vector<int>& members, const GroupedSegmentDistances& distance) {
  std::vector<int> sorted = members;  // ties go to the lowest segment index
  std::sort(sorted.begin(), sorted.end());
  const int k = medoidPosition(static_cast<int>(sorted.size()), [&](int a, int b) {
    return distance(sorted[a], sorted[b]);
  });
  return k < 0 ? -1 : sorted[k];
}

void computeEdgeWarps(const PoseFeatures& features, const std::vector<Segment>& segments,
                      FatEdge& edge, const GroupedSegmentDistances* distance) {
  const int n = static_cast<int>(segments.size());
  const std::string label = "fat edge '" + edge.name + "'";
  if (edge.segments.empty()) throw Error(label + " has no segments");
  if (distance && distance->segmentCount() != n) {
    throw Error(label + ": distances for " + std::to_string(distance->segmentCount()) + " segments, " +
                std::to_string(n) + " segments given");
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
                    std::vector<FatEdge>& edges, const GroupedSegmentDistances* distance) {
  int refreshed = 0;
  for (FatEdge& e : edges) {
    if (!fatEdgeNeedsWarps(e)) continue;
    computeEdgeWarps(features, segments, e, distance);
    ++refreshed;
  }
  return refreshed;
}

}  // namespace fatgraph
