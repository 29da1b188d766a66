#pragma once
// The run-time clock of a fat edge (Fat Graph §5, eq. 2; docs/ALGORITHMS.md E).
//
// A fat edge blends segments M_1..M_n. One of them is the reference; T is the reference
// time, and F_i maps T to segment i's time t_i = F_i(T) (from DTW, made strictly increasing
// and piecewise linear in core's WarpMap; the reference's own F is the identity). Every
// frame, segment i is sampled at F_i(T), so all segments stay in step: corresponding poses
// (same footfall, same swing phase) are blended together.
//
// Eq. 2, the formula implemented here:
//
//     dT = ( sum_i w_i * dt / F_i'(T) ) / ( sum_i w_i )        (usable weights only)
//
// Why: played alone, segment i advances its own time by the frame time dt, which to first
// order is a reference-time step of dt / F_i'(T) = (dT/dF_i) dt. The blended clock takes the
// weighted mean of those steps, so a blend dominated by a slow (long) segment moves at that
// segment's natural speed, and one-hot weights play that segment exactly at its own rate
// (F_i(T + dT) - F_i(T) = dt within a linear piece). The weights are normalized so that they
// need not sum to 1. Because the only state is T, every segment reaches its end (F_i of the
// reference end) on the same frame; for linear maps F_i(T) = T * L_i / L_ref the blend lasts
// the weighted harmonic mean 1 / sum_i (w_i / L_i) of the durations L_i.
//
// Units: x (reference time) and y (segment time) in seconds, dt in seconds; any consistent
// time unit (e.g. frames) works the same. Single precision: the runtime's clock is float.
//
// Odd input gives finite output: dt that is NaN, infinite or <= 0 gives dT = 0; unusable
// weights (NaN, inf, <= 0) are skipped; no usable weight plays the reference (dT = dt); dT is
// capped at the longest reference-time domain of the maps, so a huge dt cannot overflow.
// No allocation: maps are views over caller-owned arrays.

namespace fatgraph {

/// A strictly increasing piecewise-linear map y = F(x) over caller-owned knot arrays
/// x[0..count) and y[0..count). Outside [x[0], x[count-1]] F clamps to the end values and the
/// slope is that of the end piece.
struct PiecewiseLinearMapView {
  const float* x = nullptr;  // knot inputs (reference time, s), strictly increasing
  const float* y = nullptr;  // knot outputs (segment time, s), strictly increasing
  int count = 0;             // number of knots, >= 2 for a valid map

  /// True when both arrays are present, count >= 2, every value finite and both x and y
  /// strictly increasing (so every slope is finite and positive).
  bool validate() const;
  /// F(t), t clamped to [x[0], x[count-1]]; NaN t is treated as x[0]. Precondition: valid.
  float evaluate(float t) const;
  /// dF/dx at t: the slope of the piece containing t (the right-hand piece at an inner knot,
  /// the end pieces outside the domain). Precondition: valid.
  float slope(float t) const;
  /// Domain of the map: x[count-1] - x[0].
  float domainLength() const { return count >= 2 ? x[count - 1] - x[0] : 0.0f; }
};

/// The identity map over [0, length] written into caller-owned two-element arrays.
PiecewiseLinearMapView identityMapView(float (&x)[2], float (&y)[2], float length);

/// Eq. 2: the reference-time step dT for frame time dt at reference time t, with warp maps
/// `warps[0..count)` (F_i) and blend weights `weights[0..count)`. Invalid maps are skipped
/// like zero weights (per frame only the cheap checks run: null arrays, fewer than 2 knots,
/// a non-positive or non-finite slope at t; run validate() once where the maps are built).
/// Always finite and >= 0.
float referenceTimeStep(const PiecewiseLinearMapView* warps, const float* weights, int count,
                        float t, float dt);

}  // namespace fatgraph
