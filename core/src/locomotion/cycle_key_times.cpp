// Key times of one leg's cycle (Johansen 4.7-4.12; docs/ALGORITHMS.md G) and its ground
// contacts. All searches run on the dense track in leg order: index j is leg cycle time j / K,
// j = 0 the stance sample, j = K the next stance.
#include <algorithm>
#include <cmath>

#include "cycle_analysis_detail.h"

namespace fatgraph::cycle {
namespace {

// One point's height (or the footbase) in leg order: index j is leg time j / K, defined for
// j in [-1, K + 1] through unwrappedAt.
struct LegSeries {
  const std::vector<Vec3>* dense = nullptr;
  int stance = 0;
  double floor = 0.0;
  int intervals() const { return static_cast<int>(dense->size()) - 1; }
  Vec3 point(int j) const { return unwrappedAt(*dense, static_cast<long>(stance) + j); }
  double height(int j) const { return point(j).y() - floor; }
  // Second difference (discrete curvature) of the height at j.
  double bend(int j) const { return height(j + 1) - 2.0 * height(j) + height(j - 1); }
};

// Heel-off / toe-off (forward) or heel-strike / toe-strike (backward), as in the thesis: follow
// the height from the stance until it has risen `threshold` above the lowest it has been since
// the stance, then take the sample of largest curvature (where the contact bends into the rise)
// on the way there. Two guards for real feet, which wobble by 2-3 cm while planted (a toe that
// sinks as it pivots, a heel that settles after landing, a foot that floats up before it
// moves): the rise is measured from that running minimum, and it counts only when it goes on
// to half the point's range without first falling back to the ground (otherwise the search
// resumes there). The curvature search starts shortly before the point last sat near the
// minimum, so that noise during a long stance cannot win. Returns the leg time, or -1 when
// there is no lift.
double liftSearch(const LegSeries& h, double threshold, double range, bool forward) {
  const int k = h.intervals();
  const int step = forward ? 1 : -1;
  const int begin = forward ? 0 : k;
  auto inside = [&](int j) { return forward ? j < k : j > 0; };
  int top = -1;
  double lowest = h.height(begin);
  for (int j = begin; inside(j) && top < 0;) {
    lowest = std::min(lowest, h.height(j));
    if (h.height(j) < lowest + threshold) {
      j += step;
      continue;
    }
    int i = j;
    while (inside(i) && h.height(i) < lowest + 0.5 * range &&
           h.height(i) > lowest + 0.25 * threshold) {
      i += step;
    }
    if (inside(i) && h.height(i) <= lowest + 0.25 * threshold) {
      j = i;  // it came back down: a wobble, not a lift
    } else {
      top = j;
    }
  }
  if (top < 0) return -1.0;
  int from = begin;
  for (int j = top - step; forward ? j >= 0 : j <= k; j -= step) {
    if (h.height(j) <= lowest + 0.25 * threshold) {
      from = j;
      break;
    }
  }
  // A smooth lift bends most right where it leaves the ground, which lies a little before the
  // point is back within that band: widen the window by 4 % of the cycle towards the stance.
  const int margin = std::max(1, k / 25);
  from = forward ? std::max(begin, from - margin) : std::min(begin, from + margin);
  int best = from;
  for (int j = from; j != top; j += step) {
    if (h.bend(j) > h.bend(best)) best = j;
  }
  return static_cast<double>(best) / k;
}

// Linear-speed-end (forward) / -begin (backward): while the foot is planted, the ground slides
// under the character at a constant velocity, so the footbase's horizontal velocity stays at
// its stance value; the first sample where it departs by more than `deviation` * stance speed
// (plus a small floor for feet that barely move) ends the linear part. Nothing found returns
// 1 (forward) or 0 (backward), so the min / max of 4.7 and 4.10 drop it.
double linearSpeedSearch(const LegSeries& footbase, double deviation, double speedFloor,
                         bool forward) {
  const int k = footbase.intervals();
  auto at = [&](int j) -> Vec3 {  // on the floor
    Vec3 p = footbase.point(j);
    p.y() = 0.0;
    return p;
  };
  auto velocity = [&](int j) -> Vec3 { return (at(j + 1) - at(j - 1)) * (0.5 * k); };  // per cycle
  const int half = std::max(1, k / 25);
  const Vec3 stanceVelocity = (at(half) - at(-half)) * (static_cast<double>(k) / (2 * half));
  const double limit = deviation * stanceVelocity.norm() + speedFloor;
  if (forward) {
    for (int j = 1; j < k; ++j) {
      if ((velocity(j) - stanceVelocity).norm() > limit) return static_cast<double>(j) / k;
    }
    return 1.0;
  }
  for (int j = k - 1; j > 0; --j) {
    if ((velocity(j) - stanceVelocity).norm() > limit) return static_cast<double>(j) / k;
  }
  return 0.0;
}

}  // namespace

bool findKeyTimes(const FootTrack& track, const LegDerived& d, double minLift,
                  const CycleAnalysisOptions& options, LegCycle& leg, std::string& problem) {
  const LegSeries heel{&track.heel, d.stanceSample, d.heelFloor};
  const LegSeries toe{&track.toe, d.stanceSample, d.toeFloor};
  const LegSeries footbase{&d.footbase, d.stanceSample, 0.0};
  // A point that rises less than minLift over the cycle has no lift to find.
  const bool heelLifts = d.heelRange >= minLift;
  const bool toeLifts = d.toeRange >= minLift;
  const double heelThreshold = options.liftThreshold * d.heelRange;
  const double toeThreshold = options.liftThreshold * d.toeRange;
  double heelOff = heelLifts ? liftSearch(heel, heelThreshold, d.heelRange, true) : -1.0;
  double toeOff = toeLifts ? liftSearch(toe, toeThreshold, d.toeRange, true) : -1.0;
  double heelStrike = heelLifts ? liftSearch(heel, heelThreshold, d.heelRange, false) : -1.0;
  double toeStrike = toeLifts ? liftSearch(toe, toeThreshold, d.toeRange, false) : -1.0;
  if ((heelOff < 0 && toeOff < 0) || (heelStrike < 0 && toeStrike < 0)) {
    problem = "leg " + leg.name + " never lifts off the ground";
    return false;
  }
  // A point that does not lift follows the other one (it then adds nothing to min / max).
  if (heelOff < 0) heelOff = toeOff;
  if (toeOff < 0) toeOff = heelOff;
  if (heelStrike < 0) heelStrike = toeStrike;
  if (toeStrike < 0) toeStrike = heelStrike;

  const double speedFloor = 0.25 * leg.footLength;  // metres per cycle
  LegKeyTimes& t = leg.keys;
  t.heelOff = heelOff;
  t.toeOff = toeOff;
  t.heelStrike = heelStrike;
  t.toeStrike = toeStrike;
  t.linearSpeedEnd = linearSpeedSearch(footbase, options.linearSpeedDeviation, speedFloor, true);
  t.linearSpeedBegin = linearSpeedSearch(footbase, options.linearSpeedDeviation, speedFloor, false);
  // 4.7-4.9; foot-off is also capped at linear-speed-end so that 4.13 never measures swing.
  t.footLift = std::min({t.heelOff, t.toeOff, t.linearSpeedEnd});
  t.footOff = std::min(std::max(t.heelOff, t.toeOff), t.linearSpeedEnd);
  t.postFootLift = std::min(1.0, std::max(t.footLift + options.minFootRoll, t.footOff));
  // 4.10-4.12, mirrored; foot-strike is raised to linear-speed-begin for the same reason.
  t.footLand = std::max({t.heelStrike, t.toeStrike, t.linearSpeedBegin});
  t.footStrike = std::max(std::min(t.heelStrike, t.toeStrike), t.linearSpeedBegin);
  t.preFootLand = std::max(0.0, std::min(t.footLand - options.minFootRoll, t.footStrike));
  return true;
}

int countStances(const FootTrack& track, const LegDerived& d) {
  // A contact is a stretch where the foot as a whole is down: the mean of the heel's and the
  // toe's heights (each above its own lowest) falls under 25 % of its highest, and it ends only
  // above 50 %. The mean, because real feet keep one end low through much of the swing (a toe
  // pivoting at push-off, a heel landing long before the toe); the wide hysteresis, because
  // that end then settles slowly. A contact starts only where the footbase moves over the
  // ground slower than its mean over the cycle: a run's swing kicks the toe down close to the
  // floor while the foot flies forward (the knight's, its toe 7 cm up while its heel is half
  // way up the swing), which height alone takes for a second contact.
  const int k = track.intervals();
  // Steps over the ground, not in the character's frame, where a planted foot moves back at
  // the travel's speed: relative to the footbase's step at the stance time (4.2).
  auto rawStep = [&](int i) -> Vec3 { return unwrappedAt(d.footbase, i + 1) - unwrappedAt(d.footbase, i); };
  const Vec3 stanceStep = (rawStep(d.stanceSample - 1) + rawStep(d.stanceSample)) / 2.0;
  auto groundStep = [&](int i) {
    const Vec3 step = rawStep(i) - stanceStep;
    return std::hypot(step.x(), step.z());
  };
  double meanStep = 0;
  for (int i = 0; i < k; ++i) meanStep += groundStep(i) / k;
  std::vector<double> mean(k);
  for (int i = 0; i < k; ++i) {
    mean[i] = 0.5 * (track.heel[i].y() - d.heelFloor + track.toe[i].y() - d.toeFloor);
  }
  const int start = static_cast<int>(std::max_element(mean.begin(), mean.end()) - mean.begin());
  const double top = mean[start];
  if (top <= 1e-9) return 1;
  // Walk once around the cycle from the highest sample, which is certainly in the air.
  bool onGround = false;
  int contacts = 0;
  for (int step = 1; step <= k; ++step) {
    const int i = (start + step) % k;
    const double h = mean[i];
    const bool slow = std::min(groundStep(i), groundStep((i + k - 1) % k)) <= meanStep;
    if (!onGround && h <= 0.25 * top && slow) {
      onGround = true;
      ++contacts;
    } else if (onGround && h >= 0.5 * top) {
      onGround = false;
    }
  }
  return contacts;
}

}  // namespace fatgraph::cycle
