// The fat-graph player (Fat Graph §5): stick -> plane point -> grid weights -> eq. 2 clock and
// blended root delta -> pose -> forward kinematics, with hub transitions whose pose offset
// decays over TransitionSettings::blendSeconds. Everything is preallocated at construction.
// The parts are the locomotion control (locomotion_control.cpp), the edge clock's jobs
// (edge_clock.cpp), the transition's jobs (transition.cpp), the model-space jobs (jobs.cpp) and,
// for a creature graph, the CreatureController (creature_controller.cpp).
#include "fatgraph/runtime/player.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/jobs.h"
#include "local_to_model.h"
#include "playback_kernels.h"

namespace fatgraph {

namespace {

// forwardKinematics() writes the AoS outputs as flat float arrays.
static_assert(sizeof(Quaternion) == 4 * sizeof(float));
static_assert(sizeof(Float3) == 3 * sizeof(float));

constexpr float kLongestSubStep = 0.25f;  // seconds; eq. 2 is a first-order step
constexpr float kLongestUpdate = 1.0f;    // seconds of play per call; the rest is dropped
constexpr int kMostTransitionsPerStep = 8;  // short edges cannot loop a step forever
constexpr float kInertializationProbe = 1.0f / 60.0f;  // seconds: the new edge's first step

// The steered motion of a constant velocity and turning rate over `seconds`: the chord of the
// arc it traces in the turning heading frame (velocity turned by half the turn, scaled by sinc
// of the half turn), in the heading frame at the start.
RootDelta arcDelta(const PlanarVelocity& v, float seconds) {
  RootDelta d;
  if (!(seconds > 0.0f)) return d;
  const double turn = static_cast<double>(v.turnRate) * seconds;
  const double half = 0.5 * turn;
  const double sinc = std::abs(half) < 1e-6 ? 1.0 : std::sin(half) / half;
  const double c = std::cos(half), s = std::sin(half);
  const double vx = v.velocity.x * seconds * sinc, vz = v.velocity.y * seconds * sinc;
  // R_y(half) applied to (vx, 0, vz): yaw turns +Z towards +X (quaternion.h).
  d.displacement = {static_cast<float>(c * vx + s * vz), 0.0f, static_cast<float>(-s * vx + c * vz)};
  d.yaw = wrapAngle(static_cast<float>(turn));
  return d;
}

// A span over a whole float buffer.
Span<float> all(std::vector<float>& v) { return {v.data(), v.size()}; }

}  // namespace

Player::Player(const RuntimeGraph& graph, const PlayerOptions& options)
    : graph_(&graph),
      options_(options),
      control_(graph, options.velocity),
      edgeClock_(graph),
      probeClock_(graph),
      transition_(graph, options.transitions),
      exact_(graph),
      legs_(graph, options.legs) {
  if (graph.procedural()) creature_.emplace(graph.creature);
  // The velocity space the stick's speeds come from, built here rather than in an update.
  if (stickMeaning() == StickMeaning::Velocity && !creature_ && !graph.edges.empty()) control_.gaitSpeeds();
  const int joints = graph.jointCount();
  const std::size_t translated = graph.translatedJoints.size();
  localRotations_.assign(joints, Quaternion{});
  localTranslations_.assign(joints, Float3{});
  modelRotations_.assign(joints, Quaternion{});
  modelPositions_.assign(joints, Float3{});
  for (std::vector<float>* r : {&soaRotations_, &endRotations_, &probeRotations_})
    r->assign(4 * static_cast<std::size_t>(joints), 0.0f);
  for (std::vector<float>* t : {&soaTranslations_, &endTranslations_, &probeTranslations_})
    t->assign(3 * translated, 0.0f);
  parents_ = graph.skeleton.parents;
  depthOrder_ = depthOrder(graph.skeleton);
  fkScratch_.assign(7 * static_cast<std::size_t>(joints), 0.0f);
  // Every joint's local translation, SoA: rest offsets, the animated ones written per update.
  jointTranslations_ = restTranslations(graph);
  fkJobValid_ = localToModelJob().validate();
  footContact_.assign(graph.legs.size(), 0);
  footKnown_.assign(graph.legs.size(), 0);
  reset();
}

void Player::reset() {
  const int edges = static_cast<int>(graph_->edges.size());
  const int start = options_.startEdge >= 0 && options_.startEdge < edges ? options_.startEdge
                                                                           : graph_->startEdge;
  BeginEdgeJob{graph_, start, &edgeClock_}.run();
  control_.reset();
  character_ = options_.start;
  animationFrame_ = options_.start;
  lastDelta_ = RootDelta{};
  lastAnimationDelta_ = RootDelta{};
  transitions_ = 0;
  standing_ = false;
  transition_.age = std::numeric_limits<float>::infinity();  // no offset until a transition
  clock_ = 0.0;
  events_.clear();
  std::fill(footKnown_.begin(), footKnown_.end(), 0);
  if (edgeClock_.edge >= 0) pushEvent(PlayerEventKind::EdgeStarted, edgeClock_.edge, -1, -1);
  control_.apply(edgeClock_);
  sampleDisplayedPose(soaRotations_.data(), soaTranslations_.data());
  keepShownPose();
  forwardKinematics();
  legs_.reset();
  applyLegs(0.0f, false);
  if (creature_) {
    creature_->reset(character_, legs_.terrain());
    showCreaturePose();
  }
}

void Player::setTerrain(const Terrain* terrain) {
  legs_.setTerrain(terrain);
  // A creature not yet played stands again on the new ground (its feet were planted on the
  // old one at reset); once it plays, its feet find the new ground step by step.
  if (creature_ && clock_ == 0.0) {
    creature_->reset(character_, terrain);
    showCreaturePose();
  }
}

void Player::copyStateFrom(const Player& other) {
  if (other.graph_ != graph_ || &other == this) return;
  const Terrain* terrain = legs_.terrain();
  *this = other;
  legs_.setTerrain(terrain);
}

void Player::setSteering(const PlayerSteering& steering) { control_.setSteering(steering); }
void Player::setDesiredVelocity(const Float2& velocity, float turnRate) {
  gameVelocity_ = true;
  control_.setDesiredVelocity(velocity, turnRate);
}

void Player::clearDesiredVelocity() {
  gameVelocity_ = false;
  // A velocity stick sets the request again at the next update: clearing it here would start
  // its following over every update (a game or script that clears between updates).
  if (stickMeaning() != StickMeaning::Velocity || creature_) control_.clearDesiredVelocity();
}
void Player::aim(const Float3& target) { control_.aim(target); }
void Player::clearAim() { control_.clearAim(); }
void Player::prepareVelocityControl() { control_.prepareVelocityControl(); }

void Player::update(float dt, float stickX, float stickY, int action) {
  control_.requestAction(action);
  if (stickMeaning() == StickMeaning::Velocity && !creature_) {
    if (!gameVelocity_) control_.setStickVelocity(stickX, stickY, character_.yaw);
  } else {
    control_.setStick(stickX, stickY);
  }
  float remaining = std::isfinite(dt) && dt > 0.0f ? std::min(dt, kLongestUpdate) : 0.0f;
  const float played = remaining;
  control_.follow(played, edgeClock_);
  if (creature_) {
    updateCreature(played);
    return;
  }
  // Standing, the pose holds the weights it stopped with (the clock does not run to need new
  // ones); the request's changes are taken up when it starts again.
  if (!standing_ && control_.needsApply(edgeClock_)) control_.apply(edgeClock_);
  events_.clear();
  const CharacterFrame before = character_;
  const CharacterFrame animationBefore = animationFrame_;
  const int transitionsBefore = transitions_;
  advances_ = 0;
  if (standing_) {
    // The clock stands still; wall time runs on for the transition fade and the events.
    lastDelta_ = RootDelta{};
    settle(played);
    transition_.age += played;
    clock_ += played;
  }
  while (!standing_ && remaining > 0.0f && edgeClock_.edge >= 0) {
    const float step = std::min(remaining, kLongestSubStep);
    remaining -= step;
    playStep(step);
  }
  if (advances_ > 1) lastDelta_ = rootDelta(before, character_);
  if (advances_ == 0 && !standing_) lastDelta_ = RootDelta{};
  lastAnimationDelta_ = advances_ == 0 ? RootDelta{} : rootDelta(animationBefore, animationFrame_);
  sampleDisplayedPose(soaRotations_.data(), soaTranslations_.data());
  keepShownPose();
  forwardKinematics();
  applyLegs(played, transitions_ != transitionsBefore);
  // Stop: once every leg stands the clock stops; start: it runs on from the next update.
  if (control_.stopping() && !control_.toIdle() && !standing_ && everyLegStands()) standing_ = true;
  if (!control_.stopping()) standing_ = false;
}

// The leg layer (leg_layer.h) on the model pose just computed. It moves the whole model pose
// by the hip offset and rotates the legs; the character stands at the terrain's height. A
// graph without legs, or with the layer disabled, is left exactly as forward kinematics made it.
void Player::applyLegs(float dt, bool edgeChanged) {
  legsChanged_ = false;
  if (!options_.legs.enabled || graph_->legs.empty() || edgeClock_.edge < 0) return;
  // The input is filled in the job: built apart and copied in, it was read back in 16-byte
  // pieces straddling the smaller stores that wrote it (store-forwarding stalls, ~10 ns).
  LegLayerJob job{&legs_, {}, parents_, modelRotations_, modelPositions_};
  LegLayer::Input& input = job.input;
  input.edge = edgeClock_.edge;
  input.referenceTime = edgeClock_.time;
  input.weights = edgeClock_.edgeWeights();
  input.dt = dt;
  input.character = character_;
  input.delta = lastDelta_;
  input.steered = control_.remainderSteers();
  input.animationDelta = lastAnimationDelta_;
  input.edgeChanged = edgeChanged;
  input.stopping = control_.stopping() && !control_.toIdle();  // to the idle edge the legs step on with the clips
  job.run();
  character_.position.y = legs_.groundHeight();
  legsChanged_ = !legs_.changedJoints().empty();
  collectFootEvents();
}

// A foot event where a leg's contact changed between two updates that both followed its
// gait cycle (so a fade into or out of ground following is no step). The position and normal
// are the footprint P the leg layer holds the foot on through the stance (on the ground: the
// footbase itself rides a toe joint's height above it on a mocap rig): the one just landed on,
// or the one just left.
void Player::collectFootEvents() {
  const Span<const LegReport> legs = legs_.legs();
  for (std::size_t l = 0; l < legs.size() && l < footContact_.size(); ++l) {
    const LegReport& r = legs[l];
    if (r.cycleKnown && footKnown_[l] && r.contact != (footContact_[l] != 0)) {
      PlayerEvent e;
      e.kind = r.contact ? PlayerEventKind::FootStrike : PlayerEventKind::FootOff;
      e.time = clock_;
      e.leg = static_cast<int>(l);
      e.edge = edgeClock_.edge;
      e.position = r.previousFootprint;
      e.normal = r.previousNormal;
      events_.push(e);
    }
    footKnown_[l] = r.cycleKnown ? 1 : 0;
    footContact_[l] = r.contact ? 1 : 0;
  }
}

void Player::pushEvent(PlayerEventKind kind, int edge, int fromEdge, int hub) {
  PlayerEvent e;
  e.kind = kind;
  e.time = clock_;
  e.edge = edge;
  e.fromEdge = fromEdge;
  e.hub = hub;
  e.position = character_.position;
  events_.push(e);
}

// One sub-step: the clock runs to the edge's end at most, the rest of the step is played on
// the next edge, so a transition never loses or invents time.
// The clips' clock runs at the cycle rate; wall time is what the character, the transition and
// the events count. The steered remainder moves the character frame besides the clips' delta
// (all in the heading frame at the step's start).
void Player::playStep(float seconds) {
  float remaining = seconds;
  for (int hop = 0; hop < kMostTransitionsPerStep && remaining > 0.0f; ++hop) {
    const VelocityControlReport& report = control_.report();
    const float rate = report.cycleRate;
    detail::advanceClock(*graph_, remaining * rate, edgeClock_, lastDelta_);
    ++advances_;
    const float unplayed = edgeClock_.unplayed / rate;
    const float played = remaining - unplayed;
    animationFrame_ = applyRootDelta(animationFrame_, lastDelta_);
    if (control_.remainderSteers()) {
      // The clips' delta plus the remainder, mixed with the request's even arc by the clips'
      // share (the header's step 2).
      const float share = report.clipShare;
      const RootDelta steer = arcDelta(report.remainder, played);
      const RootDelta even = arcDelta(report.acting, played);
      lastDelta_.displacement.x = share * (lastDelta_.displacement.x + steer.displacement.x) + (1 - share) * even.displacement.x;
      lastDelta_.displacement.z = share * (lastDelta_.displacement.z + steer.displacement.z) + (1 - share) * even.displacement.z;
      lastDelta_.yaw = wrapAngle(share * (lastDelta_.yaw + steer.yaw) + (1 - share) * even.yaw);
    }
    character_ = applyRootDelta(character_, lastDelta_);
    transition_.advance(played);
    clock_ += played;
    if (!edgeClock_.finished(*graph_)) return;
    remaining = unplayed;
    takeTransition();
  }
}

// At the hub: the pose shown there (the old edge's last pose, with any offset still decaying)
// and the new edge's first pose start the transition (transition.h); with inertialization the
// new edge's pose a probe step later, at the rate the clock will run, gives its velocity. The
// character frame simply carries on.
void Player::takeTransition() {
  sampleDisplayedPose(endRotations_.data(), endTranslations_.data());
  const int from = edgeClock_.edge;
  const int hub = graph_->edges[from].toHub;
  pushEvent(PlayerEventKind::HubReached, from, -1, hub);
  const int next = control_.nextEdge(hub);
  if (next != from) pushEvent(PlayerEventKind::TransitionStarted, next, from, hub);
  pushEvent(PlayerEventKind::EdgeStarted, next, -1, hub);
  BeginEdgeJob{graph_, next, &edgeClock_}.run();
  control_.enterEdge(from, next, edgeClock_);
  transition_.age = std::numeric_limits<float>::infinity();  // the new edge's own first pose
  sampleDisplayedPose(soaRotations_.data(), soaTranslations_.data());
  ++transitions_;
  StartTransitionJob start{graph_, &transition_, all(endRotations_), all(endTranslations_), all(soaRotations_),
                           all(soaTranslations_), all(probeRotations_), all(probeTranslations_), kInertializationProbe};
  if (options_.transitions == TransitionBlend::Inertialization) {
    BeginEdgeJob{graph_, edgeClock_.edge, &probeClock_}.run();
    EdgeWeightsJob{graph_, &probeClock_, edgeClock_.edgeWeights(), {}}.run();
    RootDelta unused;
    AdvanceEdgeClockJob{graph_, kInertializationProbe * control_.report().cycleRate, &probeClock_, &unused}.run();
    SampleEdgeClockJob{graph_, &probeClock_, all(probeRotations_), all(probeTranslations_)}.run();
  }
  start.run();
}

// The pose this update shows, kept for the next transition's source velocity.
void Player::keepShownPose() {
  detail::keepShownPose(transition_, soaRotations_.data(), soaTranslations_.data());
}

// The clock's pose plus the transition's offset (the jobs' kernels: the buffers were sized for
// the graph at construction and never change, so the jobs' checks are not repeated per update).
void Player::sampleDisplayedPose(float* rotations, float* translations) {
  const int joints = graph_->jointCount();
  detail::sampleClock(*graph_, edgeClock_, rotations, translations);
  if (options_.rotationAverage == RotationAverage::Eigenvector && edgeClock_.edge >= 0) {
    // The exact average (slower; AoS): the local-pose buffers serve as scratch, refilled on
    // the next access anyway.
    exact_.setClock(edgeClock_);
    exact_.samplePose(localRotations_, localTranslations_, RotationAverage::Eigenvector);
    for (int j = 0; j < joints; ++j) {
      const Quaternion& q = localRotations_[j];
      rotations[j] = q.x;
      rotations[joints + j] = q.y;
      rotations[2 * joints + j] = q.z;
      rotations[3 * joints + j] = q.w;
    }
  }
  detail::applyTransition(*graph_, transition_, rotations, translations);
}

// The FK job over the player's own buffers (built per call: a copied player has its own).
LocalToModelJob Player::localToModelJob() {
  return {parents_, depthOrder_, soaRotations_, jointTranslations_, fkScratch_, modelRotations_, modelPositions_};
}

// Local SoA pose -> model space: the animated translations into every joint's, then the
// LocalToModelJob, joints by depth (validated once, at construction: the spans never change).
void Player::forwardKinematics() {
  detail::scatterTranslations(*graph_, soaTranslations_.data(), jointTranslations_.data());
  if (fkJobValid_) detail::localToModel(localToModelJob());  // a valid graph gives a valid job
  localPoseStale_ = true;
}

// The local pose in AoS on demand: most callers read only the model-space pose.
void Player::refreshLocalPose() const {
  if (!localPoseStale_) return;
  const int joints = graph_->jointCount();
  const float* r = soaRotations_.data();
  const float* t = jointTranslations_.data();
  for (int j = 0; j < joints; ++j) {
    localRotations_[j] = {r[j], r[joints + j], r[2 * joints + j], r[3 * joints + j]};
    localTranslations_[j] = {t[j], t[joints + j], t[2 * joints + j]};
  }
  // The leg layer's adjustments: local = parentModel^-1 * model for the joints it rotated (the
  // roots among them: the body's tilt turns the whole pose), and the roots' translations are
  // their model positions (which carry the hip offset and the tilt).
  if (creature_) {  // the gait poses every joint in model space
    for (int j = 0; j < joints; ++j) {
      const Quatf parent = parents_[j] < 0 ? Quatf::Identity() : toEigen(modelRotations_[parents_[j]]);
      localRotations_[j] = toQuaternion((parent.conjugate() * toEigen(modelRotations_[j])).normalized());
      if (parents_[j] < 0) localTranslations_[j] = modelPositions_[j];
    }
  } else if (legsChanged_) {
    for (const int j : legs_.changedJoints()) {
      const Quatf parent = parents_[j] < 0 ? Quatf::Identity() : toEigen(modelRotations_[parents_[j]]);
      localRotations_[j] = toQuaternion((parent.conjugate() * toEigen(modelRotations_[j])).normalized());
    }
    for (int j = 0; j < joints; ++j)
      if (parents_[j] < 0) localTranslations_[j] = modelPositions_[j];
    // A foot bone beside its leg's chain went where the solved shin ends.
    for (const int j : legs_.movedAnkles()) {
      const int p = parents_[j];
      const Vec3f at = toEigen(modelPositions_[j]);
      localTranslations_[j] =
          toFloat3(p < 0 ? at : Vec3f(toEigen(modelRotations_[p]).conjugate() * (at - toEigen(modelPositions_[p]))));
    }
  }
  localPoseStale_ = false;
}

}  // namespace fatgraph

namespace fatgraph {

// Standing: the character frame glides so that the frozen pose's own feet come over the
// footprints the legs stand on (the mean offset over the legs), the feet staying put.
void Player::settle(float seconds) {
  const Span<const LegReport> legs = legs_.legs();
  const float tau = options_.velocity.settleSeconds;
  if (legs.empty() || !(seconds > 0.0f)) return;
  float dx = 0, dz = 0;
  for (const LegReport& r : legs) {
    dx += r.previousFootprint.x - r.originalFootbase.x;
    dz += r.previousFootprint.z - r.originalFootbase.z;
  }
  const float k = (tau > 0.0f ? 1.0f - std::exp(-seconds / tau) : 1.0f) / static_cast<float>(legs.size());
  if (!std::isfinite(dx * k) || !std::isfinite(dz * k)) return;
  const CharacterFrame before = character_;
  character_.position.x += k * dx;
  character_.position.z += k * dz;
  lastDelta_ = rootDelta(before, character_);
}

// Every leg stands on the ground (in contact or parked): the moment a stop freezes the clock.
// Without legs (or with the layer off) there is nothing to wait for.
bool Player::everyLegStands() const {
  if (!options_.legs.enabled || graph_->legs.empty()) return true;
  for (const LegReport& r : legs_.legs())
    if (r.cycleKnown && !r.planted) return false;  // a leg off its cycle cannot be waited for
  return true;
}

// A creature: its controller plays the request; the player shows its frame, pose and events.
void Player::updateCreature(float dt) {
  events_.clear();
  clock_ += dt;
  creature_->update(dt, control_, legs_.terrain(), clock_, events_);
  showCreaturePose();
  lastDelta_ = creature_->lastDelta();
  lastAnimationDelta_ = lastDelta_;
  animationFrame_ = character_;
  standing_ = creature_->standing();
}

void Player::showCreaturePose() {
  character_ = creature_->character();
  std::copy(creature_->modelRotations().begin(), creature_->modelRotations().end(), modelRotations_.begin());
  std::copy(creature_->modelPositions().begin(), creature_->modelPositions().end(), modelPositions_.begin());
  localPoseStale_ = true;
}

}  // namespace fatgraph
