#pragma once
// Blend weights over the parameter plane (Fat Graph §4): the projected sample points are
// Delaunay-triangulated, and a query's weight vector is the barycentric combination of the
// weight vectors at its triangle's corners. Outside the convex hull the query is clamped to
// the nearest hull point, so a stick pushed past the sampled range keeps the nearest motion
// rather than extrapolating weights (which could go negative).
//
// The result is a plain struct (sites, triangles, hull): the editor's plot and the export use
// it without CGAL, which only builds it (in delaunay_weights.cpp, the one CGAL source).
#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

namespace fatgraph {

struct WeightTriangulation {
  /// 2: triangles; 1: the sites lie on a line (interpolate along it); 0: a single site.
  /// Empty `sites` means there was nothing to triangulate (see `reason`).
  int dimension = 0;
  std::string reason;  // why dimension < 2; empty otherwise
  int segmentCount = 0;
  /// Distinct sites (input points closer than the merge tolerance are one site, their weight
  /// vectors averaged) and their weight vectors (each of size segmentCount).
  std::vector<Eigen::Vector2d> sites;
  std::vector<Eigen::VectorXd> weights;
  /// For each input point, the site it became.
  std::vector<int> siteOfPoint;
  /// Dimension 2: Delaunay triangles as counter-clockwise site index triples.
  std::vector<std::array<int, 3>> triangles;
  /// Dimension 2: the convex hull as a counter-clockwise polygon of site indices (collinear
  /// boundary sites included). Dimension 1: every site, sorted along the line. Dimension 0:
  /// the single site.
  std::vector<int> hull;

  bool empty() const { return sites.empty(); }
  /// The weight vector at `p` (plane coordinates). Non-finite coordinates are replaced: NaN by
  /// the sites' centroid coordinate, +-inf by a point far beyond the hull in that direction,
  /// so the answer is always a valid weight vector. Empty triangulation: an empty vector.
  Eigen::VectorXd query(const Eigen::Vector2d& p) const;
  /// The nearest point of the hull (the point itself when inside or on it).
  Eigen::Vector2d clampToHull(const Eigen::Vector2d& p) const;
  /// Bounding box of the sites: {min, max}.
  std::array<Eigen::Vector2d, 2> bounds() const;
};

/// Triangulates `points` (plane coordinates) carrying `weights` (one vector per point, all of
/// the same size, non-negative, finite). Throws fatgraph::Error naming the offending point
/// when the inputs are inconsistent. `mergeTolerance` (plane units, metres) merges duplicates.
WeightTriangulation triangulateWeights(const std::vector<Eigen::Vector2d>& points,
                                       const std::vector<Eigen::VectorXd>& weights,
                                       double mergeTolerance = 1e-9);

}  // namespace fatgraph
