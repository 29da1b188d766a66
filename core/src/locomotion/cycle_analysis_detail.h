#pragma once
// Internals of the cycle analysis (cycle_analysis.h): the dense per-leg tracks the key times
// are searched on, and the per-leg steps split over cycle_key_times.cpp and
// cycle_footbase.cpp.
#include <cmath>
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/footbase.h"

namespace fatgraph::cycle {

/// Wraps a cycle time into [0, 1).
inline double cyclic(double t) {
  const double w = t - std::floor(t);
  return w >= 1.0 ? 0.0 : w;
}

/// One leg's heel and toe over the cycle at K + 1 evenly spaced cycle times k / K (entry K is
/// the cycle's last frame, i.e. the next cycle's start), character space.
struct FootTrack {
  std::vector<Vec3> heel, toe;
  int intervals() const { return static_cast<int>(heel.size()) - 1; }  // K
};

/// What the dense analysis of one leg derives before the per-cycle averages are known.
struct LegDerived {
  double heelFloor = 0, toeFloor = 0;  // each point's lowest height over the cycle
  double heelRange = 0, toeRange = 0;  // and how far it rises above that
  double lowest = 0;                   // lowest of both points above the common floor
  int stanceSample = 0;                // dense index of the stance time
  std::vector<Vec3> footbase;          // dense, K + 1 entries
};

/// Dense value at any integer index, continued past the cycle's ends by whole cycles. A clip's
/// cycle is never exactly periodic: the last frame's point differs a little from the first's,
/// and a plain wrap-around would show that seam as a jump the searches take for a lift. Each
/// wrap therefore carries the seam (entry K - entry 0), keeping the track continuous.
inline Vec3 unwrappedAt(const std::vector<Vec3>& dense, long i) {
  const long k = static_cast<long>(dense.size()) - 1;
  const long wraps = (i >= 0 ? i : i - k + 1) / k;  // floor(i / k)
  return dense[i - wraps * k] + static_cast<double>(wraps) * (dense[k] - dense[0]);
}

/// unwrappedAt at a fractional cycle time t (any real), linear between samples.
inline Vec3 sampleUnwrapped(const std::vector<Vec3>& dense, double t) {
  const double x = t * (static_cast<double>(dense.size()) - 1.0);
  const double i = std::floor(x);
  const double u = x - i;
  const long n = static_cast<long>(i);
  return unwrappedAt(dense, n) * (1.0 - u) + unwrappedAt(dense, n + 1) * u;
}

/// 4.5, balance of one sample from the heel's and toe's heights above their lowest: the
/// runtime's footBalance (footbase.h), so the analysis and the leg layer weigh a foot alike. A
/// foot without length counts as 1 m long.
inline double balanceOf(double heelHeight, double toeHeight, double footLength, double alpha) {
  const double len = footLength > 1e-9 ? footLength : 1.0;
  return footBalance(static_cast<float>(heelHeight), static_cast<float>(toeHeight),
                     static_cast<float>(len), static_cast<float>(alpha));
}

/// Corrected 4.6, the runtime's footbase (footbase.h): the footbase's heel end, taken from
/// whichever end of the foot is lower. Computed relative to the heel, so the float formula
/// loses nothing of the heel's position.
inline Vec3 footbaseOf(const Vec3& heel, const Vec3& toe, const Vec3& footDirection,
                       double balance) {
  return heel + toEigenDouble(footbase(Float3{}, toFloat3(toe - heel), toFloat3(footDirection),
                                       static_cast<float>(balance)));
}

/// Movement axis, stance time (4.1, 4.2), foot direction (4.3, 4.4), balance and footbase
/// (4.5, 4.6) on the dense track; fills leg.movementAxis, stanceTime, stancePosition,
/// footDirection, footLength and `derived`.
void analyzeStance(const FootTrack& track, double legFootLength,
                   const CycleAnalysisOptions& options, LegCycle& leg, LegDerived& derived);

/// Key times (4.7-4.12 with the caps of docs/ALGORITHMS.md G); false with `problem` set when
/// the foot never lifts off.
bool findKeyTimes(const FootTrack& track, const LegDerived& derived, double minLift,
                  const CycleAnalysisOptions& options, LegCycle& leg, std::string& problem);

/// Separate ground contacts within the cycle (hysteresis on the foot's mean height).
int countStances(const FootTrack& track, const LegDerived& derived);

/// Stride displacement, length and direction (4.13-4.15), and the duty factor. `turn`: the
/// character frame's heading change over the cycle (radians).
void measureStride(const LegDerived& derived, double turn, LegCycle& leg);

/// The output samples of one leg (heel, toe, middle, balance, footbase) from the heel and toe
/// at the output sample times; needs analyzeStance's results.
void fillOutputSamples(const std::vector<Vec3>& heel, const std::vector<Vec3>& toe,
                       const LegDerived& derived, const CycleAnalysisOptions& options,
                       LegCycle& leg);

/// 4.19-4.21 for one leg once the cycle distance and direction are known.
void normalizeFootbase(double cycleDistance, const Vec3& cycleDirection, LegCycle& leg);

}  // namespace fatgraph::cycle
