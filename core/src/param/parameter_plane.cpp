// PCA parameter plane and device axes (Fat Graph §4; the corrected 45° rule is explained in
// parameter_plane.h). The plane is a least-squares fit: the paper notes the sampled points are
// only approximately planar, and the later weight grid absorbs what the plane misses.
#include "fatgraph/core/param/parameter_plane.h"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace fatgraph {

namespace {

const Eigen::Vector3d kUp = Eigen::Vector3d::UnitY();

double degrees(double radians) { return radians * 180.0 / std::numbers::pi; }

// The unit projection of `v` onto the plane of unit normal `n`. Callers guarantee the
// projection is not short (see fitParameterPlane), so no fallback is needed.
Eigen::Vector3d inPlane(const Eigen::Vector3d& v, const Eigen::Vector3d& n) {
  return (v - v.dot(n) * n).normalized();
}

// +1 or -1 so that sign * axis agrees with `preferred`, breaking an exact tie with `fallback`
// (e.g. a sagittal steep plane, where the in-plane horizontal is the character's forward and
// has no component to its right at all: there it points forward, deterministically).
double orientTowards(const Eigen::Vector3d& axis, const Eigen::Vector3d& preferred,
                     const Eigen::Vector3d& fallback) {
  const double s = axis.dot(preferred);
  if (std::abs(s) > 1e-9) return s > 0 ? 1.0 : -1.0;
  return axis.dot(fallback) >= 0 ? 1.0 : -1.0;
}

ParameterPlane degenerate(ParameterPlane plane, int dimension, std::string reason) {
  plane.dimension = dimension;
  plane.reason = std::move(reason);
  return plane;
}

}  // namespace

Eigen::Vector3d headingForward(double headingYaw) {
  // R_y(yaw) * (0, 0, 1): positive yaw turns +Z towards +X, the character's left.
  return {std::sin(headingYaw), 0.0, std::cos(headingYaw)};
}

Eigen::Vector3d headingRight(double headingYaw) {
  // R_y(yaw) * (-1, 0, 0).
  return {-std::cos(headingYaw), 0.0, std::sin(headingYaw)};
}

ParameterPlane fitParameterPlane(const std::vector<Eigen::Vector3d>& points, double headingYaw,
                                 double relativeTolerance, double absoluteTolerance) {
  ParameterPlane plane;
  if (points.empty()) return degenerate(plane, 0, "no sample points");
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!points[i].allFinite()) {
      return degenerate(plane, 0, "sample point " + std::to_string(i) + " is not finite");
    }
  }
  if (!std::isfinite(headingYaw)) headingYaw = 0.0;  // an unknown heading: face +Z
  const Eigen::Vector3d forward = headingForward(headingYaw);
  const Eigen::Vector3d right = headingRight(headingYaw);

  const double n = static_cast<double>(points.size());
  for (const auto& p : points) plane.centroid += p / n;
  Eigen::Matrix3d covariance = Eigen::Matrix3d::Zero();
  for (const auto& p : points) {
    const Eigen::Vector3d d = p - plane.centroid;
    covariance += d * d.transpose() / n;
  }
  // Eigenvalues come in increasing order: column 0 is the smallest-variance direction.
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eigen(covariance);
  const Eigen::Vector3d variance = eigen.eigenvalues().cwiseMax(0.0);
  plane.spread = Eigen::Vector3d(std::sqrt(variance(2)), std::sqrt(variance(1)),
                                 std::sqrt(variance(0)));
  plane.projected.assign(points.size(), Eigen::Vector2d::Zero());

  if (plane.spread(0) <= absoluteTolerance) {
    return degenerate(plane, 0,
                      points.size() == 1 ? "a single sample point"
                                         : "all sample points coincide");
  }
  if (points.size() < 3 || plane.spread(1) <= relativeTolerance * plane.spread(0)) {
    // One axis. A steep line (more than 45° above the horizontal) is naturally pushed up and
    // down, so it becomes device y pointing up; a flatter line becomes device x pointing to
    // the character's right (forward on an exact tie).
    const Eigen::Vector3d d = eigen.eigenvectors().col(2).normalized();
    plane.tiltDegrees = degrees(std::asin(std::min(1.0, std::abs(d.dot(kUp)))));
    plane.steep = plane.tiltDegrees >= 45.0;
    if (plane.steep) {
      plane.yAxis = d * (d.dot(kUp) >= 0 ? 1.0 : -1.0);
    } else {
      plane.xAxis = d * orientTowards(d, right, forward);
    }
    for (std::size_t i = 0; i < points.size(); ++i) plane.projected[i] = plane.project(points[i]);
    return degenerate(plane, 1,
                      points.size() < 3 ? "fewer than 3 sample points span only a line"
                                        : "the sample points are collinear");
  }

  Eigen::Vector3d normal = eigen.eigenvectors().col(0).normalized();
  plane.tiltDegrees = degrees(std::acos(std::min(1.0, std::abs(normal.dot(kUp)))));
  plane.steep = plane.tiltDegrees >= 45.0;
  // Both projections are long enough: a near-horizontal plane has |forward . n| <= sin 45°
  // (forward is horizontal, n within 45° of up), a steep one has |up . n| <= cos 45°.
  plane.yAxis = inPlane(plane.steep ? kUp : forward, normal);
  Eigen::Vector3d x = normal.cross(plane.yAxis).normalized();
  plane.xAxis = x * orientTowards(x, right, forward);
  plane.normal = plane.xAxis.cross(plane.yAxis);  // right-handed (x, y, n)
  for (std::size_t i = 0; i < points.size(); ++i) plane.projected[i] = plane.project(points[i]);
  plane.dimension = 2;
  return plane;
}

}  // namespace fatgraph
