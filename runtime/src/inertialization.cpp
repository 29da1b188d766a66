// Inertialization of a transition's pose difference (Bollo, GDC 2018; inertialization.h).
#include "fatgraph/runtime/inertialization.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/eigen_bridge.h"
#include "soa_quaternions.h"

namespace fatgraph {

namespace {

// Joint j of a SoA pose x[J] y[J] z[J] w[J].
Quatf jointOf(const float* pose, int joints, int j) {
  return Quatf(pose[3 * joints + j], pose[j], pose[joints + j], pose[2 * joints + j]);
}

// The rotation taking a to b over `seconds`, as the power that extrapolates it by `fraction`
// of that time: (b a^-1)^fraction.
Quatf rotationPower(const Quatf& a, const Quatf& b, float fraction) {
  Quatf d = (b * a.conjugate()).normalized();
  if (d.w() < 0.0f) d.coeffs() *= -1.0f;
  const float s = d.vec().norm();
  if (!(s > 1e-7f)) return Quatf::Identity();
  const float angle = 2.0f * std::atan2(s, d.w()) * fraction;
  return Quatf(Eigen::AngleAxisf(angle, d.vec() / s));
}

bool finiteStep(float seconds) { return std::isfinite(seconds) && seconds > 1e-6f; }

}  // namespace

void Inertialization::Quintics::resize(std::size_t n) {
  for (std::vector<float>* v : {&x0, &v0, &halfA0, &a, &b, &c, &t1}) v->assign(n, 0.0f);
}

void Inertialization::Quintics::set(std::size_t i, const Quintic& q) {
  x0[i] = q.x0, v0[i] = q.v0, halfA0[i] = q.halfA0, a[i] = q.a, b[i] = q.b, c[i] = q.c, t1[i] = q.t1;
}

void Inertialization::Quintics::evaluate(float t, std::size_t n, float* __restrict out) const {
  const float* __restrict pa = a.data();
  const float* __restrict pb = b.data();
  const float* __restrict pc = c.data();
  const float* __restrict ph = halfA0.data();
  const float* __restrict pv = v0.data();
  const float* __restrict px = x0.data();
  const float* __restrict pt = t1.data();
  for (std::size_t i = 0; i < n; ++i) {
    const float x = ((((pa[i] * t + pb[i]) * t + pc[i]) * t + ph[i]) * t + pv[i]) * t + px[i];
    out[i] = t < pt[i] ? x : 0.0f;
  }
}

// The quintic of the header for an offset x0 moving at v0, in at most `seconds`: solved for
// |x0| (the sign folded into the coefficients at the end).
Inertialization::Quintic Inertialization::quintic(float x0, float v0, float seconds) {
  Quintic q;
  if (!std::isfinite(x0) || !std::isfinite(v0) || !(seconds > 0.0f) || x0 == 0.0f) return q;
  const float sign = x0 < 0.0f ? -1.0f : 1.0f;
  const float x = sign * x0;
  float v = std::min(sign * v0, 0.0f);  // moving away from zero: dropped (no overshoot)
  float t1 = seconds;
  if (v < 0.0f) t1 = std::min(t1, -5.0f * x / v);
  if (!(t1 > 1e-4f)) return q;
  const float a0 = (-8.0f * v * t1 - 20.0f * x) / (t1 * t1);
  const float t12 = t1 * t1, t13 = t12 * t1;
  q.a = sign * -(a0 * t12 + 6.0f * v * t1 + 12.0f * x) / (2.0f * t13 * t12);
  q.b = sign * (3.0f * a0 * t12 + 16.0f * v * t1 + 30.0f * x) / (2.0f * t12 * t12);
  q.c = sign * -(3.0f * a0 * t12 + 12.0f * v * t1 + 20.0f * x) / (2.0f * t13);
  q.halfA0 = sign * 0.5f * a0;
  q.v0 = sign * v;
  q.x0 = x0;
  q.t1 = t1;
  return q;
}

void Inertialization::resize(int joints, int translated) {
  joints_ = joints;
  translated_ = translated;
  const std::size_t j = static_cast<std::size_t>(joints);
  rotations_.resize(j);
  axisX_.assign(j, 1.0f);
  axisY_.assign(j, 0.0f);
  axisZ_.assign(j, 0.0f);
  translations_.resize(3 * static_cast<std::size_t>(translated));
  scratch_.assign(4 * j + 3 * static_cast<std::size_t>(translated), 0.0f);
  duration_ = 0;
}

void Inertialization::begin(const float* source, const float* sourceBefore, float sourceSeconds,
                            const float* target, const float* targetAfter, float targetSeconds,
                            const float* sourceTranslations, const float* sourceTranslationsBefore,
                            const float* targetTranslations, const float* targetTranslationsAfter,
                            float seconds) {
  const bool sourceRate = finiteStep(sourceSeconds), targetRate = finiteStep(targetSeconds);
  duration_ = 0;
  for (int j = 0; j < joints_; ++j) {
    const Quatf s = jointOf(source, joints_, j), t = jointOf(target, joints_, j);
    Quatf q0 = (s * t.conjugate()).normalized();
    if (q0.w() < 0.0f) q0.coeffs() *= -1.0f;
    const float n = q0.vec().norm();
    Vec3f axis = n > 1e-7f ? Vec3f(q0.vec() / n) : Vec3f::UnitX();
    const float x0 = n > 1e-7f ? 2.0f * std::atan2(n, q0.w()) : 0.0f;
    // The offset one source step earlier: the source as displayed then, the target extrapolated
    // back along its own first step.
    float v0 = 0.0f;
    if (sourceRate && targetRate && x0 > 0.0f) {
      const Quatf sb = jointOf(sourceBefore, joints_, j);
      const Quatf ta = jointOf(targetAfter, joints_, j);
      const Quatf tb = rotationPower(t, ta, -sourceSeconds / targetSeconds) * t;
      Quatf before = (sb * tb.conjugate()).normalized();
      if (before.coeffs().dot(q0.coeffs()) < 0.0f) before.coeffs() *= -1.0f;
      const float xBefore = 2.0f * std::atan2(before.vec().dot(axis), before.w());
      v0 = (x0 - xBefore) / sourceSeconds;
    }
    const Quintic q = quintic(x0, v0, seconds);
    const std::size_t i = static_cast<std::size_t>(j);
    rotations_.set(i, q);
    axisX_[i] = axis.x(), axisY_[i] = axis.y(), axisZ_[i] = axis.z();
    duration_ = std::max(duration_, q.t1);
  }
  const int n = 3 * translated_;
  for (int m = 0; m < n; ++m) {
    const float x0 = sourceTranslations[m] - targetTranslations[m];
    float v0 = 0.0f;
    if (sourceRate && targetRate) {
      v0 = (sourceTranslations[m] - sourceTranslationsBefore[m]) / sourceSeconds -
           (targetTranslationsAfter[m] - targetTranslations[m]) / targetSeconds;
    }
    const Quintic q = quintic(x0, v0, seconds);
    translations_.set(static_cast<std::size_t>(m), q);
    duration_ = std::max(duration_, q.t1);
  }
}

// The angles of every joint, their half-angle sines and cosines (polynomials: a half angle
// lies in [-pi/2, pi/2], so no range reduction and no branch), the offsets multiplied onto the
// pose on the parent side and the quaternions normalized: loops across joints, as the player's
// decaying offset runs (soa_quaternions.h).
void Inertialization::apply(float age, float* rotations, float* translations) const {
  if (!(age < duration_)) return;
  const std::size_t n = static_cast<std::size_t>(joints_);
  float* angle = scratch_.data();
  float* ox = angle;  // the angles are read before each x is written
  float* oy = angle + n;
  float* oz = angle + 2 * n;
  float* ow = angle + 3 * n;
  rotations_.evaluate(age, n, angle);
  for (std::size_t j = 0; j < n; ++j) {
    const float r = 0.5f * angle[j], r2 = r * r;
    const float s = r * (1.0f + r2 * (-1.0f / 6 + r2 * (1.0f / 120 + r2 * (-1.0f / 5040 + r2 * (1.0f / 362880 +
                                                                                                 r2 * (-1.0f / 39916800))))));
    const float c = 1.0f + r2 * (-0.5f + r2 * (1.0f / 24 + r2 * (-1.0f / 720 + r2 * (1.0f / 40320 + r2 * (-1.0f / 3628800 +
                                                                                                           r2 * (1.0f / 479001600))))));
    ow[j] = c;
    oy[j] = s * axisY_[j];
    oz[j] = s * axisZ_[j];
    ox[j] = s * axisX_[j];
  }
  float* x = rotations;
  float* y = rotations + joints_;
  float* z = rotations + 2 * joints_;
  float* w = rotations + 3 * joints_;
  detail::applyFadedOffsets(ox, oy, oz, ow, 1.0f, x, y, z, w, joints_);
  detail::normalizeQuaternions(x, y, z, w, joints_);
  const std::size_t m = 3 * static_cast<std::size_t>(translated_);
  float* offsets = scratch_.data() + 4 * n;
  translations_.evaluate(age, m, offsets);
  for (std::size_t k = 0; k < m; ++k) translations[k] += offsets[k];
}

}  // namespace fatgraph
