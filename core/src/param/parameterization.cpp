// Parameterizing fat edges (Fat Graph §4; docs/ALGORITHMS.md F): the pipeline from sampled
// blends to a measured, refined weight grid, and its upkeep when the graph changes.
#include "fatgraph/core/param/parameterization.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "fatgraph/core/model/error.h"
#include "parameterization_steps.h"

namespace fatgraph {
namespace {

// Float blending leaves about a micrometre of noise on the positions; spreads below these
// count as flat (a thousandth of the largest spread) or as one point (0.1 mm), so two
// segments give a line and identical segments a point rather than slivers of noise.
constexpr double kFlatRelative = 1e-3;
constexpr double kCoincidentMetres = 1e-4;
constexpr double kMergeMetres = 1e-6;
constexpr int kAccuracyTargets = 500;  // ALGORITHMS.md B.5: at least 500

// Maps a stage's progress into [from, to] of the edge's progress.
ProgressCallback stage(const ProgressCallback& overall, double from, double to) {
  if (!overall) return {};
  return [=](double f) { return overall(from + (to - from) * std::clamp(f, 0.0, 1.0)); };
}

void report(const ProgressCallback& progress, double f) {
  if (progress && !progress(f)) throw Cancelled();
}

bool sameSettings(const ParameterizationSettings& a, const ParameterizationSettings& b) {
  return a.samples == b.samples && a.grid == b.grid && a.refine == b.refine && a.seed == b.seed;
}

// What a parameterization depends on in the graph: member frame ranges in order, the
// reference, the warps.
using EdgeKey = std::tuple<std::vector<std::tuple<int, int, int>>, int, std::vector<std::vector<double>>>;

EdgeKey edgeKey(const FatEdge& e, const std::vector<Segment>& segments) {
  EdgeKey k;
  for (size_t i = 0; i < e.segments.size(); ++i) {
    const int s = e.segments[i];
    if (s < 0 || s >= static_cast<int>(segments.size())) return {};
    const Segment& seg = segments[static_cast<size_t>(s)];
    std::get<0>(k).emplace_back(seg.clip, seg.first, seg.last);
    if (s == e.reference) std::get<1>(k) = static_cast<int>(i);
  }
  for (const WarpMap& w : e.warps) {
    std::vector<double> knots = w.from;
    knots.insert(knots.end(), w.to.begin(), w.to.end());
    std::get<2>(k).push_back(std::move(knots));
  }
  return k;
}

bool fitsChoice(const EdgeParameterization& p, const EdgeParameterChoice& c) {
  if (p.jointAutomatic != (c.joint < 0) || p.timeAutomatic != (c.timeSeconds < 0)) return false;
  if (c.joint >= 0 && p.joint != c.joint) return false;
  return c.timeSeconds < 0 || std::abs(p.referenceTime - c.timeSeconds) < 1e-12;
}

}  // namespace

ParameterizationSettings effectiveParameterSettings(const Project& project, const std::string& name,
                                                    EdgeParameterChoice* choice) {
  ParameterizationSettings s = project.settings.parameterization;
  EdgeParameterChoice c;
  for (const EdgeParameterChoice& candidate : project.settings.edgeParameterChoices) {
    if (candidate.edge == name) c = candidate;
  }
  if (c.samples > 0) s.samples = c.samples;
  if (c.grid > 0) s.grid = c.grid;
  if (choice) *choice = c;
  return s;
}

EdgeParameterization parameterizeEdge(const Project& project, int fatEdge, const ProgressCallback& progress,
                                      int threads) {
  return param::parameterizeEdgeOn(project, fatEdge, progress, threads, nullptr);
}

EdgeParameterization param::parameterizeEdgeOn(const Project& project, int fatEdge, const ProgressCallback& progress,
                                               int threads, WorkSpread* blendSpread) {
  const MotionGraph& g = project.graph;
  if (fatEdge < 0 || fatEdge >= static_cast<int>(g.fatEdges.size())) {
    throw Error("fat edge " + std::to_string(fatEdge) + " does not exist");
  }
  const FatEdge& edge = g.fatEdges[static_cast<size_t>(fatEdge)];
  EdgeParameterChoice choice;
  EdgeParameterization r;
  r.edge = edge.name;
  r.settings = effectiveParameterSettings(project, edge.name, &choice);
  if (r.settings.samples < 1) throw Error("edge '" + edge.name + "': samples must be at least 1");
  if (r.settings.grid < 2) throw Error("edge '" + edge.name + "': the grid needs at least 2 vertices per side");
  const ParameterJointChoice jc = chooseParameterJoint(project, fatEdge, choice.joint, choice.timeSeconds);
  r.joint = jc.joint;
  r.referenceTime = jc.time;
  r.jointAutomatic = choice.joint < 0;
  r.timeAutomatic = choice.timeSeconds < 0;
  r.jointReason = jc.reason;

  // 1. Sample blends and record where the joint goes (Fat Graph §4, with §5.1's blending).
  param::BlendProbe probe(project, fatEdge, r.joint, r.referenceTime, threads);
  probe.spreadBlends(blendSpread, static_cast<uint64_t>(fatEdge));
  r.sampleWeights = param::sampleWeightVectors(probe.segmentCount(), probe.referenceSegment(), r.settings.samples,
                                               r.settings.seed, r.notes);
  r.samplePositions.assign(r.sampleWeights.size(), Eigen::Vector3d::Zero());
  param::forEachWithProbe(
      probe, static_cast<int>(r.sampleWeights.size()),
      [&](param::BlendProbe::Worker& w, int i) {
        r.samplePositions[static_cast<size_t>(i)] = w.reach(r.sampleWeights[static_cast<size_t>(i)]);
      },
      stage(progress, 0.0, 0.15), 0,
      {{[&](int i) -> void* { return r.samplePositions[static_cast<size_t>(i)].data(); }, sizeof(Eigen::Vector3d)}});

  // 2-4. Plane (the character faces +Z in the edge-start frame), triangulation, grid.
  r.plane = fitParameterPlane(r.samplePositions, 0.0, kFlatRelative, kCoincidentMetres);
  if (r.plane.dimension < 2 && r.sampleWeights.size() > 1) r.notes.push_back(r.plane.reason);
  r.triangulation = triangulateWeights(r.plane.projected, r.sampleWeights, kMergeMetres);
  if (r.triangulation.dimension == 1 && r.plane.dimension == 2) r.notes.push_back(r.triangulation.reason);
  const WeightGrid plain = buildWeightGrid(r.triangulation, r.settings.grid);
  r.grid = plain;
  const param::SampleSurface surface(r.plane, r.triangulation, r.samplePositions);
  report(progress, 0.2);

  // 5. Accuracy of the plain grid, refinement, accuracy of the refined grid: the same targets.
  const auto targets = param::randomTargets(surface, r.triangulation, kAccuracyTargets, r.settings.seed);
  if (r.triangulation.sites.size() < 2) {
    r.notes.push_back("a single point: every blend of this edge reaches the same position, so there is "
                      "nothing to steer and no accuracy to measure");
  } else if (targets.empty()) {
    r.notes.push_back("the hull is too thin to place accuracy targets in it; the grid is not refined");
  }
  probe.install(r);
  r.plain = param::measureAccuracy(probe, r.plane, surface, targets, stage(progress, 0.2, 0.3));
  r.achieved = r.plain;
  if (r.settings.refine && !targets.empty()) {
    std::vector<float> refinedErrors;
    EdgeParameterization trial = r;
    trial.grid = param::refineGrid(probe, plain, r, surface, refinedErrors, stage(progress, 0.3, 0.5));
    trial.grid = param::refineCells(probe, trial.grid, surface, stage(progress, 0.5, 0.9));
    refinedErrors.clear();  // the second pass moved the vertices: measured again below
    probe.install(trial);
    const ParameterAccuracy refined = param::measureAccuracy(probe, r.plane, surface, targets, stage(progress, 0.9, 1.0));
    // Every vertex is at least as good as before; the interpolation between them usually is
    // too, but a grid is kept only when the honest measurement says so.
    if (refined.median3d <= r.plain.median3d) {
      r.grid = std::move(trial.grid);
      r.refined = true;
      r.achieved = refined;
      r.vertexError = std::move(refinedErrors);
    } else {
      r.notes.push_back("refinement did not lower the median error; the plain grid is kept");
      probe.install(r);
    }
  }
  if (r.vertexError.empty()) r.vertexError = param::gridVertexErrors(probe, r.grid, surface);
  report(progress, 1.0);
  return r;
}

std::vector<EdgeParameterization> param::parameterizeEdges(const Project& project, const std::vector<int>& edges,
                                                          const ProgressCallback& progress, int threads) {
  const auto n = edges.size();
  std::vector<EdgeParameterization> out;
  out.reserve(n);
  for (size_t k = 0; k < n; ++k) {
    out.push_back(parameterizeEdge(project, edges[k], stage(progress, double(k) / double(n), double(k + 1) / double(n)),
                                   threads));
  }
  return out;
}

void parameterizeGraph(Project& project, const ProgressCallback& progress, int threads, WorkSpread* spread) {
  std::vector<EdgeParameterization> out;
  if (spread) {
    out = param::spreadEdgeParameterizations(project, progress, threads, *spread);
  } else {
    std::vector<int> all(project.graph.fatEdges.size());
    for (size_t e = 0; e < all.size(); ++e) all[e] = static_cast<int>(e);
    out = param::parameterizeEdges(project, all, progress, threads);
  }
  project.graph.parameterizations = std::move(out);
}

int updateParameterizations(Project& project, const std::vector<FatEdge>& previousEdges,
                            const std::vector<Segment>& previousSegments,
                            const std::vector<EdgeParameterization>& previous,
                            const ProgressCallback& progress) {
  const MotionGraph& g = project.graph;
  std::vector<EdgeKey> oldKeys;
  for (size_t o = 0; o < previousEdges.size() && o < previous.size(); ++o) {
    oldKeys.push_back(edgeKey(previousEdges[o], previousSegments));
  }
  std::vector<EdgeParameterization> out(g.fatEdges.size());
  std::vector<size_t> todo;
  for (size_t e = 0; e < g.fatEdges.size(); ++e) {
    const FatEdge& edge = g.fatEdges[e];
    EdgeParameterChoice choice;
    const ParameterizationSettings settings = effectiveParameterSettings(project, edge.name, &choice);
    const EdgeKey key = edgeKey(edge, g.segments);
    bool reused = false;
    for (size_t o = 0; o < oldKeys.size() && !reused; ++o) {
      if (oldKeys[o] != key || !sameSettings(previous[o].settings, settings) || !fitsChoice(previous[o], choice)) continue;
      out[e] = previous[o];
      out[e].edge = edge.name;
      reused = true;
    }
    if (!reused) todo.push_back(e);
  }
  for (size_t k = 0; k < todo.size(); ++k) {
    out[todo[k]] = parameterizeEdge(project, static_cast<int>(todo[k]),
                                    stage(progress, double(k) / double(todo.size()), double(k + 1) / double(todo.size())));
  }
  project.graph.parameterizations = std::move(out);
  return static_cast<int>(todo.size());
}

}  // namespace fatgraph
