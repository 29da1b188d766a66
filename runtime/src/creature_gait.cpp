// CreatureGait (creature_gait.h): the body moves, each leg's home is found on the ground, legs
// step by the trigger and the two diagonal groups, the body's height and pitch follow the feet,
// and the leg layer's two-bone IK puts each ankle where its foot is.
#include "fatgraph/runtime/creature_gait.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "fatgraph/runtime/leg_ik.h"
#include "fatgraph/runtime/leg_layer.h"
#include "float_trig.h"
#include "locomotion_toolkit.h"

namespace fatgraph {

namespace {

constexpr float kPiRadians = 3.14159265358979f;
constexpr float kGravity = 9.81f;
constexpr float kMaxPitch = 20.0f * kPiRadians / 180.0f;
const Float3 kUpAxis{0, 1, 0};

// The library's sinf, cosf, remainderf and hypotf were a fifth of an update; float_trig.h's
// polynomials are within float rounding of them (the yaw: the toolkit's, the leg layer's too).
using locomotion::yawRotation;
// Nose up for positive angles: +Z turns towards +Y, a turn about -X.
Quaternion pitchRotation(float angle) {
  float s, c;
  detail::floatSinCos(0.5f * angle, s, c);
  return {-s, 0, 0, c};
}
float finiteOr0(float v) { return std::isfinite(v) ? v : 0.0f; }
Float3 lerp(const Float3& a, const Float3& b, float t) { return a + (b - a) * t; }
float horizontal(const Float3& a, const Float3& b) {
  const float x = a.x - b.x, z = a.z - b.z;
  return std::sqrt(x * x + z * z);
}

// The toolkit's critically damped spring taking `value` (moving at `rate`) towards `target`;
// dt <= 0 (a reset) puts it there at rest.
void followSpring(float& value, float& rate, float target, float halfLife, float dt) {
  if (dt <= 0) {
    value = target;
    rate = 0;
    return;
  }
  locomotion::springStep(value, rate, target, halfLife, dt);
}

// The steepest ground a foot stands on: the leg layer's default (60 degrees).
const float kFootholdMinNormalY = locomotion::footholdMinNormalY(LegLayerSettings{}.maxSlope);

// The ground under (x, z), by a ray straight down from the height `top`, under the toolkit's
// one probe policy (the leg layer's): a wall (a face steeper than the steepest foothold) or a
// non-finite hit is no ground, and the caller keeps the ground it knew. Null terrain: flat
// ground at y = 0. Inlined into each caller: called, its answer came back through memory, and
// with the policy's checks the gait's update counted more instructions than before them.
[[gnu::always_inline]] inline locomotion::GroundHit probeGround(const Terrain* terrain, float x,
                                                                 float z, float top) {
  if (terrain == nullptr) return {true, 0.0f, kUpAxis};
  const float length = 2 * std::max(top, 1.0f) + 100.0f;
  return locomotion::castDown(*terrain, x, z, top, length, kFootholdMinNormalY);
}
// The height found, or `known` where there is no usable ground.
float heightOr(const locomotion::GroundHit& g, float known) { return g.found ? g.height : known; }

}  // namespace

std::string CreatureGaitRig::validate() const {
  const int n = static_cast<int>(parents.size());
  if (n == 0 || restPositions.size() != parents.size()) return "joints and parents differ in number";
  for (int j = 0; j < n; ++j) {
    if (parents[j] >= j || parents[j] < -1) return "joint " + std::to_string(j) + ": parent out of order";
    if (!isFinite(restPositions[j])) return "joint " + std::to_string(j) + ": position not finite";
  }
  if (!(baseSpeed > 0) || !std::isfinite(baseSpeed)) return "base speed must be positive";
  for (size_t l = 0; l < legs.size(); ++l) {
    const CreatureGaitLeg& leg = legs[l];
    const std::string name = "leg " + std::to_string(l);
    for (int j : {leg.hip, leg.knee, leg.ankle})
      if (j < 0 || j >= n) return name + ": joint out of range";
    if (leg.hip == leg.knee || leg.knee == leg.ankle || leg.hip == leg.ankle) return name + ": joints repeat";
    if (length(restPositions[leg.knee] - restPositions[leg.hip]) < 1e-3f ||
        length(restPositions[leg.ankle] - restPositions[leg.knee]) < 1e-3f)
      return name + ": a bone shorter than 1 mm";
    if (!isFinite(leg.toeOffset)) return name + ": toe offset not finite";
  }
  for (size_t k = 0; k < tail.size(); ++k)
    if (tail[k] < 0 || tail[k] >= n || (k > 0 && parents[tail[k]] != tail[k - 1]))
      return "tail joint " + std::to_string(k) + ": not the child of the one before";
  if (!(breathAmplitude >= 0) || !std::isfinite(breathAmplitude) || !(breathSeconds > 0) || !std::isfinite(breathSeconds))
    return "breathing must be finite, its period positive";
  if (static_cast<int>(locomotion) > static_cast<int>(CreatureLocomotion::Swim)) return "locomotion not walk, fly or swim";
  for (int j : spine)
    if (j < 0 || j >= n) return "spine joint " + std::to_string(j) + " out of range";
  if (!spine.empty() && (spineRoot < 0 || spineRoot >= static_cast<int>(spine.size())))
    return "spine root out of range";
  if (!std::isfinite(cruiseHeight) || !(beatSeconds >= 0) || !std::isfinite(beatSeconds))
    return "cruise height must be finite, the beat's period 0 or more";
  if (locomotion != CreatureLocomotion::Walk && !(beatSeconds > 0)) return "a flyer or swimmer needs a beat";
  for (size_t k = 0; k < flaps.size(); ++k) {
    const CreatureGaitFlap& f = flaps[k];
    if (f.joint < 0 || f.joint >= n) return "flap " + std::to_string(k) + ": joint out of range";
    if (!isFinite(f.axis) || length(f.axis) < 1e-3f || !std::isfinite(f.amplitude) || !std::isfinite(f.phase))
      return "flap " + std::to_string(k) + ": axis, amplitude or phase not finite";
  }
  return {};
}

CreatureGait::CreatureGait(CreatureGaitRig rig) : rig_(std::move(rig)) {
  if (!rig_.validate().empty()) rig_ = {};  // an unusable rig plays nothing, safely
  if (!(rig_.baseSpeed > 0)) rig_.baseSpeed = 1;
  const size_t n = rig_.parents.size();
  rotations_.resize(n);
  positions_ = rig_.restPositions;
  feet_.resize(rig_.legs.size());
  float total = 0, front = 0, back = 0;
  for (size_t l = 0; l < feet_.size(); ++l) {
    const CreatureGaitLeg& leg = rig_.legs[l];
    Foot& f = feet_[l];
    f.length = length(rig_.restPositions[leg.knee] - rig_.restPositions[leg.hip]) +
               length(rig_.restPositions[leg.ankle] - rig_.restPositions[leg.knee]);
    f.ankleLift = rig_.restPositions[leg.ankle].y;
    const float rise = rig_.restPositions[leg.hip].y - rig_.restPositions[leg.ankle].y;
    f.reachAcross = std::sqrt(std::max(0.0f, 0.97f * 0.97f * f.length * f.length - rise * rise));
    // Diagonal groups: left front with right second, and so on.
    f.group = (leg.pair + (leg.side > 0 ? 0 : 1)) % 2;
    total += f.length;
    const float z = rig_.restPositions[leg.hip].z;
    front = l == 0 ? z : std::max(front, z);
    back = l == 0 ? z : std::min(back, z);
  }
  meanLength_ = feet_.empty() ? 1.0f : total / static_cast<float>(feet_.size());
  local_.assign(n, Quaternion{});
  spineYaw_.assign(rig_.spine.size(), 0.0f);
  spineWeight_.assign(rig_.spine.size(), 0.0f);
  chainYaw_.assign(rig_.spine.size(), 0.0f);
  spineSlot_.assign(rig_.legs.size(), -1);
  for (size_t l = 0; l < rig_.legs.size(); ++l) {
    const auto at = std::find(rig_.spine.begin(), rig_.spine.end(), rig_.parents[rig_.legs[l].hip]);
    if (at != rig_.spine.end()) spineSlot_[l] = static_cast<int>(at - rig_.spine.begin());
  }
  size_ = 0;
  for (const Float3& p : rig_.restPositions) size_ = std::max(size_, length(p - rig_.restPositions.front()));
  size_ = std::max(size_, 0.05f);
  pitches_ = front - back > 0.3f * meanLength_;
  reset({0, 0, 0}, 0, nullptr);
}

Float3 CreatureGait::home(int leg, const Float3& ground, float heading) const {
  const Float3& a = rig_.restPositions[rig_.legs[static_cast<size_t>(leg)].ankle];
  const Float3 offset = rotate(yawRotation(heading), Float3{a.x, 0, a.z});
  return {ground.x + offset.x, ground.y, ground.z + offset.z};
}

void CreatureGait::reset(const Float3& position, float heading, const Terrain* terrain) {
  ground_ = {finiteOr0(position.x), 0, finiteOr0(position.z)};
  heading_ = finiteOr0(heading);
  const float above = finiteOr0(position.y) + 10.0f * meanLength_;
  // Where no usable ground answers (a wall, a non-finite hit, a miss): the height given.
  const float given = finiteOr0(position.y);
  float sum = 0;
  for (size_t l = 0; l < feet_.size(); ++l) {
    Foot& f = feet_[l];
    const Float3 h = home(static_cast<int>(l), ground_, heading_);
    const locomotion::GroundHit g = probeGround(terrain, h.x, h.z, above);
    const float y = heightOr(g, given);
    f.ankle = f.from = f.to = Float3{h.x, y, h.z} + kUpAxis * f.ankleLift;
    f.normal = f.fromNormal = f.toNormal = g.normal;
    f.planted = rig_.locomotion == CreatureLocomotion::Walk;  // a flyer's legs hang
    f.swing = 0;
    f.yaw = f.yawFrom = f.yawTo = heading_;
    sum += y;
  }
  ground_.y = feet_.empty() ? heightOr(probeGround(terrain, ground_.x, ground_.z, above), given)
                            : sum / feet_.size();
  bodyHeight_ = bodyHeightRate_ = pitch_ = 0;
  fromRest_ = true;
  time_ = speed_ = turnFollow_ = turnStep_ = beatPhase_ = 0;
  strikeCount_ = liftCount_ = 0;
  std::fill(chainYaw_.begin(), chainYaw_.end(), 0.0f);
  velocity_ = {};
  if (rig_.locomotion != CreatureLocomotion::Walk) {
    placeFlyer(0, terrain);
    return;
  }
  placeBody(0, terrain);
  solveLegs(terrain);
}

void CreatureGait::update(float dt, const Float3& velocity, float turnRate, const Terrain* terrain) {
  dt = std::clamp(finiteOr0(dt), 0.0f, 0.25f);
  // The body follows the request at a bounded acceleration: a jump to full speed would leave
  // the second group of feet behind before the first has landed.
  // Requests are bounded (100 m/s, 100 rad/s) so no prediction overflows a float.
  const Float3 request{std::clamp(finiteOr0(velocity.x), -100.0f, 100.0f), 0,
                       std::clamp(finiteOr0(velocity.z), -100.0f, 100.0f)};
  const Float3 change = request - velocity_;
  const float most = rig_.baseSpeed / (2.0f * swingSeconds_) * dt;
  velocity_ = length(change) > most ? velocity_ + change * (most / length(change)) : request;
  const Float3 local = velocity_;
  const float turn = std::clamp(finiteOr0(turnRate), -100.0f, 100.0f);
  heading_ += turn * dt;
  turnStep_ = turn * dt;
  heading_ = detail::wrapAngle(heading_);
  const Float3 world = rotate(yawRotation(heading_), local);
  ground_.x += world.x * dt;
  ground_.z += world.z * dt;
  strikeCount_ = liftCount_ = 0;
  time_ = std::fmod(time_ + dt, 3600.0f);
  speed_ = length(local);
  turnFollow_ += (turn - turnFollow_) * (1.0f - std::exp(-dt / 0.3f));
  if (rig_.beatSeconds > 0) {
    // Wings beat a little faster with speed; a tail beats in proportion to it (Bainbridge
    // 1958: a fish's tail-beat frequency grows linearly with its speed), never below 0.3.
    const float share = speed_ / rig_.baseSpeed;
    const float rate = rig_.locomotion == CreatureLocomotion::Swim ? std::clamp(0.3f + share, 0.3f, 2.0f)
                                                                   : 1.0f + 0.2f * std::min(share, 2.0f);
    beatPhase_ = std::fmod(beatPhase_ + dt * rate / rig_.beatSeconds, 1.0f);
  }
  if (rig_.locomotion != CreatureLocomotion::Walk) {
    placeFlyer(dt, terrain);
    return;
  }
  stepLegs(dt, local, turn, speed_, terrain);
  placeBody(dt, terrain);
  solveLegs(terrain);
}

void CreatureGait::stepLegs(float dt, const Float3& localVelocity, float turnRate, float speed,
                            const Terrain* terrain) {
  // Longer legs take longer, slower steps; faster walking shortens the swing (to 0.7 of it).
  const float pace = std::clamp(1.15f - 0.15f * speed / rig_.baseSpeed, 0.7f, 1.15f);
  swingSeconds_ = 1.3f * std::sqrt(meanLength_ / kGravity) * pace;
  // Short legs at speed step faster: a foot travels at most half a leg each way of its home.
  if (speed > 0) swingSeconds_ = std::max(0.08f, std::min(swingSeconds_, 0.5f * meanLength_ / speed));
  const float stride = 0.5f * speed * swingSeconds_ + 0.06f * meanLength_ +
                       0.25f * std::fabs(turnRate) * swingSeconds_ * meanLength_;
  // From rest the first group lifts at once: at the full trigger the other group, standing
  // where the first stood, would fall a whole swing further behind before its turn.
  const float trigger = fromRest_ ? std::min(stride, 0.06f * meanLength_) : stride;
  // Where the body will be at the middle of a step's next stance: (1.5 - s) swings ahead for a
  // foot s of the way through its swing, on the body's arc.
  const float above = positions_.empty() ? 10.0f : positions_[0].y + 2.0f * meanLength_;
  auto predictTarget = [&](int l) {
    Foot& f = feet_[static_cast<size_t>(l)];
    const float ahead = (1.5f - f.swing) * swingSeconds_;
    const float predictedHeading = heading_ + turnRate * ahead;
    const Float3 travel = rotate(yawRotation(heading_ + 0.5f * turnRate * ahead), localVelocity) * ahead;
    const Float3 predicted{ground_.x + travel.x, ground_.y, ground_.z + travel.z};
    const Float3 h = home(l, predicted, predictedHeading);
    // No usable ground there: the foot lands at the height and on the normal it lifted from
    // (the leg layer's footprint does the same with its previous one).
    const locomotion::GroundHit g = probeGround(terrain, h.x, h.z, above);
    f.to = g.found ? Float3{h.x, g.height + f.ankleLift, h.z} : Float3{h.x, f.from.y, h.z};
    f.toNormal = g.found ? g.normal : f.fromNormal;
    f.yawTo = f.yawFrom + detail::wrapAngle(predictedHeading - f.yawFrom);
  };
  auto lift = [&](int l) {
    Foot& f = feet_[static_cast<size_t>(l)];
    f.planted = false;
    f.swing = 0;
    f.from = f.ankle;
    f.fromNormal = f.normal;
    f.yawFrom = f.yaw;
    fromRest_ = false;
    predictTarget(l);
    if (liftCount_ < kMaxStrikes) lifts_[liftCount_++] = {l, f.from, f.fromNormal};
  };

  // The swings in progress, and which group is in the air.
  bool airborne[2] = {false, false};
  for (size_t l = 0; l < feet_.size(); ++l) {
    Foot& f = feet_[l];
    if (f.planted) {
      f.stance += dt;
      continue;
    }
    if (f.swing < 0.7f) predictTarget(static_cast<int>(l));
    f.swing = std::min(1.0f, f.swing + dt / swingSeconds_);
    const Float3 line = lerp(f.from, f.to, f.swing);
    float lift, unused;
    detail::floatSinCos(kPiRadians * f.swing, lift, unused);
    lift *= 0.12f * f.length;
    f.ankle = line + kUpAxis * lift;
    const locomotion::GroundHit below = probeGround(terrain, f.ankle.x, f.ankle.z, above);
    if (below.found) f.ankle.y = std::max(f.ankle.y, below.height + f.ankleLift);
    f.yaw = f.yawFrom + (f.yawTo - f.yawFrom) * f.swing;
    const Float3 n = lerp(f.fromNormal, f.toNormal, f.swing);
    f.normal = length(n) > 0 ? n * (1.0f / length(n)) : kUpAxis;
    if (f.swing >= 1.0f) {
      f.planted = true;
      f.stance = 0;
      f.yaw = f.yawTo;
      f.ankle = f.to;
      f.normal = f.toNormal;
      if (strikeCount_ < kMaxStrikes) strikes_[strikeCount_++] = {static_cast<int>(l), f.to, f.toNormal};
    } else {
      airborne[f.group] = true;
    }
  }
  // A foot nearly out of reach (90 % of how far along the ground the leg reaches at the rest
  // body height) steps whatever the other group does, before the body has to drop for it.
  bool allPlanted = true;
  for (size_t l = 0; l < feet_.size(); ++l) {
    Foot& f = feet_[l];
    allPlanted = allPlanted && f.planted;
    if (!f.planted || f.stance < 0.5f * swingSeconds_) continue;
    if (horizontal(positions_[rig_.legs[l].hip], f.ankle) <= 0.9f * f.reachAcross) continue;
    lift(static_cast<int>(l));
    airborne[f.group] = true;
  }
  if (allPlanted && speed < 1e-3f && std::fabs(turnRate) < 1e-3f) fromRest_ = true;
  if (airborne[0] || airborne[1]) return;
  // Both groups stand: the group whose feet stand farthest past the trigger lifts, with every
  // foot of it that is not at home. A foot stands for at least half a swing first, so a group
  // that has just landed (its feet ahead of home) does not lift again before the other.
  float excess[2] = {0, 0};
  for (size_t l = 0; l < feet_.size(); ++l) {
    const Foot& f = feet_[l];
    if (f.stance < 0.5f * swingSeconds_) continue;
    const Float3 h = home(static_cast<int>(l), ground_, heading_);
    excess[f.group] = std::max(excess[f.group], horizontal(f.ankle, h) - trigger);
  }
  const int group = excess[1] > excess[0] ? 1 : 0;
  if (!(excess[group] > 0)) return;
  for (size_t l = 0; l < feet_.size(); ++l) {
    Foot& f = feet_[l];
    const Float3 h = home(static_cast<int>(l), ground_, heading_);
    if (f.group != group || horizontal(f.ankle, h) < 0.3f * trigger) continue;
    lift(static_cast<int>(l));
  }
}

void CreatureGait::placeBody(float dt, const Terrain* terrain) {
  // The mean ground under the feet (where they stand, or the ground their swing runs over).
  float sum = 0, forward2 = 0, forwardHeight = 0;
  const Float3 heading = rotate(yawRotation(heading_), Float3{0, 0, 1});
  for (const Foot& f : feet_) {
    const float y = (f.planted ? f.ankle.y : lerp(f.from, f.to, f.swing).y) - f.ankleLift;
    sum += y;
  }
  const float n = static_cast<float>(feet_.size());
  const float groundY =
      feet_.empty() ? heightOr(probeGround(terrain, ground_.x, ground_.z, 10.0f), ground_.y) : sum / n;
  // A critically damped spring on the height (half-life 0.08 s), the ground jumps smoothed.
  followSpring(ground_.y, bodyHeightRate_, groundY, 0.08f, dt);
  // Pitch with the feet's ground along the body: least squares of height over the forward
  // coordinate, bounded, followed with a 0.2 s time constant.
  if (pitches_) {
    float meanF = 0, meanY = 0;
    for (const Foot& f : feet_) {
      meanF += dot(f.ankle - ground_, heading) / n;
      meanY += (f.ankle.y - f.ankleLift) / n;
    }
    for (const Foot& f : feet_) {
      const float df = dot(f.ankle - ground_, heading) - meanF;
      forward2 += df * df;
      forwardHeight += df * ((f.ankle.y - f.ankleLift) - meanY);
    }
    const float slope = forward2 > 1e-6f ? forwardHeight / forward2 : 0.0f;
    const float goal = std::clamp(std::atan(slope), -kMaxPitch, kMaxPitch);
    pitch_ += (goal - pitch_) * (dt > 0 ? 1.0f - std::exp(-dt / 0.2f) : 1.0f);
  }
  // Lower the body where a foot would be out of reach (97 % of the leg).
  const Quaternion body = yawRotation(heading_) * pitchRotation(pitch_);
  for (size_t l = 0; l < feet_.size(); ++l) {
    const Foot& f = feet_[l];
    const Float3 hip = ground_ + rotate(body, rig_.restPositions[rig_.legs[l].hip]);
    const float reach = 0.97f * f.length;
    const float across = horizontal(hip, f.ankle);
    const float up = std::sqrt(std::max(0.0f, reach * reach - across * across));
    const float drop = hip.y - (f.ankle.y + up);
    if (drop > 0) {
      ground_.y -= drop;
      bodyHeightRate_ = std::min(bodyHeightRate_, 0.0f);
    }
  }
}

// The pose before IK: each joint's rotation relative to the rest pose (in its parent's frame,
// which in the rest pose is the model frame), composed parents first. The root carries the
// body's heading, pitch and roll; spine bends, the tail, wings and fins are local turns.
void CreatureGait::composePose(const Quaternion& body, const Float3& origin) {
  for (size_t j = 0; j < positions_.size(); ++j) {
    const int p = rig_.parents[j];
    // Most joints have no turn of their own (the legs' come from the IK afterwards).
    const Quaternion& q = local_[j];
    const bool turns = q.w != 1.0f || q.x != 0.0f || q.y != 0.0f || q.z != 0.0f;
    if (p < 0) {
      rotations_[j] = turns ? body * local_[j] : body;
      positions_[j] = origin + rotate(body, rig_.restPositions[j]);
    } else {
      rotations_[j] = turns ? rotations_[p] * local_[j] : rotations_[p];
      positions_[j] = positions_[p] + rotate(rotations_[p], rig_.restPositions[j] - rig_.restPositions[p]);
    }
  }
}

// Walkers: the spine turns with the feet. Each spine joint that carries legs turns towards
// the mean heading of their feet (held while planted, so in a turn the hind feet hold the
// hips back and the body curves into it), bounded to 25 degrees; joints between two such
// joints share the difference, and the head's and tail's ends keep the nearest one's.
void CreatureGait::bendSpine() {
  const int n = static_cast<int>(rig_.spine.size());
  if (n == 0 || feet_.empty()) return;
  for (int k = 0; k < n; ++k) spineYaw_[k] = 0, spineWeight_[k] = 0;
  for (size_t l = 0; l < feet_.size(); ++l) {
    const int k = spineSlot_[l];
    if (k < 0) continue;
    spineYaw_[k] += detail::wrapAngle(feet_[l].yaw - heading_);
    spineWeight_[k] += 1;
  }
  const float most = 25.0f * kPiRadians / 180.0f;
  int last = -1;
  for (int k = 0; k < n; ++k) {
    if (spineWeight_[k] == 0 && k != rig_.spineRoot) continue;
    spineYaw_[k] = k == rig_.spineRoot ? 0.0f : std::clamp(spineYaw_[k] / spineWeight_[k], -most, most);
    if (last < 0) {
      for (int i = 0; i < k; ++i) spineYaw_[i] = spineYaw_[k];
    } else {
      for (int i = last + 1; i < k; ++i)
        spineYaw_[i] = spineYaw_[last] + (spineYaw_[k] - spineYaw_[last]) * float(i - last) / float(k - last);
    }
    last = k;
  }
  for (int i = last + 1; i < n; ++i) spineYaw_[i] = spineYaw_[last];
  setSpineTurns();
}

// spineYaw_ (each spine joint's heading relative to the body) as local turns: along the chains
// from the root outward, each joint turns by the difference to the one nearer the root.
void CreatureGait::setSpineTurns() {
  const int n = static_cast<int>(rig_.spine.size());
  for (int k = 0; k < n; ++k) {
    if (k == rig_.spineRoot) continue;
    const int towardRoot = k < rig_.spineRoot ? k + 1 : k - 1;
    // The spine runs tail to head; a joint behind the root turns the part behind it, whose
    // heading is opposite the chain's direction: the same yaw either way.
    local_[rig_.spine[k]] = local_[rig_.spine[k]] * yawRotation(spineYaw_[k] - spineYaw_[towardRoot]);
  }
}

// Wings and fins: each flap turns about its axis by its beat.
void CreatureGait::beatFlaps() {
  for (const CreatureGaitFlap& f : rig_.flaps) {
    const float angle = f.amplitude * std::sin(2 * kPiRadians * (beatPhase_ - f.phase));
    const Float3 a = f.axis * (1.0f / length(f.axis));
    const float s = std::sin(0.5f * angle);
    local_[f.joint] = local_[f.joint] * Quaternion{a.x * s, a.y * s, a.z * s, std::cos(0.5f * angle)};
  }
}

// The tail into the turn: up to 60 degrees in all at 1.5 rad/s, shared by its joints (a left
// turn swings the tip to the left).
void CreatureGait::bendTail() {
  if (rig_.tail.empty()) return;
  const float total = std::clamp(0.7f * turnFollow_, -kPiRadians / 3, kPiRadians / 3);
  const Quaternion bend = yawRotation(-total / static_cast<float>(rig_.tail.size()));
  for (int j : rig_.tail) local_[j] = local_[j] * bend;
}

void CreatureGait::solveLegs(const Terrain* terrain) {
  const Quaternion yaw = yawRotation(heading_);
  const Quaternion body = yaw * pitchRotation(pitch_);
  // Breathing fades out by half the base speed.
  const float rest = std::max(0.0f, 1.0f - 2.0f * speed_ / rig_.baseSpeed);
  float breath, unused;
  detail::floatSinCos(2 * kPiRadians * time_ / rig_.breathSeconds, breath, unused);
  breath *= rig_.breathAmplitude * rest;
  std::fill(local_.begin(), local_.end(), Quaternion{});
  bendSpine();
  bendTail();
  beatFlaps();
  composePose(body, ground_ + kUpAxis * breath);
  for (size_t l = 0; l < feet_.size(); ++l) {
    const CreatureGaitLeg& leg = rig_.legs[l];
    const Foot& f = feet_[l];
    TwoBoneIkJob job{positions_[leg.hip], positions_[leg.knee], positions_[leg.ankle], f.ankle,
                     rotate(yaw, Float3{0, 0, 1})};
    TwoBoneIkResult result;
    job.run(result);
    rotations_[leg.hip] = result.hipRotation * rotations_[leg.hip];
    rotations_[leg.knee] = result.kneeRotation * rotations_[leg.knee];
    positions_[leg.knee] = result.knee;
    positions_[leg.ankle] = result.ankle;
    rotations_[leg.ankle] = footRotation(leg, feet_[l], result.ankle, terrain);
    // Joints hanging below the ankle (none on a generated leg) follow it rigidly.
  }
}

// The foot turned to its own heading (held while planted, turned in the swing from the
// heading it lifted with to the one predicted for its landing), pitched so its toe meets the
// ground under it (a second ray, at the toe): a planted toe touches it, a swinging one never
// goes below it. The toe moves a little along the ground as the foot pitches, so it is probed
// again where it moved. A planted foot whose place, heading and terrain are those of the last frame, its
// ankle reached, keeps its turn.
Quaternion CreatureGait::footRotation(const CreatureGaitLeg& leg, Foot& f, const Float3& ankle,
                                      const Terrain* terrain) {
  // The IK's ankle wanders by rounding from frame to frame; the planted place does not.
  const bool reached = length(ankle - f.ankle) < 1e-3f;
  if (f.planted && f.held && reached && f.heldTerrain == terrain && f.heldYaw == f.yaw && f.heldAnkle.x == f.ankle.x &&
      f.heldAnkle.y == f.ankle.y && f.heldAnkle.z == f.ankle.z) {
    return f.heldRotation;
  }
  const Quaternion footYaw = yawRotation(f.yaw);
  const Float3 foot = rotate(footYaw, leg.toeOffset);
  const float run = std::sqrt(foot.x * foot.x + foot.z * foot.z);
  const float reach = length(foot);
  Float3 turned = foot;
  Float3 probed{};
  float toeGround = 0;
  for (int pass = 0; pass < 2; ++pass) {
    const Float3 toe = ankle + turned;
    // The second probe only where the pitch moved the toe along the ground (by a millimetre).
    // No usable ground under the toe: it stays where the foot's own turn puts it (no pitch).
    if (pass == 0 || horizontal(toe, probed) > 1e-3f)
      toeGround = heightOr(probeGround(terrain, toe.x, toe.z, ankle.y + f.length), ankle.y + foot.y);
    probed = toe;
    const float drop = f.planted ? toeGround - ankle.y : std::max(foot.y, toeGround - ankle.y);
    turned = {foot.x, drop, foot.z};
    if (std::fabs(drop) < reach && run > 0) {  // keep the foot's length: scale the run
      const float keep = std::sqrt(reach * reach - drop * drop) / run;
      turned = {foot.x * keep, drop, foot.z * keep};
    }
  }
  const Quaternion r = rotationBetween(foot, turned) * footYaw;
  f.held = f.planted && reached;
  f.heldAnkle = f.ankle;
  f.heldYaw = f.yaw;
  f.heldTerrain = terrain;
  f.heldRotation = r;
  return r;
}

// Flyers and swimmers: the body holds its cruise height over the ground (a critically damped
// spring, as the walker's), pitches down a little with speed and banks into turns by the
// coordinated-turn angle atan(v w / g) (bounded to 30 degrees); a flyer bobs with its wing beat.
// Its legs hang back with the speed.
void CreatureGait::placeFlyer(float dt, const Terrain* terrain) {
  const float above = ground_.y + rig_.cruiseHeight + 10.0f * size_;
  const float groundY = heightOr(probeGround(terrain, ground_.x, ground_.z, above), ground_.y);
  followSpring(ground_.y, bodyHeightRate_, groundY, 0.3f, dt);
  const float speedShare = std::min(1.5f, speed_ / rig_.baseSpeed);
  const float bank = std::clamp(std::atan(velocity_.z * turnFollow_ / kGravity), -kPiRadians / 6, kPiRadians / 6);
  pitch_ = -0.15f * speedShare;
  const Quaternion body = yawRotation(heading_) * pitchRotation(pitch_) * Quaternion{0, 0, std::sin(-0.5f * bank), std::cos(0.5f * bank)};
  const bool flies = rig_.locomotion == CreatureLocomotion::Fly;
  const float beatShare = std::min(1.0f, rig_.beatSeconds / 0.4f);  // buzzing wings barely bob
  const float bob = flies ? 0.04f * size_ * beatShare * std::sin(2 * kPiRadians * beatPhase_ + 0.5f * kPiRadians) : 0.0f;
  const float lift = rig_.cruiseHeight - (positions_.empty() ? 0.0f : rig_.restPositions[0].y);
  std::fill(local_.begin(), local_.end(), Quaternion{});
  if (!flies) undulate(dt);
  bendTail();
  beatFlaps();
  for (const CreatureGaitLeg& leg : rig_.legs) local_[leg.hip] = local_[leg.hip] * pitchRotation(-0.6f * std::min(1.0f, speedShare));
  composePose(body, ground_ + kUpAxis * (lift + bob));
}

// Swimmers: the damped chain. The head leads with the body's heading; each joint behind it
// keeps its heading in the world as the body turns and relaxes towards the one ahead within
// the time the body takes to swim one bone's length, so a turn travels down the body as the
// body follows its head's path. A wave of growing amplitude runs from head to tail at the
// beat (0.8 of a wavelength along the body; 30 degrees of heading at the tail).
void CreatureGait::undulate(float dt) {
  const int n = static_cast<int>(rig_.spine.size());
  if (n == 0) return;
  const int head = rig_.spineRoot;
  const float turned = turnStep_;
  const float moving = std::max(speed_, 0.3f * rig_.baseSpeed);
  for (int k = head - 1; k >= 0; --k) {
    const float bone = length(rig_.restPositions[rig_.spine[k]] - rig_.restPositions[rig_.spine[k + 1]]);
    const float follow = dt > 0 ? 1.0f - std::exp(-dt * moving / std::max(bone, 1e-3f)) : 1.0f;
    chainYaw_[k] -= turned;
    chainYaw_[k] += (chainYaw_[k + 1] - chainYaw_[k]) * follow;
    chainYaw_[k] = std::clamp(chainYaw_[k], -kPiRadians / 2, kPiRadians / 2);
  }
  chainYaw_[head] = 0;
  for (int k = 0; k < n; ++k) {
    const float along = static_cast<float>(head - k) / static_cast<float>(std::max(head, 1));  // 0 head .. 1 tail
    const float wave = (kPiRadians / 6) * along * along * std::sin(2 * kPiRadians * (beatPhase_ - 0.8f * along));
    spineYaw_[k] = chainYaw_[k] + wave;
  }
  setSpineTurns();
}

}  // namespace fatgraph
