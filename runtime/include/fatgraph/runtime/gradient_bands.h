#pragma once
// Blend weights over scattered example motions by gradient bands (Johansen's thesis ch. 6.3,
// used by the leg layer to blend walk/run/strafe cycles by the character's velocity;
// ALGORITHMS.md E). Each sample i radiates a band towards every other sample j: its influence
// falls linearly from 1 at p_i to 0 at p_j along p_j − p_i and is constant across it; a
// sample's weight is the least of its bands, clamped at 0, and the weights are normalized.
//
// All functions take the samples (velocities, or any points; 2D or 3D), a query point, and a
// caller buffer with one weight per sample. They never allocate and never write NaN:
//  - the weights are ≥ 0 and sum to 1;
//  - a query equal to a sample gives that sample weight 1 (duplicated samples share it);
//  - coincident samples put no band between each other;
//  - if every weight comes out 0 (possible in polar space far outside the samples) the
//    sample nearest the query gets weight 1.
// They return false when there are no samples or the buffer's size differs from the sample
// count (nothing is written), or when an input is not finite (the weights are then all 1/n).
//
// Cost: O(n²) pairs per query, a few dozen flops each in Cartesian space and two atan2 per pair
// in polar space; 8 samples is 56 pairs.
#include "fatgraph/runtime/math.h"

namespace fatgraph {

/// Cartesian gradient bands: h_i = min over j ≠ i of 1 − ((p − p_i)·(p_j − p_i)) / |p_j − p_i|²,
/// clamped at 0, normalized to sum 1.
bool cartesianGradientBandWeights(Span<const Float2> samples, const Float2& query, Span<float> weights);
bool cartesianGradientBandWeights(Span<const Float3> samples, const Float3& query, Span<float> weights);

/// Gradient bands in polar space, for velocity samples: a pair's band runs in (angle, relative
/// speed) coordinates, so samples in another direction fade by angle rather than by distance
/// (walking left does not leak into walking forward just because the two are close in
/// Cartesian terms). For the pair (i, j) with mean speed m = (|p_i| + |p_j|)/2:
///   v_ij = (α·∠(p_i, p_j), (|p_j| − |p_i|)/m),   v_ip = (α·∠(p_i, p'), (|p'| − |p_i|)/m),
///   h_i = min over j of 1 − v_ip·v_ij / |v_ij|²,  α = 2,
/// p' being the query projected onto the plane of p_i and p_j with its angle signed about
/// p_i × p_j. Special cases (ALGORITHMS.md E; the thesis's code listing gets signs and min/max
/// wrong, so this follows the digest):
///  - collinear pair (walk and run forward, ∠ < 1e-4 rad): no plane; the query's angle is 0
///    and its speed |p| unprojected;
///  - nearly opposite pair (∠ ≥ 0.99π): the plane is unreliable; the query's angle is the
///    unsigned ∠(p_i, p), its speed |p|;
///  - an idle sample (speed ≤ 1e-4 of the fastest sample's) has no direction: idle i takes the
///    query's, so the pair's angle is ∠(p, p_j) and the query's 0; idle j likewise, so both
///    angles are ∠(p, p_i); such pairs use α = 1; two idle samples put no band between them;
///  - a query of speed 0 (or projected to 0) counts as lying along p_i (angle 0).
bool polarGradientBandWeights(Span<const Float2> samples, const Float2& query, Span<float> weights);
bool polarGradientBandWeights(Span<const Float3> samples, const Float3& query, Span<float> weights);

}  // namespace fatgraph
