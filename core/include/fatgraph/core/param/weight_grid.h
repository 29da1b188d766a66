#pragma once
// The run-time weight grid of a fat edge (Fat Graph §4): the Delaunay weights precomputed on a
// regular G x G grid over the hull's bounding box, so the player needs only a bilinear
// interpolation of the 4 nearest grid vectors per update -- no triangle search, no CGAL.
// Float storage, one contiguous array, matching the runtime's float blending.
#include <Eigen/Core>
#include <vector>

#include "fatgraph/core/param/delaunay_weights.h"

namespace fatgraph {

struct WeightGrid {
  int resolution = 0;    // G: vertices per side
  int segmentCount = 0;  // S: weights per vertex
  /// The box the grid spans (plane coordinates). A zero extent on an axis (collinear or single
  /// sites) is allowed: every vertex along it then shares that coordinate.
  Eigen::Vector2d minCorner = Eigen::Vector2d::Zero();
  Eigen::Vector2d maxCorner = Eigen::Vector2d::Zero();
  /// [G * G * S]: the weights of vertex (ix, iy) start at ((iy * G) + ix) * S.
  std::vector<float> weights;

  bool empty() const { return weights.empty(); }
  /// Plane coordinates of vertex (ix, iy).
  Eigen::Vector2d vertex(int ix, int iy) const;
  /// The S weights of vertex (ix, iy).
  const float* vertexWeights(int ix, int iy) const {
    return weights.data() + (static_cast<std::size_t>(iy) * resolution + ix) * segmentCount;
  }
  /// Bilinear interpolation of the 4 grid vertices around `p` (clamped to the box; NaN
  /// coordinates become the box centre), renormalised: non-negative, summing to one. Writes
  /// segmentCount floats to `out`; allocates nothing.
  void lookup(const Eigen::Vector2d& p, float* out) const;
  Eigen::VectorXf lookup(const Eigen::Vector2d& p) const;
};

/// Samples `triangulation.query` on a `resolution` x `resolution` grid (resolution >= 2) over
/// the sites' bounding box. Throws fatgraph::Error for an empty triangulation or resolution < 2.
WeightGrid buildWeightGrid(const WeightTriangulation& triangulation, int resolution = 32);

}  // namespace fatgraph
