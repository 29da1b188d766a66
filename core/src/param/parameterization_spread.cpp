// Fat edges parameterized on the processes of a distributed build (`mpirun -np K fatgraph
// build`): each edge whole on one process, the results handed round as the project file's own
// encoding (parameterization_image.h), so every process ends with the same bits.
#include "fatgraph/core/error.h"
#include "fatgraph/core/parameterization.h"
#include "fatgraph/core/parameterization_image.h"
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
  const std::vector<ItemShare> shares = spread.spread("parameterization", costs, [&](const std::vector<int>& items) {
    return parameterizationsImage(parameterizeEdges(project, items, progress, threads));
  }, ItemSplit::Balanced, edgesHash(project));
  std::vector<EdgeParameterization> out(edges.size());
  for (size_t s = 0; s < shares.size(); ++s) {
    std::vector<EdgeParameterization> got =
        readParameterizationsImage(shares[s].bytes, "the parameterizations of process " + std::to_string(s));
    if (got.size() != shares[s].items.size()) {
      throw Error("the parameterizations of process " + std::to_string(s) + " hold " + std::to_string(got.size()) +
                  " edges, " + std::to_string(shares[s].items.size()) + " were expected");
    }
    for (size_t k = 0; k < got.size(); ++k) out[static_cast<size_t>(shares[s].items[k])] = std::move(got[k]);
  }
  return out;
}

}  // namespace fatgraph::param
