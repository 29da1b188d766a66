#pragma once
// Segment distances kept only where clustering can use them (Fat Graph §3.2): two segments
// are ever compared only when they share their start and end hubs, so the distances are held
// per hub-to-hub group, one value per pair of its members. Memory grows with the sum of m_g^2
// over the groups instead of with the square of the segment count: ten hours of capture cut
// into 50,000 segments over a few hundred groups hold megabytes, not the 20 GB of a dense
// matrix on every process.
#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "fatgraph/core/graph/segment.h"

namespace fatgraph {

/// The hub-to-hub groups of a segment list and one symmetric distance (m^2) per pair of
/// members of the same group. A group is every segment with the same (fromHub, toHub), both
/// >= 0; groups are ordered by (fromHub, toHub) and their members ascend. Segments with a hub
/// of -1 belong to no group. Each group's pairs are its strict upper triangle, row by row:
/// (0,1), (0,2), ..., (0,m-1), (1,2), ... by position in the group.
class GroupedSegmentDistances {
 public:
  GroupedSegmentDistances() = default;
  /// The groups of `segments`, every pair +inf (not measured yet).
  explicit GroupedSegmentDistances(const std::vector<Segment>& segments);
  /// From a dense n x n matrix over `segments` (project format 2 and small hand-made tests):
  /// each pair takes the larger of its two directions (NaN when either is); values across
  /// groups are dropped.
  /// Throws Error when the matrix is not n x n.
  static GroupedSegmentDistances fromDense(const std::vector<Segment>& segments, const Eigen::MatrixXd& dense);

  int segmentCount() const { return static_cast<int>(groupOf_.size()); }
  bool empty() const { return groupOf_.empty(); }
  int groupCount() const { return static_cast<int>(hubs_.size()); }
  /// The group of segment `s`, or -1 (a hub of -1).
  int groupOf(int s) const { return groupOf_[static_cast<size_t>(s)]; }
  /// The position of segment `s` among its group's members (-1 with no group).
  int positionOf(int s) const { return positionOf_[static_cast<size_t>(s)]; }
  std::pair<int, int> hubs(int group) const { return hubs_[static_cast<size_t>(group)]; }
  std::span<const int> members(int group) const;

  /// The distance of segments a and b: 0 when a == b, +inf when they are in different groups
  /// (or either has no group).
  double operator()(int a, int b) const;
  /// The distance of the members at positions pa and pb of `group` (0 when pa == pb).
  double pair(int group, int pa, int pb) const;
  void setPair(int group, int pa, int pb, double value);
  /// Sets the distance of segments a and b; throws Error when they are not in one group.
  void set(int a, int b, double value);

  /// Every group's pairs, group after group (the project file's segment_pair_distances).
  const std::vector<double>& pairValues() const { return pairs_; }
  /// Replaces all pair values at once; throws Error when the count differs from pairCount().
  void setPairValues(std::vector<double> values);
  /// The pair values to fill in place, in pairValues() order (+inf until filled): the DTW
  /// stage writes into them rather than into a second copy, which at ten hours is 1.1 GB.
  std::span<double> pairValuesToFill() { return pairs_; }
  size_t pairCount() const { return pairs_.size(); }
  /// Where group g's pairs start in pairValues().
  size_t pairOffset(int group) const { return pairStart_[static_cast<size_t>(group)]; }
  /// Group g's members are memberList()[memberOffsets()[g] .. memberOffsets()[g + 1]).
  const std::vector<int>& memberOffsets() const { return memberStart_; }
  const std::vector<int>& memberList() const { return members_; }

  /// The bytes the distances and their index hold.
  size_t heldBytes() const;
  /// Empty when these are the groups of `segments`, else what differs (for error messages).
  std::string mismatch(const std::vector<Segment>& segments) const;
  /// The dense n x n form: 0 on the diagonal, +inf across groups (small graphs and tests).
  Eigen::MatrixXd dense() const;

  bool operator==(const GroupedSegmentDistances&) const = default;

 private:
  struct Grouping {
    std::vector<std::pair<int, int>> hubs;
    std::vector<int> memberStart{0};
    std::vector<int> members;
  };
  static Grouping grouping(const std::vector<Segment>& segments);
  static size_t pairIndex(int m, int pa, int pb);

  std::vector<std::pair<int, int>> hubs_;  // per group
  std::vector<int> memberStart_{0};  // groupCount() + 1
  std::vector<int> members_;
  std::vector<size_t> pairStart_{0};  // groupCount() + 1
  std::vector<double> pairs_;
  std::vector<int> groupOf_, positionOf_;  // per segment
};

}  // namespace fatgraph
