#pragma once
// Dynamic time warping between two segments (Fat Graph §3.2, eq. 1): from the l x l' matrix
// of per-frame distances d(M(t), M'(u)) (metres, frameDistance) to the segment distance
//     dist(M, M') = sum_t d(M(t), M'(F(t)))^2 / l      (m^2; its square root is RMS metres)
// and the warp F from M's frame times to those of M', a strictly increasing piecewise-linear
// WarpMap.
// Steps (1,1), (1,2), (2,1), so the slope lies in [1/2, 2]: lengths with l' > 2l - 1 or
// l > 2l' - 1 have no warp (infeasible, distance +inf), which is not an error. O(l l') time and
// memory. The step charges and the tie rule: docs/ALGORITHMS.md C, "The warp".
#include <Eigen/Core>
#include <limits>
#include <string>

#include "fatgraph/core/graph/pose_features.h"
#include "fatgraph/core/graph/warp_map.h"

namespace fatgraph {

struct DtwResult {
  bool feasible = false;
  /// sum_t d(M(t), M'(F(t)))^2 / l in m^2; +inf when infeasible.
  double distance = std::numeric_limits<double>::infinity();
  /// F: frame times of M (0 .. l-1) -> frame times of M' (0 .. l'-1); empty when infeasible.
  WarpMap map;
  /// Why the result is infeasible (empty when feasible).
  std::string reason;
};

/// True when the step pattern can join (0, 0) to (l-1, l'-1): l, l' >= 1, l' <= 2l - 1 and
/// l <= 2l' - 1.
bool dtwLengthsFeasible(int l, int lPrime);

/// DTW of M (rows) onto M' (columns) given d(M(t), M'(u)) in metres. +inf entries are allowed
/// (the path avoids them; if it cannot, the result is infeasible); NaN or negative entries
/// throw Error.
DtwResult dynamicTimeWarp(const Eigen::MatrixXd& frameDistances);

/// d(i, j) = frameDistance(features, i, j) for i in [firstA, firstA + lengthA) (rows) and
/// j in [firstB, firstB + lengthB) (columns); global frame indices. Throws Error when a range
/// leaves the project's frames.
Eigen::MatrixXd segmentFrameDistances(const PoseFeatures& features, int globalFirstA, int lengthA,
                                      int globalFirstB, int lengthB);

}  // namespace fatgraph
