// The player's control path (player.h; docs/ALGORITHMS.md E): what chooses the edge at a hub
// and the weights and cycle rate inside it, from the stick, a desired velocity, steering or an
// aim; stop and start (thesis 7.5) and the way to the graph's idle edges.
#include <algorithm>
#include <cmath>
#include <limits>

#include "fatgraph/runtime/joystick_mapping.h"
#include "fatgraph/runtime/player.h"
#include "fatgraph/runtime/velocity_space.h"

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

void Player::setSteering(const PlayerSteering& steering) {
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

void Player::setDesiredVelocity(const Float2& velocity, float turnRate) {
  const PlanarVelocity next{{finiteOr0(velocity.x), finiteOr0(velocity.y)}, finiteOr0(turnRate)};
  controlStale_ = controlStale_ || !desired_ || next.velocity.x != desiredVelocity_.velocity.x ||
                  next.velocity.y != desiredVelocity_.velocity.y || next.turnRate != desiredVelocity_.turnRate;
  desired_ = true;
  desiredVelocity_ = next;
  prepareVelocityControl();
}

void Player::clearDesiredVelocity() {
  controlStale_ = controlStale_ || desired_;
  desired_ = false;
  actingKnown_ = false;
}

void Player::aim(const Float3& target) {
  if (!isFinite(target)) {
    clearAim();
    return;
  }
  controlStale_ = controlStale_ || !aiming_ || target.x != aimTarget_.x || target.y != aimTarget_.y ||
                  target.z != aimTarget_.z;
  aiming_ = true;
  aimTarget_ = target;
}

void Player::clearAim() {
  controlStale_ = controlStale_ || aiming_;
  aiming_ = false;
  aimReport_ = AimReport{};
}

// The aim on `edge` (Fat Graph §4 inverted): the parameter plane's coordinates are the joint's
// position in the edge-start frame, origin + u x + v y, so the target's orthogonal projection
// onto the plane, clamped to the weight grid, is the plane point that puts the joint nearest
// it. A line (dimension 1) projects onto its axis; an edge without a grid cannot aim.
bool Player::aimAtTarget(const RuntimeEdge& edge) {
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

void Player::prepareVelocityControl() {
  if (!velocitySpace_) velocitySpace_ = std::make_shared<const VelocitySpace>(*graph_);
}

// The velocity acted on: setDesiredVelocity's as followed, else the steering's.
PlanarVelocity Player::request() const {
  if (desired_) return actingKnown_ ? acting_ : desiredVelocity_;
  return {{steering_.velocity[0], steering_.velocity[1]}, steering_.turnRate};
}

// The desired velocity is followed over responseSeconds from the clips' own velocity at the
// moment it was first asked for; whether to stop or start is read from the game's request
// itself (with the gap between the stop and start thresholds).
void Player::followRequest(float dt) {
  const VelocityControlSettings& s = options_.velocity;
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
  if (stopping_ && !wasStopping) toIdle_ = idleWithinReach();
  if (!stopping_) toIdle_ = false;
  if (!desired_ || !velocitySpace_ || blend_.edge() < 0) return;
  if (!actingKnown_) {
    acting_ = velocityReport_.active ? velocityReport_.planned : velocitySpace_->at(blend_.edge(), planePoint_);
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
void Player::routeToIdleEdges() {
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
bool Player::idleWithinReach() const {
  const int edge = blend_.edge();
  if (edge < 0) return false;
  const RuntimeEdge& e = graph_->edges[edge];
  if (e.idle) return true;
  if (idleNext_.empty() || idleNext_[e.toHub] < 0) return false;
  const float left = (e.referenceDuration - blend_.time()) / std::max(velocityReport_.cycleRate, 1e-3f);
  return left + idleSeconds_[e.toHub] <= options_.velocity.idleReachSeconds;
}

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

// The one control path. The plane point comes from the desired velocity (its best match in
// the edge's velocity space, the clock rate making up the speed within bounds) or from the
// stick through the edge's mapping (rate 1). A grid edge looks its weights up there; a band
// edge's plane is its segments' velocity space, so gradient bands weight the segments (the
// time warp keeps their steps in phase). Where a velocity was asked for, what the blend does
// not do is left to steering. Nothing changes while the stick, the request and the edge stay.
void Player::applyControl() {
  if (blend_.edge() < 0) return;
  const RuntimeEdge& edge = graph_->edges[blend_.edge()];
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
  const bool sameEdge = blend_.edge() == mappedEdge_ && velocityReport_.choosesWeights;
  if (report.choosesWeights && stopping_ && sameEdge) {
    // Stopping, the clips keep the weights and rate they had: the body slows by steering
    // alone, so the legs finish their steps in the gait they began them in.
    report.cycleRate = velocityReport_.cycleRate;
    report.planned = velocityReport_.planned;
  } else if (aiming_ && aimAtTarget(edge)) {
    // The aim chose the plane point; the clock runs at the data's rate and a velocity
    // request, if any, is met by steering alone.
    if (report.active) report.planned = velocitySpace_->at(blend_.edge(), planePoint_);
  } else if (report.choosesWeights) {
    // Within an edge's pass the search starts from the last match: the acting velocity moves
    // continuously, and so does the plane point (no jump between two far points that do
    // nearly the same); each pass of an edge begins with a scan of its whole lattice (the
    // transition's pose blend covers the change at the hub).
    const VelocityMatch m = velocitySpace_->match(blend_.edge(), report.acting, options_.velocity.turnRadius,
                                                  sameEdge ? &planePoint_ : nullptr);
    planePoint_ = m.planePoint;
    report.cycleRate = cycleRate(m.achieved, report.acting, options_.velocity);
    report.planned = scaled(m.achieved, report.cycleRate);
  } else {
    planePoint_ = joystickPlanePoint(edge.joystick, stick_[0], stick_[1]);
    if (report.active) report.planned = velocitySpace_->at(blend_.edge(), planePoint_);
  }
  if (edge.blend == EdgeBlendMode::Grid)
    blend_.setPlanePoint(planePoint_.x, planePoint_.y);
  else
    blend_.setWeights(bands_.evaluate(edge, planePoint_));  // empty: the reference segment
  if (clipsOnly && report.active) {
    report.acting = report.planned;
    acting_ = report.planned;
  }
  if (report.active) {
    report.remainder = {{report.acting.velocity.x - report.planned.velocity.x,
                         report.acting.velocity.y - report.planned.velocity.y},
                        report.acting.turnRate - report.planned.turnRate};
  }
  report.clipShare = clipShare(report.planned, report.remainder, options_.velocity.turnRadius);
  remainderSteers_ = std::abs(report.remainder.velocity.x) > kNegligibleRemainder ||
                     std::abs(report.remainder.velocity.y) > kNegligibleRemainder ||
                     std::abs(report.remainder.turnRate) > kNegligibleRemainder;
  velocityReport_ = report;
  mappedStick_[0] = stick_[0];
  mappedStick_[1] = stick_[1];
  mappedEdge_ = blend_.edge();
  controlStale_ = false;
}

int Player::nextEdge(int hub) {
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

// The outgoing edge whose velocity space, at its best plane point and cycle rate, comes
// closest to the desired velocity; the default edge keeps its place unless another is closer
// by the switch margin. -1 when the hub has no outgoing edge.
int Player::closestEdge(int hub) const {
  const RuntimeHub& h = graph_->hubs[hub];
  const VelocityControlSettings& s = options_.velocity;
  auto reach = [&](int edge) {
    const VelocityMatch m = velocitySpace_->match(edge, desiredVelocity_, s.turnRadius);
    const PlanarVelocity done = scaled(m.achieved, cycleRate(m.achieved, desiredVelocity_, s));
    const float dx = done.velocity.x - desiredVelocity_.velocity.x, dz = done.velocity.y - desiredVelocity_.velocity.y;
    const float dw = s.turnRadius * (done.turnRate - desiredVelocity_.turnRate);
    return std::sqrt(dx * dx + dz * dz + dw * dw);
  };
  int best = -1;
  float bestError = std::numeric_limits<float>::infinity();
  for (const int edge : h.outgoing) {
    const float error = reach(edge);
    if (error < bestError) bestError = error, best = edge;
  }
  if (best >= 0 && h.defaultEdge >= 0 && best != h.defaultEdge &&
      !(reach(h.defaultEdge) - bestError > std::max(s.switchMargin, 0.0f)))
    return h.defaultEdge;
  return best;
}

}  // namespace fatgraph
