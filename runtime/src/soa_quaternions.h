#pragma once
// Quaternion loops over structure-of-arrays floats (x[n] y[n] z[n] w[n]), written so the
// compiler vectorizes them: the player's per-joint normalize and transition offsets.
#include <algorithm>
#include <cmath>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace fatgraph::detail {

/// scale[j] <- 1 / sqrt(scale[j]) for 32 lanes; where scale[j] <= 1e-20 (or NaN) instead
/// scale[j] <- 0 and identityW[j] <- 1 (else 0), so the caller's w * scale + identityW is the
/// identity there, without a branch. Explicit SIMD because std::sqrt must keep errno, which
/// stops the compiler from vectorizing it; exact IEEE square root and division (no rsqrt
/// estimate, whose result differs between CPU vendors).
inline void inverseSquareRoots(float* __restrict scale, float* __restrict identityW) {
  constexpr float kTiny = 1e-20f;
#if defined(__AVX__)
  const __m256 tiny = _mm256_set1_ps(kTiny), one = _mm256_set1_ps(1.0f);
  for (int j = 0; j < 32; j += 8) {
    const __m256 s = _mm256_load_ps(scale + j);
    const __m256 usable = _mm256_cmp_ps(s, tiny, _CMP_GT_OQ);
    const __m256 inverse = _mm256_div_ps(one, _mm256_sqrt_ps(_mm256_max_ps(s, tiny)));
    _mm256_store_ps(scale + j, _mm256_and_ps(inverse, usable));
    _mm256_store_ps(identityW + j, _mm256_andnot_ps(usable, one));
  }
#elif defined(__SSE2__)
  const __m128 tiny = _mm_set1_ps(kTiny), one = _mm_set1_ps(1.0f);
  for (int j = 0; j < 32; j += 4) {
    const __m128 s = _mm_load_ps(scale + j);
    const __m128 usable = _mm_cmpgt_ps(s, tiny);
    const __m128 inverse = _mm_div_ps(one, _mm_sqrt_ps(_mm_max_ps(s, tiny)));
    _mm_store_ps(scale + j, _mm_and_ps(inverse, usable));
    _mm_store_ps(identityW + j, _mm_andnot_ps(usable, one));
  }
#else
  for (int j = 0; j < 32; ++j) {
    const bool usable = scale[j] > kTiny;
    scale[j] = usable ? 1.0f / std::sqrt(scale[j]) : 0.0f;
    identityW[j] = usable ? 0.0f : 1.0f;
  }
#endif
}

/// q_j <- s_j q_j + (0, 0, 0, i_j) for `count` quaternions (inverseSquareRoots' outputs).
inline void scaleQuaternions(const float* __restrict scale, const float* __restrict identityW,
                             float* __restrict x, float* __restrict y, float* __restrict z,
                             float* __restrict w, int count) {
  for (int j = 0; j < count; ++j) {
    x[j] *= scale[j];
    y[j] *= scale[j];
    z[j] *= scale[j];
    w[j] = w[j] * scale[j] + identityW[j];
  }
}

/// Normalizes n quaternions in place. The square roots and divisions run over fixed blocks of
/// 32 lanes (padding lanes hold 1), so no joint falls into a slow scalar remainder loop. A
/// (near) zero sum cannot come from aligned inputs; should it, the joint becomes the identity
/// rather than NaN.
inline void normalizeQuaternions(float* __restrict x, float* __restrict y, float* __restrict z,
                                 float* __restrict w, int n) {
  constexpr int kBlock = 32;
  alignas(32) float scale[kBlock];
  alignas(32) float identityW[kBlock];
  for (int base = 0; base < n; base += kBlock) {
    const int count = std::min(kBlock, n - base);
    const float* bx = x + base;
    const float* by = y + base;
    const float* bz = z + base;
    const float* bw = w + base;
    for (int j = 0; j < count; ++j) scale[j] = bx[j] * bx[j] + by[j] * by[j] + bz[j] * bz[j] + bw[j] * bw[j];
    for (int j = count; j < kBlock; ++j) scale[j] = 1.0f;
    inverseSquareRoots(scale, identityW);
    scaleQuaternions(scale, identityW, x + base, y + base, z + base, w + base, count);
  }
}

/// q_j <- normalize(nlerp(identity, o_j, weight)) * q_j for n quaternions: a transition's
/// pose offset o, faded by `weight` in [0, 1], applied on the parent side of each local
/// rotation. Followed by one normalize of the result (the caller's).
inline void applyFadedOffsets(const float* __restrict ox, const float* __restrict oy,
                              const float* __restrict oz, const float* __restrict ow,
                              float weight, float* __restrict x, float* __restrict y,
                              float* __restrict z, float* __restrict w, int n) {
  const float keep = 1.0f - weight;
  for (int j = 0; j < n; ++j) {
    // The faded offset need not be unit here: the final normalize divides its length out.
    const float ax = weight * ox[j], ay = weight * oy[j], az = weight * oz[j];
    const float aw = keep + weight * ow[j];
    const float qx = x[j], qy = y[j], qz = z[j], qw = w[j];
    w[j] = aw * qw - ax * qx - ay * qy - az * qz;
    x[j] = aw * qx + ax * qw + ay * qz - az * qy;
    y[j] = aw * qy - ax * qz + ay * qw + az * qx;
    z[j] = aw * qz + ax * qy - ay * qx + az * qw;
  }
}

}  // namespace fatgraph::detail
