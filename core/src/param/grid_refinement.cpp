// Refining the weight grid (docs/ALGORITHMS.md F). Fat Graph §4 interpolates weights
// linearly over the Delaunay triangles and admits the blend then misses its target: the
// blended joint position is not linear in the weights, and the samples only lie near a plane.
// Each grid vertex inside or near the hull is therefore corrected by a few projected
// Gauss-Newton steps on its weight vector: residual r(w) = blend(w) - target (3D, the point
// on the piecewise-linear surface through the samples at the vertex's plane point), Jacobian
// by finite differences over the vertex's active segments, a Levenberg-damped step, then
// projection back onto the simplex (weights non-negative, summing to one) so the grid stays
// a valid blend everywhere. A step is kept only when it lowers the vertex's error, so a
// refined vertex is never worse than its plain one. (The second pass, which fits the vertices
// to the cell centres the lookup actually visits, is cell_refinement.cpp.)
#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "parameterization_steps.h"

namespace fatgraph::param {
namespace {

constexpr int kIterations = 6;           // Gauss-Newton steps per vertex
constexpr int kMaxActive = 8;            // weights varied per vertex (bounded cost)
constexpr int kSeedSamples = 3;          // nearest samples tried as starting points
constexpr double kSeedFactor = 0.5;      // a sample seeds a vertex only when this much closer
constexpr double kSeedAbove = 0.01;      // metres: ... and the plain weights miss by more
constexpr double kDifference = 0.02;     // finite-difference step on one weight
constexpr double kDamping = 1e-3;        // Levenberg damping, relative to the mean curvature
constexpr double kPrior = 1e-4;          // pull towards the start weights, likewise relative
constexpr double kGoodEnough = 2e-5;     // metres: stop refining a vertex below this error
constexpr double kNearHullCells = 1.5;   // vertices this many cell diagonals outside are refined


// Vertices that differ: a flat axis (collinear sites) repeats one row or column.
struct GridShape {
  int g = 0, nx = 0, ny = 0;
  explicit GridShape(const WeightGrid& grid)
      : g(grid.resolution), nx(grid.maxCorner.x() > grid.minCorner.x() ? g : 1),
        ny(grid.maxCorner.y() > grid.minCorner.y() ? g : 1) {}
  int count() const { return nx * ny; }
  /// The grid index of item k of count().
  size_t at(int k) const { return static_cast<size_t>((k / nx) * g + k % nx); }
  void copyToRepeats(std::vector<float>& perVertex, int width) const {
    for (int iy = 0; iy < g; ++iy) {
      for (int ix = 0; ix < g; ++ix) {
        const int from = (std::min(iy, ny - 1) * g + std::min(ix, nx - 1)) * width;
        const int to = (iy * g + ix) * width;
        if (from != to) std::copy_n(perVertex.begin() + from, width, perVertex.begin() + to);
      }
    }
  }
};

Eigen::VectorXd vertexWeights(const WeightGrid& grid, int ix, int iy) {
  const float* w = grid.vertexWeights(ix, iy);
  Eigen::VectorXd out(grid.segmentCount);
  for (int s = 0; s < grid.segmentCount; ++s) out[s] = w[s];
  return out;
}

// The segments whose weights the vertex may change: those its start uses (the largest when
// there are many). A start that is one segment alone also gets the dominant segment of each
// corner of the triangle under the vertex, so it can move towards its neighbours.
std::vector<int> activeSegments(const Eigen::VectorXd& w, const std::vector<int>& corners,
                                const WeightTriangulation& tri) {
  std::vector<int> active;
  for (Eigen::Index s = 0; s < w.size(); ++s) {
    if (w[s] > 1e-6) active.push_back(static_cast<int>(s));
  }
  std::sort(active.begin(), active.end(), [&](int a, int b) { return w[a] > w[b]; });
  if (active.size() > static_cast<size_t>(kMaxActive)) active.resize(kMaxActive);
  if (active.size() < 2) {
    for (int c : corners) {
      Eigen::Index best = 0;
      tri.weights[static_cast<size_t>(c)].maxCoeff(&best);
      if (std::find(active.begin(), active.end(), static_cast<int>(best)) == active.end()) {
        active.push_back(static_cast<int>(best));
      }
    }
  }
  return active;
}

// Projected Gauss-Newton on one vertex; returns the error reached and updates w. With more
// segments than the 3 coordinates of the target, many weight vectors hit it; a weak pull
// towards the start (the plain, barycentric weights) picks the one nearest them, so
// neighbouring vertices choose alike and the bilinear lookup between them stays on target.
double refineVertex(BlendProbe::Worker& worker, Eigen::VectorXd& w, const Eigen::Vector3d& target,
                    const std::vector<int>& active) {
  Eigen::Vector3d at = worker.reach(w);
  double error = (at - target).norm();
  const auto m = static_cast<Eigen::Index>(active.size());
  if (m < 2) return error;  // one segment alone: nothing to trade
  Eigen::VectorXd prior(m);
  for (Eigen::Index k = 0; k < m; ++k) prior[k] = w[active[static_cast<size_t>(k)]];
  const double mass = prior.sum();  // the inactive weights stay as they are
  Eigen::Matrix<double, 3, Eigen::Dynamic> jacobian(3, m);
  for (int it = 0; it < kIterations && error > kGoodEnough; ++it) {
    Eigen::VectorXd current(m);
    for (Eigen::Index k = 0; k < m; ++k) current[k] = w[active[static_cast<size_t>(k)]];
    for (Eigen::Index k = 0; k < m; ++k) {
      Eigen::VectorXd moved = w;
      moved[active[static_cast<size_t>(k)]] += kDifference;  // the runtime renormalizes
      jacobian.col(k) = (worker.reach(moved) - at) / kDifference;
    }
    const Eigen::MatrixXd normal = jacobian.transpose() * jacobian;
    const double scale = normal.trace() / static_cast<double>(m) + 1e-12;
    const double damping = kDamping * scale, pull = kPrior * scale;
    const Eigen::VectorXd step =
        -(normal + (damping + pull) * Eigen::MatrixXd::Identity(m, m))
             .ldlt()
             .solve(jacobian.transpose() * (at - target) + pull * (current - prior));
    bool improved = false;
    for (double f = 1.0; f >= 0.25 && !improved; f *= 0.5) {
      const Eigen::VectorXd sub = projectToSimplex(current + f * step, mass);
      Eigen::VectorXd candidate = w;
      for (Eigen::Index k = 0; k < m; ++k) candidate[active[static_cast<size_t>(k)]] = sub[k];
      const Eigen::Vector3d reached = worker.reach(candidate);
      const double e = (reached - target).norm();
      if (e < error) {
        w = candidate;
        at = reached;
        error = e;
        improved = true;
      }
    }
    if (!improved) break;
  }
  return error;
}

// The best start for a vertex: its plain weights, or one of the samples whose measured
// position lies nearest its target. Where blending is far from linear (segments that turn
// opposite ways), the barycentric weights can land decimetres off while a sample a few
// centimetres away is known exactly; Gauss-Newton then starts in the right basin.
Eigen::VectorXd startWeights(BlendProbe::Worker& worker, const WeightGrid& plain, int ix, int iy,
                             const Eigen::Vector3d& target, const std::vector<Eigen::VectorXd>& sampleWeights,
                             const std::vector<Eigen::Vector3d>& samplePositions) {
  Eigen::VectorXd best = vertexWeights(plain, ix, iy);
  double bestError = (worker.reach(best) - target).norm();
  std::vector<std::pair<double, size_t>> nearest;
  for (size_t i = 0; i < samplePositions.size(); ++i) nearest.emplace_back((samplePositions[i] - target).norm(), i);
  const auto k = std::min<size_t>(kSeedSamples, nearest.size());
  std::partial_sort(nearest.begin(), nearest.begin() + static_cast<std::ptrdiff_t>(k), nearest.end());
  for (size_t n = 0; n < k; ++n) {
    if (nearest[n].first < kSeedFactor * bestError && bestError > kSeedAbove) {
      bestError = nearest[n].first;
      best = sampleWeights[nearest[n].second];
    }
  }
  return best;
}

}  // namespace

// Euclidean projection of v onto the simplex {x >= 0, sum x = mass} (sort-based; Held,
// Wolfe and Crowder 1974): the nearest vector of non-negative weights with that sum.
Eigen::VectorXd projectToSimplex(const Eigen::VectorXd& v, double mass) {
  std::vector<double> u(v.data(), v.data() + v.size());
  std::sort(u.begin(), u.end(), std::greater<>());
  double sum = 0, theta = 0;
  for (size_t j = 0; j < u.size(); ++j) {
    sum += u[j];
    const double t = (sum - mass) / static_cast<double>(j + 1);
    if (u[j] - t > 0) theta = t;
  }
  return (v.array() - theta).cwiseMax(0.0).matrix();
}

WeightGrid refineGrid(const BlendProbe& probe, const WeightGrid& plain,
                      const EdgeParameterization& samples, const SampleSurface& surface,
                      std::vector<float>& vertexError, const ProgressCallback& progress) {
  const WeightTriangulation& triangulation = samples.triangulation;
  WeightGrid refined = plain;
  const GridShape shape(plain);
  const int g = plain.resolution, s = plain.segmentCount;
  vertexError.assign(static_cast<size_t>(g) * g, 0.0f);
  const double cellDiagonal = (plain.maxCorner - plain.minCorner).norm() / std::max(1, g - 1);
  forEachWithProbe(
      probe, shape.count(),
      [&](BlendProbe::Worker& worker, int k) {
        const int ix = k % shape.nx, iy = k / shape.nx;
        const Eigen::Vector2d p = plain.vertex(ix, iy);
        const Eigen::Vector3d target = surface.target(p);
        Eigen::VectorXd w = vertexWeights(plain, ix, iy);
        double error = 0;
        if (surface.distanceToHull(p) <= kNearHullCells * cellDiagonal) {
          w = startWeights(worker, plain, ix, iy, target, samples.sampleWeights, samples.samplePositions);
          error = refineVertex(worker, w, target, activeSegments(w, surface.cornersAt(p), triangulation));
        } else {
          error = (worker.reach(w) - target).norm();
        }
        const auto at = static_cast<size_t>(iy * g + ix);
        float* out = refined.weights.data() + at * static_cast<size_t>(s);
        for (int i = 0; i < s; ++i) out[i] = static_cast<float>(w[i]);
        vertexError[at] = static_cast<float>(error);
      },
      progress, 0,
      {{[&](int k) -> void* { return refined.weights.data() + shape.at(k) * static_cast<size_t>(s); }, sizeof(float) * s},
       {[&](int k) -> void* { return vertexError.data() + shape.at(k); }, sizeof(float)}});
  shape.copyToRepeats(refined.weights, s);
  shape.copyToRepeats(vertexError, 1);
  return refined;
}

std::vector<float> gridVertexErrors(const BlendProbe& probe, const WeightGrid& grid,
                                    const SampleSurface& surface, const ProgressCallback& progress) {
  const GridShape shape(grid);
  const int g = grid.resolution;
  std::vector<float> errors(static_cast<size_t>(g) * g, 0.0f);
  forEachWithProbe(
      probe, shape.count(),
      [&](BlendProbe::Worker& worker, int k) {
        const int ix = k % shape.nx, iy = k / shape.nx;
        const Eigen::Vector3d reached = worker.reach(vertexWeights(grid, ix, iy));
        errors[static_cast<size_t>(iy * g + ix)] = static_cast<float>((reached - surface.target(grid.vertex(ix, iy))).norm());
      },
      progress, 0, {{[&](int k) -> void* { return errors.data() + shape.at(k); }, sizeof(float)}});
  shape.copyToRepeats(errors, 1);
  return errors;
}

}  // namespace fatgraph::param
