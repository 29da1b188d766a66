#include "graph_summary.h"

#include <algorithm>
#include <cmath>
#include <iomanip>

#include "fatgraph/core/locomotion/edge_locomotion.h"
#include "fatgraph/core/graph/graph_coverage.h"
#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/graph/hub_groups.h"

namespace fatgraph::cli {

std::string hubName(const MotionGraph& g, int hub) {
  return hub >= 0 && hub < static_cast<int>(g.hubs.size()) ? g.hubs[hub].name : std::string("(none)");
}

nlohmann::json fatEdgeJson(const MotionGraph& g, const FatEdge& e) {
  return {{"name", e.name}, {"from", hubName(g, e.fromHub)}, {"to", hubName(g, e.toHub)}, {"segments", e.segments.size()}};
}

namespace {

int totalFrames(const Project& p) {
  int n = 0;
  for (const Clip& c : p.clips) n += c.frameCount();
  return n;
}

// The frame in the source file, at its own rate (what a user finds in their BVH).
int sourceFrame(const Project& p, const FrameRef& f) {
  return static_cast<int>(std::lround(p.clips[f.clip].sourceFrame(f.frame)));
}

// True when every segment of the edge lies in a generated clip (a transition the build made).
bool generatedEdge(const Project& p, const FatEdge& e) {
  return !e.segments.empty() && std::all_of(e.segments.begin(), e.segments.end(), [&](int s) {
    return p.clips[static_cast<size_t>(p.graph.segments[static_cast<size_t>(s)].clip)].generated.has_value();
  });
}

bool parameterized(const MotionGraph& g) {
  return !g.parameterizations.empty() && g.parameterizations.size() == g.fatEdges.size();
}

// An error in metres (null only if it were not finite). A 0D space has no random targets:
// every stick position plays the one motion and reaches its one sample, so its error is 0.
nlohmann::json errorJson(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

// The keys docs/DESIGN.md adds to a fat edge once it is parameterized.
void addParameterization(nlohmann::json& edge, const Project& p, const EdgeParameterization& e) {
  edge["param_error_median_m"] = errorJson(e.achieved.median3d);
  edge["param_error_p95_m"] = errorJson(e.achieved.p95_3d);
  edge["param_error_median_m_unrefined"] = errorJson(e.plain.median3d);
  // The same targets measured in the plane the stick controls (the 3D figure adds the
  // samples' own scatter off the plane, which no lookup removes).
  edge["param_error_plane_median_m"] = errorJson(e.achieved.medianPlane);
  edge["param_error_plane_median_m_unrefined"] = errorJson(e.plain.medianPlane);
  edge["param_dimension"] = e.plane.dimension;
  edge["param_joint"] = e.joint >= 0 && e.joint < p.skeleton.jointCount() ? p.skeleton.names[e.joint] : std::string();
  edge["param_time_s"] = e.referenceTime;
  edge["param_refined"] = e.refined;
  edge["param_targets"] = e.achieved.targets;
  edge["param_reason"] = e.jointReason;
  edge["param_notes"] = e.notes;
}

GraphCoverage coverageOf(const Project& p) { return projectCoverage(p); }

}  // namespace

nlohmann::json coverageJson(const Project& p) {
  const GraphCoverage cov = coverageOf(p);
  nlohmann::json clips = nlohmann::json::array();
  for (const ClipCoverage& c : cov.clips) {
    if (p.clips[c.clip].generated) continue;  // made by the build: no captured frames
    clips.push_back({{"clip", p.clips[c.clip].name}, {"fraction", c.fraction}});
  }
  return {{"overall", cov.overall}, {"clips", clips}};
}

nlohmann::json hubsJson(const Project& p) {
  nlohmann::json hubs = nlohmann::json::array();
  for (const Hub& h : p.graph.hubs) {
    const Clip& c = p.clips[h.frame.clip];
    hubs.push_back({{"name", h.name},
                    {"clip", c.name},
                    {"frame", sourceFrame(p, h.frame)},
                    {"time_s", h.frame.frame / c.fps},
                    {"match_set_size", h.matchSet.size()}});
  }
  return hubs;
}

static void addLocomotion(nlohmann::json& j, const Project& p, size_t edge) {
  const EdgeLocomotionPlan plan = planEdgeLocomotion(p, edge, false);
  j["locomotion"] = plan.locomotion;
  j["locomotion_reason"] = plan.reason;
  j["blend"] = blendModeName(plan.blend);
  if (!plan.locomotion) return;
  // The reference segment's own cycle (its clock is the edge's): where a user checks the gait.
  const CycleAnalysis& c = plan.cycles[plan.reference];
  nlohmann::json legs = nlohmann::json::array();
  for (const LegCycle& l : c.legs) {
    legs.push_back({{"name", l.name},
                    {"stance_time", l.stanceTime},
                    {"foot_strike", l.keys.footStrike},
                    {"foot_off", l.keys.footOff},
                    {"stride_m", l.strideLength}});
  }
  j["cycle"] = {{"duration_s", c.duration}, {"distance_m", c.distance}, {"speed_mps", c.speed}, {"legs", legs}};
}

nlohmann::json fatEdgeParameterJson(const Project& p, size_t edge) {
  nlohmann::json j = {{"locomotion", false}, {"blend", "grid"}, {"param_error_median_m", nullptr},
                      {"param_error_p95_m", nullptr}, {"param_error_median_m_unrefined", nullptr}};
  if (edge < p.graph.fatEdges.size()) addLocomotion(j, p, edge);
  if (parameterized(p.graph) && edge < p.graph.parameterizations.size()) {
    addParameterization(j, p, p.graph.parameterizations[edge]);
  }
  return j;
}

// The user's character, and when it brought its own skeleton the joint map (retargeting.h).
nlohmann::json characterJson(const Project& p) {
  const ProjectCharacter& c = p.character;
  if (c.empty()) return nullptr;
  nlohmann::json j = {{"source", c.source}, {"vertices", c.mesh.vertexCount()}, {"retargeted", c.retargeted()}};
  if (!c.retargeted()) return j;
  nlohmann::json map = nlohmann::json::array();
  for (int k = 0; k < p.skeleton.jointCount(); ++k) {
    map.push_back({{"joint", p.skeleton.names[k]},
                   {"follows", c.follows[k].empty() ? nlohmann::json() : nlohmann::json(c.follows[k])},
                   {"matched_by", jointMatchName(c.matchedBy[k])}});
  }
  j["joint_map"] = map;
  j["clips_skeleton_joints"] = c.clipsSkeleton.skeleton.jointCount();
  return j;
}

void printCharacter(std::ostream& out, const Project& p) {
  const ProjectCharacter& c = p.character;
  if (c.empty()) return;
  out << "character " << c.source << ", " << c.mesh.vertexCount() << " vertices";
  if (!c.retargeted()) {
    out << ", on the clips' skeleton\n";
    return;
  }
  int counts[4] = {0, 0, 0, 0};
  for (JointMatch m : c.matchedBy) ++counts[static_cast<int>(m)];
  out << ", its own skeleton: " << p.skeleton.jointCount() - counts[0] << " of " << p.skeleton.jointCount()
      << " joints follow the clips' (" << counts[1] << " by name, " << counts[2] << " by geometry, " << counts[3]
      << " chosen)\n";
}

nlohmann::json transitionOriginJson(const TransitionOrigin& o) {
  return {{"from_clip", o.fromClip}, {"from_frame", o.fromFrame},       {"to_clip", o.toClip},
          {"to_frame", o.toFrame},   {"blend_frames", o.blendFrames},   {"lead_frames", o.leadFrames},
          {"from_hub", o.fromHub},   {"to_hub", o.toHub},               {"pose_gap_m", o.poseGapRms}};
}

// Hub groups (hub_groups.h) that hold at least one locomotion edge (`edges` as summarized).
static size_t locomotionHubGroups(const Project& p, const nlohmann::json& edges) {
  size_t count = 0;
  for (const std::vector<int>& group : hubGroups(p.graph)) {
    bool locomotion = false;
    for (size_t e = 0; e < p.graph.fatEdges.size() && !locomotion; ++e) {
      const FatEdge& edge = p.graph.fatEdges[e];
      locomotion = edges[e].value("locomotion", false) &&
                   std::find(group.begin(), group.end(), edge.fromHub) != group.end();
    }
    count += locomotion ? 1 : 0;
  }
  return count;
}

nlohmann::json graphSummaryJson(const Project& p) {
  const MotionGraph& g = p.graph;
  const nlohmann::json hubs = hubsJson(p);
  nlohmann::json edges = nlohmann::json::array();
  for (size_t i = 0; i < g.fatEdges.size(); ++i) {
    const FatEdge& e = g.fatEdges[i];
    nlohmann::json edge = fatEdgeJson(g, e);
    edge["generated"] = generatedEdge(p, e);
    edge["locomotion"] = false;
    edge["blend"] = "grid";
    addLocomotion(edge, p, i);
    if (parameterized(g)) addParameterization(edge, p, g.parameterizations[i]);
    edges.push_back(std::move(edge));
  }
  nlohmann::json clips = nlohmann::json::array();
  for (const Clip& c : p.clips) {
    nlohmann::json clip = {{"name", c.name}, {"frames", c.frameCount()}, {"source", c.source}};
    if (c.generated) clip["generated"] = transitionOriginJson(*c.generated);
    clips.push_back(std::move(clip));
  }
  // The editor's action mapping (bind_action): what each key or pad button asks for.
  nlohmann::json actions = nlohmann::json::array();
  for (const ActionBinding& b : p.settings.actionBindings) actions.push_back({{"input", b.input}, {"edge", b.edge}});
  return {{"frames", totalFrames(p)},
          {"fps", p.settings.fps},
          {"window", p.settings.window},
          {"clips", clips},
          {"hubs", hubs},
          // Groups the player can move between: 1 when every hub is reachable from every other.
          {"hub_groups", hubGroups(g).size()},
          // The same counted over the groups that hold a locomotion edge: 1 when the character
          // can walk from any gait to any other.
          {"locomotion_hub_groups", locomotionHubGroups(p, edges)},
          {"generated_transitions", generatedClips(p).size()},
          // What the stick of the exported graph means (RuntimeGraph::stick).
          {"stick", projectStickMeaning(p) == StickMeaning::Velocity ? "velocity" : "plane"},
          {"segments", g.segments.size()},
          {"entries", g.entries.size()},
          {"exits", g.exits.size()},
          {"fat_edges", edges},
          {"coverage", coverageJson(p)},
          {"character", characterJson(p)},
          {"actions", actions},
          {"thresholds", {{"hub", g.hubThreshold.rms},
                          {"edge", g.edgeThreshold.rms},
                          {"hub_method", g.hubThreshold.method},
                          {"edge_method", g.edgeThreshold.method}}}};
}

void printGraphSummary(std::ostream& out, const Project& p) {
  const MotionGraph& g = p.graph;
  out << std::fixed << std::setprecision(3);
  out << p.clips.size() << " clip(s), " << totalFrames(p) << " frames at " << p.settings.fps
      << " fps, window " << p.settings.window << " frames\n";
  printCharacter(out, p);
  out << "hub threshold " << g.hubThreshold.rms << " m (" << g.hubThreshold.method << ")\n";
  for (const Hub& h : g.hubs) {
    const Clip& c = p.clips[h.frame.clip];
    out << "  " << h.name << ": " << c.name << " frame " << sourceFrame(p, h.frame) << " ("
        << h.frame.frame / c.fps << " s), match set of " << h.matchSet.size() << "\n";
  }
  out << g.segments.size() << " segments between hubs (+" << g.entries.size() << " entry, "
      << g.exits.size() << " exit pieces)\n";
  out << "edge threshold " << g.edgeThreshold.rms << " m (" << g.edgeThreshold.method << ")\n";
  out << g.fatEdges.size() << " fat edge(s):\n";
  for (size_t i = 0; i < g.fatEdges.size(); ++i) {
    const FatEdge& e = g.fatEdges[i];
    out << "  " << e.name << ": " << hubName(g, e.fromHub) << " -> " << hubName(g, e.toHub) << ", "
        << e.segments.size() << " segment(s)" << (generatedEdge(p, e) ? ", generated transition" : "") << "\n";
    const EdgeLocomotionPlan plan = planEdgeLocomotion(p, i, false);
    out << "    " << (plan.locomotion ? "locomotion" : "not locomotion") << " (" << plan.reason << "), blend "
        << blendModeName(plan.blend) << "\n";
    if (!parameterized(g)) continue;
    // One line per edge: what steers it and how close the blend lands to the stick's target.
    const EdgeParameterization& q = g.parameterizations[i];
    out << "    " << p.skeleton.names[q.joint] << " at " << std::setprecision(2) << q.referenceTime << " s, "
        << q.plane.dimension << "D";
    if (q.achieved.targets > 0) {
      out << std::setprecision(1) << ", error median " << 1000 * q.achieved.median3d << " mm, p95 "
          << 1000 * q.achieved.p95_3d << " mm (plain grid " << 1000 * q.plain.median3d << " mm)";
    }
    out << std::setprecision(3) << "\n";
  }
  // Coverage: the share of each clip's frames inside fat edges (the rest the graph cannot play).
  const GraphCoverage cov = coverageOf(p);
  out << std::setprecision(1) << "coverage " << 100.0 * cov.overall << " % of all frames inside fat edges\n";
  for (const ClipCoverage& c : cov.clips) {
    if (p.clips[c.clip].generated) continue;  // made by the build: no captured frames
    out << "  " << p.clips[c.clip].name << ": " << 100.0 * c.fraction << " % (" << c.coveredFrames
        << " of " << c.frames << " frames)\n";
  }
  for (const ActionBinding& b : p.settings.actionBindings) out << "action " << b.input << " asks for " << b.edge << "\n";
  out << std::setprecision(3);
}

}  // namespace fatgraph::cli
