// One leg of a locomotion edge per update (Johansen ch. 7.3-7.4; leg_layer.h steps 1-3 and 7):
// the leg's phase, its footprints, and the footbase correction that plants it. Every quantity
// is a correction to the blended pose's own foot f, so on flat ground at the clip's motion all
// of them are zero and the layer returns the blended pose.
#include <algorithm>
#include <cmath>

#include "leg_layer_detail.h"

namespace fatgraph {

using namespace leg_detail;

namespace {

// Seconds over which a restarted leg's parked hold fades out.
constexpr float kRestartHoldSeconds = 0.2f;

// The footprint correction's normal blended from P's to N's.
Vec3f blendNormal(const Vec3f& a, const Vec3f& b, float t) {
  const Vec3f n = a + t * (b - a);
  const float len = n.norm();
  return len > 1e-6f ? Vec3f(n / len) : kUp;
}

// The ground-tangent arc height (7.3-7.6): h = max over x in {P, N} of ((x - mid) . n_x) /
// (n_x . up): how far the straight line between the footprints dips under the ground's
// tangent planes at its ends. Zero between footprints on one plane.
float arcHeight(const Vec3f& p, const Vec3f& pn, const Vec3f& n, const Vec3f& nn) {
  const Vec3f mid = 0.5f * (p + n);
  const float a = (p - mid).dot(pn) / std::max(pn.y(), 1e-3f);
  const float b = (n - mid).dot(nn) / std::max(nn.y(), 1e-3f);
  return std::max({a, b, 0.0f});
}

}  // namespace

// One leg's values of this update: the frame, the leg's blended cycle, its original foot and
// its phase tau.
struct LegLayer::Step {
  const Frame& frame;
  const BlendedCycle& cycle;
  const OriginalFoot& foot;
  float tau;
  int legIndex;
  // Where the next stance puts this foot with the character at `at`, heading `yaw`: the frame
  // composed with the blended stance position and yaw (listing 7.1).
  Vec3f footAt(const Vec3f& at, float yaw, float& footYaw) const {
    footYaw = yaw + cycle.stanceYaw;
    return Vec3f(at + yawRotate(yaw, Vec3f(cycle.stancePosition.x(), 0.0f, cycle.stancePosition.z())));
  }
};

// No weight on any segment: the foot is held where the ground is.
void LegLayer::holdWithoutCycle(LegState& leg) const {
  const Vec3f& f = leg.foot.footbase;
  const Ground g = probeGround(terrain_, f.x(), f.z(), characterGround_, settings_);
  leg.correction = Vec3f(0.0f, g.found ? g.height : characterGround_, 0.0f);
  leg.yawCorrection = 0;
  leg.normal = g.normal;
  leg.legGround = leg.correction.y();
  leg.supportWeight = 1.0f;
  leg.initialized = false;
}

// Whether the foot stands at this phase.
bool LegLayer::footContact(const Step& step, LegState& leg) const {
  const BlendedCycle& c = step.cycle;
  const float tau = step.tau;
  const Vec3f& f = step.foot.footbase;
  bool contact = tau >= c.footStrike || tau <= c.footOff;
  // foot-off == foot-strike: the leg stands through the edge (half a gait cycle between hubs;
  // core's standsThroughout), in contact all along.
  const bool standing = c.footOff >= c.footStrike;
  if (standing) leg.liftedEarly = false;
  // Key times are found on sampled curves, so one may fall a frame inside the swing: a foot
  // still above the ground just after foot-strike keeps flying, one already risen just before
  // foot-off has lifted (the stance lock would otherwise hold a moving foot: fidelity).
  // Near is 0.15 of the cycle, and at most a quarter of the contact: a run's stance lasts a
  // fifth of its cycle (the knight's), and two windows of 0.15 would span all of it.
  const float near = std::min(0.15f, 0.25f * (c.footOff + 1.0f - c.footStrike));
  const bool nearOff = tau <= c.footOff && tau > c.footOff - near;
  if (!standing && contact && f.y() > std::max(0.02f * leg.footLength, 0.001f) &&
      ((tau >= c.footStrike && tau < c.footStrike + near) || nearOff))
    contact = false;
  // A foot that has lifted early stays lifted until its swing is over: a heel that wobbles
  // back under the threshold must not strike a second time in the same stance (that would
  // plant P at the next footprint's correction).
  if (!contact && leg.contact && nearOff) leg.liftedEarly = true;
  if (tau > c.footOff && tau < c.footStrike) leg.liftedEarly = false;
  if (leg.liftedEarly) contact = false;
  return contact;
}

// Where the next stance puts this foot if the character keeps its velocity and turn rate.
LegLayer::Position LegLayer::predictTarget(const Step& step, float& footYaw) const {
  Vec3f at;
  float yaw = 0;
  predictFrame(step.frame.position, step.frame.yaw, toEigen(velocity_), turnRate_,
               step.frame.cycleDuration * (1.0f - step.tau), at, yaw);
  return {step.footAt(at, yaw, footYaw)};
}

// Where the clips alone would land the foot: the character moves as it does until the strike,
// and from there to the stance as the clips' root motion would (the foot is planted by then, so
// its place relative to the body at the strike is the clips'). Unsteered, the two motions are
// one and this equals predictTarget: no correction.
LegLayer::Position LegLayer::predictNominal(const Step& step) const {
  const float toStance = step.frame.cycleDuration * (1.0f - step.tau);
  const float toStrike =
      std::min(toStance, step.frame.cycleDuration * std::max(0.0f, step.cycle.footStrike - step.tau));
  Vec3f strikeAt, at;
  float strikeYaw = 0, yaw = 0, footYaw = 0;
  predictFrame(step.frame.position, step.frame.yaw, toEigen(velocity_), turnRate_, toStrike, strikeAt,
               strikeYaw);
  predictFrame(strikeAt, strikeYaw, toEigen(animationVelocity_), animationTurnRate_, toStance - toStrike,
               at, yaw);
  return {step.footAt(at, yaw, footYaw)};
}

// The leg's first update on this edge: its footprints start where the foot is.
void LegLayer::startLeg(const Step& step, LegState& leg, bool contact) const {
  const Vec3f& f = step.foot.footbase;
  const Ground g = probeGround(terrain_, f.x(), f.z(), characterGround_, settings_);
  const float height = g.found ? g.height : characterGround_;
  leg.previous = Vec3f(f.x(), height, f.z());
  leg.previousNormal = g.normal;
  leg.nextCorrection = Vec3f(0.0f, height, 0.0f);
  leg.nextNormal = g.normal;
  leg.nominalNext = leg.previous;
  leg.lockYaw = step.foot.yaw;
  leg.offCorrection = Vec3f(0.0f, height, 0.0f);
  leg.offYawCorrection = 0;
  leg.offFootbase = f;
  leg.parked = false;
  leg.stopParked = false;
  leg.parkHold = 0;
  leg.liftedEarly = false;
  leg.nextFresh = true;
  leg.contact = contact;
  leg.initialized = true;
}

// Foot-strike or foot-off.
void LegLayer::changeContact(const Step& step, LegState& leg, bool contact) const {
  const Vec3f& f = step.foot.footbase;
  if (contact) {
    // Foot-strike: the flight's end becomes the footprint P, which never moves while the foot
    // stands. A parked leg has stood on P all along.
    if (!leg.parked) {
      const Vec3f& n = leg.nextCorrection;
      leg.previous = Vec3f(f.x() + n.x(), n.y(), f.z() + n.z());
      leg.previousNormal = leg.nextNormal;
      leg.lockYaw = step.foot.yaw;
    }
    // Stopping, a parked foot stays parked: the leg has finished its step.
    leg.parked = leg.parked && step.frame.stopping;
    leg.stopParked = leg.parked;
  } else {
    // Foot-off: the flight starts from the last planted update's correction (the original
    // foot may already have begun to rise in this one, so P - f here would pull it back);
    // park when the coming step is too short to be worth taking (start/stop, ALGORITHMS F).
    leg.offCorrection = leg.correction;
    leg.offYawCorrection = leg.yawCorrection;
    leg.offFootbase = f;
    leg.nextFresh = true;
    // Stopping, the foot that would lift stays on the footprint it stands on.
    leg.parked = step.frame.stopping || shortStep(step, leg);
    leg.stopParked = step.frame.stopping;
    // A parked foot is held rigidly as it stood in the last planted update (apply()).
    leg.parkAnkle = leg.ankleWorld;
    leg.parkRotation = leg.ankleWorldRotation;
  }
  leg.contact = contact;
}

// The coming step N0 - P is too short to be worth taking (start/stop, ALGORITHMS F).
bool LegLayer::shortStep(const Step& step, const LegState& leg) const {
  float nextYaw = 0;
  const Vec3f target = predictTarget(step, nextYaw).at;
  const float stepLength = Vec3f(target.x() - leg.previous.x(), 0.0f, target.z() - leg.previous.z()).norm();
  const float turn = std::abs(wrapPi(nextYaw - leg.lockYaw));
  return stepLength < settings_.parkStepLength * leg.restLength && turn < settings_.parkTurn;
}

// The player starts again (Input::stopping over): a leg the stop parked leaves its footprint
// now if its cycle is in flight, its flight starting from where the foot stands (the held
// correction, the original foot's place now); in stance it stands on P until its foot-off.
// The legs thus go in the order their cycles reach flight.
void LegLayer::restartLeg(const Step& step, LegState& leg, bool contact) const {
  leg.stopParked = false;
  leg.parked = false;
  leg.parkHold = 1.0f;
  if (contact) return;
  // The flight starts on the footprint: the pose may hold this foot in the air already (its
  // clip swung on while the leg was parked), so the height is corrected down to P as well.
  leg.offCorrection = Vec3f(leg.previous.x() - step.foot.footbase.x(), leg.previous.y() - step.foot.footbase.y(),
                            leg.previous.z() - step.foot.footbase.z());
  leg.offYawCorrection = leg.yawCorrection;
  leg.offFootbase = step.foot.footbase;
  leg.nextFresh = true;
}

// A standing (or parked) foot stays on P; returns the next footprint N as last predicted.
LegLayer::Position LegLayer::plant(LegState& leg) const {
  const OriginalFoot& foot = leg.foot;
  leg.correction = Vec3f(leg.previous.x() - foot.footbase.x(), leg.previous.y(), leg.previous.z() - foot.footbase.z());
  leg.yawCorrection = clampYawCorrection(leg.lockYaw - foot.yaw, foot.relativeYaw, settings_.maxFootYaw);
  leg.normal = leg.previousNormal;
  leg.arc = 0;
  leg.legGround = leg.previous.y();
  if (leg.parked) return {leg.previous};
  return {Vec3f(leg.nominalNext.x() + leg.nextCorrection.x(), leg.nextCorrection.y(),
                leg.nominalNext.z() + leg.nextCorrection.z())};
}

// A swinging foot: N re-predicted until foot-strike (the change smoothed more as the strike
// nears), the correction carried from foot-off's towards N's along the foot's own progress,
// over an arc that clears the ground's tangents. Returns N.
LegLayer::Position LegLayer::swing(const Step& step, LegState& leg, float flight) {
  const Vec3f& f = step.foot.footbase;
  float nextYaw = 0;
  Position predicted = predictTarget(step, nextYaw);
  // Only for steered sideways motion: turning, a planted foot swings round the body anyway.
  if (step.frame.steered && std::abs(turnRate_) * step.frame.cycleDuration < 0.5f)
    predicted = keepSide(step.legIndex, predicted, nextYaw - step.cycle.stanceYaw);
  const Vec3f& target = predicted.at;
  const Position predictedNominal = predictNominal(step);
  const Vec3f& nominal = predictedNominal.at;
  const Vec3f footVector = yawRotate(nextYaw, Vec3f(0.0f, 0.0f, leg.footLength));
  Vec3f grounded;
  const Ground g = groundFootprint(terrain_, target, footVector, characterGround_, settings_, grounded);
  Vec3f fresh(grounded.x() - nominal.x(), grounded.y(), grounded.z() - nominal.z());
  Vec3f freshNormal = g.normal;
  if (!g.found) {
    ++warnings_.noGround;
    lastWarnings_ |= 2u;
    fresh = Vec3f(target.x() - nominal.x(), leg.previous.y(), target.z() - nominal.z());
    freshNormal = leg.previousNormal;
  }
  if (leg.nextFresh) {
    leg.nextCorrection = fresh;
    leg.nextNormal = freshNormal;
    leg.nextFresh = false;
  } else {
    const float k = 1.0f - flight;
    leg.nextCorrection += k * (fresh - leg.nextCorrection);
    leg.nextNormal = blendNormal(leg.nextNormal, freshNormal, k);
  }
  leg.nominalNext = nominal;
  const Vec3f next(nominal.x() + leg.nextCorrection.x(), leg.nextCorrection.y(), nominal.z() + leg.nextCorrection.z());
  // z: the original foot's progress from where it lifted towards N0; near the strike it is
  // drawn to 1 so the landing meets the footprint without a jump.
  const Vec3f stepVector(nominal.x() - leg.offFootbase.x(), 0.0f, nominal.z() - leg.offFootbase.z());
  const float length2 = stepVector.squaredNorm();
  float z = flight;
  if (length2 > 1e-4f) {
    const Vec3f moved(f.x() - leg.offFootbase.x(), 0.0f, f.z() - leg.offFootbase.z());
    z = std::clamp(moved.dot(stepVector) / length2, 0.0f, 1.0f);
  }
  const float pull = flight * flight * flight;
  z += (1.0f - z) * pull;
  leg.correction = leg.offCorrection + z * (leg.nextCorrection - leg.offCorrection);
  const float h = arcHeight(leg.previous, leg.previousNormal, next, leg.nextNormal);
  leg.arc = std::max(0.0f, 2.0f * h / kPi * std::sin(kPi * z) - f.y());
  leg.correction.y() += leg.arc;
  leg.yawCorrection = (1.0f - flight) * leg.offYawCorrection;
  leg.normal = blendNormal(leg.previousNormal, leg.nextNormal, flight);
  // The body's supporting height moves from P's ground to N's over the flight.
  const float s = 0.5f * (1.0f - std::cos(kPi * flight));
  leg.legGround = leg.previous.y() + s * (next.y() - leg.previous.y());
  return {next};
}

void LegLayer::updateLocomotionLeg(const Frame& frame, LegState& leg, LegReport& report) {
  const int legIndex = static_cast<int>(&leg - state_.data());
  leg.cycle = blendCycle(frame.edge->locomotion, static_cast<int>(state_.size()), legIndex, frame.weights);
  if (!leg.cycle.valid) {
    holdWithoutCycle(leg);
    return;
  }
  const BlendedCycle& c = leg.cycle;
  const Step step{frame, c, leg.foot, cyclic(frame.cycleTime - c.stance), legIndex};
  const bool contact = footContact(step, leg);
  const float flight = contact ? 0.0f : inverseLerp(c.footOff, c.footStrike, step.tau);
  if (!leg.initialized) {
    startLeg(step, leg, contact);
  } else if (contact != leg.contact) {
    changeContact(step, leg, contact);
  } else if (leg.stopParked && !frame.stopping) {
    restartLeg(step, leg, contact);
  } else if (leg.parked && !contact && !frame.stopping && !shortStep(step, leg)) {
    // Parked for a short step at foot-off, but the body has sped up since (a start): the
    // step is worth taking after all, from where the foot stands, in the flight left.
    restartLeg(step, leg, contact);
  }
  leg.lastTau = step.tau;
  leg.flight = flight;
  // h_l (7.12): a leg supports the body most at its stance and least mid-swing.
  leg.supportWeight = 0.5f * (std::cos(2.0f * kPi * step.tau) + 1.0f) + 0.001f;
  leg.rollBlend = settings_.flightAlignment && !leg.parked ? footRollBlend(c, step.tau) : 0.0f;
  if (leg.parkHold > 0.0f && !leg.parked)
    leg.parkHold = std::max(0.0f, leg.parkHold - frame.dt / kRestartHoldSeconds);
  report.nextFootprint = toFloat3((contact || leg.parked ? plant(leg) : swing(step, leg, flight)).at);
  report.previousFootprint = toFloat3(leg.previous);
  report.previousNormal = toFloat3(leg.previousNormal);
  report.nextNormal = toFloat3(leg.nextNormal);
  report.legTime = step.tau;
  report.flightTime = flight;
  report.strideTime = inverseLerp(c.footLift, c.footLand, step.tau);
  report.planted = contact || leg.parked;
  report.parked = leg.parked;
  report.cycleKnown = true;
  report.contact = report.planted;
}

// A footprint predicted at its stance moment lies where the body will be then; when the body
// moves sideways (steered side-steps from forward-walk data) the other foot, planted half a
// cycle earlier, lies that far behind on the same side line, and the two would cross. Human
// side-steps close in instead: the new footprint keeps at least half the clips' own lateral
// spacing on its side of every planted foot of the other side that stands beside it (within a
// foot length fore and aft along the body: a foot a stride ahead, or a quadruped's diagonal
// foot, is not beside it).
LegLayer::Position LegLayer::keepSide(int legIndex, const Position& footprint, float bodyYaw) const {
  const LegState& leg = state_[legIndex];
  const Vec3f& s = leg.cycle.stancePosition;
  if (std::abs(s.x()) < 1e-4f) return footprint;  // a leg on the midline has no side
  const float side = s.x() > 0.0f ? 1.0f : -1.0f;
  const Vec3f left = yawRotate(bodyYaw, Vec3f::UnitX());
  const Vec3f forward = yawRotate(bodyYaw, Vec3f::UnitZ());
  Vec3f out = footprint.at;
  for (std::size_t k = 0; k < state_.size(); ++k) {
    const LegState& other = state_[k];
    const Vec3f& o = other.cycle.stancePosition;
    if (static_cast<int>(k) == legIndex || !other.initialized || !other.contact ||
        o.x() * side >= 0.0f)
      continue;
    const Vec3f d(out.x() - other.previous.x(), 0.0f, out.z() - other.previous.z());
    if (std::abs(d.dot(forward)) > leg.footLength) continue;  // one ahead of the other
    const float gap = 0.5f * std::abs(s.x() - o.x());
    const float lateral = side * d.dot(left);
    if (lateral < gap) out += side * (gap - lateral) * left;
  }
  return {out};
}

// Ground following (edges that are not locomotion): each foot rides the terrain under it.
void LegLayer::updateFollowingLeg(const Frame& /*frame*/, LegState& leg) {
  const Vec3f& f = leg.foot.footbase;
  const Ground g = probeGround(terrain_, f.x(), f.z(), characterGround_, settings_);
  if (!g.found) {
    ++warnings_.noGround;
    lastWarnings_ |= 2u;
  }
  leg.followCorrection = Vec3f(0.0f, g.found ? g.height : characterGround_, 0.0f);
  leg.followNormal = g.found ? g.normal : kUp;
}

}  // namespace fatgraph
