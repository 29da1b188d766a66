// Finding gait cycles in a longer clip, and deciding whether an analysed cycle is locomotion
// (`--locomotion auto`; docs/ALGORITHMS.md G).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/statistics.h"

namespace fatgraph {
namespace {

std::string format(const char* pattern, double a, double b) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, pattern, a, b);
  return buffer;
}

}  // namespace

std::vector<CycleAnalysis> analyzeClipCycles(const Skeleton& skeleton, const Clip& clip,
                                             const LegSetup& legs, int referenceLeg,
                                             const CycleAnalysisOptions& options) {
  std::vector<CycleAnalysis> cycles;
  if (referenceLeg < 0 || referenceLeg >= static_cast<int>(legs.legs.size())) return cycles;
  if (clip.jointCount != skeleton.jointCount() || clip.frameCount() < 3) return cycles;
  const Leg& leg = legs.legs[referenceLeg];
  const int joints = skeleton.jointCount();
  if (leg.chain.empty() || leg.ankle() < 0 || leg.ankle() >= joints || leg.toe >= joints) {
    return cycles;
  }
  // The lower of the leg's ankle and toe joints per frame (the points' exact offsets do not
  // matter for finding touch-downs); a non-finite frame counts as "in the air".
  const int frames = clip.frameCount();
  std::vector<Quat> rot(joints);
  std::vector<Vec3> pos(joints);
  std::vector<double> low(frames);
  std::vector<double> finiteLows;
  for (int f = 0; f < frames; ++f) {
    clipFrameToModel(skeleton, clip, f, rot, pos);
    const Vec3 heel = rot[leg.ankle()] * leg.heel + pos[leg.ankle()];
    const Vec3 toe =
        leg.toe >= 0 ? pos[leg.toe] : Vec3(rot[leg.ankle()] * leg.toeTip + pos[leg.ankle()]);
    low[f] = std::min(heel.y(), toe.y());
    if (std::isfinite(low[f])) finiteLows.push_back(low[f]);
  }
  // Robust floor and swing height (percentiles ignore a stray frame); a touch-down is the frame
  // the foot comes within 20 % of its swing height of the floor after rising above 50 %.
  const double floor = percentileLower(finiteLows, 0.05);
  const double top = percentileLower(finiteLows, 0.95);
  const double range = top - floor;
  if (!(range > 0.01)) return cycles;
  std::vector<int> strikes;
  bool swinging = false;
  for (int f = 0; f < frames; ++f) {
    if (!std::isfinite(low[f])) continue;
    if (low[f] > floor + 0.5 * range) swinging = true;
    if (swinging && low[f] <= floor + 0.2 * range) {
      strikes.push_back(f);
      swinging = false;
    }
  }
  for (size_t i = 1; i < strikes.size(); ++i) {
    cycles.push_back(analyzeCycle(skeleton, clip, strikes[i - 1], strikes[i], legs, options));
  }
  return cycles;
}

LocomotionVerdict isLocomotionCycle(const CycleAnalysis& cycle,
                                    const LocomotionCriteria& criteria) {
  LocomotionVerdict verdict;
  if (!cycle.valid) {
    verdict.reason = "not locomotion: the cycle analysis failed";
    for (const std::string& p : cycle.problems) verdict.reason += "; " + p;
    return verdict;
  }
  for (const LegCycle& leg : cycle.legs) {
    if (leg.stanceCount != 1) {
      verdict.reason = "not locomotion: leg " + leg.name + " has " +
                       std::to_string(leg.stanceCount) + " ground contacts in the cycle, not one";
      return verdict;
    }
  }
  const double turnDeg = cycle.turningRate * 180.0 / std::numbers::pi;
  const bool travels = cycle.speed >= criteria.minSpeed;
  const bool turns = std::abs(cycle.turningRate) >= criteria.minTurningRate;
  verdict.locomotion = travels || turns;
  verdict.reason = (verdict.locomotion ? "locomotion: " : "not locomotion: in place, ") +
                   format("%.2f m/s, turning %.0f deg/s", cycle.speed, turnDeg);
  return verdict;
}

LocomotionVerdict isLocomotionCycle(const Skeleton& skeleton, const Clip& clip, int firstFrame,
                                    int lastFrame, const LegSetup& legs,
                                    const LocomotionCriteria& criteria,
                                    const CycleAnalysisOptions& options) {
  return isLocomotionCycle(analyzeCycle(skeleton, clip, firstFrame, lastFrame, legs, options),
                           criteria);
}

}  // namespace fatgraph
