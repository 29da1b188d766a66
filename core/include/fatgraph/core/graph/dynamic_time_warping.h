#pragma once
// Dynamic time warping between two segments (Fat Graph §3.2, eq. 1; docs/ALGORITHMS.md C).
//
// Given the l x l' matrix of per-frame distances d(M(t), M'(u)) (metres, see frameDistance),
// the warp F pairs every frame t of M with a time F(t) of M' under slope limits, and the
// segment distance is
//     dist(M, M') = sum_t d(M(t), M'(F(t)))^2 / l      (m^2; its square root is RMS metres).
//
// Step pattern. The path joins (0, 0) to (l-1, l'-1) with steps (1,1), (1,2) and (2,1) in
// (t, u), so its slope lies in [1/2, 2] and both coordinates strictly increase at every step.
// Each t of M is charged exactly once, which makes the sum above the mean over M's frames:
//   - (1,1) and (1,2) into (t, u): charge c(t, u);
//   - (2,1) from (t, u) to (t+2, u+1): charge c(t+2, u+1) for the end, and for the skipped
//     frame t+1, which the piecewise-linear map sends to u + 1/2, the average
//     (c(t+1, u) + c(t+1, u+1)) / 2 — the linear interpolation of the cost at F(t+1);
// with c = d^2 and c(0, 0) charged at the start. Ties prefer (1,1), then (1,2), then (2,1).
//
// The steps reach (l-1, l'-1) exactly when (l'-1) <= 2(l-1) and (l-1) <= 2(l'-1), i.e.
// l' <= 2l - 1 and l <= 2l' - 1; otherwise the result is infeasible (distance +inf).
//
// The path's step endpoints are the knots of a strictly increasing piecewise-linear WarpMap
// (runs of equal steps are joined into one piece), which eq. 2 can differentiate. O(l l')
// time and memory.
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
