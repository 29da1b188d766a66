// Delaunay weights over the parameter plane (Fat Graph §4). The only source that includes
// CGAL (compiled with -frounding-math, which CGAL's interval filters need for exact
// predicates): CGAL builds the triangulation, and everything after that -- the hull, queries,
// clamping -- works on the plain WeightTriangulation struct so other code never needs CGAL.
#include "fatgraph/core/param/delaunay_weights.h"

#include <CGAL/Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <utility>

#include "fatgraph/core/model/error.h"

namespace fatgraph {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using VertexBase = CGAL::Triangulation_vertex_base_with_info_2<int, Kernel>;
using Tds = CGAL::Triangulation_data_structure_2<VertexBase>;
using Delaunay = CGAL::Delaunay_triangulation_2<Kernel, Tds>;

std::string pointName(std::size_t i) { return "parameterization sample " + std::to_string(i); }

// Barycentric coordinates of p in triangle (a, b, c); a degenerate triangle gives -inf so it
// is never chosen (CGAL's Delaunay faces are never degenerate, but rounding could make them
// look so).
Eigen::Vector3d barycentric(const Eigen::Vector2d& p, const Eigen::Vector2d& a,
                            const Eigen::Vector2d& b, const Eigen::Vector2d& c) {
  const Eigen::Vector2d ab = b - a, ac = c - a, ap = p - a;
  const double det = ab.x() * ac.y() - ab.y() * ac.x();
  if (!(std::abs(det) > 0.0)) return Eigen::Vector3d::Constant(-std::numeric_limits<double>::infinity());
  const double v = (ap.x() * ac.y() - ap.y() * ac.x()) / det;
  const double w = (ab.x() * ap.y() - ab.y() * ap.x()) / det;
  return {1.0 - v - w, v, w};
}

// The parameter in [0, 1] of the point of segment ab nearest to p.
double segmentParameter(const Eigen::Vector2d& p, const Eigen::Vector2d& a,
                        const Eigen::Vector2d& b) {
  const Eigen::Vector2d ab = b - a;
  const double len2 = ab.squaredNorm();
  return len2 > 0.0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
}

// The nearest point of a counter-clockwise convex polygon to an outside point p, as the
// edge (a, b) and the parameter s along it. Chosen by region, not by comparing distances: far
// from the hull all candidate distances agree to ~1e-18 relative, so a distance comparison
// would pick an edge by rounding. p's nearest point lies on edge ab's interior when p is
// outside ab and projects inside it; otherwise on the vertex whose outer cone holds p.
struct HullPoint {
  int a = 0, b = 0;
  double s = 0.0;
};
HullPoint nearestOnHull(const std::vector<Eigen::Vector2d>& sites, const std::vector<int>& hull,
                        const Eigen::Vector2d& p) {
  const std::size_t h = hull.size();
  auto rawParameter = [&](std::size_t i) {
    const Eigen::Vector2d& a = sites[hull[i]];
    const Eigen::Vector2d ab = sites[hull[(i + 1) % h]] - a;
    return (p - a).dot(ab) / ab.squaredNorm();
  };
  for (std::size_t i = 0; i < h; ++i) {
    const Eigen::Vector2d& a = sites[hull[i]];
    const Eigen::Vector2d ab = sites[hull[(i + 1) % h]] - a, ap = p - a;
    const double s = rawParameter(i);
    if (ab.x() * ap.y() - ab.y() * ap.x() < 0.0 && s >= 0.0 && s <= 1.0) {
      return {hull[i], hull[(i + 1) % h], s};
    }
  }
  for (std::size_t i = 0; i < h; ++i) {  // vertex i ends edge i-1 and starts edge i
    if (rawParameter((i + h - 1) % h) >= 1.0 && rawParameter(i) <= 0.0) return {hull[i], hull[i], 0.0};
  }
  // Rounding left p in no region (it is within ~1 ulp of the hull): the closest edge point.
  HullPoint best;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < h; ++i) {
    const Eigen::Vector2d& a = sites[hull[i]];
    const Eigen::Vector2d& b = sites[hull[(i + 1) % h]];
    const double s = segmentParameter(p, a, b);
    const double d = (p - (a + s * (b - a))).squaredNorm();
    if (d < bestDistance) bestDistance = d, best = {hull[i], hull[(i + 1) % h], s};
  }
  return best;
}

// Barycentric weights can come out as -1e-17 on an edge; clamp and renormalise so the result
// is exactly a convex combination (non-negative weights summing to one).
Eigen::VectorXd normalised(Eigen::VectorXd w) {
  w = w.cwiseMax(0.0);
  const double sum = w.sum();
  if (sum > 0.0) w /= sum;
  return w;
}

}  // namespace

std::array<Eigen::Vector2d, 2> WeightTriangulation::bounds() const {
  Eigen::Vector2d lo = Eigen::Vector2d::Zero(), hi = Eigen::Vector2d::Zero();
  if (!sites.empty()) lo = hi = sites.front();
  for (const auto& s : sites) {
    lo = lo.cwiseMin(s);
    hi = hi.cwiseMax(s);
  }
  return {lo, hi};
}

Eigen::Vector2d WeightTriangulation::clampToHull(const Eigen::Vector2d& p) const {
  if (sites.empty()) return p;
  if (dimension == 0) return sites[hull.front()];
  if (dimension == 1) {
    const Eigen::Vector2d& a = sites[hull.front()];
    const Eigen::Vector2d& b = sites[hull.back()];
    return a + segmentParameter(p, a, b) * (b - a);
  }
  // Inside (or on) a counter-clockwise convex polygon: left of or on every edge.
  bool inside = true;
  for (std::size_t i = 0; i < hull.size(); ++i) {
    const Eigen::Vector2d& a = sites[hull[i]];
    const Eigen::Vector2d ab = sites[hull[(i + 1) % hull.size()]] - a, ap = p - a;
    if (ab.x() * ap.y() - ab.y() * ap.x() < 0.0) inside = false;
  }
  if (inside) return p;
  const HullPoint q = nearestOnHull(sites, hull, p);
  return sites[q.a] + q.s * (sites[q.b] - sites[q.a]);
}

Eigen::VectorXd WeightTriangulation::query(const Eigen::Vector2d& raw) const {
  if (sites.empty()) return {};
  // Sanitise: NaN -> the bounding box centre's coordinate; +-inf -> far beyond the hull on
  // that side, which then clamps onto the hull like any other far point. Finite points are
  // left alone (their nearest hull point depends on more than their direction) unless so far
  // that squared distances would overflow; those are pulled in along their direction.
  const auto [lo, hi] = bounds();
  const Eigen::Vector2d centre = 0.5 * (lo + hi);
  const double far = 1e6 * ((hi - lo).norm() + 1.0);
  Eigen::Vector2d p = raw;
  for (int k = 0; k < 2; ++k) {
    if (std::isnan(p(k))) p(k) = centre(k);
    if (std::isinf(p(k))) p(k) = p(k) > 0 ? hi(k) + far : lo(k) - far;
  }
  constexpr double kHuge = 1e100;
  if ((p - centre).cwiseAbs().maxCoeff() > kHuge) {
    p = centre + (p - centre) * (kHuge / (p - centre).cwiseAbs().maxCoeff());
  }

  if (dimension == 0) return weights[hull.front()];
  if (dimension == 1) {
    // Sites sorted along the line: interpolate between the two neighbours of p's projection,
    // clamped at the ends.
    const Eigen::Vector2d& a = sites[hull.front()];
    const Eigen::Vector2d dir = (sites[hull.back()] - a).normalized();
    const double t = (p - a).dot(dir);
    for (std::size_t i = 0; i + 1 < hull.size(); ++i) {
      const double t0 = (sites[hull[i]] - a).dot(dir), t1 = (sites[hull[i + 1]] - a).dot(dir);
      if (t <= t1 || i + 2 == hull.size()) {
        const double s = std::clamp((t - t0) / (t1 - t0), 0.0, 1.0);
        return normalised((1.0 - s) * weights[hull[i]] + s * weights[hull[i + 1]]);
      }
    }
    return weights[hull.front()];
  }

  // The triangle that contains p best (largest smallest barycentric): robust on shared edges.
  double bestMin = -std::numeric_limits<double>::infinity();
  int bestTriangle = -1;
  Eigen::Vector3d bestBary = Eigen::Vector3d::Zero();
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    const auto& tri = triangles[t];
    const Eigen::Vector3d bary = barycentric(p, sites[tri[0]], sites[tri[1]], sites[tri[2]]);
    if (bary.minCoeff() > bestMin) {
      bestMin = bary.minCoeff();
      bestTriangle = static_cast<int>(t);
      bestBary = bary;
    }
  }
  if (bestTriangle >= 0 && bestMin >= -1e-10) {
    const auto& tri = triangles[bestTriangle];
    const Eigen::Vector3d b = bestBary.cwiseMax(0.0) / bestBary.cwiseMax(0.0).sum();
    return normalised(b(0) * weights[tri[0]] + b(1) * weights[tri[1]] + b(2) * weights[tri[2]]);
  }
  // Outside: the nearest hull point, interpolated between its edge's two end sites.
  const HullPoint q = nearestOnHull(sites, hull, p);
  return normalised((1.0 - q.s) * weights[q.a] + q.s * weights[q.b]);
}

WeightTriangulation triangulateWeights(const std::vector<Eigen::Vector2d>& points,
                                       const std::vector<Eigen::VectorXd>& weights,
                                       double mergeTolerance) {
  if (points.size() != weights.size()) {
    throw Error("parameterization: " + std::to_string(points.size()) + " sample points but " +
                std::to_string(weights.size()) + " weight vectors");
  }
  WeightTriangulation result;
  if (points.empty()) {
    result.reason = "no sample points";
    return result;
  }
  result.segmentCount = static_cast<int>(weights.front().size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!points[i].allFinite()) throw Error(pointName(i) + ": position is not finite");
    if (weights[i].size() != result.segmentCount || result.segmentCount == 0) {
      throw Error(pointName(i) + ": expected " + std::to_string(result.segmentCount) +
                  " weights (one per segment), got " + std::to_string(weights[i].size()));
    }
    if (!weights[i].allFinite() || weights[i].minCoeff() < 0.0 || !(weights[i].sum() > 0.0)) {
      throw Error(pointName(i) + ": weights must be finite, non-negative and not all zero");
    }
  }

  // Merge duplicates (a joint reached twice by different blends): averaging keeps one site
  // with one weight vector, which the triangulation requires.
  const double tol2 = mergeTolerance * mergeTolerance;
  std::vector<int> counts;
  result.siteOfPoint.resize(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    int site = -1;
    for (std::size_t s = 0; s < result.sites.size() && site < 0; ++s) {
      if ((result.sites[s] - points[i]).squaredNorm() <= tol2) site = static_cast<int>(s);
    }
    const Eigen::VectorXd w = weights[i] / weights[i].sum();
    if (site < 0) {
      site = static_cast<int>(result.sites.size());
      result.sites.push_back(points[i]);
      result.weights.push_back(w);
      counts.push_back(1);
    } else {
      result.weights[site] += w;
      ++counts[site];
    }
    result.siteOfPoint[i] = site;
  }
  for (std::size_t s = 0; s < result.sites.size(); ++s) result.weights[s] /= counts[s];

  Delaunay dt;
  std::vector<std::pair<Kernel::Point_2, int>> input;
  input.reserve(result.sites.size());
  for (std::size_t s = 0; s < result.sites.size(); ++s) {
    input.emplace_back(Kernel::Point_2(result.sites[s].x(), result.sites[s].y()),
                       static_cast<int>(s));
  }
  dt.insert(input.begin(), input.end());
  result.dimension = std::max(0, dt.dimension());

  if (result.dimension == 0) {
    result.reason = "a single distinct sample point";
    result.hull = {0};
    return result;
  }
  if (result.dimension == 1) {
    // Sort the sites along the line through the first site and the one farthest from it.
    result.reason = "the sample points are collinear";
    const Eigen::Vector2d a = result.sites.front();
    int far = 0;
    for (std::size_t s = 0; s < result.sites.size(); ++s) {
      if ((result.sites[s] - a).squaredNorm() > (result.sites[far] - a).squaredNorm()) far = static_cast<int>(s);
    }
    const Eigen::Vector2d dir = (result.sites[far] - a).normalized();
    result.hull.resize(result.sites.size());
    std::iota(result.hull.begin(), result.hull.end(), 0);
    std::sort(result.hull.begin(), result.hull.end(), [&](int i, int j) {
      return (result.sites[i] - a).dot(dir) < (result.sites[j] - a).dot(dir);
    });
    return result;
  }

  std::set<std::pair<int, int>> directed;
  for (auto f : dt.finite_face_handles()) {
    const std::array<int, 3> tri{f->vertex(0)->info(), f->vertex(1)->info(), f->vertex(2)->info()};
    result.triangles.push_back(tri);  // CGAL faces are counter-clockwise
    for (int k = 0; k < 3; ++k) directed.emplace(tri[k], tri[(k + 1) % 3]);
  }
  // Boundary edges are those whose reverse belongs to no triangle; chained, they are the hull.
  std::vector<int> next(result.sites.size(), -1);
  int start = -1;
  for (const auto& [a, b] : directed) {
    if (!directed.count({b, a})) {
      next[a] = b;
      if (start < 0) start = a;
    }
  }
  for (int v = start; v >= 0;) {
    result.hull.push_back(v);
    v = next[v];
    if (v == start || result.hull.size() > result.sites.size()) break;
  }
  return result;
}

}  // namespace fatgraph
