#pragma once
// A time correspondence between two segments (DTW result, Fat Graph eq. 1 and 2): a strictly
// increasing piecewise-linear map from frame times of segment M to frame times of segment M'.
// Strict monotonicity keeps dF/dT finite and positive, which eq. 2 (the run-time clock)
// divides by; a raw DTW step path (slopes 0 and infinity) would break it.
#include <string>
#include <vector>

namespace fatgraph {

struct WarpMap {
  std::vector<double> from;  // knot times in M (frames from M's first frame), strictly increasing
  std::vector<double> to;    // knot times in M', strictly increasing, same length

  bool empty() const { return from.empty(); }
  /// M' time for M time t (clamped to the ends).
  double map(double t) const;
  /// M time for M' time u (clamped to the ends).
  double inverse(double u) const;
  /// dF/dt at t (the slope of the piece containing t).
  double slope(double t) const;
  /// The map with the fewest knots that stays within `toleranceFrames` of this one (in M'
  /// time) at every knot: a DTW path's alternating slopes (1, 2, 1, 2 for a 1.5x stretch)
  /// become one straight piece, so the run-time clock of eq. 2 does not stutter. The ends are
  /// kept and the result stays strictly increasing (its knots are a subset of these).
  WarpMap simplified(double toleranceFrames) const;
  /// The identity map over [0, frames - 1].
  static WarpMap identity(int frames);
  /// Empty string when strictly increasing with matching lengths, else what is wrong.
  std::string validate() const;
};

}  // namespace fatgraph
