// Weight grid (Fat Graph §4: "precompute weights on a regular grid; at run time, bilinearly
// interpolate the 4 nearest"). Bilinear interpolation of convex combinations is itself a
// convex combination, so the renormalisation here only removes float rounding.
#include "fatgraph/core/param/weight_grid.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "fatgraph/core/model/error.h"

namespace fatgraph {

namespace {

// Cell index and fraction along one axis for coordinate x in [lo, hi] with G vertices.
void locate(double x, double lo, double hi, int g, int& cell, double& fraction) {
  const double extent = hi - lo;
  if (!(extent > 0.0) || std::isnan(x)) {
    // A flat axis (all vertices share the coordinate), or NaN: the middle of the box.
    const double u = extent > 0.0 ? 0.5 * (g - 1) : 0.0;
    cell = std::min(static_cast<int>(u), g - 2);
    fraction = u - cell;
    return;
  }
  const double u = std::clamp((x - lo) / extent, 0.0, 1.0) * (g - 1);  // +-inf clamp too
  cell = std::min(static_cast<int>(u), g - 2);
  fraction = u - cell;
}

}  // namespace

Eigen::Vector2d WeightGrid::vertex(int ix, int iy) const {
  const double d = resolution > 1 ? 1.0 / (resolution - 1) : 0.0;
  return {minCorner.x() + (maxCorner.x() - minCorner.x()) * ix * d,
          minCorner.y() + (maxCorner.y() - minCorner.y()) * iy * d};
}

void WeightGrid::lookup(const Eigen::Vector2d& p, float* out) const {
  if (empty()) return;
  int cx = 0, cy = 0;
  double fx = 0.0, fy = 0.0;
  locate(p.x(), minCorner.x(), maxCorner.x(), resolution, cx, fx);
  locate(p.y(), minCorner.y(), maxCorner.y(), resolution, cy, fy);
  const float w00 = static_cast<float>((1 - fx) * (1 - fy)), w10 = static_cast<float>(fx * (1 - fy));
  const float w01 = static_cast<float>((1 - fx) * fy), w11 = static_cast<float>(fx * fy);
  const float* v00 = vertexWeights(cx, cy);
  const float* v10 = vertexWeights(cx + 1, cy);
  const float* v01 = vertexWeights(cx, cy + 1);
  const float* v11 = vertexWeights(cx + 1, cy + 1);
  float sum = 0.0f;
  for (int s = 0; s < segmentCount; ++s) {
    out[s] = std::max(0.0f, w00 * v00[s] + w10 * v10[s] + w01 * v01[s] + w11 * v11[s]);
    sum += out[s];
  }
  if (sum > 0.0f) {
    for (int s = 0; s < segmentCount; ++s) out[s] /= sum;
  } else {
    for (int s = 0; s < segmentCount; ++s) out[s] = 1.0f / static_cast<float>(segmentCount);
  }
}

Eigen::VectorXf WeightGrid::lookup(const Eigen::Vector2d& p) const {
  Eigen::VectorXf out(segmentCount);
  lookup(p, out.data());
  return out;
}

WeightGrid buildWeightGrid(const WeightTriangulation& triangulation, int resolution) {
  if (triangulation.empty()) throw Error("weight grid: the triangulation has no sample points");
  if (resolution < 2) {
    throw Error("weight grid: resolution must be at least 2, got " + std::to_string(resolution));
  }
  WeightGrid grid;
  grid.resolution = resolution;
  grid.segmentCount = triangulation.segmentCount;
  const auto [lo, hi] = triangulation.bounds();
  grid.minCorner = lo;
  grid.maxCorner = hi;
  const std::size_t s = static_cast<std::size_t>(grid.segmentCount);
  grid.weights.resize(static_cast<std::size_t>(resolution) * resolution * s);
  for (int iy = 0; iy < resolution; ++iy) {
    for (int ix = 0; ix < resolution; ++ix) {
      const Eigen::VectorXd w = triangulation.query(grid.vertex(ix, iy));
      // Renormalise in float so every stored vertex sums to one in the type the player uses.
      const double sum = w.sum();
      float* dst = grid.weights.data() + (static_cast<std::size_t>(iy) * resolution + ix) * s;
      for (std::size_t k = 0; k < s; ++k) dst[k] = static_cast<float>(w(k) / sum);
    }
  }
  return grid;
}

}  // namespace fatgraph
