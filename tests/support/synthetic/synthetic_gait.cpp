// The synthetic walk's timeline, body path, footprint plan and foot trajectories.
//
// Footprint rule: a stance of leg i covering [land, lift] is placed where the character frame
// is at the stance's middle, (land + lift) / 2, offset by the leg's rest position under the
// body. On a straight steady walk the planted ankle therefore runs from duty * stride / 2 ahead
// of its hip to the same distance behind it, and consecutive footprints of one leg are exactly
// one stride apart. Stand stances of the common pose sit at the start (resp. final) frame.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "synthetic_motion_detail.h"

namespace fatgraph::synthetic {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double frac(double x) { return x - std::floor(x); }

// Integral of smootherstep from 0 to u (u in [0, 1]): u^6 - 3u^5 + 2.5u^4; 1/2 at u = 1.
double smootherstepIntegral(double u) {
  u = std::clamp(u, 0.0, 1.0);
  return u * u * u * u * (u * u - 3.0 * u + 2.5);
}

SyntheticFootprint makeFootprint(const LegRig& leg, const SyntheticWalkParams& params,
                                 const Timeline& tl, const BodyPath& path, double land,
                                 double lift, double placeTime, bool mayRoll) {
  SyntheticFootprint fp;
  fp.landTime = land;
  fp.liftTime = lift;
  const double travel = tl.travel(placeTime);
  const double heading = path.heading(travel);
  const Quat yaw = yawRotation(heading);
  fp.yaw = heading;
  fp.ankle = path.position(travel) + yaw * Vec3(leg.neutralX, 0, leg.neutralZ) +
             Vec3(0, leg.ankleHeight, 0);
  fp.toe = fp.ankle + yaw * leg.toeOffset;
  fp.toeTip = fp.toe + yaw * leg.tipOffset;
  if (mayRoll && params.heelRollAngle > 0 && params.heelOffFraction > 0) {
    fp.heelOffTime = lift - params.heelOffFraction * (lift - land);
    fp.toeOffPitch = params.heelRollAngle;
  } else {
    fp.heelOffTime = lift;
    fp.toeOffPitch = 0;
  }
  return fp;
}

}  // namespace

double smootherstep(double u) {
  u = std::clamp(u, 0.0, 1.0);
  return u * u * u * (u * (6.0 * u - 15.0) + 10.0);
}

double Timeline::travel(double t) const {
  if (!commonPose) return t;
  if (t <= walkStart) return 0.0;
  const double r = rampDuration;
  if (t < steadyStart) return r * smootherstepIntegral((t - walkStart) / r);
  if (t <= steadyEnd) return 0.5 * r + (t - steadyStart);
  const double atSteadyEnd = 0.5 * r + (steadyEnd - steadyStart);
  if (t < walkStop) {
    const double u = (t - steadyEnd) / r;
    return atSteadyEnd + r * (u - smootherstepIntegral(u));
  }
  return atSteadyEnd + 0.5 * r;
}

double Timeline::speedFactor(double t) const {
  if (!commonPose) return 1.0;
  if (t <= walkStart || t >= walkStop) return 0.0;
  if (t < steadyStart) return smootherstep((t - walkStart) / rampDuration);
  if (t <= steadyEnd) return 1.0;
  return 1.0 - smootherstep((t - steadyEnd) / rampDuration);
}

Vec3 BodyPath::position(double travel) const {
  // Arc of angle a = turningRate * travel and length s = speed * travel, in the start frame:
  // forward s * sin(a) / a, left s * (1 - cos a) / a (series near a = 0, so a straight walk
  // is exact and a tiny turning rate has no cancellation).
  const double s = speed * travel;
  const double a = turningRate * travel;
  double forward, left;
  if (std::abs(a) < 1e-4) {
    forward = s * (1.0 - a * a / 6.0);
    left = s * (a / 2.0 - a * a * a / 24.0);
  } else {
    forward = s * std::sin(a) / a;
    const double h = std::sin(0.5 * a);
    left = s * 2.0 * h * h / a;
  }
  return start + yawRotation(startHeading) * Vec3(left, 0, forward);
}

Timeline makeTimeline(const SyntheticWalkParams& params, const std::vector<double>& offsets) {
  Timeline tl;
  tl.period = params.period;
  tl.commonPose = params.commonPose;
  const double walking = params.cycles * params.period;
  if (!params.commonPose) {
    tl.phaseAtWalkStart = params.startPhase;
    tl.steadyEnd = tl.walkStop = walking;
    return tl;
  }
  tl.rampDuration = params.period;
  tl.walkStart = params.standDuration;
  tl.steadyStart = tl.walkStart + tl.rampDuration;
  tl.steadyEnd = tl.steadyStart + walking;
  tl.walkStop = tl.steadyEnd + tl.rampDuration;

  // Walking starts when some leg j lifts off. Legs that the schedule has in the air at that
  // moment leave the stand late, with a shortened swing; pick the j whose shortest such
  // swing is longest (1 = every other leg is on the ground).
  const double duty = params.dutyFactor;
  const double swing = 1.0 - duty;
  double bestScore = -1.0;
  for (double offset : offsets) {
    const double candidate = frac(offset + duty);
    double score = 1.0;
    for (double other : offsets) {
      const double sinceLift = frac(candidate - other - duty);
      if (sinceLift > 1e-9 && sinceLift < swing - 1e-9) {
        score = std::min(score, (swing - sinceLift) / swing);
      }
    }
    if (score > bestScore + 1e-12) {
      bestScore = score;
      tl.phaseAtWalkStart = candidate;
    }
  }
  return tl;
}

std::vector<std::vector<SyntheticFootprint>> planFootprints(const Rig& rig,
                                                            const SyntheticWalkParams& params,
                                                            const std::vector<double>& offsets,
                                                            Timeline& tl, const BodyPath& path) {
  const double duty = params.dutyFactor;
  std::vector<std::vector<SyntheticFootprint>> out(rig.legs.size());
  if (!tl.commonPose) {
    tl.duration = tl.settle = tl.walkStop;
    const double firstPhase = tl.phase(0.0), lastPhase = tl.phase(tl.duration);
    for (size_t i = 0; i < rig.legs.size(); ++i) {
      const double o = offsets[i];
      const long long kBegin = static_cast<long long>(std::floor(firstPhase - o)) - 2;
      const long long kEnd = static_cast<long long>(std::ceil(lastPhase - o)) + 1;
      for (long long k = kBegin; k <= kEnd; ++k) {
        const double land = tl.timeOfPhase(o + static_cast<double>(k));
        const double lift = tl.timeOfPhase(o + static_cast<double>(k) + duty);
        out[i].push_back(
            makeFootprint(rig.legs[i], params, tl, path, land, lift, 0.5 * (land + lift), true));
      }
    }
    return out;
  }

  double settle = tl.walkStop;
  const double phiStart = tl.phaseAtWalkStart;
  for (size_t i = 0; i < rig.legs.size(); ++i) {
    const LegRig& leg = rig.legs[i];
    const double o = offsets[i];
    // Stance k lands at phase o + k and lifts at o + k + duty; k0 = last landing <= start.
    const long long k0 = static_cast<long long>(std::floor(phiStart - o + 1e-9));
    const double liftPhase0 = o + static_cast<double>(k0) + duty;
    const double firstLift =
        liftPhase0 >= phiStart - 1e-9 ? std::max(tl.walkStart, tl.timeOfPhase(liftPhase0))
                                      : tl.walkStart;  // in the air per schedule: leave now
    out[i].push_back(makeFootprint(leg, params, tl, path, -kInf, firstLift, -kInf, false));
    out[i].back().stand = true;
    for (long long k = k0 + 1;; ++k) {
      const double land = tl.timeOfPhase(o + static_cast<double>(k));
      const double lift = tl.timeOfPhase(o + static_cast<double>(k) + duty);
      if (lift >= tl.walkStop - 1e-9) {  // would lift after the stop: the final stand
        out[i].push_back(makeFootprint(leg, params, tl, path, land, kInf, kInf, false));
        out[i].back().stand = true;
        settle = std::max(settle, land);
        break;
      }
      out[i].push_back(makeFootprint(leg, params, tl, path, land, lift, 0.5 * (land + lift), true));
    }
  }
  tl.settle = settle;
  tl.duration = settle + params.standDuration;
  return out;
}

FootState footState(const LegRig& leg, const std::vector<SyntheticFootprint>& stances, double t,
                    double stepHeight) {
  // Find the stance containing t, or the swing between two stances.
  const SyntheticFootprint* planted = nullptr;
  const SyntheticFootprint* from = nullptr;
  const SyntheticFootprint* to = nullptr;
  for (size_t j = 0; j < stances.size(); ++j) {
    if (t <= stances[j].liftTime) {
      if (t >= stances[j].landTime || j == 0) {
        planted = &stances[j];
      } else {
        from = &stances[j - 1];
        to = &stances[j];
      }
      break;
    }
  }
  if (!planted && !from) planted = &stances.back();

  Vec3 toe;
  double yaw, pitch = 0.0;
  if (planted) {
    toe = planted->toe;
    yaw = planted->yaw;
    if (planted->toeOffPitch > 0 && t > planted->heelOffTime) {
      const double u = (t - planted->heelOffTime) / (planted->liftTime - planted->heelOffTime);
      pitch = planted->toeOffPitch * smootherstep(u);
    }
  } else {
    // Swing: the toe joint moves from one footprint to the next with zero velocity at both
    // ends and rises by 16 u^2 (1 - u)^2 * stepHeight (exactly stepHeight at u = 1/2); the
    // heel-off pitch unwinds during the first half.
    const double u = std::clamp((t - from->liftTime) / (to->landTime - from->liftTime), 0.0, 1.0);
    const double s = smootherstep(u);
    const double arc = 16.0 * u * u * (1.0 - u) * (1.0 - u);
    toe = from->toe + s * (to->toe - from->toe) + Vec3(0, stepHeight * arc, 0);
    yaw = from->yaw + s * std::remainder(to->yaw - from->yaw, 2.0 * std::numbers::pi);
    pitch = from->toeOffPitch * (1.0 - smootherstep(2.0 * u));
  }
  FootState st;
  const Quat yawQ = yawRotation(yaw);
  st.footRotation = yawQ * Quat(Eigen::AngleAxisd(pitch, Vec3::UnitX()));
  st.toeLocal = Quat(Eigen::AngleAxisd(-pitch, Vec3::UnitX()));
  st.ankle = toe - st.footRotation * leg.toeOffset;
  st.forward = yawQ * Vec3::UnitZ();
  return st;
}

}  // namespace fatgraph::synthetic
