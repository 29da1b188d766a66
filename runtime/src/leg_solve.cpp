// The leg solve (Johansen ch. 7.4; leg_layer.h steps 5-6): targets into model space, the hip
// offset, IK from the blended pose, the twist pass, and the foot carried rigidly below the
// ankle.
#include <algorithm>
#include <cmath>

#include "leg_ik_frames.h"
#include "leg_layer_detail.h"

namespace fatgraph {

using namespace leg_detail;

namespace {

// |vec| of a turn quaternion below which the flight alignment leaves the foot as it is
// (2e-5 rad: a toe tip moves under 0.01 mm).
constexpr float kNegligibleTurn = 1e-5f;

}  // namespace

void LegLayer::solveLegs(const Frame& frame, Span<Quaternion> modelRotations, Span<Float3> modelPositions) {
  const Quatf toModel = frame.heading.conjugate();
  const Vec3f origin = frame.position + Vec3f(0.0f, characterGround_, 0.0f);
  const Vec3f floor(0.0f, frame.floor, 0.0f);
  // World -> model: m = R^-1 (w - x - ground up) + floor up (the inverse of the placement).
  for (LegState& s : state_) {
    s.ankleTarget = yawRotate(toModel, s.ankleTarget - origin) + floor;
    s.footbaseTarget = yawRotate(toModel, s.footbaseTarget - origin) + floor;
    const bool identity = s.alignment.vec().isZero(0.0f);
    s.alignment = identity ? Quatf::Identity() : Quatf(toModel * s.alignment * frame.heading);
  }
  tiltBody(frame, modelRotations, modelPositions);
  hipHeightsOfLegs(modelPositions);  // of the pose as the tilt left it
  const float offset = smoothBodyHeight(frame, hipOffset(hipDesired_, hipMaximal_));
  moveBody(modelPositions, offset);
  if (alignLegsInFlight(frame, modelRotations, modelPositions)) {
    // A foot turned in flight moved its ankle target: the body comes down where that leg
    // could no longer reach it (7.17's cap, for the new target).
    hipHeightsOfLegs(modelPositions);
    float lower = 0.0f;
    for (std::size_t l = 0; l < state_.size(); ++l)
      if (state_[l].rollBlend > 0.0f) lower = std::min(lower, hipMaximal_[l]);
    moveBody(modelPositions, lower);
    bodyHeight_ += lower;
    // A leg whose first pass was to stand solves again from its blended chain under the
    // lowered body.
    if (lower != 0.0f)
      for (LegState& s : state_) {
        if (!s.presolved) continue;
        s.presolved = false;
        for (std::size_t i = 0; i < s.chain.size(); ++i) {
          modelPositions[s.chain[i]] = s.savedPositions[i];
          modelPositions[s.chain[i]].y += lower;
          modelRotations[s.chain[i]] = s.savedRotations[i];
        }
      }
  }
  for (std::size_t l = 0; l < state_.size(); ++l)
    solveLeg(state_[l], reports_[l], modelRotations, modelPositions);
}

void LegLayer::moveBody(Span<Float3> modelPositions, float offset) const {
  if (offset != 0.0f)
    for (Float3& p : modelPositions.subspan(0, graph_->jointCount())) p.y += offset;
}

// Thesis 7.4, "twice": for each leg in flight, solve, turn the foot by the foot-roll blend
// (alignInFlight), and leave the chain as it was for the final solve. True when any leg did.
bool LegLayer::alignLegsInFlight(const Frame& frame, Span<Quaternion> modelRotations,
                                 Span<Float3> modelPositions) {
  bool any = false;
  for (LegState& s : state_) {
    s.presolved = false;
    if (!(s.rollBlend > 0.0f)) continue;
    const std::size_t n = s.chain.size();
    for (std::size_t i = 0; i < n; ++i) {
      s.savedPositions[i] = modelPositions[s.chain[i]];
      s.savedRotations[i] = modelRotations[s.chain[i]];
    }
    bool reached = true;
    const Vec3f ankle = solveChain(s, modelRotations, modelPositions, reached).at;
    alignInFlight(frame, s, modelRotations);
    if (!s.turned) {
      // The foot already turns with the shin (flat ground at the clip's motion): the first
      // solve is the final one.
      s.presolved = true;
      s.presolvedReached = reached;
      s.presolvedAnkle = ankle;
      continue;
    }
    for (std::size_t i = 0; i < n; ++i) {
      modelPositions[s.chain[i]] = s.savedPositions[i];
      modelRotations[s.chain[i]] = s.savedRotations[i];
    }
    any = true;
  }
  return any;
}

// 7.15-7.17 inputs of every leg for the pose as it stands.
void LegLayer::hipHeightsOfLegs(Span<const Float3> modelPositions) {
  for (std::size_t l = 0; l < state_.size(); ++l) {
    const LegState& s = state_[l];
    const Vec3f hip = toEigen(modelPositions[s.chain.front()]);
    float reach = 0.0f;
    for (std::size_t i = 1; i < s.chain.size(); ++i)
      reach += (toEigen(modelPositions[s.chain[i]]) - toEigen(modelPositions[s.chain[i - 1]])).norm();
    hipHeights(hip, toEigen(modelPositions[s.chain.back()]), s.ankleTarget, reach, hipDesired_[l],
               hipMaximal_[l]);
  }
}

// One IK pass from the pose as it stands towards the leg's ankle target: analytic for two
// bones, ChainIkJob for longer chains; then the twist about hip -> ankle. Writes the chain's
// rotations and positions above the ankle; returns where the ankle ends.
LegLayer::Position LegLayer::solveChain(LegState& s, Span<Quaternion> modelRotations,
                                        Span<Float3> modelPositions, bool& reached) const {
  const std::size_t n = s.chain.size();
  const int hipJoint = s.chain.front();
  const Vec3f hip = eigenView(modelPositions[hipJoint]);
  const Vec3f bendHint = Vec3f::UnitZ();
  if (n == 3) {
    const leg_ik_detail::TwoBoneLeg leg{hip, eigenView(modelPositions[s.chain[1]]),
                                        eigenView(modelPositions[s.chain[2]]), s.ankleTarget, bendHint};
    leg_ik_detail::TwoBoneSolution result;
    const bool ran = leg_ik_detail::usableLeg(leg);
    reached = false;
    if (!ran) return {leg.ankle};
    leg_ik_detail::solveTwoBone(leg, result, s.twist);
    eigenView(modelRotations[hipJoint]) = (result.hipRotation * eigenView(modelRotations[hipJoint])).normalized();
    eigenView(modelRotations[s.chain[1]]) =
        (result.kneeRotation * eigenView(modelRotations[s.chain[1]])).normalized();
    eigenView(modelPositions[s.chain[1]]) = result.knee;
    reached = result.reached;
    return {result.ankle};
  }
  for (std::size_t i = 0; i < n; ++i) s.joints[i] = modelPositions[s.chain[i]];
  ChainIkJob job;
  job.joints = s.joints;
  job.target = toFloat3(s.ankleTarget);
  job.bendHint = toFloat3(bendHint);
  job.scratch = s.scratch;
  job.rotations = s.rotations;
  job.solvedJoints = s.solved;
  ChainIkReport chainReport;
  reached = false;
  if (!job.run(&chainReport)) return {toEigen(s.joints[n - 1])};
  const Quatf twist = leg_ik_detail::legTwistRotation(hip, toEigen(s.solved[n - 1]), s.twist);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const int j = s.chain[i];
    eigenView(modelRotations[j]) = (twist * toEigen(s.rotations[i]) * eigenView(modelRotations[j])).normalized();
    eigenView(modelPositions[j]) = hip + twist * (toEigen(s.solved[i]) - hip);
  }
  reached = chainReport.reached;
  return {toEigen(s.solved[n - 1])};
}

// The foot-roll blend (thesis 7.4.2): in flight the ankle keeps the rotation the solved shin
// carries, yawed so the foot heads where the footbase does, instead of the ground's; the foot
// turns about its footbase target, so the footbase stays where step 3 put it. Needs the chain
// as a first solve left it and its pose from before (savedRotations).
void LegLayer::alignInFlight(const Frame& frame, LegState& s, Span<const Quaternion> modelRotations) const {
  s.turned = false;
  const std::size_t n = s.chain.size();
  const Quatf shinTurn = toEigen(modelRotations[s.chain[n - 2]]) * toEigen(s.savedRotations[n - 2]).conjugate();
  const Quatf original = toEigen(modelRotations[s.chain.back()]);  // the chain solve leaves it
  const Quatf stance = s.alignment * original;
  const Quatf carried = shinTurn * original;
  const Vec3f along = s.toeTip - s.heel;
  // The two feet's headings as the footbase takes them (footGroundDirection): a foot pointing
  // down in the swing has no ground direction of its own to yaw by.
  const Vec3f a = locomotion::footGroundDirection<Vec3f>(stance * along, Vec3f::UnitZ(), s.footLength);
  const Vec3f b = locomotion::footGroundDirection<Vec3f>(carried * along, Vec3f::UnitZ(), s.footLength);
  const float yaw = wrapPi(detail::floatAtan2(a.x(), a.z()) - detail::floatAtan2(b.x(), b.z()));
  const Quatf flight = yawQuat(std::isfinite(yaw) ? yaw : 0.0f) * carried;
  // stance.slerp(blend, flight) * stance^-1 is the blend's power of flight * stance^-1 (on the
  // shorter arc): its half angle scaled, without slerp's acos and sines.
  Quatf change = flight * stance.conjugate();
  if (change.w() < 0.0f) change.coeffs() = -change.coeffs();
  const float sine = change.vec().norm();
  Quatf turn = Quatf::Identity();
  if (sine > 0.0f && std::isfinite(sine)) {
    float sinPart, cosPart;
    detail::floatSinCos(s.rollBlend * detail::floatAtan2(sine, change.w()), sinPart, cosPart);
    const Vec3f v = (sinPart / sine) * change.vec();
    turn = Quatf(cosPart, v.x(), v.y(), v.z());
  }
  if (!turn.coeffs().allFinite() || turn.vec().norm() < kNegligibleTurn) return;
  s.turned = true;
  // The turned foot stays out of the ground (a shin bent over a step pitches the foot down
  // with it): heel and toe are probed where the turn put them. Not only when they went lower
  // than the ground's rotation had them: the turn about the footbase also carries the toe
  // forward, and on an upward slope the ground there is higher (slope25 had toes 25 mm under
  // it in early flight). Only the ground itself: step 3's clearance is measured from the
  // clip's own foot, which a held (restarting) foot is not at.
  s.alignment = turn * s.alignment;
  s.ankleTarget = s.footbaseTarget + turn * (s.ankleTarget - s.footbaseTarget);
  const Quatf rotation = s.alignment * original;
  const Vec3f heelModel = s.ankleTarget + rotation * s.heel, toeModel = s.ankleTarget + rotation * s.toeTip;
  const Vec3f origin = frame.position + Vec3f(0.0f, characterGround_ - frame.floor, 0.0f);
  s.ankleTarget.y() += clearanceLift(terrain_, yawRotate(frame.heading, heelModel) + origin,
                                     yawRotate(frame.heading, toeModel) + origin, 0.0f, 0.0f, settings_);
}

void LegLayer::solveLeg(LegState& s, LegReport& report, Span<Quaternion> modelRotations,
                        Span<Float3> modelPositions) {
  const int ankle = s.chain.back();
  const Vec3f oldAnkle = eigenView(modelPositions[ankle]);
  bool reached = s.presolvedReached;
  const Vec3f newAnkle = s.presolved ? s.presolvedAnkle : solveChain(s, modelRotations, modelPositions, reached).at;
  // The foot keeps its alignment whatever the shin did: the ankle's model rotation is the
  // alignment applied to its original, and everything below moves with it rigidly.
  eigenView(modelPositions[ankle]) = newAnkle;
  eigenView(modelRotations[ankle]) = (s.alignment * eigenView(modelRotations[ankle])).normalized();
  for (const int d : s.descendants) {
    eigenView(modelPositions[d]) = newAnkle + s.alignment * (eigenView(modelPositions[d]) - oldAnkle);
    eigenView(modelRotations[d]) = (s.alignment * eigenView(modelRotations[d])).normalized();
  }
  const float miss = (newAnkle - s.ankleTarget).norm();
  report.reached = reached || miss < 1e-3f;
  report.overextension = report.reached ? 0.0f : miss;
  if (!report.reached) {
    ++warnings_.unreachable;
    lastWarnings_ |= 1u;
  }
}

}  // namespace fatgraph
