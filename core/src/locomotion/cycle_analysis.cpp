// One gait cycle's analysis (Johansen ch. 4; docs/ALGORITHMS.md G): input checks, forward
// kinematics of the heel and toe points, the moving character frame, and the per-cycle figures
// 4.16-4.18. The per-leg steps live in cycle_footbase.cpp and cycle_key_times.cpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include "cycle_analysis_detail.h"
#include "fatgraph/core/locomotion/character_heading.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph {
namespace {

using cycle::FootTrack;
using cycle::LegDerived;

// A character frame gliding from the root's ground position and heading at the first frame to
// those at the last with constant speed and turning rate: the "character space" of the thesis,
// in which a walk cycle stays in place and a planted foot slides back at the cycle's speed.
// Position after cycle time c: p0 + R(yaw0) * integral_0^c R(turn u) v du, which is
// C(c) v + S(c) (up x v) with C = sin(turn c) / turn, S = (1 - cos(turn c)) / turn; v (per
// cycle, in the first heading frame) is solved from the last frame's position.
struct CharacterPath {
  Vec3 origin = Vec3::Zero();
  double yaw0 = 0.0, turn = 0.0;
  Vec3 velocity = Vec3::Zero();

  Vec3 travelled(double c) const {
    if (std::abs(turn) < 1e-9) return velocity * c;
    const double cs = std::sin(turn * c) / turn, sn = (1.0 - std::cos(turn * c)) / turn;
    return cs * velocity + sn * Vec3::UnitY().cross(velocity);
  }
  /// World point -> character space at cycle time c (y stays world height).
  Vec3 toLocal(const Vec3& world, double c) const {
    const Vec3 position = origin + yawRotation(yaw0) * travelled(c);
    Vec3 local = yawRotation(-(yaw0 + turn * c)) * (world - position);
    local.y() = world.y();
    return local;
  }
};

// The motion root's yaw says where a figure faces only up to the way its rig's rest pose faces
// (character_heading.h, rootFacingOffset): a rig facing +Z keeps its root yaw exactly and one
// facing -Z is turned half a turn.
CharacterPath characterPath(const Quat& rootFirst, const Vec3& rootFirstPos, const Quat& rootLast,
                            const Vec3& rootLastPos, double facingOffset) {
  CharacterPath path;
  path.origin = Vec3(rootFirstPos.x(), 0.0, rootFirstPos.z());
  path.yaw0 = headingYaw(rootFirst) + facingOffset;
  // The heading change is the yaw part of the root's rotation from the first to the last
  // frame: the pelvis wobble is in the same phase at both ends of a cycle, so it cancels.
  const SwingTwist st = swingTwist(rootLast * rootFirst.conjugate(), Vec3::UnitY());
  path.turn = wrapAngle(2.0 * std::atan2(st.twist.vec().dot(Vec3::UnitY()), st.twist.w()));
  Vec3 d = yawRotation(-path.yaw0) * (rootLastPos - rootFirstPos);
  d.y() = 0.0;
  if (std::abs(path.turn) < 1e-9) {
    path.velocity = d;
  } else {
    const double cs = std::sin(path.turn) / path.turn, sn = (1.0 - std::cos(path.turn)) / path.turn;
    const double det = cs * cs + sn * sn;
    path.velocity = det > 1e-12 ? Vec3((cs * d - sn * Vec3::UnitY().cross(d)) / det) : d;
  }
  return path;
}

bool finiteFrames(const Clip& clip, int first, int last, int& badFrame) {
  for (int f = first; f <= last; ++f) {
    for (const Quat& q : clip.frameRotations(f)) {
      if (!q.coeffs().allFinite() || q.coeffs().squaredNorm() < 1e-12) {
        badFrame = f;
        return false;
      }
    }
    for (const Vec3& t : clip.frameTranslations(f)) {
      if (!t.allFinite()) {
        badFrame = f;
        return false;
      }
    }
  }
  return true;
}

std::string checkLeg(const Skeleton& skeleton, const Leg& leg) {
  const int n = skeleton.jointCount();
  if (leg.chain.size() < 2) return "leg " + leg.name + " has no hip -> ankle chain";
  for (int j : leg.chain) {
    if (j < 0 || j >= n)
      return "leg " + leg.name + " names joint " + std::to_string(j) + " outside the skeleton";
  }
  if (leg.toe < -1 || leg.toe >= n) {
    return "leg " + leg.name + " has a toe joint outside the skeleton";
  }
  if (!leg.heel.allFinite() || !leg.toeTip.allFinite() || !std::isfinite(leg.footLength)) {
    return "leg " + leg.name + " has a non-finite heel or toe point";
  }
  return {};
}

// World positions of one leg's heel and toe tip per frame. The toe tip rides on the toe joint
// when there is one (re-expressed through the rest pose), so a bending toe stays flat on the
// floor during the heel roll instead of turning with the ankle into the ground.
struct FootPoints {
  std::vector<Vec3> heel, toe;  // per frame of the range
};

// Why the inputs cannot be analysed (empty when they can).
std::vector<std::string> inputProblems(const Skeleton& skeleton, const Clip& clip, int firstFrame, int lastFrame,
                                       const LegSetup& legs, const CycleAnalysisOptions& options) {
  std::vector<std::string> problems;
  const int frames = clip.frameCount();
  if (clip.jointCount != skeleton.jointCount() || !skeleton.validate().empty()) {
    problems.push_back("the clip does not fit the skeleton");
  }
  if (!(clip.fps > 0.0) || !std::isfinite(clip.fps)) problems.push_back("the clip has no frame rate");
  if (firstFrame < 0 || lastFrame >= frames || firstFrame > lastFrame) {
    problems.push_back("frames [" + std::to_string(firstFrame) + ", " + std::to_string(lastFrame) +
                       "] are outside the clip's " + std::to_string(frames) + " frames");
  } else if (lastFrame - firstFrame < std::max(2, options.minFrames)) {
    problems.push_back("the cycle spans " + std::to_string(lastFrame - firstFrame) + " frames, fewer than " +
                       std::to_string(std::max(2, options.minFrames)));
  }
  if (legs.empty()) problems.push_back("no legs to analyse");
  for (const Leg& leg : legs.legs) {
    const std::string why = checkLeg(skeleton, leg);
    if (!why.empty()) problems.push_back(why);
  }
  if (options.samples < 4 || options.samples > 100000) problems.push_back("samples per cycle must be 4 to 100000");
  const bool fraction = options.liftThreshold > 0 && options.liftThreshold < 1 && options.minFootRoll >= 0 &&
                        options.minFootRoll < 1;
  if (!fraction || !(options.linearSpeedDeviation >= 0) || !std::isfinite(options.linearSpeedDeviation) ||
      !(options.balanceSharpness > 0) || !std::isfinite(options.balanceSharpness)) {
    problems.push_back("analysis options out of range (thresholds are fractions in [0, 1))");
  }
  return problems;
}

// The feet over the cycle's frames, the motion root at its ends, and the floor (the lowest
// heel or toe point).
struct TracedCycle {
  std::vector<FootPoints> feet;  // per leg
  Quat rootFirst = Quat::Identity(), rootLast = Quat::Identity();
  Vec3 rootFirstPos = Vec3::Zero(), rootLastPos = Vec3::Zero();
  double floor = 0.0;
};

TracedCycle traceCycle(const Skeleton& skeleton, const Clip& clip, int firstFrame, int span, const LegSetup& legs) {
  // Forward kinematics of the rest pose (for toe points re-expressed on the toe joint) and of
  // every frame of the range.
  const int joints = skeleton.jointCount();
  std::vector<Quat> rot(joints), restRot(joints);
  std::vector<Vec3> pos(joints), restPos(joints);
  const Pose rest = Pose::rest(skeleton);
  localToModel(skeleton, rest.rotations, rest.translations, restRot, restPos);
  TracedCycle out;
  out.feet.resize(legs.legs.size());
  for (FootPoints& f : out.feet) {
    f.heel.resize(span + 1);
    f.toe.resize(span + 1);
  }
  const int m = skeleton.motionRoot;
  for (int f = 0; f <= span; ++f) {
    clipFrameToModel(skeleton, clip, firstFrame + f, rot, pos);
    if (f == 0) {
      out.rootFirst = rot[m];
      out.rootFirstPos = pos[m];
    }
    if (f == span) {
      out.rootLast = rot[m];
      out.rootLastPos = pos[m];
    }
    for (size_t l = 0; l < legs.legs.size(); ++l) {
      const Leg& leg = legs.legs[l];
      const int ankle = leg.ankle();
      out.feet[l].heel[f] = rot[ankle] * leg.heel + pos[ankle];
      if (leg.toe >= 0) {
        const Vec3 onToe = restRot[leg.toe].conjugate() * (restRot[ankle] * leg.toeTip + restPos[ankle] - restPos[leg.toe]);
        out.feet[l].toe[f] = rot[leg.toe] * onToe + pos[leg.toe];
      } else {
        out.feet[l].toe[f] = rot[ankle] * leg.toeTip + pos[ankle];
      }
    }
  }
  out.floor = std::numeric_limits<double>::infinity();
  for (const FootPoints& f : out.feet) {
    for (int i = 0; i <= span; ++i) out.floor = std::min({out.floor, f.heel[i].y(), f.toe[i].y()});
  }
  return out;
}

// A point at cycle time c, in character space above the floor, interpolated between frames.
struct CycleSpace {
  const CharacterPath& path;
  double floor;
  int span;
  Vec3 operator()(const std::vector<Vec3>& world, double c) const {
    const double x = std::clamp(c, 0.0, 1.0) * span;
    const int i = std::min(static_cast<int>(x), span - 1);
    const double u = x - i;
    Vec3 p = path.toLocal(world[i] * (1.0 - u) + world[i + 1] * u, c);
    p.y() -= floor;
    return p;
  }
};

// One leg's stance, key times, output samples and stride. Returns the problem that stops the
// analysis, or an empty string.
std::string analyzeLeg(const Leg& leg, const FootPoints& points, const CycleSpace& local, double longestLeg,
                       const CycleAnalysisOptions& options, LegCycle& result) {
  result.name = leg.name;
  // Key times are searched at least at the clip's own resolution (50 samples of a 126-frame
  // cycle at 120 fps would lose 2.5 frames), the outputs at options.samples.
  const int dense = std::max(options.samples, local.span);
  const int samples = options.samples;
  FootTrack track;
  track.heel.resize(dense + 1);
  track.toe.resize(dense + 1);
  for (int k = 0; k <= dense; ++k) {
    const double c = static_cast<double>(k) / dense;
    track.heel[k] = local(points.heel, c);
    track.toe[k] = local(points.toe, c);
  }
  LegDerived derived;
  cycle::analyzeStance(track, leg.footLength, options, result, derived);
  std::vector<Vec3> heel(samples), toe(samples);
  for (int s = 0; s < samples; ++s) {
    heel[s] = local(points.heel, static_cast<double>(s) / samples);
    toe[s] = local(points.toe, static_cast<double>(s) / samples);
  }
  cycle::fillOutputSamples(heel, toe, derived, options, result);
  result.stanceCount = cycle::countStances(track, derived);

  // A foot that stays well above the lowest foot of the cycle never stands on the floor; a
  // lift smaller than 2 % of the leg length (or 1 cm) is jitter, not a step.
  const double legScale = leg.length > 0 ? leg.length : longestLeg;
  const double touchTolerance = std::max(0.03, 0.08 * legScale);
  if (derived.lowest > touchTolerance) {
    result.stanceCount = 0;
    return "leg " + leg.name + " never touches the ground (lowest point " + std::to_string(derived.lowest) +
           " m above the floor)";
  }
  std::string problem;
  if (!cycle::findKeyTimes(track, derived, std::max(0.01, 0.02 * legScale), options, result, problem)) {
    // A foot on the floor that never lifts stands through these frames (a segment cut
    // between hubs half a gait cycle apart): its contact is the whole cycle.
    if (problem.find("never lifts") == std::string::npos) return problem;
    result.standsThroughout = true;
    LegKeyTimes& t = result.keys;
    t.heelOff = t.toeOff = t.linearSpeedEnd = 0.5;
    t.heelStrike = t.toeStrike = t.linearSpeedBegin = 0.5;
    t.footLift = t.footOff = t.postFootLift = 0.5;
    t.preFootLand = t.footLand = t.footStrike = 0.5;
    result.stanceCount = 1;
  }
  cycle::measureStride(derived, local.path.turn, result);
  return {};
}

}  // namespace

CycleAnalysis analyzeCycle(const Skeleton& skeleton, const Clip& clip, int firstFrame,
                           int lastFrame, const LegSetup& legs,
                           const CycleAnalysisOptions& options) {
  CycleAnalysis out;
  out.firstFrame = firstFrame;
  out.lastFrame = lastFrame;
  out.problems = inputProblems(skeleton, clip, firstFrame, lastFrame, legs, options);
  if (!out.problems.empty()) return out;
  int badFrame = -1;
  if (!finiteFrames(clip, firstFrame, lastFrame, badFrame)) {
    out.problems.push_back("frame " + std::to_string(badFrame) + " holds non-finite joint data");
    return out;
  }
  out.duration = (lastFrame - firstFrame) / clip.fps;

  const int span = lastFrame - firstFrame;
  const TracedCycle traced = traceCycle(skeleton, clip, firstFrame, span, legs);
  out.floorHeight = traced.floor;
  const CharacterPath path = characterPath(traced.rootFirst, traced.rootFirstPos, traced.rootLast, traced.rootLastPos,
                                           rootFacingOffset(skeleton, clip, legs, firstFrame, lastFrame));
  out.turningRate = path.turn / out.duration;

  const CycleSpace local{path, traced.floor, span};
  out.legs.resize(legs.legs.size());
  double longestLeg = 0.0;
  for (const Leg& leg : legs.legs) longestLeg = std::max(longestLeg, leg.length);
  for (size_t l = 0; l < legs.legs.size(); ++l) {
    const std::string problem = analyzeLeg(legs.legs[l], traced.feet[l], local, longestLeg, options, out.legs[l]);
    if (!problem.empty()) out.problems.push_back(problem);
  }
  if (!out.problems.empty()) return out;

  int stepping = 0;
  for (const LegCycle& leg : out.legs) stepping += leg.standsThroughout ? 0 : 1;
  if (stepping == 0) {
    out.problems.push_back("no leg lifts off the ground");
    return out;
  }
  // 4.16-4.18: the cycle's distance and direction are the legs' means; the speed follows.
  Vec3 direction = Vec3::Zero();
  for (const LegCycle& leg : out.legs) {
    out.distance += leg.strideLength / out.legs.size();
    direction += leg.strideDirection;
  }
  out.direction = direction.norm() > 1e-9 ? Vec3(direction.normalized()) : Vec3::UnitZ();
  out.speed = out.distance / out.duration;
  out.worldDirection = yawRotation(path.yaw0 + 0.5 * path.turn) * out.direction;
  for (LegCycle& leg : out.legs) cycle::normalizeFootbase(out.distance, out.direction, leg);
  out.valid = true;
  return out;
}

}  // namespace fatgraph
