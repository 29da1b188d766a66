#include "fatgraph/core/graph/warp_map.h"

#include <algorithm>
#include <cmath>

namespace fatgraph {

namespace {

// Index of the piece [k, k + 1] of `knots` that contains v (v clamped to the knot range).
// Exactly at an interior knot the piece starting there is returned.
size_t pieceOf(const std::vector<double>& knots, double v) {
  if (knots.size() < 2) return 0;
  const auto it = std::upper_bound(knots.begin(), knots.end(), v);
  const size_t k = it == knots.begin() ? 0 : static_cast<size_t>(it - knots.begin()) - 1;
  return std::min(k, knots.size() - 2);
}

double interpolate(const std::vector<double>& xs, const std::vector<double>& ys, double v) {
  if (xs.empty()) return v;
  if (xs.size() == 1 || v <= xs.front()) return ys.front();
  if (v >= xs.back()) return ys.back();
  const size_t k = pieceOf(xs, v);
  const double s = (v - xs[k]) / (xs[k + 1] - xs[k]);
  return ys[k] + s * (ys[k + 1] - ys[k]);
}

}  // namespace

double WarpMap::map(double t) const { return interpolate(from, to, t); }

double WarpMap::inverse(double u) const { return interpolate(to, from, u); }

double WarpMap::slope(double t) const {
  // Outside the knot range the slope of the end piece is returned (not 0): the run-time clock
  // divides by it, and a clamped end is only ever reached at the last frame.
  if (from.size() < 2) return 1.0;
  const size_t k = pieceOf(from, t);
  return (to[k + 1] - to[k]) / (from[k + 1] - from[k]);
}

WarpMap WarpMap::simplified(double toleranceFrames) const {
  const size_t n = from.size();
  if (n <= 2) return *this;
  // Douglas-Peucker on the polyline (from, to), measuring the vertical (M' time) distance of
  // each dropped knot from the chord that replaces it.
  std::vector<char> keep(n, 0);
  keep.front() = keep.back() = 1;
  std::vector<std::pair<size_t, size_t>> stack = {{0, n - 1}};
  while (!stack.empty()) {
    const auto [a, b] = stack.back();
    stack.pop_back();
    double worst = -1.0;
    size_t worstAt = a;
    for (size_t k = a + 1; k < b; ++k) {
      const double u = (from[k] - from[a]) / (from[b] - from[a]);
      const double chord = to[a] + u * (to[b] - to[a]);
      const double d = std::abs(to[k] - chord);
      if (d > worst) {
        worst = d;
        worstAt = k;
      }
    }
    if (worst > toleranceFrames) {
      keep[worstAt] = 1;
      stack.push_back({a, worstAt});
      stack.push_back({worstAt, b});
    }
  }
  WarpMap out;
  for (size_t k = 0; k < n; ++k) {
    if (!keep[k]) continue;
    out.from.push_back(from[k]);
    out.to.push_back(to[k]);
  }
  return out;
}

WarpMap WarpMap::identity(int frames) {
  WarpMap m;
  if (frames <= 0) return m;
  m.from.push_back(0.0);
  m.to.push_back(0.0);
  if (frames > 1) {
    m.from.push_back(frames - 1.0);
    m.to.push_back(frames - 1.0);
  }
  return m;
}

std::string WarpMap::validate() const {
  if (from.size() != to.size()) {
    return "warp map has " + std::to_string(from.size()) + " knot times in M but " +
           std::to_string(to.size()) + " in M'";
  }
  if (from.empty()) return "warp map has no knots";
  for (size_t k = 0; k < from.size(); ++k) {
    if (!std::isfinite(from[k]) || !std::isfinite(to[k])) {
      return "warp map knot " + std::to_string(k) + " is not finite";
    }
    if (k > 0 && !(from[k] > from[k - 1])) {
      return "warp map knot times in M are not strictly increasing at knot " + std::to_string(k);
    }
    if (k > 0 && !(to[k] > to[k - 1])) {
      return "warp map knot times in M' are not strictly increasing at knot " + std::to_string(k);
    }
  }
  return {};
}

}  // namespace fatgraph
