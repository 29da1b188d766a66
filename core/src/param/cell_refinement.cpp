// The second pass of grid refinement (docs/ALGORITHMS.md F). After the first pass every vertex
// near the hull hits its own target, but the player looks weights up between vertices: the
// bilinear mix of two exact vertices lands off target where the blend is not linear in the
// weights, or where the target surface (piecewise linear over the Delaunay triangles) bends
// inside a cell. This pass moves each vertex's weights to lower the error at the vertex AND at
// the centres of its (up to four) cells, where the runtime's lookup is the plain average of the
// cell's corners, so the grid is fitted where it is used rather than only where it is stored.
// Vertices are visited in four colour classes (ix mod 2, iy mod 2): a cell has exactly one
// corner of each class, so the vertices of one class change in parallel without sharing a cell.
#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>

#include "parameterization_steps.h"

namespace fatgraph::param {
namespace {

constexpr int kSweeps = 2;             // passes over the grid (neighbours move in between)
constexpr int kIterations = 2;         // Gauss-Newton steps per vertex and sweep
constexpr int kMaxActive = 8;          // weights varied per vertex
constexpr double kDifference = 0.02;   // finite-difference step on one weight
constexpr double kDamping = 1e-3;      // Levenberg damping relative to the mean curvature
constexpr double kNearHullCells = 1.5; // as the first pass

struct Point {
  Eigen::Vector3d target;
  int corners[4] = {-1, -1, -1, -1};  // vertex indices averaged (the cell's corners), or the vertex alone
  int count = 0;
};

class CellFit {
 public:
  CellFit(const WeightGrid& grid, const SampleSurface& surface) : grid_(grid), surface_(surface) {}

  // The points vertex (ix, iy) influences: itself and the centres of its cells.
  std::vector<Point> pointsOf(int ix, int iy) const {
    const int g = grid_.resolution;
    std::vector<Point> out;
    Point self;
    self.target = surface_.target(grid_.vertex(ix, iy));
    self.corners[0] = iy * g + ix;
    self.count = 1;
    out.push_back(self);
    for (int cy = iy - 1; cy <= iy; ++cy) {
      for (int cx = ix - 1; cx <= ix; ++cx) {
        if (cx < 0 || cy < 0 || cx > g - 2 || cy > g - 2) continue;
        Point c;
        const Eigen::Vector2d centre = 0.5 * (grid_.vertex(cx, cy) + grid_.vertex(cx + 1, cy + 1));
        if (!surface_.inside(centre)) continue;  // only where targets are measured
        c.target = surface_.target(centre);
        c.corners[0] = cy * g + cx, c.corners[1] = cy * g + cx + 1;
        c.corners[2] = (cy + 1) * g + cx, c.corners[3] = (cy + 1) * g + cx + 1;
        c.count = 4;
        out.push_back(c);
      }
    }
    return out;
  }

  // Residuals at `points` with vertex `v` holding `w` (the others as in `weights`).
  Eigen::VectorXd residual(BlendProbe::Worker& worker, const std::vector<float>& weights, int v,
                           const Eigen::VectorXd& w, const std::vector<Point>& points) const {
    const int s = grid_.segmentCount;
    Eigen::VectorXd r(3 * static_cast<Eigen::Index>(points.size()));
    Eigen::VectorXd mix(s);
    for (size_t i = 0; i < points.size(); ++i) {
      mix.setZero();
      for (int k = 0; k < points[i].count; ++k) {
        const int c = points[i].corners[k];
        if (c == v) {
          mix += w;
        } else {
          for (int j = 0; j < s; ++j) mix[j] += weights[static_cast<size_t>(c) * s + j];
        }
      }
      r.segment<3>(3 * static_cast<Eigen::Index>(i)) = worker.reach(mix) - points[i].target;
    }
    return r;
  }

 private:
  const WeightGrid& grid_;
  const SampleSurface& surface_;
};


void fitVertex(BlendProbe::Worker& worker, const CellFit& fit, std::vector<float>& weights, int v, int s,
               const std::vector<Point>& points) {
  Eigen::VectorXd w(s);
  for (int j = 0; j < s; ++j) w[j] = weights[static_cast<size_t>(v) * s + j];
  std::vector<int> active;
  for (int j = 0; j < s; ++j) {
    if (w[j] > 1e-6) active.push_back(j);
  }
  std::sort(active.begin(), active.end(), [&](int a, int b) { return w[a] > w[b]; });
  if (active.size() > static_cast<size_t>(kMaxActive)) active.resize(kMaxActive);
  const auto m = static_cast<Eigen::Index>(active.size());
  if (m < 2) return;
  Eigen::VectorXd r = fit.residual(worker, weights, v, w, points);
  double cost = r.squaredNorm();
  Eigen::MatrixXd jacobian(r.size(), m);
  Eigen::VectorXd current(m);
  for (Eigen::Index k = 0; k < m; ++k) current[k] = w[active[static_cast<size_t>(k)]];
  const double mass = current.sum();
  for (int it = 0; it < kIterations; ++it) {
    for (Eigen::Index k = 0; k < m; ++k) {
      Eigen::VectorXd moved = w;
      moved[active[static_cast<size_t>(k)]] += kDifference;
      jacobian.col(k) = (fit.residual(worker, weights, v, moved, points) - r) / kDifference;
    }
    const Eigen::MatrixXd normal = jacobian.transpose() * jacobian;
    const double damping = kDamping * (normal.trace() / static_cast<double>(m) + 1e-12);
    const Eigen::VectorXd step =
        -(normal + damping * Eigen::MatrixXd::Identity(m, m)).ldlt().solve(jacobian.transpose() * r);
    bool improved = false;
    for (double f = 1.0; f >= 0.25 && !improved; f *= 0.5) {
      const Eigen::VectorXd sub = projectToSimplex(current + f * step, mass);
      Eigen::VectorXd candidate = w;
      for (Eigen::Index k = 0; k < m; ++k) candidate[active[static_cast<size_t>(k)]] = sub[k];
      const Eigen::VectorXd rc = fit.residual(worker, weights, v, candidate, points);
      if (rc.squaredNorm() < cost) {
        w = candidate;
        current = sub;
        r = rc;
        cost = rc.squaredNorm();
        improved = true;
      }
    }
    if (!improved) break;
  }
  for (int j = 0; j < s; ++j) weights[static_cast<size_t>(v) * s + j] = static_cast<float>(w[j]);
}

}  // namespace

WeightGrid refineCells(const BlendProbe& probe, const WeightGrid& grid, const SampleSurface& surface,
                       const ProgressCallback& progress) {
  WeightGrid out = grid;
  const int g = grid.resolution, s = grid.segmentCount;
  // A flat axis (collinear sites) has no cells to fit between.
  if (!(grid.maxCorner.x() > grid.minCorner.x()) || !(grid.maxCorner.y() > grid.minCorner.y())) return out;
  const double near = kNearHullCells * (grid.maxCorner - grid.minCorner).norm() / std::max(1, g - 1);
  const CellFit fit(grid, surface);
  for (int pass = 0; pass < kSweeps * 4; ++pass) {
    const int colour = pass % 4;
    std::vector<int> vertices;
    for (int iy = colour / 2; iy < g; iy += 2) {
      for (int ix = colour % 2; ix < g; ix += 2) {
        if (surface.distanceToHull(grid.vertex(ix, iy)) <= near) vertices.push_back(iy * g + ix);
      }
    }
    auto stageProgress = progress ? ProgressCallback([&](double f) { return progress((pass + f) / (4.0 * kSweeps)); })
                                  : ProgressCallback();
    forEachWithProbe(
        probe, static_cast<int>(vertices.size()),
        [&](BlendProbe::Worker& worker, int i) {
          const int v = vertices[static_cast<size_t>(i)];
          fitVertex(worker, fit, out.weights, v, s, fit.pointsOf(v % g, v / g));
        },
        stageProgress, 0,
        {{[&](int i) -> void* { return out.weights.data() + static_cast<size_t>(vertices[static_cast<size_t>(i)]) * s; },
          sizeof(float) * s}});
  }
  return out;
}

}  // namespace fatgraph::param
