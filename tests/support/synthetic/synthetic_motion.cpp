// The synthetic walk generator: two passes over the frames (feet and reach limits, then root
// height and leg IK) and the declared ground truth. Parameters live in synthetic_params.cpp,
// the body animation and IK in synthetic_body.cpp, timeline, path and footprints in
// synthetic_gait.cpp, the skeletons in synthetic_skeletons.cpp.
#include "fatgraph/test_support/synthetic_motion.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "fatgraph/core/model/forward_kinematics.h"
#include "synthetic_motion_detail.h"

namespace fatgraph {
namespace {

using namespace synthetic;

constexpr double kTwoPi = 2.0 * std::numbers::pi;
const auto num = formatNumber;

// Frame bounds of a time interval, clamped to [0, frameCount] and [-1, frameCount - 1].
int firstFrameAtOrAfter(double t, double fps, int frameCount) {
  if (!std::isfinite(t)) return t < 0 ? 0 : frameCount;
  return static_cast<int>(std::clamp(std::ceil(t * fps - 1e-9), 0.0, double(frameCount)));
}
int lastFrameAtOrBefore(double t, double fps, int frameCount) {
  if (!std::isfinite(t)) return t > 0 ? frameCount - 1 : -1;
  return static_cast<int>(std::clamp(std::floor(t * fps + 1e-9), -1.0, double(frameCount - 1)));
}

using Stances = std::vector<std::vector<SyntheticFootprint>>;

// Scratch buffers for evaluating one frame.
struct Scratch {
  Pose pose;
  std::vector<Quat> modelRot;
  std::vector<Vec3> modelPos;
  explicit Scratch(const Skeleton& s)
      : pose(Pose::rest(s)), modelRot(s.jointCount()), modelPos(s.jointCount()) {}
};

double bobAt(const SyntheticWalkParams& p, const std::vector<double>& offsets, double phase) {
  const double midStance0 = offsets[0] + 0.5 * p.dutyFactor;
  return p.bobAmplitude * std::cos(2.0 * kTwoPi * (phase - midStance0));
}

// The character frame and the feet at time t, and the highest root height above the floor
// that keeps every leg within kReachGuard of its length (the hips never lift a planted foot).
double evaluate(const Rig& rig, const SyntheticWalkParams& p, const std::vector<double>& offsets,
                const Timeline& tl, const BodyPath& path, const Stances& stances, double t,
                const char* who, Scratch& scratch, BodyState& body, FootState* feet) {
  const double travel = tl.travel(t);
  body.pathPosition = path.position(travel);
  body.heading = path.heading(travel);
  body.phase = tl.phase(t);
  body.speedFactor = tl.speedFactor(t);
  poseBody(rig, p, offsets, body, 0.0, scratch.pose);
  localToModel(rig.skeleton, scratch.pose.rotations, scratch.pose.translations,
               scratch.modelRot, scratch.modelPos);
  double rootMax = std::numeric_limits<double>::infinity();
  for (size_t l = 0; l < rig.legs.size(); ++l) {
    const LegRig& leg = rig.legs[l];
    feet[l] = footState(leg, stances[l], t, p.stepHeight);
    const Vec3 d = feet[l].ankle - scratch.modelPos[leg.hip];
    const double horizontal = std::hypot(d.x(), d.z());
    const double length = leg.upperLength + leg.lowerLength;
    const double reach = kReachGuard * length;
    require(horizontal < reach, who,
            "the " + leg.name + " leg cannot reach its foot at t = " + num(t) + " s (" +
                num(horizontal) + " m away horizontally, leg " + num(length) +
                " m): strideLength " + num(p.strideLength) + " m is too long for this skeleton");
    rootMax = std::min(rootMax, d.y() + std::sqrt(reach * reach - horizontal * horizontal));
  }
  return rootMax;
}

// The walking root height under the bob: the highest that keeps every leg within reach over a
// steady cycle (sampled finely on a clip without common pose; on a circle the configuration
// relative to the body repeats every cycle just as on a line), never above the stand. It
// depends on the gait only, not on the clip's length, start or lead-in.
double steadyWalkBase(const Rig& rig, const SyntheticWalkParams& params,
                      const std::vector<double>& offsets, const char* who) {
  SyntheticWalkParams q = params;
  q.commonPose = false;
  q.cycles = 3;
  q.startPhase = 0;
  Timeline tl = makeTimeline(q, offsets);
  BodyPath path;
  path.speed = q.strideLength / q.period;
  path.turningRate = q.turningRate;
  const Stances stances = planFootprints(rig, q, offsets, tl, path);
  Scratch scratch(rig.skeleton);
  BodyState body;
  std::vector<FootState> feet(rig.legs.size());
  constexpr int kSamples = 512;
  double base = rig.standRootHeight;
  for (int i = 0; i < kSamples; ++i) {
    const double t = q.period * (1.0 + static_cast<double>(i) / kSamples);
    const double rootMax =
        evaluate(rig, q, offsets, tl, path, stances, t, who, scratch, body, feet.data());
    base = std::min(base, rootMax - bobAt(q, offsets, body.phase));
  }
  return base - 1e-6;  // sampling margin: the guard stays inactive while walking steadily
}

SyntheticMotion generateWalk(const Rig& rig, const SyntheticWalkParams& p, const char* who,
                             const char* clipName) {
  validateParams(p, rig, who);
  std::vector<double> offsets = p.legPhaseOffsets.empty() ? rig.defaultPhaseOffsets
                                                          : p.legPhaseOffsets;
  for (double& o : offsets) o -= std::floor(o);

  Timeline tl = makeTimeline(p, offsets);
  BodyPath path;
  path.start = Vec3(p.startPosition.x(), p.floorHeight, p.startPosition.z());
  path.startHeading = p.startHeading;
  path.speed = p.strideLength / p.period;
  path.turningRate = p.turningRate;
  const Stances stances = planFootprints(rig, p, offsets, tl, path);

  const Skeleton& skel = rig.skeleton;
  const int jointCount = skel.jointCount();
  const int legCount = static_cast<int>(rig.legs.size());
  const int frames = static_cast<int>(std::floor(tl.duration * p.fps + 1e-9)) + 1;

  // Pass 1: character frame, feet and the reach limit of the root at every frame.
  std::vector<BodyState> bodies(frames);
  std::vector<FootState> feet(static_cast<size_t>(frames) * legCount);
  std::vector<double> rootMax(frames);
  Scratch scratch(skel);
  for (int f = 0; f < frames; ++f) {
    rootMax[f] = evaluate(rig, p, offsets, tl, path, stances, f / p.fps, who, scratch,
                          bodies[f], feet.data() + static_cast<size_t>(f) * legCount);
  }
  const double walkBase = steadyWalkBase(rig, p, offsets, who);
  Pose& pose = scratch.pose;
  std::vector<Quat>& modelRot = scratch.modelRot;
  std::vector<Vec3>& modelPos = scratch.modelPos;

  // Pass 2: root height, IK, local rotations.
  SyntheticMotion out;
  out.skeleton = skel;
  Clip& clip = out.clip;
  clip.name = clipName;
  clip.fps = p.fps;
  clip.sourceFps = p.fps;
  clip.jointCount = jointCount;
  clip.rotations.reserve(static_cast<size_t>(frames) * jointCount);
  clip.translations.reserve(static_cast<size_t>(frames) * jointCount);
  std::vector<Quat> previous(jointCount, Quat::Identity());
  for (int f = 0; f < frames; ++f) {
    const double t = f / p.fps;
    const BodyState& b = bodies[f];
    const double r = b.speedFactor;
    const double bob = bobAt(p, offsets, b.phase);
    const double desired =
        rig.standRootHeight + r * (walkBase + bob - rig.standRootHeight) - r * p.crouch;
    poseBody(rig, p, offsets, b, std::min(desired, rootMax[f]), pose);
    localToModel(skel, pose.rotations, pose.translations, modelRot, modelPos);
    for (int l = 0; l < legCount; ++l) {
      const LegRig& leg = rig.legs[l];
      const FootState& foot = feet[static_cast<size_t>(f) * legCount + l];
      Quat thigh, shin;
      const double extension =
          solveTwoBone(leg, modelPos[leg.hip], foot.ankle, foot.forward, thigh, shin);
      require(extension >= kReachMin && extension <= kReachMax, who,
              "the " + leg.name + " leg cannot reach its foot at t = " + num(t) +
                  " s (hip-ankle distance " + num(extension) +
                  " of the leg length; crouch " + num(p.crouch) + " m is too deep)");
      const Quat parent = modelRot[skel.parents[leg.hip]];
      pose.rotations[leg.hip] = parent.conjugate() * thigh;
      pose.rotations[leg.knee] = thigh.conjugate() * shin;
      pose.rotations[leg.ankle] = shin.conjugate() * foot.footRotation;
      pose.rotations[leg.toe] = foot.toeLocal;
    }
    for (int j = 0; j < jointCount; ++j) {
      Quat q = pose.rotations[j].normalized();
      if (f > 0) q = alignedTo(q, previous[j]);
      previous[j] = q;
      pose.rotations[j] = q;
    }
    clip.appendPose(pose);
  }

  // Ground truth.
  SyntheticGroundTruth& truth = out.truth;
  truth.period = p.period;
  truth.strideLength = p.strideLength;
  truth.speed = path.speed;
  truth.turningRate = p.turningRate;
  if (p.turningRate != 0) {
    truth.turnRadius = path.speed / std::abs(p.turningRate);
    truth.turnCentre = path.start + yawRotation(p.startHeading) *
                                        Vec3(path.speed / p.turningRate, 0, 0);
  } else {
    truth.turnCentre = path.start;
  }
  truth.dutyFactor = p.dutyFactor;
  truth.stepHeight = p.stepHeight;
  truth.floorHeight = p.floorHeight;
  truth.fps = p.fps;
  truth.duration = (frames - 1) / p.fps;
  truth.root = rig.body.root;
  truth.commonPose = p.commonPose;
  truth.walkStartTime = tl.walkStart;
  truth.steadyStartTime = tl.steadyStart;
  truth.steadyEndTime = std::min(tl.steadyEnd, truth.duration);
  truth.walkStopTime = std::min(tl.walkStop, truth.duration);
  truth.settleTime = std::min(tl.settle, truth.duration);
  for (int l = 0; l < legCount; ++l) {
    const LegRig& leg = rig.legs[l];
    SyntheticLeg tleg;
    tleg.name = leg.name;
    tleg.hip = leg.hip;
    tleg.knee = leg.knee;
    tleg.ankle = leg.ankle;
    tleg.toe = leg.toe;
    tleg.toeTip = leg.toeTip;
    tleg.phaseOffset = offsets[l];
    tleg.length = leg.upperLength + leg.lowerLength;
    tleg.ankleHeight = leg.ankleHeight;
    tleg.toeHeight = leg.toeHeight;
    for (SyntheticFootprint fp : stances[l]) {
      if (fp.liftTime < -1e-9 || fp.landTime > truth.duration + 1e-9) continue;
      fp.firstFrame = firstFrameAtOrAfter(fp.landTime, p.fps, frames);
      fp.lastFrame = lastFrameAtOrBefore(fp.liftTime, p.fps, frames);
      fp.heelLastFrame = lastFrameAtOrBefore(fp.heelOffTime, p.fps, frames);
      if (!std::isfinite(fp.landTime)) fp.landTime = 0.0;  // stand at the start
      if (!std::isfinite(fp.liftTime)) fp.liftTime = truth.duration;  // final stand
      if (!std::isfinite(fp.heelOffTime)) fp.heelOffTime = truth.duration;
      tleg.footprints.push_back(fp);
    }
    truth.legs.push_back(std::move(tleg));
  }
  for (const BodyState& b : bodies) {
    truth.pathPositions.push_back(b.pathPosition);
    truth.pathHeadings.push_back(b.heading);
    truth.cyclePhases.push_back(b.phase);
    truth.speedFactors.push_back(b.speedFactor);
  }
  return out;
}

}  // namespace

SyntheticMotion generateBipedWalk(const SyntheticWalkParams& params) {
  return generateWalk(bipedRig(), params, "generateBipedWalk", "synthetic_biped_walk");
}

SyntheticMotion generateQuadrupedWalk(const SyntheticWalkParams& params) {
  return generateWalk(quadrupedRig(), params, "generateQuadrupedWalk",
                      "synthetic_quadruped_walk");
}

SyntheticMotion generateHexapodWalk(const SyntheticWalkParams& params) {
  return generateWalk(hexapodRig(), params, "generateHexapodWalk", "synthetic_hexapod_walk");
}

}  // namespace fatgraph
