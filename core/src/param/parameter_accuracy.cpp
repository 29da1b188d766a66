// How accurately a weight grid hits its targets (ALGORITHMS.md B.5). The paper admits that
// looking weights up on the plane does not put the joint exactly where the plane point says
// (the points only lie near a plane, and blending is only locally linear, Fat Graph §4); the
// error is measured the way a game meets it: random targets that are not sampling points, the
// runtime's own bilinear lookup, the runtime's own blend.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "fatgraph/core/model/statistics.h"
#include "parameterization_steps.h"

namespace fatgraph::param {
namespace {

// Barycentric coordinates of p in triangle (a, b, c); non-finite for a degenerate triangle.
Eigen::Vector3d barycentric(const Eigen::Vector2d& p, const Eigen::Vector2d& a, const Eigen::Vector2d& b,
                            const Eigen::Vector2d& c) {
  const Eigen::Vector2d v0 = b - a, v1 = c - a, v2 = p - a;
  const double det = v0.x() * v1.y() - v1.x() * v0.y();
  const double l1 = (v2.x() * v1.y() - v1.x() * v2.y()) / det;
  const double l2 = (v0.x() * v2.y() - v2.x() * v0.y()) / det;
  return {1.0 - l1 - l2, l1, l2};
}

}  // namespace

SampleSurface::SampleSurface(const ParameterPlane& plane, const WeightTriangulation& triangulation,
                             const std::vector<Eigen::Vector3d>& samplePositions)
    : plane_(plane), tri_(triangulation) {
  // A site is the mean of the samples merged into it (as its weight vector is).
  sitePositions_.assign(tri_.sites.size(), Eigen::Vector3d::Zero());
  std::vector<int> count(tri_.sites.size(), 0);
  for (size_t i = 0; i < tri_.siteOfPoint.size() && i < samplePositions.size(); ++i) {
    const int s = tri_.siteOfPoint[i];
    if (s < 0 || s >= static_cast<int>(sitePositions_.size())) continue;
    sitePositions_[static_cast<size_t>(s)] += samplePositions[i];
    ++count[static_cast<size_t>(s)];
  }
  for (size_t s = 0; s < sitePositions_.size(); ++s) {
    if (count[s] > 0) sitePositions_[s] /= count[s];
  }
}

bool SampleSurface::inside(const Eigen::Vector2d& p) const { return distanceToHull(p) <= 1e-12; }

double SampleSurface::distanceToHull(const Eigen::Vector2d& p) const {
  if (tri_.empty()) return 0.0;
  return (tri_.clampToHull(p) - p).norm();
}

std::vector<int> SampleSurface::cornersAt(const Eigen::Vector2d& p) const {
  if (tri_.empty()) return {};
  const Eigen::Vector2d q = tri_.clampToHull(p);
  if (tri_.dimension == 2) {
    int best = 0;
    double bestMin = -std::numeric_limits<double>::infinity();
    for (size_t t = 0; t < tri_.triangles.size(); ++t) {
      const auto& c = tri_.triangles[t];
      const Eigen::Vector3d l = barycentric(q, tri_.sites[c[0]], tri_.sites[c[1]], tri_.sites[c[2]]);
      if (l.allFinite() && l.minCoeff() > bestMin) {
        bestMin = l.minCoeff();
        best = static_cast<int>(t);
        if (bestMin >= 0) break;
      }
    }
    if (!tri_.triangles.empty()) {
      const auto& c = tri_.triangles[static_cast<size_t>(best)];
      return {c[0], c[1], c[2]};
    }
  }
  if (tri_.dimension == 1 && tri_.hull.size() >= 2) {
    // hull: the sites sorted along the line.
    const Eigen::Vector2d a = tri_.sites[static_cast<size_t>(tri_.hull.front())];
    const Eigen::Vector2d dir = (tri_.sites[static_cast<size_t>(tri_.hull.back())] - a).normalized();
    const double s = (q - a).dot(dir);
    for (size_t i = 0; i + 1 < tri_.hull.size(); ++i) {
      if ((tri_.sites[static_cast<size_t>(tri_.hull[i + 1])] - a).dot(dir) >= s) {
        return {tri_.hull[i], tri_.hull[i + 1]};
      }
    }
    return {tri_.hull[tri_.hull.size() - 2], tri_.hull.back()};
  }
  return {tri_.hull.empty() ? 0 : tri_.hull.front()};
}

Eigen::Vector3d SampleSurface::lift(const Eigen::Vector2d& q) const {
  const std::vector<int> c = cornersAt(q);
  if (c.size() == 3) {
    Eigen::Vector3d l = barycentric(q, tri_.sites[static_cast<size_t>(c[0])], tri_.sites[static_cast<size_t>(c[1])],
                                    tri_.sites[static_cast<size_t>(c[2])]);
    l = l.cwiseMax(0.0);  // q is on the hull: only rounding can leave the triangle
    l /= l.sum();
    return l[0] * sitePositions_[static_cast<size_t>(c[0])] + l[1] * sitePositions_[static_cast<size_t>(c[1])] +
           l[2] * sitePositions_[static_cast<size_t>(c[2])];
  }
  if (c.size() == 2) {
    const Eigen::Vector2d a = tri_.sites[static_cast<size_t>(c[0])], b = tri_.sites[static_cast<size_t>(c[1])];
    const double len2 = (b - a).squaredNorm();
    const double t = len2 > 0 ? std::clamp((q - a).dot(b - a) / len2, 0.0, 1.0) : 0.0;
    return (1 - t) * sitePositions_[static_cast<size_t>(c[0])] + t * sitePositions_[static_cast<size_t>(c[1])];
  }
  if (c.size() == 1 && !sitePositions_.empty()) return sitePositions_[static_cast<size_t>(c[0])];
  return plane_.centroid;
}

Eigen::Vector3d SampleSurface::target(const Eigen::Vector2d& p) const {
  if (tri_.empty()) return plane_.unproject(p);
  const Eigen::Vector2d q = tri_.clampToHull(p);
  const Eigen::Vector2d d = p - q;
  return lift(q) + d.x() * plane_.xAxis + d.y() * plane_.yAxis;
}

std::vector<Eigen::Vector2d> randomTargets(const SampleSurface& surface,
                                           const WeightTriangulation& triangulation, int count,
                                           std::uint64_t seed) {
  std::vector<Eigen::Vector2d> out;
  if (triangulation.sites.size() < 2 || count <= 0) return out;
  const auto [lo, hi] = triangulation.bounds();
  // A different stream from the sampling's: targets must not retrace sampling points.
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ULL);
  std::uniform_real_distribution<double> ux(lo.x(), hi.x()), uy(lo.y(), hi.y());
  const double scale = std::max(1e-9, (hi - lo).norm());
  // The hull covers at least a sliver of its box; give up rather than loop forever on a
  // numerically flat one.
  const long long attempts = 2000LL * count;
  for (long long a = 0; a < attempts && static_cast<int>(out.size()) < count; ++a) {
    const Eigen::Vector2d p(hi.x() > lo.x() ? ux(rng) : lo.x(), hi.y() > lo.y() ? uy(rng) : lo.y());
    if (surface.distanceToHull(p) > 1e-12 * scale) continue;
    bool onSite = false;
    for (const Eigen::Vector2d& s : triangulation.sites) {
      if ((s - p).norm() <= 1e-9 * scale) onSite = true;
    }
    if (!onSite) out.push_back(p);
  }
  return out;
}

ParameterAccuracy measureAccuracy(const BlendProbe& probe, const ParameterPlane& plane,
                                  const SampleSurface& surface,
                                  const std::vector<Eigen::Vector2d>& targets,
                                  const ProgressCallback& progress) {
  ParameterAccuracy a;
  a.targets = static_cast<int>(targets.size());
  if (targets.empty()) return a;
  std::vector<double> e3(targets.size()), ep(targets.size());
  forEachWithProbe(
      probe, a.targets,
      [&](BlendProbe::Worker& w, int i) {
        const Eigen::Vector2d& t = targets[static_cast<size_t>(i)];
        const Eigen::Vector3d achieved = w.reachPlanePoint(t);
        e3[static_cast<size_t>(i)] = (achieved - surface.target(t)).norm();
        ep[static_cast<size_t>(i)] = (plane.project(achieved) - t).norm();
      },
      progress, 0,
      {{[&](int i) -> void* { return &e3[static_cast<size_t>(i)]; }, sizeof(double)},
       {[&](int i) -> void* { return &ep[static_cast<size_t>(i)]; }, sizeof(double)}});
  a.median3d = percentileNearestRank(e3, 0.5);
  a.p95_3d = percentileNearestRank(e3, 0.95);
  a.medianPlane = percentileNearestRank(ep, 0.5);
  a.p95Plane = percentileNearestRank(ep, 0.95);
  return a;
}

}  // namespace fatgraph::param
