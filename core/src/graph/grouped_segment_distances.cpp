#include "fatgraph/core/graph/grouped_segment_distances.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <span>

#include "fatgraph/core/model/error.h"

namespace fatgraph {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

std::string segmentLabel(int s) { return "segment " + std::to_string(s); }
}  // namespace

GroupedSegmentDistances::Grouping GroupedSegmentDistances::grouping(const std::vector<Segment>& segments) {
  std::map<std::pair<int, int>, std::vector<int>> byHubs;  // ascending (fromHub, toHub)
  for (int s = 0; s < static_cast<int>(segments.size()); ++s) {
    if (segments[s].fromHub >= 0 && segments[s].toHub >= 0) byHubs[{segments[s].fromHub, segments[s].toHub}].push_back(s);
  }
  Grouping out;
  for (const auto& [hubs, members] : byHubs) {
    out.hubs.push_back(hubs);
    out.members.insert(out.members.end(), members.begin(), members.end());
    out.memberStart.push_back(static_cast<int>(out.members.size()));
  }
  return out;
}

GroupedSegmentDistances::GroupedSegmentDistances(const std::vector<Segment>& segments) {
  Grouping g = grouping(segments);
  hubs_ = std::move(g.hubs);
  memberStart_ = std::move(g.memberStart);
  members_ = std::move(g.members);
  groupOf_.assign(segments.size(), -1);
  positionOf_.assign(segments.size(), -1);
  for (int group = 0; group < groupCount(); ++group) {
    const std::span<const int> m = members(group);
    for (size_t k = 0; k < m.size(); ++k) {
      groupOf_[m[k]] = group;
      positionOf_[m[k]] = static_cast<int>(k);
    }
    pairStart_.push_back(pairStart_.back() + m.size() * (m.size() - 1) / 2);
  }
  pairs_.assign(pairStart_.back(), kInf);
}

GroupedSegmentDistances GroupedSegmentDistances::fromDense(const std::vector<Segment>& segments,
                                                           const Eigen::MatrixXd& dense) {
  const auto n = static_cast<Eigen::Index>(segments.size());
  if (dense.rows() != n || dense.cols() != n) {
    throw Error("segment distances: the matrix is " + std::to_string(dense.rows()) + " x " +
                std::to_string(dense.cols()) + " for " + std::to_string(n) + " segments");
  }
  GroupedSegmentDistances d(segments);
  for (int g = 0; g < d.groupCount(); ++g) {
    const std::span<const int> m = d.members(g);
    for (size_t a = 0; a < m.size(); ++a) {
      for (size_t b = a + 1; b < m.size(); ++b) {
        const double ab = dense(m[a], m[b]), ba = dense(m[b], m[a]);
        d.setPair(g, static_cast<int>(a), static_cast<int>(b), std::isnan(ab) || std::isnan(ba) ? ab + ba : std::max(ab, ba));
      }
    }
  }
  return d;
}

std::span<const int> GroupedSegmentDistances::members(int group) const {
  const auto g = static_cast<size_t>(group);
  return {members_.data() + memberStart_[g], static_cast<size_t>(memberStart_[g + 1] - memberStart_[g])};
}

size_t GroupedSegmentDistances::pairIndex(int m, int pa, int pb) {
  if (pa > pb) std::swap(pa, pb);
  // Rows 0 .. pa-1 of the strict upper triangle hold (m-1) + (m-2) + ... + (m-pa) pairs.
  return static_cast<size_t>(pa) * (2 * static_cast<size_t>(m) - pa - 1) / 2 + (pb - pa - 1);
}

double GroupedSegmentDistances::pair(int group, int pa, int pb) const {
  if (pa == pb) return 0.0;
  const auto g = static_cast<size_t>(group);
  const int m = static_cast<int>(memberStart_[g + 1] - memberStart_[g]);
  return pairs_[pairStart_[g] + pairIndex(m, pa, pb)];
}

void GroupedSegmentDistances::setPair(int group, int pa, int pb, double value) {
  const auto g = static_cast<size_t>(group);
  const int m = static_cast<int>(memberStart_[g + 1] - memberStart_[g]);
  if (pa == pb || pa < 0 || pb < 0 || pa >= m || pb >= m) {
    throw Error("segment distances: no pair (" + std::to_string(pa) + ", " + std::to_string(pb) + ") in a group of " +
                std::to_string(m));
  }
  pairs_[pairStart_[g] + pairIndex(m, pa, pb)] = value;
}

double GroupedSegmentDistances::operator()(int a, int b) const {
  if (a == b) return 0.0;
  const int g = groupOf(a);
  if (g < 0 || g != groupOf(b)) return kInf;
  return pair(g, positionOf(a), positionOf(b));
}

void GroupedSegmentDistances::set(int a, int b, double value) {
  const int n = segmentCount();
  if (a < 0 || b < 0 || a >= n || b >= n || groupOf(a) < 0 || groupOf(a) != groupOf(b)) {
    throw Error("segment distances: " + segmentLabel(a) + " and " + segmentLabel(b) +
                " do not share their hubs, so they have no distance");
  }
  setPair(groupOf(a), positionOf(a), positionOf(b), value);
}

void GroupedSegmentDistances::setPairValues(std::vector<double> values) {
  if (values.size() != pairs_.size()) {
    throw Error("segment distances: " + std::to_string(values.size()) + " pair values for " +
                std::to_string(pairs_.size()) + " pairs");
  }
  pairs_ = std::move(values);
}

size_t GroupedSegmentDistances::heldBytes() const {
  return hubs_.size() * sizeof(hubs_[0]) + memberStart_.size() * sizeof(memberStart_[0]) +
         members_.size() * sizeof(int) + pairStart_.size() * sizeof(size_t) + pairs_.size() * sizeof(double) +
         2 * groupOf_.size() * sizeof(int);
}

std::string GroupedSegmentDistances::mismatch(const std::vector<Segment>& segments) const {
  if (static_cast<int>(segments.size()) != segmentCount()) {
    return "distances for " + std::to_string(segmentCount()) + " segments, the graph has " +
           std::to_string(segments.size());
  }
  const Grouping expected = grouping(segments);  // the index alone: no second copy of the pairs
  if (expected.memberStart == memberStart_ && expected.members == members_ && expected.hubs == hubs_) return {};
  const int common = static_cast<int>(std::min(hubs_.size(), expected.hubs.size()));
  for (int g = 0; g < common; ++g) {
    const auto first = expected.members.begin() + expected.memberStart[g];
    const auto last = expected.members.begin() + expected.memberStart[g + 1];
    const std::span<const int> held = members(g);
    if (expected.hubs[g] != hubs(g) || !std::equal(first, last, held.begin(), held.end())) {
      return "group " + std::to_string(g) + " is not the segments from hub " + std::to_string(expected.hubs[g].first) +
             " to hub " + std::to_string(expected.hubs[g].second);
    }
  }
  return std::to_string(groupCount()) + " groups, the segments make " + std::to_string(expected.hubs.size());
}

Eigen::MatrixXd GroupedSegmentDistances::dense() const {
  const int n = segmentCount();
  Eigen::MatrixXd d = Eigen::MatrixXd::Constant(n, n, kInf);
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) d(a, b) = (*this)(a, b);
  }
  return d;
}

}  // namespace fatgraph
