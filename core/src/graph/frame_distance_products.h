#pragma once
// Per-frame distances between two runs of frames as matrix products (DTW's input), shared by
// dynamic_time_warping.cpp and segment_distances.cpp.
//
// Each frame is centred on its own weighted ground centroid c (x~ = x - c, likewise z; the
// cross terms of sum_j w x_a x_b then vanish), so that
//   W1 d(a, b)^2 = |p~_a|^2 + |p~_b|^2 - 2 y_a.y_b - 2 sqrt(A^2 + B^2),
//   B = x~_a.x~_b + z~_a.z~_b,  A = x~_a.z~_b - z~_a.x~_b,
// the closed form of windowDistance for k = 1 (docs/ALGORITHMS.md A), with small products however
// far the clips lie from the origin. The values agree with frameDistance^2 to rounding.
#include <Eigen/Core>

#include "fatgraph/core/graph/pose_features.h"

namespace fatgraph::detail {

/// A run of frames, centred: rows = frames.
struct CentredFrames {
  Eigen::MatrixXd u;  // [x~ z~] (times sqrt(w_j))
  Eigen::MatrixXd y;  // y (times sqrt(w_j))
  Eigen::VectorXd q;  // |p~|^2
};

/// Global frames [first, first + count), assumed inside the project.
CentredFrames centredFrames(const PoseFeatures& features, int first, int count);

/// Working memory of squaredFrameDistances, reusable across calls.
struct FrameProductScratch {
  Eigen::MatrixXd v, gB, gA, gY;
};

/// out(t, u) = d(a(t), b(u))^2 in m^2 (rows: a). `w1` = features.weightSum.
void squaredFrameDistances(const CentredFrames& a, const CentredFrames& b, double w1,
                           FrameProductScratch& scratch, Eigen::MatrixXd& out);

/// The same for global frames [firstA, firstA + lengthA) x [firstB, firstB + lengthB).
Eigen::MatrixXd squaredFrameDistances(const PoseFeatures& features, int firstA, int lengthA,
                                      int firstB, int lengthB);

}  // namespace fatgraph::detail
