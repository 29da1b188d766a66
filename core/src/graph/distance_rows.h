#pragma once
// Whole rows of the pose distance matrix for a few chosen frames at once, as matrix products:
// hub suggestion re-counts candidates' match sets exactly, and one row at a time (a loop of
// short dot products per pair) would dominate the build once many candidates are compared.
#include <Eigen/Core>
#include <vector>

#include "fatgraph/core/graph/pose_features.h"

namespace fatgraph::detail {

/// D(i, j) for every i in `frames` (rows, in that order) and every frame j (columns), the same
/// closed form as windowDistance; +infinity where a window leaves its clip.
Eigen::MatrixXd distanceRows(const PoseFeatures& features, const std::vector<int>& frames, int window);

/// Row r of `rows` as a vector (what rowMatches reads).
std::vector<double> rowVector(const Eigen::MatrixXd& rows, int r);

/// Distances of windows that repeat exactly (a pose held still, a clip given twice) come out
/// of the closed form as rounding noise around zero, and two ways of summing give different
/// noise: the local minima of such a plateau would depend on the arithmetic. Values below an
/// RMS of 1 micrometre (far above the noise, far below any real difference) become exactly 0,
/// so a plateau counts once, at its left end, however the row was computed.
void snapRepeats(std::vector<double>& row, const PoseFeatures& features, int window);

/// A bound far above the rounding error of any distance of these features: the closed form
/// subtracts terms of the size of sum w |p|^2 over a window, and rounding leaves a few ulps of
/// that. Distances closer than this count as equal.
double roundingTolerance(const PoseFeatures& features, int window);

/// Frame i's exact match set from its row (snapped as above): rowMatches' rule, with values
/// within `tolerance` counted as equal, so a row from distanceRows and one from distanceRow
/// give the same frames.
std::vector<int> exactMatches(const PoseFeatures& features, std::vector<double> row, int i, int window,
                              double thresholdRms, double tolerance);

}  // namespace fatgraph::detail
