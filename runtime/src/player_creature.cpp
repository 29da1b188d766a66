// The player for a procedural character (player.h: a generated creature, seed 001): the
// request becomes the gait's velocity and turn, the gait's world pose becomes the character
// frame and the pose in character space, its foot strikes and lifts the events.
#include <algorithm>
#include <cmath>

#include "fatgraph/runtime/player.h"
#include "locomotion_toolkit.h"

namespace fatgraph {

namespace {

constexpr float kStickDeadZone = 0.1f;
float finiteOrZero(float v) { return std::isfinite(v) ? v : 0.0f; }
Quaternion normalized(const Quaternion& q) {
  const float n = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  return n > 0.0f ? Quaternion{q.x / n, q.y / n, q.z / n, q.w / n} : Quaternion{};
}

// The stick's axis without its dead zone, rescaled so the zone's edge is 0 and full is 1.
float stickAxis(float v) {
  const float s = std::clamp(finiteOrZero(v), -1.0f, 1.0f);
  if (std::fabs(s) < kStickDeadZone) return 0.0f;
  return std::copysign((std::fabs(s) - kStickDeadZone) / (1.0f - kStickDeadZone), s);
}

}  // namespace

void Player::resetCreature() {
  creature_.reset(character_.position, character_.yaw, legs_.terrain());
  showCreaturePose();
}

void Player::updateCreature(float dt) {
  events_.clear();
  PlanarVelocity want;
  if (desired_) {
    want = stopping_ ? PlanarVelocity{} : desiredVelocity_;
  } else if (steering_.enabled) {
    want = {{steering_.velocity[0], steering_.velocity[1]}, steering_.turnRate};
  } else {
    const float forward = stickAxis(stick_[1]);
    const float base = graph_->creature.baseSpeed;
    want = {{0.0f, forward * (forward >= 0.0f ? base : 0.5f * base)}, -stickAxis(stick_[0]) * kCreatureTurnRate};
  }
  const CharacterFrame before = character_;
  creature_.update(dt, {want.velocity.x, 0.0f, want.velocity.y}, want.turnRate, legs_.terrain());
  clock_ += dt;
  showCreaturePose();
  lastDelta_ = rootDelta(before, character_);
  lastAnimationDelta_ = lastDelta_;
  animationFrame_ = character_;
  // Events: lifts before strikes (a foot that touched down within the update lifted earlier).
  auto footEvents = [&](Span<const CreatureFootStrike> list, PlayerEventKind kind) {
    for (const CreatureFootStrike& s : list) {
      PlayerEvent e;
      e.kind = kind;
      e.time = clock_;
      e.leg = s.leg;
      e.position = s.position;
      e.normal = s.normal;
      events_.push(e);
    }
  };
  footEvents(creature_.lifts(), PlayerEventKind::FootOff);
  footEvents(creature_.strikes(), PlayerEventKind::FootStrike);
  // The velocity report: what was asked for and what the body does as it follows.
  VelocityControlReport& r = velocityReport_;
  r = VelocityControlReport{};
  r.active = desired_ || steering_.enabled;
  r.choosesWeights = desired_;
  r.requested = desired_ ? desiredVelocity_ : want;
  const Float3& v = creature_.velocity();
  r.acting = r.planned = {{v.x, v.z}, want.turnRate};
  bool everyFootDown = true;
  for (std::size_t l = 0; l < graph_->creature.legs.size(); ++l) everyFootDown = everyFootDown && creature_.planted(int(l));
  standing_ = stopping_ && everyFootDown && std::hypot(v.x, v.z) < 1e-3f;
}

// The gait's world transforms in character space: model = R_y(-yaw) (world - ground point).
void Player::showCreaturePose() {
  character_.position = creature_.position();
  character_.yaw = creature_.heading();
  const Quaternion unturn = conjugate(locomotion::yawRotation(character_.yaw));
  const Span<const Quaternion> rotations = creature_.rotations();
  const Span<const Float3> positions = creature_.positions();
  for (std::size_t j = 0; j < rotations.size() && j < modelRotations_.size(); ++j) {
    modelRotations_[j] = normalized(unturn * rotations[j]);
    modelPositions_[j] = rotate(unturn, positions[j] - character_.position);
  }
  localPoseStale_ = true;
}

}  // namespace fatgraph
