// Fat edges parameterized on the processes of a distributed build (`mpirun -np K fatgraph
// build`): an edge larger than a process's fair share by all of them together, its blends
// split (forEachWithProbe); every other edge whole on one process, the results handed round
// as the project file's own encoding (parameterization_image.h). Every process ends with the
// same bits as one process would.
#include <algorithm>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/io/parameterization_image.h"
#include "parameterization_steps.h"

namespace fatgraph::param {
namespace {

// An edge's relative cost: its blends (samples, grid vertices, accuracy targets) each mix
// every segment S of the edge and play it to the measured time, about the reference length L.
// Fitted on the 48 edges of a 15,688-frame build (time = 0.09 s + 0.76 ms x S(L + 5) at the
// default 300 samples and 32 x 32 grid; docs/SCALING.md), scaled by the blends asked for.
double edgeCost(const Project& project, const FatEdge& edge) {
  const ParameterizationSettings s = effectiveParameterSettings(project, edge.name);
  const auto& segments = project.graph.segments;
  const double length = edge.reference >= 0 && edge.reference < static_cast<int>(segments.size())
                            ? segments[static_cast<size_t>(edge.reference)].frameCount()
                            : 0.0;
  const double blends = (double(s.samples) + double(s.grid) * double(s.grid)) / (300.0 + 32.0 * 32.0);
  return (double(edge.segments.size()) * (length + 5.0) + 120.0) * blends;
}

// What the parameterizations are made from in the graph: each edge's member frame ranges,
// reference and warps (the settings are the costs' business).
uint64_t edgesHash(const Project& project) {
  uint64_t h = hashBytes(nullptr, 0);
  for (const FatEdge& e : project.graph.fatEdges) {
    for (int s : e.segments) {
      const Segment& seg = project.graph.segments.at(static_cast<size_t>(s));
      const int range[4] = {seg.clip, seg.first, seg.last, s == e.reference};
      h = hashBytes(range, sizeof range, h);
    }
    for (const WarpMap& w : e.warps) h = hashVector(w.to, hashVector(w.from, h));
  }
  return h;
}

}  // namespace

std::vector<EdgeParameterization> spreadEdgeParameterizations(const Project& project, const ProgressCallback& progress,
                                                              int threads, WorkSpread& spread) {
  const std::vector<FatEdge>& edges = project.graph.fatEdges;
  std::vector<double> costs;
  for (const FatEdge& e : edges) costs.push_back(edgeCost(project, e));
  // An edge that costs more than a process's fair share would leave the others waiting for
  // it: every process parameterizes it together, its blends split between them (one after
  // another, the largest first). The other edges are dealt out whole.
  double total = 0;
  for (double c : costs) total += c;
  const double fairShare = total / std::max(1, spread.processes());
  std::vector<int> together, dealt;
  for (size_t e = 0; e < edges.size(); ++e) {
    (spread.processes() > 1 && costs[e] > fairShare ? together : dealt).push_back(static_cast<int>(e));
  }
  std::stable_sort(together.begin(), together.end(), [&](int a, int b) { return costs[static_cast<size_t>(a)] > costs[static_cast<size_t>(b)]; });
  std::vector<EdgeParameterization> out(edges.size());
  // Progress runs by cost: the shared edges first, then the dealt ones.
  auto part = [&](double from, double to) {
    return progress ? ProgressCallback([=](double f) { return progress(from + (to - from) * f); }) : ProgressCallback();
  };
  double done = 0;
  for (int e : together) {
    const double c = costs[static_cast<size_t>(e)] / total;
    out[static_cast<size_t>(e)] = parameterizeEdgeOn(project, e, part(done, done + c), threads, &spread);
    done += c;
  }
  const ProgressCallback rest = part(done, 1.0);
  std::vector<double> dealtCosts;
  for (int e : dealt) dealtCosts.push_back(costs[static_cast<size_t>(e)]);
  const std::vector<ItemShare> shares = spread.spread("parameterization", dealtCosts, [&](const std::vector<int>& items) {
    std::vector<int> mine;
    for (int k : items) mine.push_back(dealt[static_cast<size_t>(k)]);
    return parameterizationsImage(parameterizeEdges(project, mine, rest, threads));
  }, ItemSplit::Balanced, edgesHash(project));
  for (size_t s = 0; s < shares.size(); ++s) {
    std::vector<EdgeParameterization> got =
        readParameterizationsImage(shares[s].bytes, "the parameterizations of process " + std::to_string(s));
    if (got.size() != shares[s].items.size()) {
      throw Error("the parameterizations of process " + std::to_string(s) + " hold " + std::to_string(got.size()) +
                  " edges, " + std::to_string(shares[s].items.size()) + " were expected");
    }
    for (size_t k = 0; k < got.size(); ++k) {
      out[static_cast<size_t>(dealt[static_cast<size_t>(shares[s].items[k])])] = std::move(got[k]);
    }
  }
  return out;
}

}  // namespace fatgraph::param
