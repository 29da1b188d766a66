#pragma once
// A procedural gait for creatures without clips (seed 001, "animation"; docs/ALGORITHMS.md N).
//
// Each leg has a home: the ground under its rest ankle, found by a ray down from the body every
// update. A planted foot stays where it landed until it is farther than the trigger distance
// from its home; it then swings in a straight line, lifted by a sine, to where its home will be
// at the middle of its next stance (predicted along the body's arc). Diagonal legs form two
// groups that move together (a trot for four legs, alternating tripods for six); a leg lifts
// only while no leg of the other group is in the air, so on each side a leg waits for the one
// ahead of it. A stopping creature lands every foot in the air and re-centres the feet that
// stand far from home, then stands. The swing time and the step grow with the leg's length
// (longer legs: longer, slower steps) and shrink with speed.
//
// The ground is probed as the leg layer probes it (one policy for both): a hit on a face
// steeper than the leg layer's default steepest foothold (LegLayerSettings::maxSlope, 60
// degrees: a wall, a stair's riser) or a hit that is not finite is no ground. Where there is
// none, the gait keeps what it knew: a step lands at the height and on the normal it lifted
// from, a swinging foot is not lifted over it, a toe is not pitched onto it, the body holds its
// height, and reset() stands the feet at the position's own height.
//
// Life (seed 001): at rest the body rises and falls as it breathes, and the tail bends into
// turns by an amount that follows the turn rate (0.3 s) and is shared by its joints.
//
// The body: its height follows the mean ground under the feet (a critically damped spring),
// is lowered where a foot would be out of reach, and pitches with the plane of the feet along
// the body (bounded to 20 degrees) when its legs are spread along it. Legs are solved by the
// leg layer's two-bone IK; feet lie on the ground's normal, turned to the body's heading.
//
// Flyers and swimmers (seed 001, "life"): a flyer holds its cruise height above the ground and
// bobs with its wing beat, its wings (flaps) beating about the body's forward axis, its legs
// hanging; a swimmer undulates through a damped chain: the head leads, and each spine joint
// behind it turns towards the one ahead with a lag, so a turn travels down the body, while a
// wave of growing amplitude runs from head to tail at the beat; its fins sway with the wave.
//
// Spaces and units: world space, metres, seconds, radians, Y up; the creature faces +Z in its
// own frame, its left is +X, and a positive turn rate turns it left. The rig's rest pose is its
// bind pose with identity rotations. update() neither allocates nor throws, and its outputs
// are finite whatever it is given: non-finite inputs count as zero, speeds and turn rates are
// bounded to 100 m/s and 100 rad/s, a step to a quarter second.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/terrain.h"

namespace fatgraph {

/// How a creature gets about: on its legs, on its wings, or by undulating its body.
enum class CreatureLocomotion : std::uint8_t { Walk = 0, Fly = 1, Swim = 2 };

/// A wing or fin joint that beats: it turns about `axis` (model space of the rest pose) by
/// amplitude * sin(2 pi (t / beatSeconds - phase)); an outer joint lags its inner one by a
/// phase, so a wing bends through its stroke.
struct CreatureGaitFlap {
  int joint = -1;
  Float3 axis{0, 0, 1};
  float amplitude = 0;  // radians
  float phase = 0;      // cycles
};

struct CreatureGaitLeg {
  int hip = -1, knee = -1, ankle = -1;  // joints
  int side = +1;                        // +1 left, -1 right
  int pair = 0;                         // 0 front-most, counting back
  Float3 toeOffset;                     // ankle -> toe in the rest pose (model space)
};

struct CreatureGaitRig {
  std::vector<int> parents;           // per joint, -1 for the root
  std::vector<Float3> restPositions;  // per joint, model space of the rest (bind) pose
  std::vector<CreatureGaitLeg> legs;
  float baseSpeed = 1;  // m/s the gait is sized for
  /// The tail, from its first joint to its end, each the parent of the next; it bends into
  /// turns (empty: none). No leg should hang from it.
  std::vector<int> tail;
  /// Idle breathing: the body's rise and fall (metres; 0 for none), one breath per
  /// breathSeconds, fading out as the body walks.
  float breathAmplitude = 0, breathSeconds = 3;
  CreatureLocomotion locomotion = CreatureLocomotion::Walk;
  /// The spine from the tail's end to the head (the head last); swimmers undulate it. The
  /// root is at spine[spineRoot]; the joints either side of it are chains away from it.
  std::vector<int> spine;
  int spineRoot = 0;
  /// Flyers and swimmers: the root's height above the ground (metres) while they move.
  float cruiseHeight = 0;
  /// Seconds per wing beat (flyers) or tail beat (swimmers) at the base speed; 0 for walkers.
  float beatSeconds = 0;
  std::vector<CreatureGaitFlap> flaps;
  /// Empty when usable: joints and parents agree, legs' joints in range and distinct, finite
  /// positions, bones longer than 1 mm, the base speed positive; else the first problem.
  std::string validate() const;
};

/// A foot landing in the last update.
struct CreatureFootStrike {
  int leg = 0;
  Float3 position;  // the ankle's target on the ground
  Float3 normal{0, 1, 0};
};

class CreatureGait {
 public:
  static constexpr int kMaxStrikes = 16;

  /// Sizes every buffer for `rig`. A rig that does not validate() is dropped: the gait then
  /// has no joints and no legs, and its updates only move the ground point.
  explicit CreatureGait(CreatureGaitRig rig);

  /// Stands the creature at `position` (ground point; its height is found on `terrain`, null
  /// = flat ground at y = 0) facing `heading` (radians about +Y from +Z), feet at home.
  void reset(const Float3& position, float heading, const Terrain* terrain);

  /// Moves the body towards `velocity` (heading frame: x to the left, z forward, m/s; reached
  /// at an acceleration of one base speed per two swings, so the legs keep up) and by
  /// `turnRate` (rad/s) for `dt` seconds, and steps the legs.
  void update(float dt, const Float3& velocity, float turnRate, const Terrain* terrain);

  /// World transforms of every joint after the last update (rotations from the rest pose).
  Span<const Quaternion> rotations() const { return rotations_; }
  Span<const Float3> positions() const { return positions_; }
  /// The ground point under the body and its heading.
  const Float3& position() const { return ground_; }
  float heading() const { return heading_; }
  /// Feet that landed in the last update (at most kMaxStrikes).
  Span<const CreatureFootStrike> strikes() const { return {strikes_.data(), static_cast<std::size_t>(strikeCount_)}; }
  /// Feet that lifted in the last update (at most kMaxStrikes): where they stood.
  Span<const CreatureFootStrike> lifts() const { return {lifts_.data(), static_cast<std::size_t>(liftCount_)}; }
  const CreatureGaitRig& rig() const { return rig_; }
  /// The body's velocity as it follows the request (heading frame, m/s).
  const Float3& velocity() const { return velocity_; }
  bool planted(int leg) const { return feet_[static_cast<std::size_t>(leg)].planted; }
  /// The rest-pose leg length of leg `leg` (hip -> knee -> ankle).
  float legLength(int leg) const { return feet_[static_cast<std::size_t>(leg)].length; }
  float swingSeconds() const { return swingSeconds_; }

 private:
  struct Foot {
    Float3 ankle;  // the ankle's place: planted, or along the swing
    Float3 from, to;
    Float3 normal{0, 1, 0}, fromNormal{0, 1, 0}, toNormal{0, 1, 0};
    float swing = 0;  // 0..1 through the swing
    float stance = 0;  // seconds since it landed
    float yaw = 0, yawFrom = 0, yawTo = 0;  // the foot's heading: held while planted
    bool planted = true;
    int group = 0;
    float length = 0, ankleLift = 0;
    /// How far along the ground the ankle can be from its hip at the rest body height (at 97 %
    /// of the leg): farther, and the body would have to drop to keep the foot down.
    float reachAcross = 0;
    /// A planted foot's turn, probed once: while the ankle, its heading and the terrain stay,
    /// so does the ground under its toe (two rays a leg saved each frame of the stance).
    bool held = false;
    Float3 heldAnkle;
    float heldYaw = 0;
    const Terrain* heldTerrain = nullptr;
    Quaternion heldRotation;
  };

  Float3 home(int leg, const Float3& ground, float heading) const;
  void stepLegs(float dt, const Float3& worldVelocity, float turnRate, float speed, const Terrain* terrain);
  void placeBody(float dt, const Terrain* terrain);
  void solveLegs(const Terrain* terrain);
  Quaternion footRotation(const CreatureGaitLeg& leg, Foot& f, const Float3& ankle, const Terrain* terrain);
  void placeFlyer(float dt, const Terrain* terrain);
  void composePose(const Quaternion& body, const Float3& origin);
  void bendSpine();
  void setSpineTurns();
  void bendTail();
  void undulate(float dt);
  void beatFlaps();

  CreatureGaitRig rig_;
  std::vector<Foot> feet_;
  std::vector<Quaternion> rotations_;
  std::vector<Float3> positions_;
  std::array<CreatureFootStrike, kMaxStrikes> strikes_{}, lifts_{};
  int strikeCount_ = 0, liftCount_ = 0;
  std::vector<Quaternion> local_;  // per joint: its turn from the rest pose, in its parent's frame
  std::vector<float> spineYaw_, spineWeight_;  // per spine joint: heading relative to the body
  std::vector<int> spineSlot_;   // per leg: the spine index of the joint it hangs from, or -1
  std::vector<float> chainYaw_;  // swimmers: per spine joint, the damped chain's heading
  float beatPhase_ = 0;          // cycles of the wing or tail beat
  float turnStep_ = 0;           // radians the heading turned in the last update
  float size_ = 1;               // the farthest joint from the root in the rest pose, metres
  Float3 ground_;
  float heading_ = 0;
  Float3 velocity_;  // the body's, heading frame: follows the request at a bounded rate
  float bodyHeight_ = 0, bodyHeightRate_ = 0;  // the spring of the body's height offset
  float pitch_ = 0;
  float time_ = 0, speed_ = 0, turnFollow_ = 0;
  float swingSeconds_ = 0.3f, meanLength_ = 1;
  bool pitches_ = false;
  /// Standing still (since reset or a stop): the first group to lift goes at the stop trigger,
  /// so the other group does not stand a whole swing behind an accelerating body.
  bool fromRest_ = true;
};

}  // namespace fatgraph
