#pragma once
// The parameter plane of a fat edge (Fat Graph §4): the positions a chosen joint reaches under
// sampled blend weights lie close to a plane; its 2D coordinates are the control space the
// stick drives. The paper's axis sentence contradicts its own reasons and §5.2, so the axes
// follow the intended rule: a near-horizontal plane (angle between world up and the normal
// < 45°, e.g. a walk's root positions) takes device y = the character's forward; a steep plane
// (>= 45°, e.g. a kick's foot at contact) takes device y = world up; device x is the in-plane
// perpendicular pointing to the character's right, so stick right = right.
// Conventions: right-handed, Y up, metres; the character faces +Z, its right is -X, and a
// positive heading yaw (radians, about +Y) turns it left.
#include <Eigen/Core>
#include <string>
#include <vector>

namespace fatgraph {

struct ParameterPlane {
  /// 2: a plane; 1: the points lie on a line (one axis); 0: they coincide (or are too few or
  /// invalid to span anything). `reason` says why when dimension < 2 and is empty otherwise.
  int dimension = 0;
  std::string reason;
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
  /// Dimension 2: the unit normal, oriented so (xAxis, yAxis, normal) is right-handed.
  /// Dimension 1: the line direction's complement is undefined, so the normal is zero.
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
  /// Unit device axes (world space). Dimension 1: the line is one of them (y when the line is
  /// steeper than 45°, else x) and the other is zero. Dimension 0: both zero.
  Eigen::Vector3d xAxis = Eigen::Vector3d::Zero();
  Eigen::Vector3d yAxis = Eigen::Vector3d::Zero();
  /// Dimension 2: the angle between world up and the normal; dimension 1: the line's
  /// elevation above the horizontal; in degrees. >= 45 means "steep".
  double tiltDegrees = 0.0;
  bool steep = false;
  /// Standard deviations along the principal directions, largest first (metres).
  Eigen::Vector3d spread = Eigen::Vector3d::Zero();
  /// The input points in device coordinates (x, y), in input order.
  std::vector<Eigen::Vector2d> projected;

  /// Device coordinates of any world point (its orthogonal projection onto the plane/line).
  Eigen::Vector2d project(const Eigen::Vector3d& p) const {
    const Eigen::Vector3d d = p - centroid;
    return {d.dot(xAxis), d.dot(yAxis)};
  }
  /// The world point of device coordinates (on the plane/line).
  Eigen::Vector3d unproject(const Eigen::Vector2d& q) const {
    return centroid + q.x() * xAxis + q.y() * yAxis;
  }
};

/// The character's forward (+Z turned by `headingYaw` about +Y) and right (-X turned likewise).
Eigen::Vector3d headingForward(double headingYaw);
Eigen::Vector3d headingRight(double headingYaw);

/// PCA plane of `points` with device axes for a character whose heading is `headingYaw`.
/// A principal spread below `relativeTolerance` times the largest one counts as flat; a
/// largest spread below `absoluteTolerance` metres counts as coincident. Never throws:
/// degenerate or non-finite input gives dimension < 2 with a reason.
ParameterPlane fitParameterPlane(const std::vector<Eigen::Vector3d>& points, double headingYaw,
                                 double relativeTolerance = 1e-6,
                                 double absoluteTolerance = 1e-9);

}  // namespace fatgraph
