// The locomotion control (locomotion_control.h; player.h; docs/ALGORITHMS.md E): what chooses
// the edge at a hub and the weights and cycle rate inside it, from the stick, a desired
// velocity, steering or an aim; stop and start (thesis 7.5) and the way to the graph's idle
// edges.
#include <algorithm>
#include <cmath>
#include <limits>

#include "fatgraph/runtime/joystick_mapping.h"
#include "fatgraph/runtime/locomotion_control.h"
#include "fatgraph/runtime/velocity_space.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph {

namespace {

// Below this remainder (m/s, and rad/s for the turn) the clips do what was asked and the
// character follows their own root motion exactly.
constexpr float kNegligibleRemainder = 1e-3f;

// Requests are clamped to what no character does (m/s, rad/s), so a wild value from a game
// cannot carry the character frame out of float range.
constexpr float kLargestRequest = 1000.0f;

float finiteOr0(float v) { return std::isfinite(v) ? std::clamp(v, -kLargestRequest, kLargestRequest) : 0.0f; }

// The clock multiplier k in [slowest, fastest] that brings k * achieved closest to the request
// (least squares over the velocity and the radius-weighted turn); 1 when the blend stands still.
float cycleRate(const PlanarVelocity& achieved, const PlanarVelocity& request, const VelocityControlSettings& s) {
  const float r2 = s.turnRadius * s.turnRadius;
  const float norm = achieved.velocity.x * achieved.velocity.x + achieved.velocity.y * achieved.velocity.y +
                     r2 * achieved.turnRate * achieved.turnRate;
  if (!(norm > 1e-4f)) return 1.0f;
  const float dot = achieved.velocity.x * request.velocity.x + achieved.velocity.y * request.velocity.y +
                    r2 * achieved.turnRate * request.turnRate;
  const float lo = std::isfinite(s.slowestRate) && s.slowestRate > 0.0f ? s.slowestRate : 1.0f;
  const float hi = std::isfinite(s.fastestRate) && s.fastestRate >= lo ? s.fastestRate : lo;
  return std::clamp(dot / norm, lo, hi);
}

// 1 - |remainder| / |planned| in the matching metric (velocity_space.h), clamped to [0, 1]:
// how much of the motion the clips do themselves.
float clipShare(const PlanarVelocity& planned, const PlanarVelocity& remainder, float turnRadius) {
  const auto norm = [&](const PlanarVelocity& v) {
    return std::sqrt(v.velocity.x * v.velocity.x + v.velocity.y * v.velocity.y +
                     turnRadius * turnRadius * v.turnRate * v.turnRate);
  };
  const float p = norm(planned);
  return p > 1e-6f ? std::clamp(1.0f - norm(remainder) / p, 0.0f, 1.0f) : 0.0f;
}

PlanarVelocity scaled(const PlanarVelocity& v, float k) {
  return {{v.velocity.x * k, v.velocity.y * k}, v.turnRate * k};
}

}  // namespace

LocomotionControl::LocomotionControl(const RuntimeGraph& graph, const VelocityControlSettings& settings)
    : graph_(&graph), settings_(settings), bands_(graph) {
  // Unset cycle-rate bounds are the graph's (its author's, or ±20 %).
  if (!(settings_.slowestRate > 0.0f)) settings_.slowestRate = graph.cycleRates.slowest;
  if (!(settings_.fastestRate > 0.0f)) settings_.fastestRate = graph.cycleRates.fastest;
  routeToIdleEdges();
  reach_.assign(graph.edges.size(), 0.0f);
  reachStamp_.assign(graph.edges.size(), 0u);
}

void LocomotionControl::reset() {
  stick_[0] = stick_[1] = 0.0f;
  pendingAction_ = -1;
  stopping_ = toIdle_ = false;
  actingKnown_ = false;
}

void LocomotionControl::setStick(float x, float y) {
  stick_[0] = x;
  stick_[1] = y;
}

float LocomotionControl::topSpeed() {
  if (topSpeed_ >= 0.0f) return topSpeed_;
  prepareVelocityControl();
  topSpeed_ = 0.0f;
  for (size_t e = 0; e < graph_->edges.size(); ++e) {
    topSpeed_ = std::max(topSpeed_, velocitySpace_->speedRange(static_cast<int>(e)).y);
  }
  return topSpeed_;
}

const std::vector<float>& LocomotionControl::gaitSpeeds() {
  if (!gaitSpeeds_.empty()) return gaitSpeeds_;
  const float top = topSpeed();
  std::vector<float> loops;
  for (size_t e = 0; e < graph_->edges.size(); ++e) {
    const RuntimeEdge& edge = graph_->edges[e];
    if (edge.fromHub != edge.toHub || edge.idle) continue;
    const float speed = velocitySpace_->speedRange(static_cast<int>(e)).y;
    if (speed >= 0.1f * top) loops.push_back(speed);
  }
  std::sort(loops.begin(), loops.end());
  for (float speed : loops) {
    if (gaitSpeeds_.empty() || speed > 1.25f * gaitSpeeds_.back()) {
      gaitSpeeds_.push_back(speed);
    } else {
      gaitSpeeds_.back() = speed;
    }
  }
  if (gaitSpeeds_.empty()) gaitSpeeds_.push_back(top);
  return gaitSpeeds_;
}

float LocomotionControl::stickSpeed(float magnitude) {
  const std::vector<float>& gaits = gaitSpeeds();
  const float x = std::clamp(magnitude, 0.0f, 1.0f) * static_cast<float>(gaits.size());
  const int band = std::min(static_cast<int>(std::ceil(x)), static_cast<int>(gaits.size())) - 1;
  if (band < 0) return 0.0f;
  // Within its band a gait runs from its clock's slowest rate up to its own speed: no request
  // falls between two gaits, where only the transitions between them have that speed.
  const float slowest = std::clamp(settings_.slowestRate, 0.0f, 1.0f);
  const float t = x - static_cast<float>(band);
  return gaits[band] * (slowest + (1.0f - slowest) * t);
}

void LocomotionControl::setStickVelocity(float x, float y, float yaw) {
  x = finiteOr0(x);
  y = finiteOr0(y);
  const float length = std::min(1.0f, std::hypot(x, y));
  if (length < kStickDeadZone) {
    setDesiredVelocity({0.0f, 0.0f}, 0.0f);
    return;
  }
  // Stick up faces +Z (yaw 0), stick right faces -X (yaw -pi/2: turning right).
  const float error = wrapAngle(std::atan2(-x, y) - yaw);
  // Full speed facing the stick, a third of it at a right angle (it walks off on an arc), none
  // from 120 degrees on (it turns on the spot first).
  const float forward = stickSpeed(length) * std::clamp((std::cos(error) + 0.5f) / 1.5f, 0.0f, 1.0f);
  const float turn = std::clamp(kStickTurnGain * error, -kStickFastestTurn, kStickFastestTurn);
  setDesiredVelocity({0.0f, forward}, turn);
}

void LocomotionControl::requestAction(int edge) {
  if (edge >= 0 && edge < static_cast<int>(graph_->edges.size())) pendingAction_ = edge;
}

void LocomotionControl::setSteering(const PlayerSteering& steering) {
  PlayerSteering next;
  next.enabled = steering.enabled;
  next.velocity[0] = finiteOr0(steering.velocity[0]);
  next.velocity[1] = finiteOr0(steering.velocity[1]);
  next.turnRate = finiteOr0(steering.turnRate);
  controlStale_ = controlStale_ || next.enabled != steering_.enabled || next.velocity[0] != steering_.velocity[0] ||
                  next.velocity[1] != steering_.velocity[1] || next.turnRate != steering_.turnRate;
  steering_ = next;
  if (steering_.enabled) prepareVelocityControl();
}

void LocomotionControl::setDesiredVelocity(const Float2& velocity, float turnRate) {
  const PlanarVelocity next{{finiteOr0(velocity.x), finiteOr0(velocity.y)}, finiteOr0(turnRate)};
  controlStale_ = controlStale_ || !desired_ || next.velocity.x != desiredVelocity_.velocity.x ||
                  next.velocity.y != desiredVelocity_.velocity.y || next.turnRate != desiredVelocity_.turnRate;
  desired_ = true;
  desiredVelocity_ = next;
  prepareVelocityControl();
}

void LocomotionControl::clearDesiredVelocity() {
  controlStale_ = controlStale_ || desired_;
  desired_ = false;
  actingKnown_ = false;
}

void LocomotionControl::aim(const Float3& target) {
  if (!isFinite(target)) {
    clearAim();
    return;
  }
  controlStale_ = controlStale_ || !aiming_ || target.x != aimTarget_.x || target.y != aimTarget_.y ||
                  target.z != aimTarget_.z;
  aiming_ = true;
  aimTarget_ = target;
}

void LocomotionControl::clearAim() {
  controlStale_ = controlStale_ || aiming_;
  aiming_ = false;
  aimReport_ = AimReport{};
}

// The aim on `edge` (Fat Graph §4 inverted): the parameter plane's coordinates are the joint's
// position in the edge-start frame, origin + u x + v y, so the target's orthogonal projection
// onto the plane, clamped to the weight grid, is the plane point that puts the joint nearest
// it. A line (dimension 1) projects onto its axis; an edge without a grid cannot aim.
bool LocomotionControl::aimAtTarget(const RuntimeEdge& edge) {
  const RuntimeParameterSpace& p = edge.parameters;
  AimReport report;
  report.active = true;
  report.target = aimTarget_;
  report.joint = p.joint;
  report.atTime = p.referenceTime;
  report.aimable = edge.blend == EdgeBlendMode::Grid && p.gridResolution > 0 && p.dimension >= 1;
  if (!report.aimable) {
    aimReport_ = report;
    return false;
  }
  const float d[3] = {aimTarget_.x - p.origin[0], aimTarget_.y - p.origin[1], aimTarget_.z - p.origin[2]};
  float u = d[0] * p.xAxis[0] + d[1] * p.xAxis[1] + d[2] * p.xAxis[2];
  float v = p.dimension >= 2 ? d[0] * p.yAxis[0] + d[1] * p.yAxis[1] + d[2] * p.yAxis[2] : 0.0f;
  u = std::clamp(u, p.gridMin[0], p.gridMax[0]);
  v = std::clamp(v, p.gridMin[1], p.gridMax[1]);
  planePoint_ = {u, v};
  report.planned = {p.origin[0] + u * p.xAxis[0] + v * p.yAxis[0], p.origin[1] + u * p.xAxis[1] + v * p.yAxis[1],
                    p.origin[2] + u * p.xAxis[2] + v * p.yAxis[2]};
  const float ex = aimTarget_.x - report.planned.x, ey = aimTarget_.y - report.planned.y,
              ez = aimTarget_.z - report.planned.z;
  report.unreachable = std::sqrt(ex * ex + ey * ey + ez * ez);
  aimReport_ = report;
  return true;
}

void LocomotionControl::prepareVelocityControl() {
  if (!velocitySpace_) velocitySpace_ = std::make_shared<const VelocitySpace>(*graph_);
}

// The velocity acted on: setDesiredVelocity's as followed, else the steering's.
PlanarVelocity LocomotionControl::request() const {
  if (desired_) return actingKnown_ ? acting_ : desiredVelocity_;
  return {{steering_.velocity[0], steering_.velocity[1]}, steering_.turnRate};
}

// The desired velocity is followed over responseSeconds from the clips' own velocity at the
// moment it was first asked for; whether to stop or start is read from the game's request
// itself (with the gap between the stop and start thresholds).
void LocomotionControl::follow(float dt, const EdgeClock& clock) {
  const VelocityControlSettings& s = settings_;
  const float speed = std::hypot(desiredVelocity_.velocity.x, desiredVelocity_.velocity.y);
  const float turn = std::abs(desiredVelocity_.turnRate);
  const bool wasStopping = stopping_;
  if (!desired_) {
    stopping_ = false;
  } else if (stopping_) {
    stopping_ = !(speed >= s.startSpeed || turn >= s.startTurn);
  } else {
    stopping_ = speed < s.stopSpeed && turn < s.stopTurn;
  }
  // The stop's way is chosen when it begins: the idle edge if it is within reach, else the
  // legs park where they are.
  if (stopping_ && !wasStopping) toIdle_ = idleWithinReach(clock);
  if (!stopping_) toIdle_ = false;
  if (!desired_ || !velocitySpace_ || clock.edge < 0) return;
  if (!actingKnown_) {
    acting_ = report_.active ? report_.planned : velocitySpace_->at(clock.edge, planePoint_);
    actingKnown_ = true;
    controlStale_ = true;
  }
  const PlanarVelocity target = stopping_ ? PlanarVelocity{} : desiredVelocity_;
  const float a = s.responseSeconds > 0.0f && std::isfinite(s.responseSeconds)
                      ? 1.0f - std::exp(-std::max(dt, 0.0f) / s.responseSeconds)
                      : 1.0f;
  const PlanarVelocity before = acting_;
  const auto follow = [a](float& value, float goal) {
    value += a * (goal - value);
    if (std::abs(goal - value) < 1e-4f) value = goal;
  };
  follow(acting_.velocity.x, target.velocity.x);
  follow(acting_.velocity.y, target.velocity.y);
  follow(acting_.turnRate, target.turnRate);
  if (acting_.velocity.x != before.velocity.x || acting_.velocity.y != before.velocity.y ||
      acting_.turnRate != before.turnRate)
    controlStale_ = true;
}

// Per hub, the quickest way to an idle edge (Bellman-Ford over the hubs, edge costs their
// reference durations): a hub with an idle edge takes it (cost 0); any other takes the
// outgoing edge that reaches such a hub soonest. At construction: allocates.
void LocomotionControl::routeToIdleEdges() {
  const std::size_t hubs = graph_->hubs.size();
  idleNext_.assign(hubs, -1);
  idleSeconds_.assign(hubs, std::numeric_limits<float>::infinity());
  for (std::size_t h = 0; h < hubs; ++h)
    for (const int e : graph_->hubs[h].outgoing)
      if (graph_->edges[e].idle && idleNext_[h] < 0) idleNext_[h] = e, idleSeconds_[h] = 0.0f;
  for (std::size_t pass = 0; pass < hubs; ++pass) {
    bool changed = false;
    for (std::size_t e = 0; e < graph_->edges.size(); ++e) {
      const RuntimeEdge& edge = graph_->edges[e];
      const float via = edge.referenceDuration + idleSeconds_[edge.toHub];
      if (!edge.idle && via < idleSeconds_[edge.fromHub]) {
        idleSeconds_[edge.fromHub] = via;
        idleNext_[edge.fromHub] = static_cast<int>(e);
        changed = true;
      }
    }
    if (!changed) break;
  }
}

// A stop goes to an idle edge when it plays one already, or when one begins within
// idleReachSeconds: the rest of this edge at the clock's rate, then the route from its end hub.
bool LocomotionControl::idleWithinReach(const EdgeClock& clock) const {
  const int edge = clock.edge;
  if (edge < 0) return false;
  const RuntimeEdge& e = graph_->edges[edge];
  if (e.idle) return true;
  if (idleNext_.empty() || idleNext_[e.toHub] < 0) return false;
  const float left = (e.referenceDuration - clock.time) / std::max(report_.cycleRate, 1e-3f);
  return left + idleSeconds_[e.toHub] <= settings_.idleReachSeconds;
}

// The one control path. The plane point comes from the desired velocity (its best match in
// the edge's velocity space, the clock rate making up the speed within bounds) or from the
// stick through the edge's mapping (rate 1). A grid edge looks its weights up there; a band
// edge's plane is its segments' velocity space, so gradient bands weight the segments (the
// time warp keeps their steps in phase). Where a velocity was asked for, what the blend does
// not do is left to steering. Nothing changes while the stick, the request and the edge stay.
bool LocomotionControl::needsApply(const EdgeClock& clock) const {
  const bool stickMoved = !desired_ && !(stick_[0] == mappedStick_[0] && stick_[1] == mappedStick_[1]);
  return controlStale_ || stickMoved || clock.edge != mappedEdge_;
}

void LocomotionControl::apply(EdgeClock& clock) {
  if (clock.edge < 0) return;
  const RuntimeEdge& edge = graph_->edges[clock.edge];
  VelocityControlReport report;
  report.active = (desired_ || steering_.enabled) && velocitySpace_ != nullptr;
  report.choosesWeights = desired_ && report.active;
  // On the way to the idle edge, and on an idle edge, the clips move the body: nothing is
  // left to steering (the feet would glide), and an idle edge's weights are the ones that
  // stand stillest. A start leaves the idle edge at its end hub.
  const bool clipsOnly = desired_ && (toIdle_ || edge.idle);
  report.idle = clipsOnly;
  if (report.active) {
    report.requested = desired_ ? desiredVelocity_ : request();
    report.acting = clipsOnly && edge.idle ? PlanarVelocity{} : request();
  }
  const bool sameEdge = clock.edge == mappedEdge_ && report_.choosesWeights;
  if (report.choosesWeights && stopping_ && sameEdge) {
    // Stopping, the clips keep the weights and rate they had: the body slows by steering
    // alone, so the legs finish their steps in the gait they began them in.
    report.cycleRate = report_.cycleRate;
    report.planned = report_.planned;
  } else if (aiming_ && aimAtTarget(edge)) {
    // The aim chose the plane point; the clock runs at the data's rate and a velocity
    // request, if any, is met by steering alone.
    if (report.active) report.planned = velocitySpace_->at(clock.edge, planePoint_);
  } else if (report.choosesWeights) {
    // Within an edge's pass the search starts from the last match: the acting velocity moves
    // continuously, and so does the plane point (no jump between two far points that do
    // nearly the same); each pass of an edge begins with a scan of its whole lattice (the
    // transition's pose blend covers the change at the hub).
    const VelocityMatch m = velocitySpace_->match(clock.edge, report.acting, settings_.turnRadius,
                                                  sameEdge ? &planePoint_ : nullptr);
    planePoint_ = m.planePoint;
    report.cycleRate = cycleRate(m.achieved, report.acting, settings_);
    report.planned = scaled(m.achieved, report.cycleRate);
  } else {
    planePoint_ = joystickPlanePoint(edge.joystick, stick_[0], stick_[1]);
    if (report.active) report.planned = velocitySpace_->at(clock.edge, planePoint_);
  }
  if (edge.blend == EdgeBlendMode::Grid) {
    EdgeWeightsJob{graph_, &clock, {}, planePoint_}.run();
  } else {
    // Empty bands (no usable segment): the reference segment alone.
    const Span<const float> bands = bands_.evaluate(edge, planePoint_);
    const float none = 0.0f;
    EdgeWeightsJob{graph_, &clock, bands.empty() ? Span<const float>(&none, 1) : bands, {}}.run();
  }
  if (clipsOnly && report.active) {
    report.acting = report.planned;
    acting_ = report.planned;
  }
  if (report.active) {
    report.remainder = {{report.acting.velocity.x - report.planned.velocity.x,
                         report.acting.velocity.y - report.planned.velocity.y},
                        report.acting.turnRate - report.planned.turnRate};
  }
  report.clipShare = clipShare(report.planned, report.remainder, settings_.turnRadius);
  remainderSteers_ = std::abs(report.remainder.velocity.x) > kNegligibleRemainder ||
                     std::abs(report.remainder.velocity.y) > kNegligibleRemainder ||
                     std::abs(report.remainder.turnRate) > kNegligibleRemainder;
  report_ = report;
  mappedStick_[0] = stick_[0];
  mappedStick_[1] = stick_[1];
  mappedEdge_ = clock.edge;
  controlStale_ = false;
}

// A new pass: the velocity match scans the whole lattice again. Leaving an idle edge, the
// acting velocity starts again from what the new edge's clips do (as at the first request):
// the start plays as captured instead of the body being held back by steering while the feet
// hand over from ground following.
void LocomotionControl::enterEdge(int from, int to, EdgeClock& clock) {
  mappedEdge_ = -1;
  if (from >= 0 && to >= 0 && graph_->edges[from].idle && !graph_->edges[to].idle) actingKnown_ = false;
  apply(clock);
}

int LocomotionControl::nextEdge(int hub) {
  if (pendingAction_ >= 0 && graph_->edges[pendingAction_].fromHub == hub) {
    const int action = pendingAction_;
    pendingAction_ = -1;
    return action;
  }
  if (toIdle_ && idleNext_[hub] >= 0) return idleNext_[hub];
  if (desired_ && velocitySpace_) {
    const int closest = closestEdge(hub);
    if (closest >= 0) return closest;
  }
  const int fallback = graph_->hubs[hub].defaultEdge;
  return fallback >= 0 ? fallback : graph_->startEdge;
}

// How far the edge's velocity space, at its best plane point and cycle rate, stays from the
// desired velocity (m/s, the turn weighed by turnRadius); computed once per hub decision.
float LocomotionControl::edgeReach(int edge) {
  const size_t e = static_cast<size_t>(edge);
  if (reachStamp_[e] == decision_) return reach_[e];
  const VelocityControlSettings& s = settings_;
  // On an idle edge nothing is steered (apply: the clips move the body), so one cannot meet a
  // request to turn: a character asked to turn from standing leaves it for an edge whose legs
  // step while the turn is steered (turning on the spot).
  if (graph_->edges[e].idle && std::abs(desiredVelocity_.turnRate) >= s.startTurn) {
    reachStamp_[e] = decision_;
    reach_[e] = std::numeric_limits<float>::infinity();
    return reach_[e];
  }
  const VelocityMatch m = velocitySpace_->match(edge, desiredVelocity_, s.turnRadius);
  const PlanarVelocity done = scaled(m.achieved, cycleRate(m.achieved, desiredVelocity_, s));
  const float dx = done.velocity.x - desiredVelocity_.velocity.x, dz = done.velocity.y - desiredVelocity_.velocity.y;
  const float dw = s.turnRadius * (done.turnRate - desiredVelocity_.turnRate);
  reachStamp_[e] = decision_;
  reach_[e] = std::sqrt(dx * dx + dz * dz + dw * dw);
  return reach_[e];
}

// The edge's reach or, within `depth` edges, the best reach of the edges it leads to, plus
// lookaheadPenalty for each edge before that one.
float LocomotionControl::pathReach(int edge, int depth) {
  float best = edgeReach(edge);
  if (depth <= 1) return best;
  const int next = graph_->edges[static_cast<size_t>(edge)].toHub;
  for (const int after : graph_->hubs[static_cast<size_t>(next)].outgoing) {
    best = std::min(best, settings_.lookaheadPenalty + pathReach(after, depth - 1));
  }
  return best;
}

// The outgoing edge that comes (or leads, within lookaheadEdges) closest to the desired
// velocity; the default edge keeps its place unless another is closer by the switch margin.
// -1 when the hub has no outgoing edge.
int LocomotionControl::closestEdge(int hub) {
  const RuntimeHub& h = graph_->hubs[hub];
  const VelocityControlSettings& s = settings_;
  if (++decision_ == 0) {  // the stamps wrapped: forget them all
    std::fill(reachStamp_.begin(), reachStamp_.end(), 0u);
    decision_ = 1;
  }
  const int depth = std::max(1, s.lookaheadEdges);
  int best = -1;
  float bestError = std::numeric_limits<float>::infinity();
  for (const int edge : h.outgoing) {
    const float error = pathReach(edge, depth);
    if (error < bestError) bestError = error, best = edge;
  }
  if (best >= 0 && h.defaultEdge >= 0 && best != h.defaultEdge &&
      !(pathReach(h.defaultEdge, depth) - bestError > std::max(s.switchMargin, 0.0f)))
    return h.defaultEdge;
  return best;
}

}  // namespace fatgraph
