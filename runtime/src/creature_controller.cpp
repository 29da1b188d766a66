// A procedural character's controller (creature_controller.h; seed 001): the request becomes
// the gait's velocity and turn, the gait's world pose becomes the character frame and the pose
// in character space, its foot strikes and lifts the events.
#include "fatgraph/runtime/creature_controller.h"

#include <algorithm>
#include <cmath>

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

CreatureController::CreatureController(const CreatureGaitRig& rig)
    : rig_(&rig), gait_(rig), modelRotations_(rig.parents.size()), modelPositions_(rig.parents.size()) {}

void CreatureController::reset(const CharacterFrame& start, const Terrain* terrain) {
  gait_.reset(start.position, start.yaw, terrain);
  lastDelta_ = RootDelta{};
  standing_ = false;
  showPose();
}

// The velocity the body is asked for: the desired velocity (none while stopping), else the
// steering, else the stick.
PlanarVelocity CreatureController::wanted(const LocomotionControl& control) const {
  if (control.hasDesiredVelocity()) return control.stopping() ? PlanarVelocity{} : control.desiredVelocity();
  const PlayerSteering& steering = control.steering();
  if (steering.enabled) return {{steering.velocity[0], steering.velocity[1]}, steering.turnRate};
  const float forward = stickAxis(control.stick().y);
  const float base = rig_->baseSpeed;
  return {{0.0f, forward * (forward >= 0.0f ? base : 0.5f * base)}, -stickAxis(control.stick().x) * kCreatureTurnRate};
}

void CreatureController::update(float dt, LocomotionControl& control, const Terrain* terrain, double clock,
                                PlayerEventBuffer& events) {
  const PlanarVelocity want = wanted(control);
  const CharacterFrame before = character_;
  gait_.update(dt, {want.velocity.x, 0.0f, want.velocity.y}, want.turnRate, terrain);
  showPose();
  lastDelta_ = rootDelta(before, character_);
  // Events: lifts before strikes (a foot that touched down within the update lifted earlier).
  auto footEvents = [&](Span<const CreatureFootStrike> list, PlayerEventKind kind) {
    for (const CreatureFootStrike& s : list) {
      PlayerEvent e;
      e.kind = kind;
      e.time = clock;
      e.leg = s.leg;
      e.position = s.position;
      e.normal = s.normal;
      events.push(e);
    }
  };
  footEvents(gait_.lifts(), PlayerEventKind::FootOff);
  footEvents(gait_.strikes(), PlayerEventKind::FootStrike);
  // The velocity report: what was asked for and what the body does as it follows.
  VelocityControlReport r;
  r.active = control.hasDesiredVelocity() || control.steering().enabled;
  r.choosesWeights = control.hasDesiredVelocity();
  r.requested = control.hasDesiredVelocity() ? control.desiredVelocity() : want;
  const Float3& v = gait_.velocity();
  r.acting = r.planned = {{v.x, v.z}, want.turnRate};
  control.setReport(r);
  bool everyFootDown = true;
  for (std::size_t l = 0; l < rig_->legs.size(); ++l) everyFootDown = everyFootDown && gait_.planted(int(l));
  standing_ = control.stopping() && everyFootDown && std::hypot(v.x, v.z) < 1e-3f;
}

// The gait's world transforms in character space: model = R_y(-yaw) (world - ground point).
void CreatureController::showPose() {
  character_.position = gait_.position();
  character_.yaw = gait_.heading();
  const Quaternion unturn = conjugate(locomotion::yawRotation(character_.yaw));
  const Span<const Quaternion> rotations = gait_.rotations();
  const Span<const Float3> positions = gait_.positions();
  for (std::size_t j = 0; j < rotations.size() && j < modelRotations_.size(); ++j) {
    modelRotations_[j] = normalized(unturn * rotations[j]);
    modelPositions_[j] = rotate(unturn, positions[j] - character_.position);
  }
}

}  // namespace fatgraph
