// CreatureGait (creature_gait.h): the body moves, each leg's home is found on the ground, legs
// step by the trigger and the two diagonal groups, the body's height and pitch follow the feet,
// and the leg layer's two-bone IK puts each ankle where its foot is.
#include "fatgraph/runtime/creature_gait.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "fatgraph/runtime/leg_ik.h"

namespace fatgraph {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kGravity = 9.81f;
constexpr float kMaxPitch = 20.0f * kPi / 180.0f;
const Float3 kUp{0, 1, 0};

Quaternion yawRotation(float angle) { return {0, std::sin(0.5f * angle), 0, std::cos(0.5f * angle)}; }
// Nose up for positive angles: +Z turns towards +Y, a turn about -X.
Quaternion pitchRotation(float angle) { return {-std::sin(0.5f * angle), 0, 0, std::cos(0.5f * angle)}; }
float finiteOr0(float v) { return std::isfinite(v) ? v : 0.0f; }
Float3 lerp(const Float3& a, const Float3& b, float t) { return a + (b - a) * t; }
float horizontal(const Float3& a, const Float3& b) { return std::hypot(a.x - b.x, a.z - b.z); }

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
    // Diagonal groups: left front with right second, and so on.
    f.group = (leg.pair + (leg.side > 0 ? 0 : 1)) % 2;
    total += f.length;
    const float z = rig_.restPositions[leg.hip].z;
    front = l == 0 ? z : std::max(front, z);
    back = l == 0 ? z : std::min(back, z);
  }
  meanLength_ = feet_.empty() ? 1.0f : total / static_cast<float>(feet_.size());
  pitches_ = front - back > 0.3f * meanLength_;
  reset({0, 0, 0}, 0, nullptr);
}

TerrainHit CreatureGait::ground(float x, float z, float above, const Terrain* terrain) const {
  if (terrain == nullptr) return {true, {x, 0, z}, kUp};
  TerrainHit hit = terrain->raycast({x, above, z}, {0, -1, 0}, 2 * std::max(above, 1.0f) + 100.0f);
  if (!hit.hit) hit = {true, {x, 0, z}, kUp};
  return hit;
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
  float sum = 0;
  for (size_t l = 0; l < feet_.size(); ++l) {
    Foot& f = feet_[l];
    const Float3 h = home(static_cast<int>(l), ground_, heading_);
    const TerrainHit hit = ground(h.x, h.z, above, terrain);
    f.ankle = f.from = f.to = hit.point + kUp * f.ankleLift;
    f.normal = f.fromNormal = f.toNormal = hit.normal;
    f.planted = true;
    f.swing = 0;
    f.yaw = f.yawFrom = f.yawTo = heading_;
    sum += hit.point.y;
  }
  ground_.y = feet_.empty() ? ground(ground_.x, ground_.z, above, terrain).point.y : sum / feet_.size();
  bodyHeight_ = bodyHeightRate_ = pitch_ = 0;
  time_ = speed_ = turnFollow_ = 0;
  strikeCount_ = 0;
  velocity_ = {};
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
  if (std::fabs(heading_) > kPi) heading_ = std::remainder(heading_, 2 * kPi);
  const Float3 world = rotate(yawRotation(heading_), local);
  ground_.x += world.x * dt;
  ground_.z += world.z * dt;
  strikeCount_ = 0;
  time_ = std::fmod(time_ + dt, 3600.0f);
  speed_ = length(local);
  turnFollow_ += (turn - turnFollow_) * (1.0f - std::exp(-dt / 0.3f));
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
  const float trigger = 0.5f * speed * swingSeconds_ + 0.06f * meanLength_ +
                        0.25f * std::fabs(turnRate) * swingSeconds_ * meanLength_;
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
    const TerrainHit hit = ground(h.x, h.z, above, terrain);
    f.to = hit.point + kUp * f.ankleLift;
    f.toNormal = hit.normal;
    f.yawTo = f.yawFrom + std::remainder(predictedHeading - f.yawFrom, 2 * kPi);
  };
  auto lift = [&](int l) {
    Foot& f = feet_[static_cast<size_t>(l)];
    f.planted = false;
    f.swing = 0;
    f.from = f.ankle;
    f.fromNormal = f.normal;
    f.yawFrom = f.yaw;
    predictTarget(l);
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
    const float lift = 0.12f * f.length * std::sin(kPi * f.swing);
    f.ankle = line + kUp * lift;
    const TerrainHit below = ground(f.ankle.x, f.ankle.z, above, terrain);
    f.ankle.y = std::max(f.ankle.y, below.point.y + f.ankleLift);
    f.yaw = f.yawFrom + (f.yawTo - f.yawFrom) * f.swing;
    const Float3 n = lerp(f.fromNormal, f.toNormal, f.swing);
    f.normal = length(n) > 0 ? n * (1.0f / length(n)) : kUp;
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
  // A foot left out of reach (80 % of the leg from its hip, along the ground) steps whatever
  // the other group does.
  for (size_t l = 0; l < feet_.size(); ++l) {
    Foot& f = feet_[l];
    if (!f.planted || f.stance < 0.5f * swingSeconds_) continue;
    if (horizontal(positions_[rig_.legs[l].hip], f.ankle) <= 0.8f * f.length) continue;
    lift(static_cast<int>(l));
    airborne[f.group] = true;
  }
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
  const float groundY = feet_.empty() ? ground(ground_.x, ground_.z, 10.0f, terrain).point.y : sum / n;
  // A critically damped spring on the height (half-life 0.08 s), the ground jumps smoothed.
  const float target = groundY;
  if (dt <= 0) {
    ground_.y = target;
  } else {
    const float omega = 2.0f * 0.6931f / 0.08f;
    const float x = ground_.y - target;
    const float e = std::exp(-omega * dt);
    const float v = bodyHeightRate_;
    ground_.y = target + (x + (v + omega * x) * dt) * e;
    bodyHeightRate_ = (v - omega * (v + omega * x) * dt) * e;
  }
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

void CreatureGait::solveLegs(const Terrain* terrain) {
  const Quaternion yaw = yawRotation(heading_);
  const Quaternion body = yaw * pitchRotation(pitch_);
  // Breathing fades out by half the base speed.
  const float rest = std::max(0.0f, 1.0f - 2.0f * speed_ / rig_.baseSpeed);
  const float breath = rig_.breathAmplitude * rest * std::sin(2 * kPi * time_ / rig_.breathSeconds);
  const Float3 origin = ground_ + kUp * breath;
  for (size_t j = 0; j < positions_.size(); ++j) {
    rotations_[j] = body;
    positions_[j] = origin + rotate(body, rig_.restPositions[j]);
  }
  // The tail into the turn: up to 60 degrees in all at 1.5 rad/s, shared by its joints (a
  // left turn swings the tip to the left).
  if (!rig_.tail.empty()) {
    const float total = std::clamp(0.7f * turnFollow_, -kPi / 3, kPi / 3);
    const Quaternion bend = yawRotation(-total / static_cast<float>(rig_.tail.size()));
    int parent = rig_.parents[rig_.tail.front()];
    for (int j : rig_.tail) {
      if (parent >= 0) {
        rotations_[j] = rotations_[parent] * bend;
        positions_[j] = positions_[parent] + rotate(rotations_[parent], rig_.restPositions[j] - rig_.restPositions[parent]);
      }
      parent = j;
    }
  }
  for (size_t l = 0; l < feet_.size(); ++l) {
    const CreatureGaitLeg& leg = rig_.legs[l];
    const Foot& f = feet_[l];
    TwoBoneIkJob job{positions_[leg.hip], positions_[leg.knee], positions_[leg.ankle], f.ankle,
                     rotate(yaw, Float3{0, 0, 1})};
    TwoBoneIkResult result;
    job.run(result);
    rotations_[leg.hip] = result.hipRotation * body;
    rotations_[leg.knee] = result.kneeRotation * body;
    positions_[leg.knee] = result.knee;
    positions_[leg.ankle] = result.ankle;
    // The foot turned to its own heading (held while planted, turned in the swing from the
    // heading it lifted with to the one predicted for its landing), pitched so its toe meets
    // the ground under it (a second ray, at the toe): a planted toe touches it, a swinging one
    // never goes below it.
    // The toe moves a little along the ground as the foot pitches, so it is probed twice.
    const Quaternion footYaw = yawRotation(f.yaw);
    const Float3 foot = rotate(footYaw, leg.toeOffset);
    const float run = std::hypot(foot.x, foot.z);
    const float reach = length(foot);
    Float3 turned = foot;
    for (int pass = 0; pass < 2; ++pass) {
      const Float3 toe = result.ankle + turned;
      const float toeGround = ground(toe.x, toe.z, result.ankle.y + f.length, terrain).point.y;
      const float drop = f.planted ? toeGround - result.ankle.y : std::max(foot.y, toeGround - result.ankle.y);
      turned = {foot.x, drop, foot.z};
      if (std::fabs(drop) < reach && run > 0) {  // keep the foot's length: scale the run
        const float keep = std::sqrt(reach * reach - drop * drop) / run;
        turned = {foot.x * keep, drop, foot.z * keep};
      }
    }
    rotations_[leg.ankle] = rotationBetween(foot, turned) * footYaw;
  }
}

}  // namespace fatgraph
