#pragma once
// The fat-graph player (Fat Graph §5): plays a RuntimeGraph from a stick and button actions.
//
// Every update(dt, stick, action):
//   1. the control picks a point of the current edge's control plane: the stick maps through
//      the edge's JoystickMapping onto its parameter plane (on an edge whose blend mode is a
//      gradient-band mode, onto its segments' velocity space instead), or, when the game asks
//      for a velocity (setDesiredVelocity), the point whose blend comes closest to it
//      (velocity_space.h), or, when it aims (aim()) and the edge has a parameter plane, the
//      plane point under the target (Fat Graph §4 inverted: the plane's coordinates are the
//      joint's position, so the target's projection onto the plane, clamped to the grid). The weight grid (bilinear) or the bands over the segments'
//      velocities (band_blend.h) give the blend weights there;
//   2. the edge's clock advances by eq. 2, times the cycle rate (1 unless a desired velocity
//      asks for a speed the blend falls short of or exceeds: then within
//      VelocityControlSettings' bounds), and the blended root delta moves the character frame
//      (root_motion.h). Where a velocity was asked for (setDesiredVelocity, setSteering), the
//      part the clips do not do, the request minus the blend's own velocity at that rate (the
//      remainder), is steered: the character moves with the clips' delta plus the remainder,
//      mixed with the request's constant-velocity arc by the clips' share of the request
//      (1 - |remainder| / |planned|, clamped to [0, 1]), so the clips' own sway stays where
//      they do most of the motion and a side-step from forward-walk data glides evenly; on
//      average the character moves exactly as asked (velocityControl() reports the parts);
//   3. when T reaches the edge's end, the player is at the edge's destination hub and takes
//      the pending action's edge if it leaves that hub; else, with a desired velocity, the
//      outgoing edge whose velocity space comes closest to it (the default edge unless another
//      is closer by VelocityControlSettings::switchMargin); else the hub's default edge (most
//      segments, ties: lowest index); the rest of dt is played on the new edge. The pose
//      difference between the old edge's last pose and the new edge's first, and the
//      difference of their velocities, are added to the new pose and decay to zero within
//      TransitionSettings::blendSeconds by Bollo's quintic (inertialization.h), so neither the
//      pose nor its velocity jumps; with PlayerOptions::transitions = DecayingOffset the pose
//      difference alone fades by a smoothstep instead.
//   4. the local pose is sampled (EdgeBlend, SampleEdgeJob's kernel) and LocalToModelJob gives
//      the model-space pose;
//   5. when the graph has legs (and PlayerOptions::legs.enabled), the LegLayerJob plants the
//      feet on the terrain (leg_layer.h): it rotates the legs, moves the whole model pose by
//      its hip offset, and sets character().position.y to its ground height; localRotations()
//      and localTranslations() reflect the adjusted pose. Without legs the pose is exactly
//      the blended one;
//   6. what happened on the way is listed in events() (player_events.h): hubs reached, edges
//      and transitions started at the moment of the hub, and each leg's foot strikes and
//      foot-offs as the leg layer's gait clock has them.
//
// The player is a facade over parts a game may also run itself: the locomotion control
// (locomotion_control.h: step 1 and the choice at step 3), the edge clock and its jobs
// (edge_clock.h: step 2 and the pose of step 4), the transition state and its jobs
// (transition.h: step 3's offset), LocalToModelJob and LegLayerJob (jobs.h: steps 4 and 5);
// its state is those parts' value types (edgeClock(), transition()). A game that runs the same
// jobs in the same order gets the player's pose bit for bit (tests/runtime/test_player_jobs.cpp
// is that game loop).
//
// A procedural character (RuntimeGraphKind::Creature, a generated creature) has no edges: its
// CreatureController (creature_controller.h) takes the place of steps 1-5. The velocity it walks, flies or
// swims at is the desired velocity (setDesiredVelocity), else the steering (setSteering), else
// the stick: y forward and back at the creature's base speed (back at half of it), x turning
// (right for positive x) at up to kCreatureTurnRate; a request under the stop thresholds of
// VelocityControlSettings stops it, and it stands once every foot is down. Its foot strikes
// and lifts are the events; the pose is the gait's, in character space like any other, the
// character frame its ground point and heading. Actions and aim do nothing on it.
//
// A game that puts its own layer between these steps calls the jobs itself (jobs.h) on the
// player's clock (currentEdge(), referenceTime(), weights()), or edits modelRotations() copies
// before the skinning jobs.
//
// Spaces: the local and model-space poses are in character space (the character at the
// origin facing +Z: the root's heading and ground position are removed); the character frame
// (character()) places them in the world: world = R_y(yaw) * model + position.
//
// Actions: an edge index latches a request (replacing an earlier one) that is taken at the
// first hub it leaves; -1 adds none; anything else (unknown index) is ignored.
// Guarantees: no allocation in update(); deterministic; dt NaN, <= 0 or infinite gives a
// zero step, dt above 0.25 s is played in 0.25 s sub-steps up to 1 s per call (more is
// dropped); NaN stick counts as centred; the pose is always finite.
#include <optional>
#include <vector>

#include "fatgraph/runtime/creature_controller.h"
#include "fatgraph/runtime/edge_blend.h"
#include "fatgraph/runtime/edge_clock.h"
#include "fatgraph/runtime/jobs.h"
#include "fatgraph/runtime/leg_layer.h"
#include "fatgraph/runtime/locomotion_control.h"
#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/player_events.h"
#include "fatgraph/runtime/transition.h"

namespace fatgraph {

struct PlayerOptions {
  RotationAverage rotationAverage = RotationAverage::Nlerp;
  TransitionBlend transitions = TransitionBlend::Inertialization;
  int startEdge = -1;              // -1: the graph's start edge
  CharacterFrame start;            // where the character starts in the world
  /// The leg layer (leg_layer.h) runs after forward kinematics when the graph has legs.
  LegLayerSettings legs;
  VelocityControlSettings velocity;
  /// What update's stick means (see StickMeaning); unset: the graph's (RuntimeGraph::stick).
  std::optional<StickMeaning> stick;
};

class Player {
 public:
  /// Allocates every buffer; the graph must outlive the player and be valid
  /// (RuntimeGraph::validate() empty). A graph without edges gives a player that holds the
  /// rest pose.
  explicit Player(const RuntimeGraph& graph, const PlayerOptions& options = {});

  void update(float dt, float stickX, float stickY, int action = -1);
  /// Back to the start (edge, time, character frame); no allocation.
  void reset();
  /// Everything `other` plays from (the parts' states: edge clock, transition, control, legs,
  /// a creature's gait; the character frame and the pose; the options it was made with): the
  /// next updates of both, with the same input, give the same poses bit for bit. `other` must
  /// play the same graph (else nothing happens); this player keeps its own terrain. No allocation once both have played the same edges.
  void copyStateFrom(const Player& other);
  /// Steering for the following updates (see PlayerSteering); non-finite values count as 0,
  /// magnitudes are clamped to 1000 (m/s, rad/s).
  void setSteering(const PlayerSteering& steering);
  const PlayerSteering& steering() const { return control_.steering(); }
  /// Asks for a ground velocity (heading frame: x left, y forward, m/s) and a turning rate
  /// (rad/s, positive left) from the next update on, for AI and games: it chooses the edge at
  /// each hub, the weights inside the edge and the cycle rate (see the steps above), and
  /// moves the remainder by steering. It replaces the stick and setSteering until
  /// clearDesiredVelocity(). Non-finite values count as 0, magnitudes are clamped to 1000
  /// (m/s, rad/s). The first velocity request
  /// (this or setSteering) measures the graph's velocity spaces (allocates, a few ms);
  /// prepareVelocityControl() does that ahead.
  /// Under StickMeaning::Velocity the game's request takes precedence over the stick until
  /// clearDesiredVelocity; then the stick is the request again.
  void setDesiredVelocity(const Float2& velocity, float turnRate);
  void clearDesiredVelocity();
  bool hasDesiredVelocity() const { return control_.hasDesiredVelocity(); }
  /// Aims the parameterized joint of each edge that plays (the one playing and those after)
  /// at `target`, given in the edge-start character frame (the character at the edge's first
  /// frame, facing +Z; the frame the parameter plane is measured in): the paper's bat swung
  /// through a ball, a kick at a point. It takes over the weights of edges that have a
  /// parameter plane until clearAim(); aimReport() says what cannot be reached. Non-finite
  /// coordinates clear the aim.
  void aim(const Float3& target);
  void clearAim();
  const AimReport& aimReport() const { return control_.aimReport(); }
  /// Builds the velocity spaces now (velocity_space.h) rather than at the first request.
  void prepareVelocityControl();
  /// The velocity spaces, null before the first velocity request or prepareVelocityControl().
  const VelocitySpace* velocitySpace() const { return control_.velocitySpace(); }
  const VelocityControlReport& velocityControl() const { return control_.report(); }
  /// Stop and start (thesis 7.5; the steps above). A desired velocity under
  /// VelocityControlSettings::stopSpeed and stopTurn makes the player stop: the body slows as
  /// the acting velocity falls, each leg finishes its step and stays on the footprint it
  /// reaches (the leg layer's Input::stopping), and once every leg stands the edge's clock
  /// stops (standing()): the pose holds the moment the last foot came down and the body glides
  /// over the feet (settleSeconds). A request above startSpeed or startTurn runs the clock on
  /// from that moment and the legs leave their footprints in cycle order. A graph without legs
  /// (or with the layer off) stands at once: there is no foot to wait for.
  /// Where an idle edge begins within idleReachSeconds of playing (the rest of the current
  /// edge, then the quickest route through the graph: a captured stop leading to a standing
  /// take), the stop plays on along that route (the body moves as the clips do, the legs keep
  /// stepping) and takes the idle edge, again at each of its ends while the stop lasts;
  /// standing() stays false (the clock runs); a start takes the outgoing edge the request asks
  /// for at the idle edge's end.
  bool stopping() const { return control_.stopping(); }
  bool standing() const { return standing_; }
  /// The ground the leg layer plants feet on; null: flat ground at y = 0. Not owned. A
  /// procedural character not yet updated since reset() is stood on it again.
  void setTerrain(const Terrain* terrain);
  /// The leg layer's state and reports (legs(), warnings(), groundHeight()).
  const LegLayer& legLayer() const { return legs_; }
  /// A procedural character's gait (its feet, swing time, the rig), null for a fat graph.
  const CreatureGait* creatureGait() const { return creature_ ? &creature_->gait() : nullptr; }
  /// A creature graph's controller, null for a fat graph.
  const CreatureController* creature() const { return creature_ ? &*creature_ : nullptr; }
  /// The locomotion control (the requests, the stop and start, the reports).
  const LocomotionControl& control() const { return control_; }
  /// What update's stick means: PlayerOptions::stick, else the graph's.
  StickMeaning stickMeaning() const { return options_.stick.value_or(graph_->stick); }
  /// The edge clock (a value: a copy is the playback state a game may keep or restore).
  const EdgeClock& edgeClock() const { return edgeClock_; }
  /// The transition under way at the last hub (its age, its offset or quintics).
  const TransitionState& transition() const { return transition_; }

  /// The local pose (joint -> parent; the root in its heading frame). Filled on first access
  /// after an update (no allocation), so a Player is used from one thread at a time.
  Span<const Quaternion> localRotations() const {
    refreshLocalPose();
    return localRotations_;
  }
  Span<const Float3> localTranslations() const {
    refreshLocalPose();
    return localTranslations_;
  }
  /// The model-space pose (character space), J entries: the skinning palette job's input as is.
  Span<const Quaternion> modelRotations() const { return modelRotations_; }
  Span<const Float3> modelPositions() const { return modelPositions_; }
  /// Where the character is: ground x, z from the root motion; y = the leg layer's ground
  /// height (the terrain under the character; 0 without terrain or legs).
  const CharacterFrame& character() const { return character_; }
  /// The root delta applied by the last update (summed over sub-steps and transitions).
  const RootDelta& lastRootDelta() const { return lastDelta_; }
  /// Where the clips' own root motion alone (at the cycle rate, without any steered
  /// remainder) would have taken the character since reset().
  const CharacterFrame& animationFrame() const { return animationFrame_; }

  int currentEdge() const { return edgeClock_.edge; }
  float referenceTime() const { return edgeClock_.time; }
  Span<const float> weights() const { return edgeClock_.edgeWeights(); }
  /// The plane point the stick mapped to in the last update.
  /// On an edge blended by gradient bands (RuntimeEdge::blend) it is the velocity the stick
  /// asked for instead: (x = left, z = forward) m/s in the character's heading frame.
  Float2 planePoint() const { return control_.planePoint(); }
  int transitionCount() const { return transitions_; }
  int pendingAction() const { return control_.pendingAction(); }
  /// What happened in the last update, in order (player_events.h); after reset(), the start
  /// edge's EdgeStarted. At most kMaxPlayerEvents; droppedEvents() counts the rest.
  Span<const PlayerEvent> events() const { return events_.view(); }
  int droppedEvents() const { return events_.dropped(); }
  /// Seconds of play since reset() (the time events carry).
  double clock() const { return clock_; }

 private:
  void playStep(float seconds);
  void takeTransition();
  void sampleDisplayedPose(float* rotations, float* translations);
  void keepShownPose();
  void settle(float seconds);
  bool everyLegStands() const;
  void forwardKinematics();
  LocalToModelJob localToModelJob();
  void refreshLocalPose() const;
  void applyLegs(float dt, bool edgeChanged);
  void collectFootEvents();
  void pushEvent(PlayerEventKind kind, int edge, int fromEdge, int hub);
  void updateCreature(float dt);
  void showCreaturePose();

  const RuntimeGraph* graph_;
  PlayerOptions options_;
  LocomotionControl control_;
  EdgeClock edgeClock_;
  EdgeClock probeClock_;            // inertialization: the new edge's first step, probed
  TransitionState transition_;
  EdgeBlend exact_;                 // RotationAverage::Eigenvector's sampling on the clock
  LegLayer legs_;
  std::optional<CreatureController> creature_;  // a creature graph's
  CharacterFrame character_;
  RootDelta lastDelta_;
  CharacterFrame animationFrame_;    // where the clips' own root motion alone would be
  RootDelta lastAnimationDelta_;     // the clips' root motion in the last update
  bool standing_ = false;            // every leg stood and the clock stopped
  bool gameVelocity_ = false;        // setDesiredVelocity in force (over a velocity stick)
  int advances_ = 0;  // clock steps in this update (one: its delta is lastDelta_ as is)
  int transitions_ = 0;
  double clock_ = 0;                       // seconds played since reset()
  PlayerEventBuffer events_;               // the last update's events
  std::vector<unsigned char> footContact_;  // per leg: contact in the last update
  std::vector<unsigned char> footKnown_;    // per leg: whether that contact was known
  mutable std::vector<Quaternion> localRotations_;
  mutable std::vector<Float3> localTranslations_;
  mutable bool localPoseStale_ = true;
  bool legsChanged_ = false;  // the leg layer adjusted the model pose in the last update
  std::vector<Quaternion> modelRotations_;  // J, LocalToModelJob's output
  std::vector<Float3> modelPositions_;
  // Structure-of-arrays working pose (SampleEdgeClockJob's layout: 4J, 3A), a second one for
  // the outgoing edge's last pose at a transition, and the probe's.
  std::vector<float> soaRotations_, soaTranslations_;
  std::vector<float> endRotations_, endTranslations_;
  std::vector<float> probeRotations_, probeTranslations_;
  std::vector<int> parents_;
  std::vector<int> depthOrder_;    // joints by depth (parents before children), for FK
  std::vector<float> jointTranslations_;  // every joint's local translation, SoA (3J)
  std::vector<float> fkScratch_;   // LocalToModelJob's working memory, 7J floats
  bool fkJobValid_ = false;        // localToModelJob() validated once, at construction
};

}  // namespace fatgraph
