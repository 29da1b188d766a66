#pragma once
// Order statistics of a sample: the medians and percentiles core's analyses read off their
// measurements (floors of feet and clips, typical pose changes, skates, parameter errors). One
// home, so that two figures that say "median" or "95th percentile" mean the same thing, and
// where they differ on purpose the name says how.
//
// The sample is passed by value (the functions partially sort their own copy; move a vector in
// when it is no longer needed). Every function returns 0 for an empty sample. NaN values make
// the order undefined, as in std::sort: callers pass finite values. Fractions are clamped to
// [0, 1]. With n values sorted ascending as v[0..n-1], where they differ:
//   - median: the middle value, or the mean of the two middle ones when n is even;
//   - medianHigh: the middle value, or the upper of the two (always one of the values);
//   - percentile(f): linear interpolation at rank f (n - 1) (numpy's default, "linear");
//   - percentileLower(f): v[floor(f (n - 1))], the value at or below that rank ("lower");
//   - percentileNearestRank(f): v[ceil(f n) - 1], the smallest value with at least a fraction f
//     of the sample at or below it (the nearest-rank definition; "inverted_cdf").
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace fatgraph {

/// The k-th smallest value (k from 0; clamped to the last): a partial sort, O(n).
inline double orderStatistic(std::vector<double> values, std::size_t k) {
  if (values.empty()) return 0.0;
  k = std::min(k, values.size() - 1);
  const auto at = values.begin() + static_cast<std::ptrdiff_t>(k);
  std::nth_element(values.begin(), at, values.end());
  return *at;
}

/// The median; for an even count the mean of the two middle values.
inline double median(std::vector<double> values) {
  const std::size_t n = values.size();
  if (n == 0) return 0.0;
  const auto upper = values.begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(values.begin(), upper, values.end());
  if (n % 2) return *upper;
  // The lower middle is the largest value before the upper one once nth_element has run.
  const double lower = *std::max_element(values.begin(), upper);
  return 0.5 * (lower + *upper);
}

/// The median as a value of the sample: for an even count the upper of the two middle values.
inline double medianHigh(std::vector<double> values) {
  const std::size_t middle = values.size() / 2;
  return orderStatistic(std::move(values), middle);
}

/// The percentile at `fraction` (0..1) by linear interpolation between the order statistics
/// around rank fraction (n - 1).
inline double percentile(std::vector<double> values, double fraction) {
  const std::size_t n = values.size();
  if (n == 0) return 0.0;
  std::sort(values.begin(), values.end());
  const double rank = std::clamp(fraction, 0.0, 1.0) * static_cast<double>(n - 1);
  const std::size_t below = static_cast<std::size_t>(std::floor(rank));
  const std::size_t above = std::min(below + 1, n - 1);
  return values[below] + (rank - static_cast<double>(below)) * (values[above] - values[below]);
}

/// The order statistic at or below rank fraction (n - 1): a value of the sample.
inline double percentileLower(std::vector<double> values, double fraction) {
  const std::size_t n = values.size();
  if (n == 0) return 0.0;
  const auto k = static_cast<std::size_t>(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(n - 1));
  return orderStatistic(std::move(values), k);
}

/// The nearest-rank percentile: the smallest value with at least `fraction` of the sample at or
/// below it (the first value for a fraction of 0).
inline double percentileNearestRank(std::vector<double> values, double fraction) {
  const std::size_t n = values.size();
  if (n == 0) return 0.0;
  const double rank = std::ceil(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(n)) - 1.0;
  const auto k = static_cast<std::size_t>(std::max(0.0, rank));
  return orderStatistic(std::move(values), k);
}

}  // namespace fatgraph
