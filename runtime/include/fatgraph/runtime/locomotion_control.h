#pragma once
// The locomotion control (player.h, step 1 and the choice at step 3; docs/ALGORITHMS.md E):
// what chooses the edge at a hub and the weights and cycle rate inside it, from the stick, a
// desired velocity, steering or an aim; stop and start (thesis 7.5) and the way to the graph's
// idle edges. It is an object of its own so a game that runs the clock's jobs (edge_clock.h)
// itself can use it: each update, follow() the request, apply() it to the clock when
// needsApply(), and at a hub ask nextEdge() and tell enterEdge().
#include <memory>
#include <vector>

#include "fatgraph/runtime/band_blend.h"
#include "fatgraph/runtime/edge_clock.h"
#include "fatgraph/runtime/math.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "fatgraph/runtime/velocity_space.h"

namespace fatgraph {

/// The game steering the character itself: the stick still chooses the blend (the animation),
/// and the character moves with this velocity and turning rate on average. It is a velocity
/// request whose weights come from the stick: the clips' own motion plays on and the remainder
/// (this velocity minus the blend's) moves the character frame, and the leg layer plants the
/// feet where the steered character stands (side-stepping, walking backwards or turning on the
/// spot from forward-walk data).
struct PlayerSteering {
  bool enabled = false;
  float velocity[2] = {0.0f, 0.0f};  // m/s in the character's heading frame: x left, z forward
  float turnRate = 0.0f;             // rad/s, positive turns left
};

/// The stick under StickMeaning::Velocity: below this length it stands.
inline constexpr float kStickDeadZone = 0.1f;
/// Rad/s per radian of heading error, and the fastest turn the stick asks for (rad/s).
inline constexpr float kStickTurnGain = 3.0f;
inline constexpr float kStickFastestTurn = 2.5f;

/// What aiming (Player::aim) did on the current edge.
struct AimReport {
  bool active = false;     // a target is set
  bool aimable = false;    // the current edge has a parameter plane with a grid (else the
                           // stick or velocity chooses its weights, and the aim waits)
  Float3 target;           // in the edge-start character frame (metres)
  Float3 planned;          // the plane point's position: where the blend puts the joint
  /// |target - planned|, metres: what the plane cannot remove (the target off the plane,
  /// or beyond the grid); the grid's own error (RuntimeEdge::paramErrorMedian) comes on top.
  float unreachable = 0;
  int joint = -1;          // the parameterized joint (RuntimeParameterSpace::joint)
  float atTime = 0;        // the edge's reference time at which it is there (seconds)
};

/// How a desired velocity (Player::setDesiredVelocity) becomes edges, weights and clock.
struct VelocityControlSettings {
  /// The cycle-rate bounds: the clock may run this much slower or faster than the data so the
  /// speed the blends cannot reach exactly is met by the clips themselves. 0 (the default)
  /// takes the graph's (RuntimeGraph::cycleRates: ±20 % unless its author chose otherwise).
  float slowestRate = 0.0f;
  float fastestRate = 0.0f;
  /// Metres: a turning-rate error counts as the speed error of a point this far from the body
  /// when matching a request (velocity_space.h).
  float turnRadius = 0.5f;
  /// m/s: at a hub another outgoing edge replaces the default edge only when it comes closer
  /// to the request by this much (no flicker between two edges that do it equally well).
  float switchMargin = 0.05f;
  /// At a hub an edge counts as the best it leads to within this many edges (itself, then the
  /// best edges from the hubs after it): a transition that plays slowly itself but leads into
  /// a walk is how a standing character gets to walking. Each edge before the one that meets
  /// the request costs lookaheadPenalty (m/s), so an edge that meets it at once wins. 1: the
  /// edge alone.
  int lookaheadEdges = 3;
  float lookaheadPenalty = 0.1f;
  /// Seconds: the velocity the player acts on follows the game's request with this time
  /// constant (first order), so a request that jumps (walk to stop, walk to run) accelerates
  /// the body instead of jerking it. 0 follows at once.
  float responseSeconds = 0.25f;
  /// Stop and start (thesis 7.5): a desired velocity slower than stopSpeed (m/s) turning
  /// slower than stopTurn (rad/s) stops the character; it starts again above startSpeed or
  /// startTurn (the gap keeps a request near the threshold from stuttering).
  float stopSpeed = 0.1f;
  float stopTurn = 0.2f;
  float startSpeed = 0.15f;
  float startTurn = 0.3f;
  /// Seconds: standing, the body glides over the planted feet with this time constant.
  float settleSeconds = 0.3f;
  /// Seconds: a stop asked for where an idle edge (RuntimeEdge::idle) begins within this much
  /// playing time (the rest of the current edge, then the quickest edges through the graph to
  /// a hub that has one) plays on to it and stands there instead of freezing the clock.
  /// 0: never.
  float idleReachSeconds = 2.0f;
};

/// What the velocity path did for the current edge (Player::velocityControl()).
struct VelocityControlReport {
  bool active = false;          // a velocity was asked for (setDesiredVelocity or setSteering)
  bool choosesWeights = false;  // by setDesiredVelocity: edges and weights follow the velocity
  PlanarVelocity requested;     // heading frame: x left, y forward (m/s); rad/s turning left
  PlanarVelocity acting;        // what the player acts on: a desired velocity followed over
                                // VelocityControlSettings::responseSeconds (steering: as asked)
  PlanarVelocity planned;       // the blend's own velocity at the played weights and rate
  float cycleRate = 1.0f;       // the clock's multiplier on the edge's eq. 2 rate
  PlanarVelocity remainder;     // acting - planned: moved by steering the character frame
  float clipShare = 1.0f;       // how much of the clips' own within-cycle motion is kept, [0, 1]
  /// Stopping on the graph's idle edge: heading for it (the clips move the body on to the hub)
  /// or playing it.
  bool idle = false;
};

class LocomotionControl {
 public:
  /// The graph must outlive the control. Allocates the routes to idle edges once; unset
  /// cycle-rate bounds (0) are the graph's.
  LocomotionControl(const RuntimeGraph& graph, const VelocityControlSettings& settings);

  /// Back to a centred stick with no action, stop or acting velocity; the requests (steering,
  /// desired velocity, aim) stay.
  void reset();
  /// The stick of this update (x right, y forward, [-1, 1]); re-mapped on each new edge.
  void setStick(float x, float y);
  /// The stick as StickMeaning::Velocity reads it, for a character facing `yaw`: a desired
  /// velocity (heading frame) and turning rate, set with setDesiredVelocity.
  void setStickVelocity(float x, float y, float yaw);
  /// The fastest forward speed of any edge (m/s).
  float topSpeed();
  /// The speed a stick of `magnitude` (0..1) asks for under StickMeaning::Velocity (m/s): the
  /// stick's travel in as many bands as gaits (gaitSpeeds), each gait from its clock's slowest
  /// rate to its own speed at the band's end, so half stick walks a walk-and-run set at the
  /// walk's speed and full stick runs it.
  float stickSpeed(float magnitude);
  /// The gaits the stick picks from, slowest first (m/s): the speeds of edges that loop at
  /// their hub (a cycle the character can keep up) and travel, at least a tenth of the fastest;
  /// speeds within 25 % of each other are one gait (its fastest). Without such loops, the top
  /// speed alone.
  const std::vector<float>& gaitSpeeds();
  /// Latches an edge to take at the first hub it leaves (Player::update's action); anything
  /// out of range is ignored.
  void requestAction(int edge);
  /// The requests (Player's functions of the same names say what they do).
  void setSteering(const PlayerSteering& steering);
  void setDesiredVelocity(const Float2& velocity, float turnRate);
  void clearDesiredVelocity();
  void aim(const Float3& target);
  void clearAim();
  void prepareVelocityControl();

  /// Per update, before the clock advances: the desired velocity followed over `dt`
  /// (responseSeconds), and whether to stop or start.
  void follow(float dt, const EdgeClock& clock);
  /// The stick, the request or the clock's edge changed since the last apply().
  bool needsApply(const EdgeClock& clock) const;
  /// Chooses the plane point (or the band velocity) and the cycle rate for the clock's edge and
  /// sets the clock's weights there (EdgeWeightsJob).
  void apply(EdgeClock& clock);
  /// At hub `hub`: the edge to take (a pending action leaving it, the way to an idle edge, the
  /// closest to a desired velocity, else the hub's default edge); consumes the action.
  int nextEdge(int hub);
  /// The clock went from edge `from` to `to` (begun on the clock): a new pass maps the request
  /// afresh, and apply() chooses the new edge's weights.
  void enterEdge(int from, int to, EdgeClock& clock);

  const PlayerSteering& steering() const { return steering_; }
  bool hasDesiredVelocity() const { return desired_; }
  /// The desired velocity as the game asked for it (clamped, finite).
  const PlanarVelocity& desiredVelocity() const { return desiredVelocity_; }
  Float2 stick() const { return {stick_[0], stick_[1]}; }
  const AimReport& aimReport() const { return aimReport_; }
  const VelocitySpace* velocitySpace() const { return velocitySpace_.get(); }
  const VelocityControlReport& report() const { return report_; }
  /// A creature's controller writes what its body does (no clips to plan with).
  void setReport(const VelocityControlReport& report) { report_ = report; }
  /// The remainder is large enough to move the character frame by steering.
  bool remainderSteers() const { return remainderSteers_; }
  Float2 planePoint() const { return planePoint_; }
  int pendingAction() const { return pendingAction_; }
  bool stopping() const { return stopping_; }
  /// The stop goes to an idle edge (the clips move the body on; the legs keep stepping).
  bool toIdle() const { return toIdle_; }
  const VelocityControlSettings& settings() const { return settings_; }

 private:
  PlanarVelocity request() const;
  bool aimAtTarget(const RuntimeEdge& edge);
  int closestEdge(int hub);
  float edgeReach(int edge);
  float pathReach(int edge, int depth);
  void routeToIdleEdges();
  bool idleWithinReach(const EdgeClock& clock) const;

  const RuntimeGraph* graph_;
  VelocityControlSettings settings_;
  BandBlend bands_;                    // scratch for band edges, sized for the largest edge
  PlayerSteering steering_;
  bool desired_ = false;               // setDesiredVelocity in force
  PlanarVelocity desiredVelocity_;
  std::shared_ptr<const VelocitySpace> velocitySpace_;  // shared by copies: never changes
  VelocityControlReport report_;
  bool remainderSteers_ = false;       // the remainder is large enough to move the frame
  PlanarVelocity acting_;              // the desired velocity as followed (responseSeconds)
  bool actingKnown_ = false;           // acting_ started from the clips' velocity
  bool stopping_ = false;              // a stop was asked for (thesis 7.5)
  bool toIdle_ = false;                // the stop goes to the idle edge
  std::vector<int> idleNext_;          // per hub: the edge to take towards the nearest idle
                                       // edge (that edge itself at its hub); -1: none reachable
  std::vector<float> idleSeconds_;     // per hub: seconds played before that idle edge begins
  std::vector<float> reach_;           // per edge: edgeReach in the current hub decision
  std::vector<unsigned> reachStamp_;   // per edge: the decision reach_ was computed in
  unsigned decision_ = 0;              // the current hub decision
  float topSpeed_ = -1.0f;             // topSpeed(), once known
  std::vector<float> gaitSpeeds_;      // gaitSpeeds(), once known (empty: not yet)
  bool controlStale_ = true;           // the request changed since apply()
  bool aiming_ = false;
  Float3 aimTarget_;
  AimReport aimReport_;
  Float2 planePoint_;
  float stick_[2] = {0.0f, 0.0f};        // the stick, re-mapped on each new edge
  float mappedStick_[2] = {0.0f, 0.0f};  // the stick and edge the current weights came from
  int mappedEdge_ = -1;
  int pendingAction_ = -1;
};

}  // namespace fatgraph
