#pragma once
// The semi-procedural leg layer (Johansen, ch. 7; docs/ALGORITHMS.md H): after
// the player has blended an edge's pose, it plants the feet of locomotion edges on the terrain
// and keeps them still while they stand, for any number of legs.
//
// How one update works, per leg (all positions in world space, Y up, metres):
//  1. Cycle state. The edge cycle time c = T / referenceDuration; the leg's stance time and key
//     times are the weighted means of the segments' RuntimeLegCycle (stance time as a circular
//     mean, the key times linearly: they are already relative to each segment's stance); leg
//     cycle time tau = cyclic(c - stance). Ground contact runs from footStrike (through 1 == 0)
//     to footOff; flight time = clamped inverse lerp of tau from footOff to footStrike; stride
//     time likewise from footLift to footLand. The cycle duration is (sum_i w_i / D_i)^-1.
//  2. Footprints. The "original" foot is the blended pose's footbase (corrected eq. 4.6:
//     heel (1 - b) + (toe - footLength * heading) b, b the balance of eq. 4.5) placed on flat
//     ground by the character frame: f = R_y(yaw) (m - floorHeight * up) + (x, 0, z). The next
//     footprint's place N* = the character frame predicted (velocity and turning rate,
//     smoothed over the last updates, on the exact circular arc) at the next stance, composed
//     with the blended stance position and yaw. Its nominal place N0 (where the clips alone
//     would land the foot) is the frame at the strike carried on to the stance by the clips'
//     own root motion: the same as N* unless the game steers (Input::steered). N* is grounded
//     with two rays (heel and heel + foot vector, from 1 m above to 1 m below; hits on faces
//     steeper than 60 deg ignored; the higher hit kept; a difference above a quarter foot
//     length centres the foot on the higher one) giving N and its ground normal. Re-predicted
//     every update until foot-strike, the change smoothed more as the strike nears, then frozen;
//     at foot-strike the foot's current target becomes the previous footprint P, which never
//     moves while the foot stands.
//  3. Footbase path. In stance the target's ground position is P (the height follows the
//     original foot's own rise over P's grounding: heel and toe roll). In flight the target is
//     f + lerp(P - f(foot-off), N - N0, z) with z the original foot's progress from f(foot-off)
//     towards N0 (projection, clamped to [0, 1]; flight time where the step is shorter than
//     1 cm), plus the ground-tangent arc up * max(0, (2 h / pi) sin(pi z) - lift) (7.3-7.6),
//     raised towards the ground the other legs stand on (weights h_l, 7.9-7.12) by
//     sin(pi flightTime), and never lower than the terrain under the toe and heel plus their
//     original clearance. On
//     flat ground at the clip's own motion every correction is exactly zero, so the layer
//     returns the blended pose (fidelity).
//  4. Foot alignment. Stance: the foot is tilted from up to P's ground normal about the
//     footbase and yawed by the difference between P's yaw and the original foot's; flight:
//     the yaw correction fades from its value at foot-off to N's, clamped to +-45 deg from the
//     body, and the up vector tilts from P's normal to N's by flight time. The ankle target is
//     the footbase target plus the original ankle's offset from the original footbase, rotated
//     by that alignment; the ankle's model rotation is the alignment applied to its original.
//     In flight the rotation blends (the foot-roll blend, clipped to the flight) towards the
//     one the solved shin carries, yawed to the footbase heading; the flying leg is solved
//     twice (thesis 7.4).
//  5. Hip (7.15-7.17 with the guards of ALGORITHMS). The body first tilts towards the plane
//     the hips' desired heights make (ridge-regularised by the hips' span, bounded, smoothed),
//     about the hips' centre. The character's ground height is the mean
//     over legs of lerp(height(P), height(N), (1 - cos(pi * flightTime)) / 2) (flight time:
//     N exists from foot-off on); then the hip
//     offset from each leg's desired and maximal hip heights, followed in the world by a
//     critically damped spring, never above the lowest maximum (a leg that cannot reach lets
//     its foot hang and is reported).
//  6. IK from the blended pose every update: analytic two-bone for 3-joint chains, numeric
//     (ChainIkJob) for longer ones; then a second pass twisting the leg about hip-ankle by half
//     the foot's yaw correction.
//  7. Start and stop. At a new step (foot-off) a leg parks (its foot is held on P exactly as it
//     last stood) when the step N0 - P is shorter than parkStepLength * leg length and the
//     turn is below parkTurn; it unparks at its next foot-strike, still on P. While the player
//     stops (Input::stopping) every leg parks at its next foot-off and a parked leg stays
//     parked through its foot-strike, so each leg finishes its step and stands; when stopping
//     ends, a parked leg whose cycle is in flight leaves its footprint at once and one in
//     stance stands on it until its own foot-off: the legs restart in cycle order.
// Edges that are not locomotion (or graphs whose locomotion is off) get ground following: the
// body rides on the terrain under the character, each foot is lifted by the terrain under it
// relative to that height and tilted to its normal, the hip offset and IK as above. The layer's
// effect fades in and out over TransitionSettings::blendSeconds when the edge kind changes.
//
// Guarantees: nothing allocates after construction; never NaN (NaN hits, normals or inputs are
// treated as no hit and counted in warnings()); a leg that cannot reach the ground, a vertical
// wall, zero velocity and a segment without stance give a reported warning and a sane pose.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/root_motion.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/runtime/terrain.h"

namespace fatgraph {

struct LegLayerSettings {
  float maxFootYaw = 0.785398f;     // 45 deg: foot yaw correction limit relative to the body
  float maxSlope = 1.047198f;       // 60 deg: steeper ground counts as a wall (no foothold)
  float rayAbove = 1.0f;            // grounding rays start this far above the predicted foot
  float rayBelow = 1.0f;            // ... and reach this far below it
  float velocitySmoothing = 0.15f;  // seconds: time constant of the velocity estimate
  float parkStepLength = 0.22f;     // a step shorter than this fraction of the leg length parks
  float parkTurn = 0.35f;           // radians: ... when the turn over the step is also smaller
  /// The body's tilt towards the plane of the standing feet (step 5): the fraction of the
  /// fitted plane's slope it follows, its largest angle from upright, and its time constant.
  float bodyTilt = 1.0f;
  float maxBodyTilt = 0.35f;        // radians (20 deg)
  float tiltSeconds = 0.2f;
  /// The plane is measured across the hips: a span shorter than this fraction of the mean leg
  /// length tilts the body less (a biped's pelvis barely rolls, a quadruped's spine follows).
  float tiltSpan = 0.25f;
  /// Step 5: the body's height follows the legs' offset through a critically damped spring
  /// of this half-life (seconds; 0 follows at once), never above what every leg can reach.
  float bodyHeightSeconds = 0.08f;
  /// Step 4 in flight: between the foot-roll key times the ankle keeps the rotation the solved
  /// shin carries (yawed to the footbase heading) instead of the ground's (thesis 7.4.2).
  bool flightAlignment = true;
  bool enabled = true;              // false: the layer passes the pose through unchanged
};

/// What the layer did to one leg in the last update (for reports, metrics and the editor).
struct LegReport {
  Float3 footbase;               // world target of the footbase
  Float3 originalFootbase;       // where the unadjusted pose has it (world)
  Float3 previousFootprint;      // P (world)
  Float3 nextFootprint;          // N (world, grounded)
  Float3 previousNormal{0, 1, 0};
  Float3 nextNormal{0, 1, 0};
  float legTime = 0;     // tau
  float flightTime = 0;  // 0 at foot-off .. 1 at foot-strike; 0 in stance
  float strideTime = 0;  // 0 at foot-lift .. 1 at foot-land
  bool planted = false;  // in ground contact (foot-strike .. foot-off) on a locomotion edge at
                         // full weight: the footbase is held fixed (false in ground following)
  bool parked = false;
  /// The leg followed a locomotion edge's gait cycle in this update (at any fade weight), so
  /// `contact` means something; false on ground following and without a usable cycle.
  bool cycleKnown = false;
  /// The cycle has the foot on the ground (foot-strike .. foot-off, or parked), whatever the
  /// fade: the player's foot events (player_events.h) are its changes.
  bool contact = false;
  /// Metres the swinging foot was raised towards the supporting feet's ground (7.9-7.12).
  float supportLift = 0;
  /// 0..1: how much of the ankle's rotation came from the solved shin (flight) rather than the
  /// ground (stance) in this update.
  float flightBlend = 0;
  bool reached = true;   // IK reached its target this update
  float overextension = 0;  // metres the target lay beyond the leg's reach (0 when reached)
};

/// Counts of odd conditions met since reset() (each also sets a bit in lastWarnings()).
struct LegLayerWarnings {
  int unreachable = 0;      // leg updates whose target was out of reach (foot left hanging)
  int noGround = 0;         // grounding rays that found no usable ground (wall, hole, NaN)
  int invalidInput = 0;     // non-finite pose, frame or dt (the pose was passed through)
  int noStance = 0;         // locomotion edges entered whose cycles have no usable stance
};

class LegLayer {
 public:
  /// Allocates everything for `graph` (which must outlive the layer and be valid). A graph
  /// without legs gives a layer that passes poses through.
  explicit LegLayer(const RuntimeGraph& graph, const LegLayerSettings& settings = {});

  /// The ground; null means flat ground at y = 0. Not owned; must outlive its use.
  void setTerrain(const Terrain* terrain) { terrain_ = terrain; }
  const Terrain* terrain() const { return terrain_; }
  /// Forgets footprints, velocity and fades (the next update starts afresh); no allocation.
  void reset();

  /// The blend state of one update, as the player has it after advancing.
  struct Input {
    int edge = -1;
    float referenceTime = 0;              // T
    Span<const float> weights;            // per segment, normalized
    float dt = 0;                         // seconds played by this update
    CharacterFrame character;             // after this update (y ignored: flat reference)
    RootDelta delta;                      // this update's root motion (for the velocity)
    bool edgeChanged = false;             // a transition happened in this update
    /// When the game steers the character itself (Player::setSteering), `delta` is the
    /// steered motion and `animationDelta` the blended clips' own root motion: footprints go
    /// where the steered character will stand, measured against where the clips alone would
    /// put the foot. Unsteered, both are the same motion.
    bool steered = false;
    RootDelta animationDelta;
    /// The player is bringing the character to a stand (Player::stopping(); item 7 above).
    bool stopping = false;
  };

  /// Adjusts one pose in place. `modelRotations` / `modelPositions` hold J entries: every
  /// joint's rotation and position in character space (the player's model space: the
  /// character at the origin facing +Z, y as in the clips). On return they hold the adjusted
  /// pose in the same space, to be placed in the world at (x, groundHeight(), z) with the
  /// character's yaw. `parents` is the skeleton's parent table (-1 for roots).
  void apply(const Input& input, Span<Quaternion> modelRotations, Span<Float3> modelPositions,
             Span<const int> parents);

  /// World y at which the adjusted model pose stands (the terrain under the character minus
  /// the edge's floor height; 0 on flat ground for a clip whose floor is at y = 0).
  float groundHeight() const { return groundHeight_; }
  /// Joints whose model rotation apply() changed in the last update (the roots, and hip,
  /// knee, ankle and below per leg): the player recomputes their local rotations.
  Span<const int> changedJoints() const { return {changedJoints_.data(), changedCount_}; }
  /// The ankles that are foot bones beside their chains (RuntimeLeg::chain): the layer moves
  /// them, so their local translations change too (static per graph).
  Span<const int> movedAnkles() const { return {movedAnkles_.data(), movedAnkles_.size()}; }
  Span<const LegReport> legs() const { return reports_; }
  const LegLayerWarnings& warnings() const { return warnings_; }
  /// Bits of the warnings raised by the last update: 1 unreachable, 2 no ground, 4 invalid
  /// input, 8 no stance.
  std::uint32_t lastWarnings() const { return lastWarnings_; }
  /// 0..1: how much of the layer's locomotion adjustment the last update applied (fades).
  float locomotionWeight() const { return locomotionWeight_; }
  /// The body's up vector in the character's heading frame after the tilt of the last update
  /// (x left, y up, z forward; (0, 1, 0) upright).
  Float3 bodyUp() const { return bodyUp_; }

 private:
  // Implementation (runtime/src/leg_layer.cpp and the leg_*.cpp parts beside it; their
  // types live in leg_layer_detail.h). Everything is sized at construction.
  struct LegState;  // one leg's rig, footprints and scratch
  struct Frame;     // one update's shared values (character frame, fade, cycle clock)
  void beginUpdate(const Input& input, Frame& frame);
  void updateLocomotionLeg(const Frame& frame, LegState& leg, LegReport& report);
  // Its steps (leg_locomotion.cpp); Step holds one leg's values of this update.
  struct Step;
  void holdWithoutCycle(LegState& leg) const;
  bool footContact(const Step& step, LegState& leg) const;
  void startLeg(const Step& step, LegState& leg, bool contact) const;
  void changeContact(const Step& step, LegState& leg, bool contact) const;
  void restartLeg(const Step& step, LegState& leg, bool contact) const;
  bool shortStep(const Step& step, const LegState& leg) const;
  // Positions in the world: an Eigen vector in a struct defined beside Step, so this header
  // needs no Eigen. (Not Float3: returned by value it comes back in two registers, packed
  // through the stack, and read back as a whole; store-forwarding stalls on every call.)
  struct Position;
  Position plant(LegState& leg) const;
  Position swing(const Step& step, LegState& leg, float flight);
  Position predictTarget(const Step& step, float& footYaw) const;
  Position predictNominal(const Step& step) const;
  void updateFollowingLeg(const Frame& frame, LegState& leg);
  Position keepSide(int legIndex, const Position& footprint, float bodyYaw) const;
  void solveLegs(const Frame& frame, Span<Quaternion> modelRotations, Span<Float3> modelPositions);
  void supportLifts(const Frame& frame);
  float smoothBodyHeight(const Frame& frame, float offset);
  void hipHeightsOfLegs(Span<const Float3> modelPositions);
  void tiltBody(const Frame& frame, Span<Quaternion> modelRotations, Span<Float3> modelPositions);
  void solveLeg(LegState& leg, LegReport& report, Span<Quaternion> modelRotations,
                Span<Float3> modelPositions);
  void moveBody(Span<Float3> modelPositions, float offset) const;
  bool alignLegsInFlight(const Frame& frame, Span<Quaternion> modelRotations,
                         Span<Float3> modelPositions);
  Position solveChain(LegState& leg, Span<Quaternion> modelRotations, Span<Float3> modelPositions,
                      bool& reached) const;
  void alignInFlight(const Frame& frame, LegState& leg, Span<const Quaternion> modelRotations) const;

  const RuntimeGraph* graph_;
  LegLayerSettings settings_;
  const Terrain* terrain_ = nullptr;
  float groundHeight_ = 0;
  float locomotionWeight_ = 0;
  std::uint32_t lastWarnings_ = 0;
  LegLayerWarnings warnings_;
  std::vector<LegReport> reports_;
  std::vector<int> changedJoints_;   // every joint the legs may rotate (static per graph)
  std::vector<int> movedAnkles_;     // ankles beside their chains (static per graph)
  std::size_t changedCount_ = 0;     // how many of them the last update changed (0 or all)
  std::vector<LegState> state_;      // per leg
  std::vector<unsigned char> edgeUsable_;  // per edge: locomotion with usable cycles
  std::vector<float> hipDesired_, hipMaximal_;  // per leg, 7.15-7.17 inputs
  std::vector<int> roots_;
  // Velocity estimate (world, m/s and rad/s), smoothed over velocitySmoothing.
  // Smoothed motion in the character's own heading frame (x left, z forward): the character's
  // (steered or not) and the clips' (the same unless steered).
  Float3 velocity_;
  float turnRate_ = 0;
  Float3 animationVelocity_;
  float animationTurnRate_ = 0;
  float characterGround_ = 0;  // terrain height under the character (last update)
  Float2 tiltSlope_;           // smoothed slope of the hips' plane (dy/dx, dy/dz), model axes
  Float3 bodyUp_{0, 1, 0};
  bool tiltKnown_ = false;
  float bodyHeight_ = 0;          // world height of the body's adjustment (ground + offset)
  float bodyHeightVelocity_ = 0;  // m/s
  bool bodyHeightKnown_ = false;
  int lastEdge_ = -1;
  bool started_ = false;       // an update has run since reset()
  bool velocityKnown_ = false;
  bool active_ = false;        // legs exist and are valid for this skeleton

 public:
  ~LegLayer();
  LegLayer(const LegLayer&);
  LegLayer& operator=(const LegLayer&);
  LegLayer(LegLayer&&) noexcept;
  LegLayer& operator=(LegLayer&&) noexcept;
};

}  // namespace fatgraph
