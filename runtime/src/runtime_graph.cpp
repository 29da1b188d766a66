// Consistency checks of a runtime graph. A loader calls validate() once, so the player's loop
// can index the data block without bounds checks.
#include "fatgraph/runtime/runtime_graph.h"

#include <cmath>
#include <unordered_set>
#include <utility>
#include <cstdint>

namespace fatgraph {

namespace {

std::string edgeLabel(const RuntimeEdge& e, std::size_t index) {
  return "edge '" + (e.name.empty() ? std::to_string(index) : e.name) + "'";
}

bool allFinite(const float* v, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(v[i])) return false;
  return true;
}

// A range [offset, offset + count) inside a block of `size` floats (no overflow: 64 bit).
bool inside(std::uint64_t offset, std::uint64_t count, std::size_t size) {
  return offset + count <= static_cast<std::uint64_t>(size);
}

std::string validateSegment(const RuntimeEdge& e, const RuntimeSegment& s, int joints,
                            int translated, float fps) {
  if (s.frameCount < 2) return "has " + std::to_string(s.frameCount) + " frames, expected >= 2";
  const float expected = static_cast<float>(s.frameCount - 1) / fps;
  if (!std::isfinite(s.duration) || std::abs(s.duration - expected) > 1e-3f * expected + 1e-6f)
    return "duration " + std::to_string(s.duration) + " s does not match its " +
           std::to_string(s.frameCount) + " frames at " + std::to_string(fps) + " fps";
  const std::uint64_t frames = static_cast<std::uint64_t>(s.frameCount);
  const std::size_t size = e.data.size();
  if (!inside(s.rotations, frames * 4 * joints, size)) return "rotations lie outside the data block";
  if (!inside(s.translations, frames * 3 * translated, size))
    return "translations lie outside the data block";
  if (!inside(s.trajectory, frames * 3, size)) return "trajectory lies outside the data block";
  if (s.warpKnots < 2) return "has " + std::to_string(s.warpKnots) + " warp knots, expected >= 2";
  if (!inside(s.warpX, s.warpKnots, size) || !inside(s.warpY, s.warpKnots, size))
    return "warp knots lie outside the data block";
  const float* x = e.data.data() + s.warpX;
  const float* y = e.data.data() + s.warpY;
  for (int k = 1; k < s.warpKnots; ++k)
    if (!(x[k] > x[k - 1]) || !(y[k] > y[k - 1])) return "warp knots not increasing";
  // Rotations must be unit so one normalize after the weighted sum suffices.
  for (int f = 0; f < s.frameCount; ++f) {
    const float* q = e.data.data() + s.rotations + static_cast<std::size_t>(f) * 4 * joints;
    for (int j = 0; j < joints; ++j) {
      const float n = q[j] * q[j] + q[joints + j] * q[joints + j] +
                      q[2 * joints + j] * q[2 * joints + j] + q[3 * joints + j] * q[3 * joints + j];
      if (!(std::abs(n - 1.0f) < 1e-3f))
        return "frame " + std::to_string(f) + " joint " + std::to_string(j) +
               ": rotation is not a unit quaternion";
    }
  }
  return {};
}

std::string validateParameters(const RuntimeEdge& e, int joints) {
  const RuntimeParameterSpace& p = e.parameters;
  if (p.dimension < 0 || p.dimension > 2) return "parameter dimension " + std::to_string(p.dimension);
  if (!allFinite(p.origin, 3) || !allFinite(p.xAxis, 3) || !allFinite(p.yAxis, 3) ||
      !std::isfinite(p.referenceTime) || !allFinite(p.gridMin, 2) || !allFinite(p.gridMax, 2))
    return "parameter space has non-finite values";
  if (p.joint < 0 || p.joint >= joints) return "parameter joint " + std::to_string(p.joint) + " out of range";
  if (p.gridResolution != 0 && p.gridResolution < 2)
    return "grid resolution " + std::to_string(p.gridResolution) + ", expected 0 or >= 2";
  const std::uint64_t expected = static_cast<std::uint64_t>(p.gridResolution) * p.gridResolution *
                                 e.segments.size();
  if (p.gridWeights.size() != expected)
    return "grid has " + std::to_string(p.gridWeights.size()) + " weights, expected " +
           std::to_string(expected);
  for (float w : p.gridWeights)
    if (!std::isfinite(w) || w < 0.0f) return "grid weight negative or not finite";
  if (p.gridMin[0] > p.gridMax[0] || p.gridMin[1] > p.gridMax[1]) return "grid bounds inverted";
  const JoystickMapping& j = e.joystick;
  if (!(j.deadZone >= 0.0f && j.deadZone < 1.0f)) return "joystick dead zone outside [0, 1)";
  if (!(j.responseExponent > 0.0f) || !std::isfinite(j.responseExponent))
    return "joystick response exponent not positive";
  if (!allFinite(j.neutral, 2) || !allFinite(j.rangeMin, 2) || !allFinite(j.rangeMax, 2))
    return "joystick mapping has non-finite values";
  return {};
}

// The leg layer's per-edge data (runtime_graph.h): band samples always, cycles when enabled,
// with the key-time order the leg layer relies on.
std::string validateLocomotion(const RuntimeGraph& g, const RuntimeEdge& e) {
  const std::size_t segments = e.segments.size();
  if (e.blend != EdgeBlendMode::Grid && e.blend != EdgeBlendMode::CartesianBands &&
      e.blend != EdgeBlendMode::PolarBands)
    return "blend mode " + std::to_string(static_cast<int>(e.blend)) + " unknown";
  if (e.bandSamples.size() != 2 * segments)
    return "has " + std::to_string(e.bandSamples.size()) + " band sample floats, expected " +
           std::to_string(2 * segments);
  if (!allFinite(e.bandSamples.data(), e.bandSamples.size())) return "band samples not finite";
  const RuntimeLocomotion& m = e.locomotion;
  if (!std::isfinite(m.floorHeight)) return "floor height not finite";
  if (!m.enabled) {
    if (!m.legCycles.empty() || !m.cycleDistance.empty() || !m.cycleDuration.empty())
      return "locomotion is off but the edge has leg cycles";
    return {};
  }
  if (g.legs.empty()) return "locomotion is on but the graph has no legs";
  if (m.legCycles.size() != segments * g.legs.size())
    return "has " + std::to_string(m.legCycles.size()) + " leg cycles, expected " +
           std::to_string(segments * g.legs.size()) + " (segments x legs)";
  if (m.cycleDistance.size() != segments || m.cycleDuration.size() != segments)
    return "cycle distances and durations must have one entry per segment";
  for (std::size_t s = 0; s < segments; ++s)
    if (!(m.cycleDistance[s] >= 0.0f) || !std::isfinite(m.cycleDistance[s]) ||
        !(m.cycleDuration[s] > 0.0f) || !std::isfinite(m.cycleDuration[s]))
      return "segment " + std::to_string(s) + ": cycle distance or duration out of range";
  for (std::size_t k = 0; k < m.legCycles.size(); ++k) {
    const RuntimeLegCycle& c = m.legCycles[k];
    const std::string label = "segment " + std::to_string(k / g.legs.size()) + " leg '" +
                              g.legs[k % g.legs.size()].name + "': ";
    const float keys[7] = {c.stanceTime, c.footLift, c.footOff, c.postFootLift,
                           c.preFootLand, c.footLand, c.footStrike};
    for (float v : keys)
      if (!(v >= 0.0f && v <= 1.0f)) return label + "key times must be finite and in [0, 1]";
    if (!(c.stanceTime < 1.0f)) return label + "stance time must be below 1";
    if (!(c.footLift <= c.footOff && c.footOff <= c.postFootLift && c.postFootLift <= c.preFootLand &&
          c.preFootLand <= c.footLand && c.preFootLand <= c.footStrike))
      return label + "key times out of order";
    if (!allFinite(c.stancePosition, 3) || !std::isfinite(c.stanceYaw) ||
        !(c.strideLength >= 0.0f) || !std::isfinite(c.strideLength))
      return label + "stance or stride not finite";
  }
  return {};
}

// Whether `joint` hangs below `ancestor` (parents[] may hold cycles in a corrupt file: the
// walk stops after as many steps as there are joints).
bool hangsBelow(const std::vector<int>& parents, int joint, int ancestor) {
  const std::size_t n = parents.size();
  int j = parents[joint];
  for (std::size_t steps = 0; j >= 0 && static_cast<std::size_t>(j) < n && steps < n; ++steps, j = parents[j])
    if (j == ancestor) return true;
  return false;
}

// An ankle that is not the child of the joint before it is a foot bone beside the chain
// (runtime_graph.h): it must hang below none of the chain's joints and not above the hip.
std::string ankleBesideChainError(const std::vector<int>& parents, const std::vector<int>& chain) {
  const int ankle = chain.back();
  if (parents[ankle] == chain[chain.size() - 2]) return {};
  for (std::size_t k = 0; k + 1 < chain.size(); ++k)
    if (chain[k] == ankle || hangsBelow(parents, ankle, chain[k]))
      return "ankle " + std::to_string(ankle) + " is neither the child of the joint before it nor beside the chain";
  if (hangsBelow(parents, chain.front(), ankle)) return "ankle " + std::to_string(ankle) + " is above the hip";
  return {};
}

std::string validateLegs(const RuntimeGraph& g) {
  for (std::size_t l = 0; l < g.legs.size(); ++l) {
    const RuntimeLeg& leg = g.legs[l];
    const std::string label = "leg '" + (leg.name.empty() ? std::to_string(l) : leg.name) + "': ";
    if (const std::string chain = legChainError(g.skeleton.parents, leg.chain); !chain.empty()) return label + chain;
    if (!allFinite(leg.heel, 3) || !allFinite(leg.toeTip, 3)) return label + "heel or toe not finite";
    if (!(leg.length > 0.0f) || !std::isfinite(leg.length) || !(leg.footLength > 0.0f) ||
        !std::isfinite(leg.footLength))
      return label + "length and foot length must be > 0 and finite";
  }
  return {};
}

// A stored velocity space (format 3): a lattice of at least 2 x 2 finite points over a finite
// plane. Its size is bounded so a corrupt count cannot ask for gigabytes.
std::string validateVelocitySpace(const RuntimeVelocitySpace& v) {
  if (v.empty()) return v.points.empty() ? std::string{} : "velocity space has points but no lattice size";
  if (v.n < 2 || v.n > 1025) return "velocity space lattice of " + std::to_string(v.n) + " points per axis (2 to 1025)";
  if (v.points.size() != 3u * static_cast<std::size_t>(v.n) * v.n)
    return "velocity space holds " + std::to_string(v.points.size()) + " values, expected " +
           std::to_string(3u * static_cast<std::size_t>(v.n) * v.n);
  if (!allFinite(v.points.data(), v.points.size()) || !allFinite(v.min, 2) || !allFinite(v.max, 2))
    return "velocity space has non-finite values";
  return {};
}

std::string validateEdge(const RuntimeGraph& g, const RuntimeEdge& e) {
  const int hubs = static_cast<int>(g.hubs.size());
  if (e.fromHub < 0 || e.fromHub >= hubs || e.toHub < 0 || e.toHub >= hubs)
    return "hub index out of range";
  if (e.segments.empty()) return "has no segments";
  if (e.referenceSegment < 0 || e.referenceSegment >= static_cast<int>(e.segments.size()))
    return "reference segment " + std::to_string(e.referenceSegment) + " out of range";
  const float ref = e.segments[e.referenceSegment].duration;
  if (!(e.referenceDuration > 0.0f) || std::abs(e.referenceDuration - ref) > 1e-3f * ref + 1e-6f)
    return "reference duration does not match the reference segment";
  if (!allFinite(e.data.data(), e.data.size())) return "data block has non-finite values";
  const int translated = static_cast<int>(g.translatedJoints.size());
  for (std::size_t s = 0; s < e.segments.size(); ++s) {
    const std::string problem = validateSegment(e, e.segments[s], g.jointCount(), translated, g.fps);
    if (!problem.empty()) return "segment " + std::to_string(s) + ": " + problem;
  }
  if (std::string problem = validateParameters(e, g.jointCount()); !problem.empty()) return problem;
  if (const std::string v = validateVelocitySpace(e.velocitySpace); !v.empty()) return v;
  return validateLocomotion(g, e);
}

std::string validateHubs(const RuntimeGraph& g) {
  const int edges = static_cast<int>(g.edges.size());
  for (std::size_t h = 0; h < g.hubs.size(); ++h) {
    const RuntimeHub& hub = g.hubs[h];
    const std::string label = "hub '" + (hub.name.empty() ? std::to_string(h) : hub.name) + "'";
    for (std::size_t k = 0; k < hub.outgoing.size(); ++k) {
      const int e = hub.outgoing[k];
      if (e < 0 || e >= edges) return label + ": outgoing edge " + std::to_string(e) + " out of range";
      if (k > 0 && e <= hub.outgoing[k - 1]) return label + ": outgoing edges not ascending";
      if (g.edges[e].fromHub != static_cast<int>(h))
        return label + ": outgoing " + edgeLabel(g.edges[e], e) + " starts at another hub";
    }
    if (hub.defaultEdge != -1) {
      bool listed = false;
      for (int e : hub.outgoing) listed = listed || e == hub.defaultEdge;
      if (!listed) return label + ": default edge is not one of its outgoing edges";
    } else if (!hub.outgoing.empty()) {
      return label + ": has outgoing edges but no default edge";
    }
  }
  return {};
}

}  // namespace

std::string legChainError(const std::vector<int>& parents, const std::vector<int>& chain) {
  const int joints = static_cast<int>(parents.size());
  if (chain.size() < 3) return "chain needs >= 3 joints (hip to ankle)";
  for (std::size_t k = 0; k < chain.size(); ++k) {
    const int j = chain[k];
    if (j < 0 || j >= joints) return "joint " + std::to_string(j) + " out of range";
    if (k > 0 && k + 1 < chain.size() && parents[j] != chain[k - 1])
      return "chain joint " + std::to_string(j) + " is not the child of the one before";
  }
  return ankleBesideChainError(parents, chain);
}

int RuntimeSkeleton::find(const std::string& name) const {
  for (int i = 0; i < jointCount(); ++i)
    if (names[i] == name) return i;
  return -1;
}

int RuntimeSkeleton::addJoint(std::string name, int parent, const Float3& restOffset, bool animated) {
  names.push_back(std::move(name));
  parents.push_back(parent);
  restOffsets.push_back(restOffset);
  animatedTranslation.push_back(animated ? 1 : 0);
  return jointCount() - 1;
}

std::string RuntimeSkeleton::validate() const {
  const std::size_t n = names.size();
  if (parents.size() != n || restOffsets.size() != n || animatedTranslation.size() != n)
    return "joint arrays differ in length";
  if (n == 0) return "skeleton has no joints";
  std::unordered_set<std::string> seen;
  for (std::size_t i = 0; i < n; ++i) {
    if (parents[i] >= static_cast<int>(i) || parents[i] < -1)
      return "joint '" + names[i] + "' has parent index " + std::to_string(parents[i]) +
             ", expected a joint listed before it";
    if (!isFinite(restOffsets[i])) return "joint '" + names[i] + "' has a non-finite offset";
    if (!seen.insert(names[i]).second) return "duplicate joint name '" + names[i] + "'";
  }
  for (const RuntimeEndSite& e : endSites) {
    if (e.parent < 0 || e.parent >= static_cast<int>(n)) return "end site with invalid parent";
    if (!isFinite(e.offset)) return "end site with a non-finite offset";
  }
  return {};
}

int RuntimeGraph::findEdge(const std::string& name) const {
  for (std::size_t e = 0; e < edges.size(); ++e)
    if (edges[e].name == name) return static_cast<int>(e);
  return -1;
}

namespace {

// A procedural character's rig must be the skeleton's, its legs the graph's, and it plays no
// edges.
std::string validateCreature(const RuntimeGraph& g) {
  const CreatureGaitRig& c = g.creature;
  if (const std::string r = c.validate(); !r.empty()) return r;
  if (c.parents != g.skeleton.parents) return "its joints' parents are not the skeleton's";
  for (std::size_t j = 0; j < c.parents.size(); ++j) {
    const Float3 parent = c.parents[j] < 0 ? Float3{} : c.restPositions[static_cast<std::size_t>(c.parents[j])];
    if (length(c.restPositions[j] - parent - g.skeleton.restOffsets[j]) > 1e-4f)
      return "joint " + std::to_string(j) + ": rest position is not the skeleton's rest pose";
  }
  if (!g.edges.empty() || !g.hubs.empty()) return "a procedural character has no hubs or edges";
  if (g.legs.size() != c.legs.size()) return "its legs are not the graph's legs";
  for (std::size_t l = 0; l < c.legs.size(); ++l) {
    const std::vector<int> chain{c.legs[l].hip, c.legs[l].knee, c.legs[l].ankle};
    if (g.legs[l].chain != chain) return "leg " + std::to_string(l) + ": chain is not the graph leg's";
  }
  return {};
}

}  // namespace

std::string RuntimeGraph::validate() const {
  if (formatVersion != kRuntimeGraphFormatVersion)
    return "format version " + std::to_string(formatVersion) + ", expected " +
           std::to_string(kRuntimeGraphFormatVersion);
  if (const std::string s = skeleton.validate(); !s.empty()) return "skeleton: " + s;
  const int joints = jointCount();
  for (std::size_t a = 0; a < translatedJoints.size(); ++a) {
    const int j = translatedJoints[a];
    if (j < 0 || j >= joints) return "translated joint " + std::to_string(j) + " out of range";
    if (a > 0 && j <= translatedJoints[a - 1]) return "translated joints not ascending";
  }
  if (!(fps > 0.0f) || !std::isfinite(fps)) return "fps must be positive and finite";
  if (!(transitions.blendSeconds >= 0.0f) || !std::isfinite(transitions.blendSeconds))
    return "transition blend seconds must be >= 0 and finite";
  if (!(cycleRates.slowest > 0.0f && cycleRates.slowest <= 1.0f && cycleRates.fastest >= 1.0f &&
        std::isfinite(cycleRates.fastest)))
    return "cycle rate bounds must satisfy 0 < slowest <= 1 <= fastest (finite)";
  if (const std::string l = validateLegs(*this); !l.empty()) return l;
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const std::string problem = validateEdge(*this, edges[e]);
    if (!problem.empty()) return edgeLabel(edges[e], e) + ": " + problem;
  }
  if (const std::string h = validateHubs(*this); !h.empty()) return h;
  if (edges.empty() ? startEdge != -1 : (startEdge < 0 || startEdge >= static_cast<int>(edges.size())))
    return "start edge " + std::to_string(startEdge) + " out of range";
  // A mesh with no data at all is "no body" and passes; any data must form a whole body.
  if (const std::string b = body.validate(joints); !b.empty()) return "body: " + b;
  if (procedural()) {
    if (const std::string c = validateCreature(*this); !c.empty()) return "creature: " + c;
  } else if (!creature.parents.empty()) {
    return "a fat graph carries a creature rig (kind: fat graph)";
  }
  return {};
}

}  // namespace fatgraph
