// The fat-graph player (Fat Graph §5): stick -> plane point -> grid weights -> eq. 2 clock and
// blended root delta -> pose -> forward kinematics, with hub transitions whose pose offset
// decays over TransitionSettings::blendSeconds. Everything is preallocated at construction.
// What chooses the edge and its weights (stick, velocity, aim, stop and start, idle edges) is
// in player_control.cpp.
#include "fatgraph/runtime/player.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "fatgraph/runtime/jobs.h"
#include "local_to_model.h"
#include "fatgraph/eigen_bridge.h"
#include "soa_quaternions.h"

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

// Weight of the remaining transition offset: 1 at the hub, 0 after `seconds`, smoothstep in
// between so the offset leaves with zero slope at both ends (no velocity kink from the decay).
float offsetWeight(float age, float seconds) {
  if (!(seconds > 0.0f) || !(age < seconds)) return 0.0f;
  const float x = std::max(age, 0.0f) / seconds;
  return 1.0f - x * x * (3.0f - 2.0f * x);
}

}  // namespace

Player::Player(const RuntimeGraph& graph, const PlayerOptions& options)
    : graph_(&graph), options_(options), blend_(graph), legs_(graph, options.legs), creature_(graph.creature) {
  // Unset cycle-rate bounds are the graph's (its author's, or ±20 %).
  VelocityControlSettings& v = options_.velocity;
  if (!(v.slowestRate > 0.0f)) v.slowestRate = graph.cycleRates.slowest;
  if (!(v.fastestRate > 0.0f)) v.fastestRate = graph.cycleRates.fastest;
  routeToIdleEdges();
  const int joints = graph.jointCount();
  const std::size_t translated = graph.translatedJoints.size();
  localRotations_.assign(joints, Quaternion{});
  localTranslations_.assign(joints, Float3{});
  modelRotations_.assign(joints, Quaternion{});
  modelPositions_.assign(joints, Float3{});
  offsetRotations_.assign(4 * static_cast<std::size_t>(joints), 0.0f);
  offsetTranslations_.assign(3 * translated, 0.0f);
  soaRotations_.assign(4 * static_cast<std::size_t>(joints), 0.0f);
  endRotations_.assign(4 * static_cast<std::size_t>(joints), 0.0f);
  soaTranslations_.assign(3 * translated, 0.0f);
  endTranslations_.assign(3 * translated, 0.0f);
  shownRotations_.assign(4 * static_cast<std::size_t>(joints), 0.0f);
  probeRotations_.assign(4 * static_cast<std::size_t>(joints), 0.0f);
  shownTranslations_.assign(3 * translated, 0.0f);
  probeTranslations_.assign(3 * translated, 0.0f);
  inertialization_.resize(joints, static_cast<int>(translated));
  parents_ = graph.skeleton.parents;
  depthOrder_ = depthOrder(graph.skeleton);
  fkScratch_.assign(7 * static_cast<std::size_t>(joints), 0.0f);
  // Every joint's local translation, SoA: rest offsets, the animated ones written per update.
  jointTranslations_.assign(3 * static_cast<std::size_t>(joints), 0.0f);
  for (int j = 0; j < joints; ++j)
    for (int c = 0; c < 3; ++c) jointTranslations_[c * static_cast<std::size_t>(joints) + j] = graph.skeleton.restOffsets[j][c];
  fkJobValid_ = localToModelJob().validate();
  footContact_.assign(graph.legs.size(), 0);
  footKnown_.assign(graph.legs.size(), 0);
  reset();
}

void Player::reset() {
  const int edges = static_cast<int>(graph_->edges.size());
  const int start = options_.startEdge >= 0 && options_.startEdge < edges ? options_.startEdge
                                                                           : graph_->startEdge;
  blend_.begin(start);
  character_ = options_.start;
  animationFrame_ = options_.start;
  lastDelta_ = RootDelta{};
  lastAnimationDelta_ = RootDelta{};
  stick_[0] = stick_[1] = 0.0f;
  pendingAction_ = -1;
  transitions_ = 0;
  stopping_ = standing_ = toIdle_ = false;
  actingKnown_ = false;
  transitionAge_ = std::numeric_limits<float>::infinity();  // no offset until a transition
  clock_ = 0.0;
  events_.clear();
  std::fill(footKnown_.begin(), footKnown_.end(), 0);
  if (blend_.edge() >= 0) pushEvent(PlayerEventKind::EdgeStarted, blend_.edge(), -1, -1);
  applyControl();
  sampleDisplayedPose(soaRotations_.data(), soaTranslations_.data());
  keepShownPose();
  forwardKinematics();
  legs_.reset();
  applyLegs(0.0f, false);
  if (graph_->procedural()) resetCreature();
}

void Player::setTerrain(const Terrain* terrain) {
  legs_.setTerrain(terrain);
  // A creature not yet played stands again on the new ground (its feet were planted on the
  // old one at reset); once it plays, its feet find the new ground step by step.
  if (graph_->procedural() && clock_ == 0.0) resetCreature();
}

void Player::update(float dt, float stickX, float stickY, int action) {
  if (action >= 0 && action < static_cast<int>(graph_->edges.size())) pendingAction_ = action;
  stick_[0] = stickX;
  stick_[1] = stickY;
  float remaining = std::isfinite(dt) && dt > 0.0f ? std::min(dt, kLongestUpdate) : 0.0f;
  const float played = remaining;
  followRequest(played);
  if (graph_->procedural()) {
    updateCreature(played);
    return;
  }
  const bool stickMoved = !desired_ && !(stickX == mappedStick_[0] && stickY == mappedStick_[1]);
  // Standing, the pose holds the weights it stopped with (the clock does not run to need new
  // ones); the request's changes are taken up when it starts again.
  if (!standing_ && (controlStale_ || stickMoved || blend_.edge() != mappedEdge_)) applyControl();
  events_.clear();
  const CharacterFrame before = character_;
  const CharacterFrame animationBefore = animationFrame_;
  const int transitionsBefore = transitions_;
  advances_ = 0;
  if (standing_) {
    // The clock stands still; wall time runs on for the transition fade and the events.
    lastDelta_ = RootDelta{};
    settle(played);
    transitionAge_ += played;
    clock_ += played;
  }
  while (!standing_ && remaining > 0.0f && blend_.edge() >= 0) {
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
  if (stopping_ && !toIdle_ && !standing_ && everyLegStands()) standing_ = true;
  if (!stopping_) standing_ = false;
}

// The leg layer (leg_layer.h) on the model pose just computed. It moves the whole model pose
// by the hip offset and rotates the legs; the character stands at the terrain's height. A
// graph without legs, or with the layer disabled, is left exactly as forward kinematics made it.
void Player::applyLegs(float dt, bool edgeChanged) {
  legsChanged_ = false;
  if (!options_.legs.enabled || graph_->legs.empty() || blend_.edge() < 0) return;
  // The input is filled in the job: built apart and copied in, it was read back in 16-byte
  // pieces straddling the smaller stores that wrote it (store-forwarding stalls, ~10 ns).
  LegLayerJob job{&legs_, {}, parents_, modelRotations_, modelPositions_};
  LegLayer::Input& input = job.input;
  input.edge = blend_.edge();
  input.referenceTime = blend_.time();
  input.weights = blend_.weights();
  input.dt = dt;
  input.character = character_;
  input.delta = lastDelta_;
  input.steered = remainderSteers_;
  input.animationDelta = lastAnimationDelta_;
  input.edgeChanged = edgeChanged;
  input.stopping = stopping_ && !toIdle_;  // to the idle edge the legs step on with the clips
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
      e.edge = blend_.edge();
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
    const float rate = velocityReport_.cycleRate;
    lastDelta_ = blend_.advance(remaining * rate);
    ++advances_;
    const float unplayed = blend_.unplayedTime() / rate;
    const float played = remaining - unplayed;
    animationFrame_ = applyRootDelta(animationFrame_, lastDelta_);
    if (remainderSteers_) {
      // The clips' delta plus the remainder, mixed with the request's even arc by the clips'
      // share (the header's step 2).
      const float share = velocityReport_.clipShare;
      const RootDelta steer = arcDelta(velocityReport_.remainder, played);
      const RootDelta even = arcDelta(velocityReport_.acting, played);
      lastDelta_.displacement.x = share * (lastDelta_.displacement.x + steer.displacement.x) + (1 - share) * even.displacement.x;
      lastDelta_.displacement.z = share * (lastDelta_.displacement.z + steer.displacement.z) + (1 - share) * even.displacement.z;
      lastDelta_.yaw = wrapAngle(share * (lastDelta_.yaw + steer.yaw) + (1 - share) * even.yaw);
    }
    character_ = applyRootDelta(character_, lastDelta_);
    transitionAge_ += played;
    clock_ += played;
    sinceShown_ += played;
    if (!blend_.finished()) return;
    remaining = unplayed;
    takeTransition();
  }
}

// The pose shown at the hub (old edge's last pose, with any offset still decaying) minus the
// new edge's first pose becomes the new offset: rotations as the delta old * new^-1 applied on
// the parent side, translations as the difference. The character frame simply carries on.
void Player::takeTransition() {
  sampleDisplayedPose(endRotations_.data(), endTranslations_.data());
  const int from = blend_.edge();
  const int hub = graph_->edges[from].toHub;
  pushEvent(PlayerEventKind::HubReached, from, -1, hub);
  const int next = nextEdge(hub);
  if (next != from) pushEvent(PlayerEventKind::TransitionStarted, next, from, hub);
  pushEvent(PlayerEventKind::EdgeStarted, next, -1, hub);
  blend_.begin(next);
  mappedEdge_ = -1;  // a new pass: the velocity match scans the whole lattice again
  // Leaving an idle edge, the acting velocity starts again from what the new edge's clips do
  // (as at the first request): the start plays as captured instead of the body being held
  // back by steering while the feet hand over from ground following.
  if (graph_->edges[from].idle && !graph_->edges[next].idle) actingKnown_ = false;
  applyControl();
  transitionAge_ = std::numeric_limits<float>::infinity();  // the new edge's own first pose
  sampleDisplayedPose(soaRotations_.data(), soaTranslations_.data());
  transitionAge_ = 0.0f;
  ++transitions_;
  if (options_.transitions == TransitionBlend::Inertialization) {
    inertialize();
    return;
  }
  const int joints = graph_->jointCount();
  float* o = offsetRotations_.data();
  for (int j = 0; j < joints; ++j) {
    const Eigen::Quaternionf old(endRotations_[3 * joints + j], endRotations_[j],
                                 endRotations_[joints + j], endRotations_[2 * joints + j]);
    const Eigen::Quaternionf fresh(soaRotations_[3 * joints + j], soaRotations_[j],
                                   soaRotations_[joints + j], soaRotations_[2 * joints + j]);
    Eigen::Quaternionf delta = (old * fresh.conjugate()).normalized();
    if (delta.w() < 0.0f) delta.coeffs() *= -1.0f;  // the short way round
    for (int c = 0; c < 4; ++c) o[c * joints + j] = delta.coeffs()[c];
  }
  for (std::size_t m = 0; m < offsetTranslations_.size(); ++m)
    offsetTranslations_[m] = endTranslations_[m] - soaTranslations_[m];
}

// Inertialization's start (inertialization.h): the source is the pose shown at the hub and the
// one the last update showed before it; the target the new edge's first pose and its pose a
// probe step later, at the rate the clock will run.
void Player::inertialize() {
  const float rate = velocityReport_.cycleRate;
  probe_.begin(blend_.edge());
  probe_.setWeights(blend_.weights());
  probe_.advance(kInertializationProbe * rate);
  probe_.samplePoseSoA(probeRotations_.data(), probeTranslations_.data());
  inertialization_.begin(endRotations_.data(), shownRotations_.data(), sinceShown_, soaRotations_.data(),
                         probeRotations_.data(), kInertializationProbe, endTranslations_.data(),
                         shownTranslations_.data(), soaTranslations_.data(), probeTranslations_.data(),
                         graph_->transitions.blendSeconds);
}

// The pose this update shows, kept for the next transition's source velocity.
void Player::keepShownPose() {
  if (options_.transitions != TransitionBlend::Inertialization) return;
  std::copy(soaRotations_.begin(), soaRotations_.end(), shownRotations_.begin());
  std::copy(soaTranslations_.begin(), soaTranslations_.end(), shownTranslations_.begin());
  sinceShown_ = 0.0f;
}

// The blend's pose plus the decaying transition offset (nlerp of the offset towards identity).
void Player::sampleDisplayedPose(float* rotations, float* translations) const {
  blend_.samplePoseSoA(rotations, translations);
  const int joints = graph_->jointCount();
  if (options_.rotationAverage == RotationAverage::Eigenvector && blend_.edge() >= 0) {
    // The exact average (slower; AoS): the local-pose buffers serve as scratch, refilled on
    // the next access anyway.
    blend_.samplePose(localRotations_, localTranslations_, RotationAverage::Eigenvector);
    for (int j = 0; j < joints; ++j) {
      const Quaternion& q = localRotations_[j];
      rotations[j] = q.x;
      rotations[joints + j] = q.y;
      rotations[2 * joints + j] = q.z;
      rotations[3 * joints + j] = q.w;
    }
  }
  if (options_.transitions == TransitionBlend::Inertialization) {
    if (std::isfinite(transitionAge_)) inertialization_.apply(transitionAge_, rotations, translations);
    return;
  }
  const float weight = offsetWeight(transitionAge_, graph_->transitions.blendSeconds);
  if (weight <= 0.0f) return;
  const float* o = offsetRotations_.data();
  float* x = rotations;
  float* y = rotations + joints;
  float* z = rotations + 2 * joints;
  float* w = rotations + 3 * joints;
  detail::applyFadedOffsets(o, o + joints, o + 2 * joints, o + 3 * joints, weight, x, y, z, w, joints);
  detail::normalizeQuaternions(x, y, z, w, joints);
  const int n = static_cast<int>(offsetTranslations_.size());
  for (int m = 0; m < n; ++m) translations[m] += weight * offsetTranslations_[m];
}

// The FK job over the player's own buffers (built per call: a copied player has its own).
LocalToModelJob Player::localToModelJob() {
  return {parents_, depthOrder_, soaRotations_, jointTranslations_, fkScratch_, modelRotations_, modelPositions_};
}

// Local SoA pose -> model space: the animated translations into every joint's, then the
// LocalToModelJob, joints by depth (validated once, at construction: the spans never change).
void Player::forwardKinematics() {
  const int joints = graph_->jointCount();
  const int translated = static_cast<int>(graph_->translatedJoints.size());
  for (int a = 0; a < translated; ++a)
    for (int c = 0; c < 3; ++c)
      jointTranslations_[c * joints + graph_->translatedJoints[a]] = soaTranslations_[c * translated + a];
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
  if (graph_->procedural()) {  // the gait poses every joint in model space
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
  }
  localPoseStale_ = false;
}

}  // namespace fatgraph
