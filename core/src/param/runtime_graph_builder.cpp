// The whole runtime graph of a built project (Fat Graph §5): every hub-to-hub fat edge as a
// runtime block, hubs with ascending outgoing lists and default edges, and each edge's
// parameter space and joystick mapping from its parameterization (Fat Graph §4).
#include <algorithm>
#include <cmath>
#include <string>

#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/param/edge_joystick.h"
#include "fatgraph/core/locomotion/edge_locomotion.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/param/runtime_graph_builder.h"

#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/locomotion/runtime_locomotion.h"
#include "fatgraph/runtime/velocity_space.h"

namespace fatgraph {

namespace {

RuntimeEdgeSource edgeSource(const MotionGraph& graph, const FatEdge& fat) {
  RuntimeEdgeSource source;
  source.name = fat.name;
  source.fromHub = fat.fromHub;
  source.toHub = fat.toHub;
  source.reference = -1;
  for (std::size_t i = 0; i < fat.segments.size(); ++i) {
    const int index = fat.segments[i];
    if (index < 0 || index >= static_cast<int>(graph.segments.size()))
      throw Error("fat edge '" + fat.name + "': segment index " + std::to_string(index) +
                  " out of range");
    const Segment& s = graph.segments[index];
    RuntimeSegmentSource out;
    out.clip = s.clip;
    out.first = s.first;
    out.last = s.last;
    if (i < fat.warps.size()) out.warp = fat.warps[i];
    if (index == fat.reference) source.reference = static_cast<int>(i);
    source.segments.push_back(std::move(out));
  }
  if (source.reference < 0)
    throw Error("fat edge '" + fat.name + "': its reference segment " +
                std::to_string(fat.reference) + " is not one of its segments");
  return source;
}

// The sample whose weight vector is (within rounding) one-hot on `segment`, or -1.
int pureSample(const EdgeParameterization& p, int segment) {
  for (std::size_t s = 0; s < p.sampleWeights.size(); ++s) {
    const Eigen::VectorXd& w = p.sampleWeights[s];
    if (segment >= w.size()) continue;
    double off = 0.0;
    for (int i = 0; i < w.size(); ++i) off += i == segment ? std::abs(w(i) - 1.0) : std::abs(w(i));
    if (off < 1e-6) return static_cast<int>(s);
  }
  return -1;
}

void copyVector(const Eigen::Vector3d& v, float (&out)[3]) {
  for (int c = 0; c < 3; ++c) out[c] = static_cast<float>(v(c));
}

}  // namespace

namespace {

// How far the stick's axis `axis` (0 = x, 1 = y) reaches from `from` in direction `sign`: the
// point where that axis-parallel ray leaves the convex hull of the sampled blends. Full
// deflection then asks for the most the edge can do in that direction, not a corner of the
// grid's box that no blend reaches (there the grid only repeats the nearest hull point).
// Returns `fallback` when there is no 2D hull or the ray does not leave it.
float hullReach(const WeightTriangulation& t, const Eigen::Vector2d& from, int axis, int sign,
                float fallback) {
  if (t.dimension == 1 && !t.hull.empty()) {  // the sites sorted along a line
    double reach = from(axis);
    for (int site : t.hull) reach = sign > 0 ? std::max(reach, t.sites[site](axis)) : std::min(reach, t.sites[site](axis));
    return reach != from(axis) ? static_cast<float>(reach) : fallback;
  }
  if (t.dimension != 2 || t.hull.size() < 3) return fallback;
  const int other = 1 - axis;
  double best = -1.0;
  for (std::size_t k = 0; k < t.hull.size(); ++k) {
    const Eigen::Vector2d& a = t.sites[t.hull[k]];
    const Eigen::Vector2d& b = t.sites[t.hull[(k + 1) % t.hull.size()]];
    const double lo = std::min(a(other), b(other)), hi = std::max(a(other), b(other));
    if (from(other) < lo || from(other) > hi || a(other) == b(other)) continue;
    const double u = (from(other) - a(other)) / (b(other) - a(other));
    const double s = sign * (a(axis) + u * (b(axis) - a(axis)) - from(axis));
    best = std::max(best, s);
  }
  return best > 0.0 ? static_cast<float>(from(axis) + sign * best) : fallback;
}

}  // namespace

void applyParameterization(RuntimeEdge& edge, const EdgeParameterization& parameterization) {
  const EdgeParameterization& p = parameterization;
  const WeightGrid& grid = p.grid;
  const std::size_t segments = edge.segments.size();
  if (!grid.empty() && (grid.resolution < 2 || grid.segmentCount != static_cast<int>(segments) ||
                        grid.weights.size() != static_cast<std::size_t>(grid.resolution) *
                                                   grid.resolution * segments))
    throw Error("edge '" + edge.name + "': its weight grid holds " +
                std::to_string(grid.segmentCount) + " weights per vertex at resolution " +
                std::to_string(grid.resolution) + ", the edge has " + std::to_string(segments) +
                " segments");
  RuntimeParameterSpace& space = edge.parameters;
  space = RuntimeParameterSpace{};
  space.dimension = p.plane.dimension;
  copyVector(p.plane.centroid, space.origin);
  copyVector(p.plane.xAxis, space.xAxis);
  copyVector(p.plane.yAxis, space.yAxis);
  space.joint = p.joint;
  space.referenceTime = static_cast<float>(p.referenceTime);
  JoystickMapping& joystick = edge.joystick;
  joystick = JoystickMapping{};
  if (!grid.empty()) {
    space.gridResolution = grid.resolution;
    for (int a = 0; a < 2; ++a) {
      space.gridMin[a] = static_cast<float>(grid.minCorner(a));
      space.gridMax[a] = static_cast<float>(grid.maxCorner(a));
      joystick.rangeMin[a] = space.gridMin[a];
      joystick.rangeMax[a] = space.gridMax[a];
      joystick.neutral[a] = 0.5f * (space.gridMin[a] + space.gridMax[a]);
    }
    space.gridWeights = grid.weights;
    // The centred stick plays the reference segment alone, where the sampling measured it.
    const int pure = pureSample(p, edge.referenceSegment);
    if (pure >= 0 && pure < static_cast<int>(p.samplePositions.size())) {
      const Eigen::Vector2d q = p.plane.project(p.samplePositions[pure]);
      for (int a = 0; a < 2; ++a)
        if (std::isfinite(q(a)))
          joystick.neutral[a] = std::clamp(static_cast<float>(q(a)), space.gridMin[a], space.gridMax[a]);
    }
    const Eigen::Vector2d neutral(joystick.neutral[0], joystick.neutral[1]);
    for (int a = 0; a < 2; ++a) {
      joystick.rangeMin[a] = hullReach(p.triangulation, neutral, a, -1, space.gridMin[a]);
      joystick.rangeMax[a] = hullReach(p.triangulation, neutral, a, +1, space.gridMax[a]);
    }
  }
  edge.paramErrorMedian =
      p.achieved.targets > 0 ? static_cast<float>(p.achieved.median3d) : std::nanf("");
}

JoystickMapping automaticJoystickMapping(const Project& project, const std::string& edgeName) {
  const MotionGraph& graph = project.graph;
  const auto it = std::find_if(graph.fatEdges.begin(), graph.fatEdges.end(),
                               [&](const FatEdge& e) { return e.name == edgeName; });
  if (it == graph.fatEdges.end()) throw Error("no fat edge named '" + edgeName + "'");
  const FatEdge& fat = *it;
  if (fat.fromHub < 0 || fat.toHub < 0)
    throw Error("fat edge '" + edgeName + "' is entry or exit material: it is not exported and has no joystick");
  // The same steps as buildRuntimeGraph for this edge, short of the leg layer (which leaves the
  // joystick alone): block, parameter space, band samples, blend mode.
  RuntimeEdge edge = buildRuntimeEdge(project.skeleton, project.clips, project.settings.fps,
                                      edgeSource(graph, fat), project.legs.empty() ? nullptr : &project.legs);
  const std::size_t f = static_cast<std::size_t>(it - graph.fatEdges.begin());
  if (graph.parameterizations.size() == graph.fatEdges.size()) applyParameterization(edge, graph.parameterizations[f]);
  applyBandSamples(edge);
  const EdgeLocomotionChoice* choice = findLocomotionChoice(project.settings, fat.name);
  applyBlendMode(edge, choice != nullptr && choice->blend ? *choice->blend : EdgeBlendMode::Grid);
  return edge.joystick;
}

namespace {

// The fastest the root moves over ground between two frames of any of the edge's segments
// (m/s): a standing take sways slowly; a stop, however short its chord, steps.
double fastestGroundSpeed(const RuntimeEdge& edge, double fps) {
  double fastest = 0;
  for (const RuntimeSegment& s : edge.segments) {
    const float* t = edge.data.data() + s.trajectory;
    for (std::uint32_t f = 1; f < s.frameCount; ++f)
      fastest = std::max(fastest, std::hypot(double(t[3 * f] - t[3 * f - 3]), double(t[3 * f + 1] - t[3 * f - 2])) * fps);
  }
  return fastest;
}

// What a game's velocity requests need, measured once here rather than at every load: each
// edge's velocity space (the player's own measurement, velocity_space.h), and whether the
// character stands on the edge: no gait cycle the leg layer plants (not locomotion), no point
// of its velocity space faster than kIdleSpeed or turning faster than kIdleTurn (the player's
// stop thresholds), and no frame of any segment moving the root faster than kIdleSway. The
// cycle-rate bounds keep their ±20 % default.
void applyControlData(RuntimeGraph& graph) {
  constexpr float kIdleSpeed = 0.1f;  // m/s
  constexpr float kIdleTurn = 0.2f;   // rad/s
  constexpr double kIdleSway = 0.25;  // m/s, as a foot contact's (motion_contacts.h)
  for (std::size_t e = 0; e < graph.edges.size(); ++e) {
    RuntimeEdge& edge = graph.edges[e];
    edge.velocitySpace = VelocitySpace::measure(graph, static_cast<int>(e));
    const std::vector<float>& p = edge.velocitySpace.points;
    bool still = !p.empty() && !edge.locomotion.enabled && fastestGroundSpeed(edge, graph.fps) < kIdleSway;
    for (std::size_t k = 0; k + 2 < p.size(); k += 3)
      still = still && std::hypot(p[k], p[k + 1]) < kIdleSpeed && std::abs(p[k + 2]) < kIdleTurn;
    edge.idle = still;
  }
}

}  // namespace

RuntimeGraph buildRuntimeGraph(const Project& project) {
  const MotionGraph& graph = project.graph;
  if (graph.empty()) throw Error("runtime graph: the project has no graph (run build first)");
  RuntimeGraph out;
  out.skeleton = toRuntimeSkeleton(project.skeleton);
  out.translatedJoints = runtimeTranslatedJoints(project.skeleton);
  out.fps = static_cast<float>(project.settings.fps);
  out.legs = runtimeLegs(project.legs);
  // A graph of loops joined by generated transitions (a game character's clip set) is driven
  // as a game drives it; one of takes by the paper's stick on the plane.
  out.stick = projectStickMeaning(project);
  out.hubs.resize(graph.hubs.size());
  for (std::size_t h = 0; h < graph.hubs.size(); ++h) out.hubs[h].name = graph.hubs[h].name;

  const bool parameterized = graph.parameterizations.size() == graph.fatEdges.size();
  for (std::size_t f = 0; f < graph.fatEdges.size(); ++f) {
    const FatEdge& fat = graph.fatEdges[f];
    if (fat.fromHub < 0 || fat.toHub < 0) continue;  // entry and exit material: no hub to play from
    if (fat.fromHub >= static_cast<int>(graph.hubs.size()) ||
        fat.toHub >= static_cast<int>(graph.hubs.size()))
      throw Error("fat edge '" + fat.name + "': hub index out of range");
    RuntimeEdge edge =
        buildRuntimeEdge(project.skeleton, project.clips, project.settings.fps, edgeSource(graph, fat),
                         project.legs.empty() ? nullptr : &project.legs);
    if (parameterized) applyParameterization(edge, graph.parameterizations[f]);
    // The leg layer's data (Johansen ch. 4): each segment analysed as one gait cycle, hub to
    // hub, then moved onto the edge's clock; the band samples serve the gradient-band blends.
    applyBandSamples(edge);
    const EdgeLocomotionPlan plan = planEdgeLocomotion(project, f);
    applyLocomotion(out, edge, plan.cycles, plan.locomotion);
    applyBlendMode(edge, plan.blend);
    if (const EdgeJoystickChoice* joystick = findJoystickChoice(project.settings, fat.name))
      edge.joystick = applyJoystickChoice(edge.joystick, *joystick);
    out.hubs[fat.fromHub].outgoing.push_back(static_cast<int>(out.edges.size()));
    out.edges.push_back(std::move(edge));
  }
  // Edge indices grow as they are appended, so each outgoing list is already ascending; the
  // default is the edge with most segments (the richest blend), ties to the lowest index.
  for (RuntimeHub& hub : out.hubs) {
    for (int e : hub.outgoing)
      if (hub.defaultEdge < 0 || out.edges[e].segments.size() > out.edges[hub.defaultEdge].segments.size())
        hub.defaultEdge = e;
    if (out.startEdge < 0) out.startEdge = hub.defaultEdge;
  }
  // The character's body: the user's own mesh when the project has one (its four strongest
  // influences per vertex), else generated from the skeleton, bound in its rest pose. A
  // skeleton without a bone of any length (a lone root) has nothing to wrap: no body then,
  // which every reader handles; an invalid skeleton fails validate() below anyway.
  out.body = project.character.empty() ? generatedBodyOrNone(project.skeleton)
                                       : toSkinnedMesh(project.character.mesh);
  if (const std::string problem = out.validate(); !problem.empty())
    throw Error("runtime graph: " + problem);
  applyControlData(out);
  return out;
}

}  // namespace fatgraph
