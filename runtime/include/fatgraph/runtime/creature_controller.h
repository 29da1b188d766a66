#pragma once
// A procedural character's controller (seed 001; player.h): a creature graph
// (RuntimeGraphKind::Creature) has no clips, so its CreatureGait takes the place of the clock,
// the blend and the leg layer. The request (LocomotionControl: a desired velocity, else the
// steering, else the stick) becomes the gait's velocity and turn; the gait's world pose becomes
// the character frame and the pose in character space; its foot strikes and lifts the events.
//
// Stick: y forward and back at the creature's base speed (back at half of it), x turning
// (right for positive x) at up to kCreatureTurnRate, both past a dead zone of 0.1. A request
// under the stop thresholds of VelocityControlSettings stops it; it stands once every foot is
// down.
#include "fatgraph/runtime/creature_gait.h"
#include "fatgraph/runtime/locomotion_control.h"
#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/player_events.h"
#include "fatgraph/runtime/root_motion.h"
#include "fatgraph/runtime/terrain.h"

namespace fatgraph {

/// rad/s: a procedural character's turn at full stick (x = +-1).
inline constexpr float kCreatureTurnRate = 1.5f;

class CreatureController {
 public:
  /// Over the creature's own rig (RuntimeGraph::creature of a creature graph), which must
  /// outlive the controller. Allocates once.
  explicit CreatureController(const CreatureGaitRig& rig);

  /// Stands the creature at `start` on `terrain` (null: flat ground at y = 0) and poses it.
  void reset(const CharacterFrame& start, const Terrain* terrain);
  /// `dt` seconds of the request `control` holds (its report gets what the body does); the
  /// character frame, the pose and the events follow. `clock` is the time events carry.
  void update(float dt, LocomotionControl& control, const Terrain* terrain, double clock, PlayerEventBuffer& events);

  const CharacterFrame& character() const { return character_; }
  /// The last update's motion of the character frame.
  const RootDelta& lastDelta() const { return lastDelta_; }
  /// A stop was asked for, the body no longer moves and every foot is down.
  bool standing() const { return standing_; }
  /// The pose in character space (R_y(-yaw) (world - ground point)), J entries.
  Span<const Quaternion> modelRotations() const { return modelRotations_; }
  Span<const Float3> modelPositions() const { return modelPositions_; }
  const CreatureGait& gait() const { return gait_; }

 private:
  PlanarVelocity wanted(const LocomotionControl& control) const;
  void showPose();

  const CreatureGaitRig* rig_;
  CreatureGait gait_;
  CharacterFrame character_;
  RootDelta lastDelta_;
  bool standing_ = false;
  std::vector<Quaternion> modelRotations_;
  std::vector<Float3> modelPositions_;
};

}  // namespace fatgraph
