// The leg layer's data in the runtime graph (runtime_locomotion.h): the cycle analyses of an
// edge's segments moved onto the edge's clock, and the stance footprints measured on the very
// frames the player blends, so the leg layer and the exported data agree exactly.
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/core/locomotion/runtime_locomotion.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/runtime/footbase.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph {

namespace {

double cyclic(double t) {
  const double f = t - std::floor(t);
  return f >= 1.0 ? 0.0 : f;
}

// Model-space joint transforms of stored frame `frame` of segment `s`. The stored root has its
// heading and ground position removed, so model space here is the segment's character frame at
// that frame (x = left, y = up, z = forward).
void storedFrameToModel(const RuntimeGraph& graph, const RuntimeEdge& edge, const RuntimeSegment& s,
                        int frame, std::vector<Quat>& local, std::vector<Vec3>& translation,
                        std::vector<Quat>& modelR, std::vector<Vec3>& modelX) {
  const int joints = graph.jointCount();
  const std::size_t animated = graph.translatedJoints.size();
  const float* q = edge.data.data() + s.rotations + static_cast<std::size_t>(frame) * 4 * joints;
  const float* t = edge.data.data() + s.translations + static_cast<std::size_t>(frame) * 3 * animated;
  local.resize(joints);
  translation.clear();
  for (const Float3& offset : graph.skeleton.restOffsets) translation.push_back(toEigenDouble(offset));
  modelR.resize(joints);
  modelX.resize(joints);
  for (int j = 0; j < joints; ++j)
    local[j] = Quat(q[3 * joints + j], q[j], q[joints + j], q[2 * joints + j]).normalized();
  for (std::size_t a = 0; a < animated; ++a)
    translation[graph.translatedJoints[a]] = Vec3(t[a], t[animated + a], t[2 * animated + a]);
  localToModel(graph.skeleton.parents, local, translation, modelR, modelX);
}

struct FootPoints {
  Vec3 heel, toe;
};

FootPoints footPoints(const RuntimeLeg& leg, const std::vector<Quat>& modelR,
                      const std::vector<Vec3>& modelX) {
  const int ankle = leg.chain.back();
  const Vec3 heel(leg.heel[0], leg.heel[1], leg.heel[2]);
  const Vec3 toe(leg.toeTip[0], leg.toeTip[1], leg.toeTip[2]);
  return {modelX[ankle] + modelR[ankle] * heel, modelX[ankle] + modelR[ankle] * toe};
}

struct Footbase {
  Vec3 position = Vec3::Zero();
  double yaw = 0.0;
};

// The runtime's corrected eq. 4.6 on one pose (footbase.h), as the leg layer takes it: h the
// ground-projected heel -> toe direction of this pose, the balance of eq. 4.5 from the two
// heights (above the same floor, so only their difference counts). The result is the heel end
// of the foot's base, taken from whichever end is down; computed relative to the heel.
Footbase footbaseOf(const RuntimeLeg& leg, const FootPoints& p) {
  const double length = leg.footLength;
  const Vec3 h = toEigenDouble(footGroundDirection(toFloat3(p.toe - p.heel), Float3{0, 0, 1}, static_cast<float>(length)));
  const float b = footBalance(static_cast<float>(p.heel.y()), static_cast<float>(p.toe.y()), static_cast<float>(length));
  Footbase f;
  f.position = p.heel + toEigenDouble(footbase(Float3{}, toFloat3(p.toe - p.heel), toFloat3(length * h), b));
  f.yaw = std::atan2(h.x(), h.z());  // yaw 0 faces +Z, positive turns toward +X (left)
  return f;
}

// Segment time (s) -> reference time (s) through the inverse of the piecewise-linear warp
// (warpX reference times, warpY segment times), clamped at the ends.
double referenceTimeOf(const RuntimeEdge& edge, const RuntimeSegment& s, double segmentTime) {
  const float* x = edge.data.data() + s.warpX;
  const float* y = edge.data.data() + s.warpY;
  const int n = s.warpKnots;
  if (segmentTime <= y[0]) return x[0];
  if (segmentTime >= y[n - 1]) return x[n - 1];
  const int k = static_cast<int>(std::upper_bound(y, y + n, static_cast<float>(segmentTime)) - y) - 1;
  const int i = std::clamp(k, 0, n - 2);
  const double a = (segmentTime - y[i]) / (static_cast<double>(y[i + 1]) - y[i]);
  return x[i] + std::clamp(a, 0.0, 1.0) * (static_cast<double>(x[i + 1]) - x[i]);
}

// Segment cycle time u (unwrapped: whole cycles carry over) -> edge cycle time, unwrapped. The
// warp is increasing and maps cycle onto cycle, so this is increasing too.
double edgeCycleTime(const RuntimeEdge& edge, const RuntimeSegment& s, double u) {
  const double whole = std::floor(u);
  const double t = (u - whole) * s.duration;
  return whole + referenceTimeOf(edge, s, t) / edge.referenceDuration;
}

// The ordering the runtime relies on (runtime_graph.h): lift <= off <= post-lift <= pre-land
// <= land, strike in [pre-land, 1]. A short swing lets 4.9 and 4.12 cross; they then meet in
// the middle, still between foot-off and foot-land.
void orderKeyTimes(RuntimeLegCycle& c) {
  const auto unit = [](float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f; };
  c.footLift = unit(c.footLift);
  c.footOff = std::clamp(unit(c.footOff), c.footLift, 1.0f);
  c.footLand = std::clamp(std::isfinite(c.footLand) ? c.footLand : 1.0f, c.footOff, 1.0f);
  c.postFootLift = std::clamp(unit(c.postFootLift), c.footOff, c.footLand);
  c.preFootLand = std::clamp(std::isfinite(c.preFootLand) ? c.preFootLand : 1.0f, c.footOff, c.footLand);
  if (c.postFootLift > c.preFootLand) c.postFootLift = c.preFootLand = 0.5f * (c.postFootLift + c.preFootLand);
  c.footStrike = std::clamp(std::isfinite(c.footStrike) ? c.footStrike : 1.0f, c.preFootLand, 1.0f);
}

// One leg of one segment on the edge's clock. Each key time k (leg cycle time of the segment)
// is the segment cycle time stance + k; both go through the warp and the key becomes their
// difference, so a non-uniform warp stretches the phases as it stretches the motion.
RuntimeLegCycle legCycleOnEdge(const RuntimeEdge& edge, const RuntimeSegment& s, const LegCycle& leg) {
  const double stance = cyclic(leg.stanceTime);
  const double edgeStance = edgeCycleTime(edge, s, stance);
  const auto key = [&](double k) {
    return static_cast<float>(edgeCycleTime(edge, s, stance + std::clamp(k, 0.0, 1.0)) - edgeStance);
  };
  RuntimeLegCycle c;
  c.stanceTime = static_cast<float>(cyclic(edgeStance));
  if (c.stanceTime >= 1.0f) c.stanceTime = 0.0f;  // float rounding of 1 - epsilon
  c.footLift = key(leg.keys.footLift);
  c.footOff = key(leg.keys.footOff);
  c.postFootLift = key(leg.keys.postFootLift);
  c.preFootLand = key(leg.keys.preFootLand);
  c.footLand = key(leg.keys.footLand);
  c.footStrike = key(leg.keys.footStrike);
  orderKeyTimes(c);
  c.strideLength = std::isfinite(leg.strideLength) ? static_cast<float>(leg.strideLength) : 0.0f;
  return c;
}

// The footbase at segment cycle time u on the stored frames: the footbases of the two frames
// around it, interpolated (each in its own frame's character frame, which is the character
// frame at that moment).
Footbase stanceFootbase(const RuntimeGraph& graph, const RuntimeEdge& edge, const RuntimeSegment& s,
                        const RuntimeLeg& leg, double u) {
  const double position = std::clamp(u, 0.0, 1.0) * (s.frameCount - 1);
  const int f0 = std::clamp(static_cast<int>(std::floor(position)), 0, s.frameCount - 1);
  const int f1 = std::min(f0 + 1, s.frameCount - 1);
  const double a = position - f0;
  std::vector<Quat> local, modelR;
  std::vector<Vec3> translation, modelX;
  storedFrameToModel(graph, edge, s, f0, local, translation, modelR, modelX);
  const Footbase b0 = footbaseOf(leg, footPoints(leg, modelR, modelX));
  storedFrameToModel(graph, edge, s, f1, local, translation, modelR, modelX);
  const Footbase b1 = footbaseOf(leg, footPoints(leg, modelR, modelX));
  Footbase out;
  out.position = (1.0 - a) * b0.position + a * b1.position;
  out.yaw = wrapAngle(b0.yaw + a * wrapAngle(b1.yaw - b0.yaw));
  return out;
}

// The lowest heel or toe point (model y) over a segment's stored frames.
double lowestFootPoint(const RuntimeGraph& graph, const RuntimeEdge& edge, const RuntimeSegment& s) {
  double lowest = std::numeric_limits<double>::infinity();
  std::vector<Quat> local, modelR;
  std::vector<Vec3> translation, modelX;
  for (int f = 0; f < s.frameCount; ++f) {
    storedFrameToModel(graph, edge, s, f, local, translation, modelR, modelX);
    for (const RuntimeLeg& leg : graph.legs) {
      const FootPoints p = footPoints(leg, modelR, modelX);
      lowest = std::min({lowest, p.heel.y(), p.toe.y()});
    }
  }
  return std::isfinite(lowest) ? lowest : 0.0;
}

void note(std::vector<std::string>* notes, const RuntimeEdge& edge, const std::string& text) {
  if (notes != nullptr) notes->push_back("edge '" + edge.name + "': " + text);
}

bool usable(const CycleAnalysis& cycle, std::size_t legs) {
  return cycle.valid && cycle.legs.size() == legs;
}

}  // namespace

std::vector<RuntimeLeg> runtimeLegs(const LegSetup& legs) {
  std::vector<RuntimeLeg> out;
  for (const Leg& leg : legs.legs) {
    RuntimeLeg r;
    r.name = leg.name;
    r.chain = leg.chain;
    for (int c = 0; c < 3; ++c) {
      r.heel[c] = static_cast<float>(leg.heel(c));
      r.toeTip[c] = static_cast<float>(leg.toeTip(c));
    }
    r.length = static_cast<float>(leg.length);
    r.footLength = static_cast<float>(leg.footLength);
    out.push_back(std::move(r));
  }
  return out;
}

bool parseLocomotionSelection(const std::string& text, LocomotionSelection& out) {
  if (text == "auto") out = LocomotionSelection::Automatic;
  else if (text == "all") out = LocomotionSelection::All;
  else if (text == "none") out = LocomotionSelection::None;
  else return false;
  return true;
}

const char* locomotionSelectionName(LocomotionSelection selection) {
  switch (selection) {
    case LocomotionSelection::All: return "all";
    case LocomotionSelection::None: return "none";
    case LocomotionSelection::Automatic: break;
  }
  return "auto";
}

bool parseBlendMode(const std::string& text, EdgeBlendMode& out) {
  if (text == "grid") out = EdgeBlendMode::Grid;
  else if (text == "bands") out = EdgeBlendMode::CartesianBands;
  else if (text == "polar") out = EdgeBlendMode::PolarBands;
  else return false;
  return true;
}

const char* blendModeName(EdgeBlendMode mode) {
  switch (mode) {
    case EdgeBlendMode::CartesianBands: return "bands";
    case EdgeBlendMode::PolarBands: return "polar";
    case EdgeBlendMode::Grid: break;
  }
  return "grid";
}

void applyLocomotion(const RuntimeGraph& graph, RuntimeEdge& edge,
                     const std::vector<CycleAnalysis>& cycles, bool enabled,
                     std::vector<std::string>* notes) {
  RuntimeLocomotion& out = edge.locomotion;
  out = RuntimeLocomotion{};
  if (graph.legs.empty() || edge.segments.empty()) {
    if (enabled) note(notes, edge, "no legs: locomotion off");
    return;
  }
  out.floorHeight = static_cast<float>(lowestFootPoint(graph, edge, edge.segments[edge.referenceSegment]));
  if (!enabled) return;

  const std::size_t legs = graph.legs.size();
  const std::size_t reference = static_cast<std::size_t>(edge.referenceSegment);
  if (reference >= cycles.size() || !usable(cycles[reference], legs)) {
    note(notes, edge, "the reference segment's cycle cannot be analysed: locomotion off");
    return;
  }
  const std::size_t segments = edge.segments.size();
  out.legCycles.resize(segments * legs);
  out.cycleDistance.resize(segments);
  out.cycleDuration.resize(segments);
  // The reference first: a segment without a usable analysis borrows its cycles.
  std::vector<std::size_t> order{reference};
  for (std::size_t i = 0; i < segments; ++i)
    if (i != reference) order.push_back(i);
  for (const std::size_t i : order) {
    const RuntimeSegment& s = edge.segments[i];
    out.cycleDuration[i] = s.duration;
    if (i >= cycles.size() || !usable(cycles[i], legs)) {
      note(notes, edge, "segment " + std::to_string(i) + " (" + s.clip +
                            ") cannot be analysed: it takes the reference segment's cycle");
      std::copy_n(out.legCycles.begin() + reference * legs, legs, out.legCycles.begin() + i * legs);
      out.cycleDistance[i] = out.cycleDistance[reference];
      continue;
    }
    const CycleAnalysis& cycle = cycles[i];
    out.cycleDistance[i] = std::isfinite(cycle.distance) ? static_cast<float>(cycle.distance) : 0.0f;
    for (std::size_t l = 0; l < legs; ++l) {
      RuntimeLegCycle c = legCycleOnEdge(edge, s, cycle.legs[l]);
      const Footbase fb = stanceFootbase(graph, edge, s, graph.legs[l], cyclic(cycle.legs[l].stanceTime));
      for (int k = 0; k < 3; ++k) c.stancePosition[k] = static_cast<float>(fb.position(k));
      c.stanceYaw = static_cast<float>(fb.yaw);
      out.legCycles[i * legs + l] = c;
    }
  }
  out.enabled = true;
}

void applyBandSamples(RuntimeEdge& edge) {
  edge.bandSamples.assign(2 * edge.segments.size(), 0.0f);
  for (std::size_t i = 0; i < edge.segments.size(); ++i) {
    const RuntimeSegment& s = edge.segments[i];
    if (s.frameCount < 2 || !(s.duration > 0.0f)) continue;
    // The trajectory is relative to the first frame, in its heading frame: the last frame's
    // ground position is the chord itself (x = left, z = forward).
    const float* last = edge.data.data() + s.trajectory + 3 * static_cast<std::size_t>(s.frameCount - 1);
    edge.bandSamples[2 * i] = last[0] / s.duration;
    edge.bandSamples[2 * i + 1] = last[1] / s.duration;
  }
}

void applyBlendMode(RuntimeEdge& edge, EdgeBlendMode mode) {
  edge.blend = mode;
  if (mode == EdgeBlendMode::Grid) return;  // the grid's mapping (applyParameterization) stays
  if (edge.bandSamples.size() != 2 * edge.segments.size()) applyBandSamples(edge);
  JoystickMapping& j = edge.joystick;
  const std::size_t r = static_cast<std::size_t>(edge.referenceSegment);
  for (int a = 0; a < 2; ++a) {
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    for (std::size_t i = 0; i < edge.segments.size(); ++i) {
      lo = std::min(lo, edge.bandSamples[2 * i + a]);
      hi = std::max(hi, edge.bandSamples[2 * i + a]);
    }
    j.neutral[a] = r < edge.segments.size() ? edge.bandSamples[2 * r + a] : 0.0f;
    j.rangeMin[a] = std::isfinite(lo) ? lo : j.neutral[a];
    j.rangeMax[a] = std::isfinite(hi) ? hi : j.neutral[a];
  }
  // Velocity x points to the character's left, a stick's x to the right: pushing right must
  // ask for the samples that move right (a user's own invert flips it back).
  j.invert[0] = true;
  j.invert[1] = false;
}

}  // namespace fatgraph
