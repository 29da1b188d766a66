// Movement axis, stance time, foot direction, balance, footbase, stride and the normalized
// footbase trajectory of one leg (Johansen 4.1-4.6, 4.13-4.15, 4.19-4.21; docs/ALGORITHMS.md G).
#include <algorithm>
#include <cmath>
#include <limits>

#include "cycle_analysis_detail.h"

namespace fatgraph::cycle {
namespace {

Vec3 flat(Vec3 v) {
  v.y() = 0.0;
  return v;
}

}  // namespace

void analyzeStance(const FootTrack& track, double legFootLength,
                   const CycleAnalysisOptions& options, LegCycle& leg, LegDerived& d) {
  const int k = track.intervals();
  d.heelFloor = d.toeFloor = std::numeric_limits<double>::infinity();
  double heelTop = -d.heelFloor, toeTop = -d.heelFloor;
  for (int i = 0; i < k; ++i) {
    d.heelFloor = std::min(d.heelFloor, track.heel[i].y());
    d.toeFloor = std::min(d.toeFloor, track.toe[i].y());
    heelTop = std::max(heelTop, track.heel[i].y());
    toeTop = std::max(toeTop, track.toe[i].y());
  }
  d.heelRange = heelTop - d.heelFloor;
  d.toeRange = toeTop - d.toeFloor;
  d.lowest = std::min(d.heelFloor, d.toeFloor);

  // 4.1 and the axis of figure 4.2: c the mean of the projected middle path, a the point
  // farthest from c, b the point farthest from a.
  std::vector<Vec3> middle(k);
  Vec3 c = Vec3::Zero();
  for (int i = 0; i < k; ++i) {
    middle[i] = flat(0.5 * (track.heel[i] + track.toe[i]));
    c += middle[i] / k;
  }
  auto farthest = [&](const Vec3& from) {
    int best = 0;
    for (int i = 1; i < k; ++i) {
      if ((middle[i] - from).squaredNorm() > (middle[best] - from).squaredNorm()) best = i;
    }
    return middle[best];
  };
  const Vec3 a = farthest(c);
  const Vec3 b = farthest(a);
  const double beta = (b - a).norm();
  leg.movementAxis = beta > 1e-9 ? Vec3((b - a) / beta) : Vec3::UnitZ();

  // 4.2: the foot is lowest and nearest the middle of its swing at the stance time. alpha is
  // the highest heel/toe height, beta the swing's extent; a degenerate term drops out.
  const double alpha = std::max(d.heelRange, d.toeRange);
  double bestCost = std::numeric_limits<double>::infinity();
  for (int i = 0; i < k; ++i) {
    const double height = std::max(track.heel[i].y() - d.heelFloor, track.toe[i].y() - d.toeFloor);
    double cost = alpha > 1e-9 ? height / alpha : 0.0;
    if (beta > 1e-9) cost += std::abs((middle[i] - c).dot(leg.movementAxis)) / beta;
    if (cost < bestCost) {
      bestCost = cost;
      d.stanceSample = i;
    }
  }
  leg.stanceTime = static_cast<double>(d.stanceSample) / k;

  // 4.3, 4.4: the heel -> toe direction on the floor at the stance, scaled to the foot length.
  const Vec3 along = flat(track.toe[d.stanceSample] - track.heel[d.stanceSample]);
  leg.footLength = legFootLength > 1e-9 ? legFootLength : along.norm();
  const Vec3 unit = along.norm() > 1e-9 ? Vec3(along.normalized()) : leg.movementAxis;
  leg.footDirection = unit * leg.footLength;

  d.footbase.resize(k + 1);
  for (int i = 0; i <= k; ++i) {
    const double balance = balanceOf(track.heel[i].y() - d.heelFloor, track.toe[i].y() - d.toeFloor,
                                     leg.footLength, options.balanceSharpness);
    d.footbase[i] = footbaseOf(track.heel[i], track.toe[i], leg.footDirection, balance);
  }
  leg.stancePosition = d.footbase[d.stanceSample];
}

void measureStride(const LegDerived& d, double turn, LegCycle& leg) {
  // 4.13-4.15 in character space: the footbase at foot-off minus at foot-strike, both taken at
  // motion time key + stance time. The strike (~0.8) lies before the stance and the off (~0.3)
  // after it, so the ground contact lasts cyclic(off - strike). Both are read on the unwrapped
  // track (strike one cycle back) so that a clip's imperfect periodicity does not enter.
  leg.dutyFactor = cyclic(leg.keys.footOff - leg.keys.footStrike);
  if (leg.dutyFactor <= 0.0) leg.dutyFactor = 1.0;  // strike == off: on the ground throughout
  const double strikeTime = leg.stanceTime + leg.keys.footStrike - 1.0;
  const double offTime = leg.stanceTime + leg.keys.footOff;
  leg.strideDisplacement =
      flat(sampleUnwrapped(d.footbase, offTime) - sampleUnwrapped(d.footbase, strikeTime));
  // The length is read over the inner 80 % of the contact: a key time a sample early or late
  // (the searches work on samples) would otherwise add a piece of swing, whose motion differs,
  // to the planted foot's; within the contact the footbase moves at the ground's speed, so
  // the ratio is the same quantity as 4.14.
  const double inset = 0.1 * leg.dutyFactor;
  const Vec3 from = flat(sampleUnwrapped(d.footbase, strikeTime + inset));
  const Vec3 to = flat(sampleUnwrapped(d.footbase, offTime - inset));
  const Vec3 inner = (to - from) / (leg.dutyFactor - 2.0 * inset);  // metres per cycle
  leg.strideLength = inner.norm();
  // 4.15 with the turn taken out: the character frame turns by `turn` radians per cycle, which
  // sweeps a planted foot sideways by turn * (up x position) on top of the ground's travel; a
  // foot far ahead of the root (a quadruped's front feet) would otherwise point the mean
  // direction of 4.17 off the path by several degrees. Walking straight this is exactly -d.
  const Vec3 travel = -inner - turn * Vec3::UnitY().cross(0.5 * (from + to));
  leg.strideDirection = travel.norm() > 1e-9 ? Vec3(travel.normalized()) : Vec3::UnitZ();
}

void fillOutputSamples(const std::vector<Vec3>& heel, const std::vector<Vec3>& toe,
                       const LegDerived& d, const CycleAnalysisOptions& options, LegCycle& leg) {
  const size_t n = heel.size();
  leg.heel = heel;
  leg.toe = toe;
  leg.middle.resize(n);
  leg.balance.resize(n);
  leg.footbase.resize(n);
  for (size_t s = 0; s < n; ++s) {
    leg.middle[s] = 0.5 * (heel[s] + toe[s]);
    leg.balance[s] = balanceOf(heel[s].y() - d.heelFloor, toe[s].y() - d.toeFloor, leg.footLength,
                               options.balanceSharpness);
    leg.footbase[s] = footbaseOf(heel[s], toe[s], leg.footDirection, leg.balance[s]);
  }
}

void normalizeFootbase(double distance, const Vec3& direction, LegCycle& leg) {
  // 4.19-4.21. The reference point starts at the stance position and slides backwards at the
  // cycle's speed, so a planted foot stays at z = 0 after its stance and at z = 1 before the
  // next one. The time is wrapped (cyclic(time - stance)): samples before the stance belong to
  // the end of the leg's cycle, with the reference almost a whole distance behind.
  const Quat q = Quat::FromTwoVectors(flat(direction).normalized(), Vec3::UnitZ());
  const size_t n = leg.footbase.size();
  leg.normalizedFootbase.resize(n);
  for (size_t s = 0; s < n; ++s) {
    const double time = static_cast<double>(s) / n;
    const double legTime = cyclic(time - leg.stanceTime);
    const Vec3 reference = leg.stancePosition - distance * direction * legTime;
    Vec3 v = q * (leg.footbase[s] - reference);
    if (distance > 1e-6) v.z() /= distance;
    leg.normalizedFootbase[s] = v;
  }
}

}  // namespace fatgraph::cycle

namespace fatgraph {

Vec3 normalizedFootbaseAt(const LegCycle& leg, double legTime) {
  const auto& f = leg.normalizedFootbase;
  const int n = static_cast<int>(f.size());
  if (n == 0 || !std::isfinite(legTime)) return Vec3::Zero();
  legTime = std::clamp(legTime, 0.0, 1.0);
  // Sample s sits at motion time s / n, i.e. at unwrapped leg time s / n - stance. Stored values
  // use the wrapped leg time; a sample whose unwrapped time lies a whole cycle on (or back)
  // belongs to the next (previous) step, so its z gains (loses) one cycle distance, i.e. 1.
  const double shifted = (legTime + leg.stanceTime) * n;
  const int i = static_cast<int>(std::floor(shifted));
  const double u = shifted - i;
  auto at = [&](int s) -> Vec3 {
    Vec3 v = f[((s % n) + n) % n];
    v.z() += std::floor(static_cast<double>(s) / n - leg.stanceTime + 1e-12);
    return v;
  };
  return at(i) * (1.0 - u) + at(i + 1) * u;
}

}  // namespace fatgraph
