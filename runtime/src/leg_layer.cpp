// The semi-procedural leg layer (Johansen ch. 7; leg_layer.h is the specification, docs/
// ALGORITHMS.md H the formulas as built): setup, the per-update driver and the fade between
// locomotion and ground following. The per-leg steps live in leg_locomotion.cpp, the solve in
// leg_solve.cpp, footprints in leg_footprints.cpp, foot alignment in leg_foot_alignment.cpp
// and the hip offset in leg_hip.cpp.
#include "fatgraph/runtime/leg_layer.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "leg_layer_detail.h"

namespace fatgraph {

namespace {

// Every value finite, over the pose's floats as they lie (Float3 and Quaternion are packed): one
// pass without a branch per value, which the compiler vectorizes. (Eigen's allFinite() on a
// dynamic-size map is a scalar loop with an early exit per value, and was not inlined.)
bool allFinite(const float* values, std::size_t count) {
  int finite = 1;
  for (std::size_t i = 0; i < count; ++i)
    finite &= std::fabs(values[i]) <= std::numeric_limits<float>::max();  // false for NaN and inf
  return finite != 0;
}

// A point of the foot (heel, toe) turned by the alignment about the footbase. Inline: as an
// out-of-line call its result came back through memory in pieces that stalled store forwarding.
// The offset is a vector before the turn: the quaternion times an expression is a product GCC
// may outline whole (an .isra clone), and did when the leg layer's unit grew a little.
inline Vec3f alignedOffset(const Quatf& align, const Vec3f& point, const Vec3f& footbase) {
  const Vec3f offset = point - footbase;
  return align * offset;
}

}  // namespace

using namespace leg_detail;

namespace {

bool finite3(const float* v) {
  return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

// A leg the layer can drive: a parent-linked chain of >= 3 joints and a usable foot.
bool usableLeg(const RuntimeLeg& leg, const std::vector<int>& parents) {
  if (!legChainError(parents, leg.chain).empty()) return false;
  return finite3(leg.heel) && finite3(leg.toeTip) && std::isfinite(leg.footLength) &&
         leg.footLength > 1e-4f && std::isfinite(leg.length) && leg.length > 1e-4f;
}

}  // namespace

LegLayer::LegLayer(const RuntimeGraph& graph, const LegLayerSettings& settings)
    : graph_(&graph), settings_(settings) {
  const std::vector<int>& parents = graph.skeleton.parents;
  const int joints = static_cast<int>(parents.size());
  const int legs = static_cast<int>(graph.legs.size());
  active_ = legs > 0;
  for (const RuntimeLeg& leg : graph.legs) active_ = active_ && usableLeg(leg, parents);
  if (!active_) return;
  std::vector<int> depth(joints, 0);
  for (int j = 0; j < joints; ++j) {
    for (int p = parents[j]; p >= 0 && depth[j] < joints; p = parents[p]) ++depth[j];
    if (parents[j] < 0) roots_.push_back(j);
  }
  state_.resize(legs);
  reports_.resize(legs);
  hipDesired_.assign(legs, 0.0f);
  hipMaximal_.assign(legs, 0.0f);
  std::vector<unsigned char> changed(joints, 0);
  for (int l = 0; l < legs; ++l) {
    const RuntimeLeg& rig = graph.legs[l];
    LegState& s = state_[l];
    s.chain = rig.chain;
    s.heel = Vec3f(rig.heel[0], rig.heel[1], rig.heel[2]);
    s.toeTip = Vec3f(rig.toeTip[0], rig.toeTip[1], rig.toeTip[2]);
    s.footLength = rig.footLength;
    s.restLength = rig.length;
    const int ankle = rig.chain.back();
    for (int j = 0; j < joints; ++j) {
      int p = parents[j];
      while (p >= 0 && p != ankle) p = parents[p];
      if (p == ankle) s.descendants.push_back(j);
    }
    std::stable_sort(s.descendants.begin(), s.descendants.end(),
                     [&](int a, int b) { return depth[a] < depth[b]; });
    const std::size_t n = rig.chain.size();
    s.joints.assign(n, Float3{});
    s.scratch.assign(n, Float3{});
    s.solved.assign(n, Float3{});
    s.rotations.assign(n - 1, Quaternion{});
    s.savedPositions.assign(n, Float3{});
    s.savedRotations.assign(n, Quaternion{});
    for (const int j : rig.chain) changed[j] = 1;
    if (parents[ankle] != rig.chain[n - 2]) movedAnkles_.push_back(ankle);
    for (const int root : roots_) changed[root] = 1;  // the body's tilt turns them
    for (const int j : s.descendants) changed[j] = 1;
  }
  for (int j = 0; j < joints; ++j)
    if (changed[j]) changedJoints_.push_back(j);
  edgeUsable_.resize(graph.edges.size());
  for (std::size_t e = 0; e < graph.edges.size(); ++e)
    edgeUsable_[e] = usableLocomotion(graph.edges[e], legs) ? 1 : 0;
  reset();
}

LegLayer::~LegLayer() = default;
LegLayer::LegLayer(const LegLayer&) = default;
LegLayer& LegLayer::operator=(const LegLayer&) = default;
LegLayer::LegLayer(LegLayer&&) noexcept = default;
LegLayer& LegLayer::operator=(LegLayer&&) noexcept = default;

void LegLayer::reset() {
  groundHeight_ = 0;
  locomotionWeight_ = 0;
  lastWarnings_ = 0;
  warnings_ = LegLayerWarnings{};
  changedCount_ = 0;
  velocity_ = Float3{};
  turnRate_ = 0;
  animationVelocity_ = Float3{};
  animationTurnRate_ = 0;
  characterGround_ = 0;
  tiltSlope_ = Float2{};
  bodyUp_ = Float3{0, 1, 0};
  tiltKnown_ = false;
  bodyHeight_ = 0;
  bodyHeightVelocity_ = 0;
  bodyHeightKnown_ = false;
  lastEdge_ = -1;
  started_ = false;
  velocityKnown_ = false;
  for (LegState& s : state_) {
    s.initialized = false;
    s.parked = false;
    s.liftedEarly = false;
    s.nextFresh = true;
  }
  for (LegReport& r : reports_) r = LegReport{};
}

// The shared values of one update: the character frame, the velocity estimate, the cycle
// clock and the fade between locomotion (weight 1) and ground following (weight 0).
void LegLayer::beginUpdate(const Input& input, Frame& frame) {
  const RuntimeEdge& edge = graph_->edges[input.edge];
  frame.edge = &edge;
  frame.weights = input.weights;
  frame.position = Vec3f(input.character.position.x, 0.0f, input.character.position.z);
  frame.yaw = input.character.yaw;
  frame.heading = yawQuat(frame.yaw);
  frame.floor = std::isfinite(edge.locomotion.floorHeight) ? edge.locomotion.floorHeight : 0.0f;
  frame.dt = input.dt;
  frame.stopping = input.stopping;
  frame.locomotion = edgeUsable_[input.edge] != 0;
  const bool entered = !started_ || input.edge != lastEdge_;
  if (entered && edge.locomotion.enabled && !frame.locomotion) {
    ++warnings_.noStance;
    lastWarnings_ |= 8u;
  }
  const float goal = frame.locomotion ? 1.0f : 0.0f;
  const float fade = graph_->transitions.blendSeconds;
  if (!started_ || !(fade > 0.0f))
    locomotionWeight_ = goal;
  else if (locomotionWeight_ < goal)
    locomotionWeight_ = std::min(goal, locomotionWeight_ + input.dt / fade);
  else
    locomotionWeight_ = std::max(goal, locomotionWeight_ - input.dt / fade);
  frame.weight = locomotionWeight_;
  // Footprints are world state of the locomotion edge being played; a leg whose locomotion
  // was not running starts afresh from where its foot is.
  if (!frame.locomotion)
    for (LegState& s : state_) s.initialized = false;
  if (frame.locomotion) {
    const float reference = edge.referenceDuration > 0.0f ? edge.referenceDuration : 1.0f;
    frame.cycleTime = cyclic(input.referenceTime / reference);
    float rate = 0.0f;
    for (std::size_t i = 0; i < input.weights.size(); ++i)
      if (input.weights[i] > 0.0f) rate += input.weights[i] / edge.locomotion.cycleDuration[i];
    frame.cycleDuration = rate > 0.0f ? 1.0f / rate : edge.locomotion.cycleDuration[edge.referenceSegment];
  }
  // Velocity and turning rate from this update's root delta, in the heading frame before it
  // (so a steady turn gives a steady value), smoothed exponentially; the clips' own motion
  // likewise, which differs only when the game steers.
  if (input.dt > 0.0f) {
    const float tau = settings_.velocitySmoothing;
    const float a = velocityKnown_ && tau > 0.0f ? 1.0f - std::exp(-input.dt / tau) : 1.0f;
    auto smooth = [&](const RootDelta& d, Float3& velocity, float& turnRate) {
      const Vec3f v(d.displacement.x, 0.0f, d.displacement.z);
      eigenView(velocity) += a * (v / input.dt - toEigen(velocity));
      turnRate += a * (d.yaw / input.dt - turnRate);
    };
    smooth(input.delta, velocity_, turnRate_);
    const bool steered = input.steered && isFinite(input.animationDelta.displacement) &&
                         std::isfinite(input.animationDelta.yaw);
    smooth(steered ? input.animationDelta : input.delta, animationVelocity_, animationTurnRate_);
    frame.steered = steered;
    velocityKnown_ = true;
  }
  lastEdge_ = input.edge;
}

void LegLayer::apply(const Input& input, Span<Quaternion> modelRotations, Span<Float3> modelPositions,
                     Span<const int> parents) {
  lastWarnings_ = 0;
  changedCount_ = 0;
  if (!settings_.enabled || !active_) {
    groundHeight_ = 0;
    locomotionWeight_ = 0;
    return;
  }
  const std::size_t joints = static_cast<std::size_t>(graph_->jointCount());
  bool valid = modelRotations.size() >= joints && modelPositions.size() >= joints &&
               parents.size() >= joints && input.edge >= 0 &&
               input.edge < static_cast<int>(graph_->edges.size()) && std::isfinite(input.dt) &&
               input.dt >= 0.0f && std::isfinite(input.referenceTime) &&
               isFinite(input.character.position) && std::isfinite(input.character.yaw) &&
               isFinite(input.delta.displacement) && std::isfinite(input.delta.yaw);
  if (valid) {
    valid = input.weights.size() == graph_->edges[input.edge].segments.size();
    for (const float w : input.weights) valid = valid && std::isfinite(w);
    valid = valid && allFinite(&modelPositions.data()->x, 3 * joints) &&
            allFinite(&modelRotations.data()->x, 4 * joints);
  }
  // Unlikely: without it GCC's static estimate (each of the checks above a branch to this early
  // return) rates the per-leg loop below as cold, and leaves its Eigen products out of line.
  if (!valid) [[unlikely]] {
    ++warnings_.invalidInput;
    lastWarnings_ |= 4u;
    return;
  }
  Frame frame;
  beginUpdate(input, frame);
  started_ = true;
  const int legs = static_cast<int>(state_.size());
  float followGround = characterGround_;
  if (frame.weight < 1.0f) {
    const Ground g =
        probeGround(terrain_, frame.position.x(), frame.position.z(), characterGround_, settings_);
    if (g.found) followGround = g.height;
  }
  for (int l = 0; l < legs; ++l) {
    LegState& s = state_[l];
    const int ankle = s.chain.back();
    s.foot = originalFoot(toEigen(modelPositions[ankle]), toEigen(modelRotations[ankle]), s.heel, s.toeTip,
                          s.footLength, frame.floor, frame.heading, frame.position, frame.yaw);
    LegReport& report = reports_[l];
    // Fading out of locomotion, the last corrections are held while their weight falls.
    report.cycleKnown = false;
    s.flight = 0.0f;
    s.rollBlend = 0.0f;
    if (frame.weight > 0.0f && frame.locomotion) updateLocomotionLeg(frame, s, report);
    if (frame.weight < 1.0f) updateFollowingLeg(frame, s);
  }
  supportLifts(frame);
  float ground = 0.0f;
  for (int l = 0; l < legs; ++l) {
    LegState& s = state_[l];
    LegReport& report = reports_[l];
    const float w = frame.weight;
    const Vec3f correction = w * (s.correction + Vec3f(0.0f, s.supportLift, 0.0f)) +
                             (1.0f - w) * s.followCorrection;
    const float yaw = clampYawCorrection(w * s.yawCorrection, s.foot.relativeYaw,
                                         settings_.maxFootYaw);
    Vec3f normal = w * s.normal + (1.0f - w) * s.followNormal;
    const float normalLength = normal.norm();
    normal = normal.allFinite() && normalLength > 1e-6f ? Vec3f(normal / normalLength) : kUp;
    Quatf align = tiltTo(normal) * yawQuat(yaw);
    Vec3f target = s.foot.footbase + correction;
    const Vec3f heel = target + alignedOffset(align, s.foot.heel, s.foot.footbase);
    const Vec3f toe = target + alignedOffset(align, s.foot.toe, s.foot.footbase);
    // A blend of segments can dip a heel or toe below the floor no single segment goes under
    // (the floor is the reference segment's lowest point): never below the ground then.
    target.y() += clearanceLift(terrain_, heel, toe, std::max(s.foot.heel.y(), 0.0f),
                                std::max(s.foot.toe.y(), 0.0f), settings_);
    Vec3f ankleOffset = align * (s.foot.ankle - s.foot.footbase);
    Vec3f ankleWorld = target + ankleOffset;
    // Start/stop: a parked foot stays exactly as it stood; after a restart the hold fades out
    // (parkHold), so the foot leaves the footprint without a jump.
    const float hold = s.parked ? 1.0f : s.parkHold;
    if (frame.locomotion && hold > 0.0f) {
      ankleWorld += w * hold * (s.parkAnkle - ankleWorld);
      align = align.slerp(w * hold, s.parkRotation * s.foot.ankleRotation.conjugate());
      ankleOffset = align * (s.foot.ankle - s.foot.footbase);
    }
    s.ankleWorld = ankleWorld;
    s.ankleWorldRotation = align * s.foot.ankleRotation;
    ground += w * s.legGround + (1.0f - w) * followGround;
    // World -> model space happens once the body's ground height is known (solveLegs).
    s.ankleTarget = ankleWorld;
    // The footbase as the (possibly held) ankle and alignment place it: the flight alignment
    // turns the foot about this point.
    s.footbaseTarget = ankleWorld - ankleOffset;
    s.rollBlend *= w * (1.0f - hold);
    report.supportLift = w * s.supportLift;
    report.flightBlend = s.rollBlend;
    s.alignment = align;
    s.twist = 0.5f * yaw;
    report.footbase = toFloat3(target);
    report.originalFootbase = toFloat3(s.foot.footbase);
    if (frame.weight <= 0.0f) {
      report = LegReport{};
      report.footbase = toFloat3(target);
      report.originalFootbase = toFloat3(s.foot.footbase);
      report.previousFootprint = report.nextFootprint = Float3{target.x(), followGround, target.z()};
      report.previousNormal = report.nextNormal = toFloat3(s.followNormal);
    }
    // Planted means held still: ground following (and a fade towards it) rides the terrain
    // but does not lock the foot, so it reports no stance.
    if (frame.weight < 1.0f) report.planted = false;
  }
  characterGround_ = legs > 0 ? ground / static_cast<float>(legs) : 0.0f;
  if (!std::isfinite(characterGround_)) characterGround_ = 0.0f;
  groundHeight_ = characterGround_ - frame.floor;
  solveLegs(frame, modelRotations, modelPositions);
  changedCount_ = changedJoints_.size();
}

}  // namespace fatgraph
