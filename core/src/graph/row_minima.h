#pragma once
// The local-minimum rule shared by the streaming scan and the exact per-row match sets, so
// both count the same frames.
#include <algorithm>
#include <cmath>

namespace fatgraph::detail {

/// True when column j is a local minimum of a row: finite, both immediate neighbours in the
/// same clip [clipFirst, clipLast] and finite, strictly below every value in [j - radius, j)
/// and not above any value in (j, j + radius] (a plateau counts once, at its left end).
/// `tolerance` (>= 0, in the values' units) makes values that close count as equal: rows computed
/// by different sums of the same terms then agree on which frame of a flat stretch is its minimum.
template <typename Value>
bool isLocalMinimum(const Value& value, int j, int clipFirst, int clipLast, int radius,
                    double tolerance = 0.0) {
  if (j - 1 < clipFirst || j + 1 > clipLast) return false;
  const double v = value(j);
  if (!std::isfinite(v)) return false;
  if (!std::isfinite(static_cast<double>(value(j - 1))) ||
      !std::isfinite(static_cast<double>(value(j + 1)))) {
    return false;
  }
  for (int m = std::max(clipFirst, j - radius); m < j; ++m) {
    if (!(v < value(m) - tolerance)) return false;
  }
  for (int m = j + 1; m <= std::min(clipLast, j + radius); ++m) {
    if (!(v <= value(m) + tolerance)) return false;
  }
  return true;
}

/// Neighbourhood radius of the minimum rule for a window of k frames.
inline int minimumRadius(int window) { return std::max(1, window / 2); }

}  // namespace fatgraph::detail
