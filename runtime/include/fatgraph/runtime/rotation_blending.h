#pragma once
// Weighted averages of joint rotations for run-time blending (Fat Graph §5; docs/ALGORITHMS.md E).
//
// Space: every input is a unit quaternion in the same space (e.g. one joint's local rotation,
// joint frame -> parent frame, taken from each blended segment at its warped time). Weights
// are unitless blend weights; they need not sum to 1 (only their ratios matter).
//
// The exact average (Park et al.) is the unit q maximizing  sum_i w_i (q . q_i)^2 , which is
// the eigenvector of the largest eigenvalue of the 4x4 matrix  M = sum_i w_i q_i q_i^T .
// Squaring the dot product makes q_i and -q_i (the same rotation) count the same, so no
// hemisphere choice is needed. The fast approximation flips every q_i into the hemisphere of
// a reference (the first usable input), sums w_i q_i and normalizes once; for rotations
// within a few tens of degrees of each other the two agree to well under a degree.
//
// Odd input never produces NaN: weights that are not finite or are <= 0 and quaternions with
// non-finite coefficients are ignored; with nothing usable left the result is the identity.
// No allocation: the eigen solve runs on a fixed-size 4x4 matrix. Sums run in double precision.
#include "fatgraph/runtime/math.h"

namespace fatgraph {

/// Hemisphere-aligned weighted nlerp of `count` quaternions `q[0..count)` with weights
/// `w[0..count)`. Every usable q_i is aligned to the first usable one (the reference), the
/// weighted sum is normalized once. One-hot weights return that input exactly (up to the
/// sign of the reference, which is kept). Identity when no input is usable.
Quaternion blendRotationsNlerp(const Quaternion* q, const float* w, int count);

/// The exact weighted average: dominant eigenvector of sum_i w_i q_i q_i^T, sign chosen to
/// agree (non-negative dot) with blendRotationsNlerp of the same input, so both can be
/// swapped without sign flips downstream. Identity when no input is usable.
Quaternion blendRotationsEigen(const Quaternion* q, const float* w, int count);

/// The objective the exact average maximizes: sum_i w_i (q . q_i)^2 over usable inputs
/// (exposed for tests and diagnostics).
double rotationAverageObjective(const Quaternion& q, const Quaternion* qs, const float* w, int count);

}  // namespace fatgraph
