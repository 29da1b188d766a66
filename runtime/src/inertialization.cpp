// Inertialization of a transition's pose difference (Bollo, GDC 2018; inertialization.h).
#include "fatgraph/runtime/inertialization.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/eigen_bridge.h"
#include "float_sin_cos.h"

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

float Inertialization::Quintic::at(float t) const {
  if (!(t < t1)) return 0.0f;
  return ((((a * t + b) * t + c) * t + halfA0) * t + v0) * t + x0;
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
  rotations_.assign(static_cast<std::size_t>(joints), Quintic{});
  axes_.assign(3 * static_cast<std::size_t>(joints), 0.0f);
  translations_.assign(3 * static_cast<std::size_t>(translated), Quintic{});
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
    rotations_[static_cast<std::size_t>(j)] = quintic(x0, v0, seconds);
    for (int c = 0; c < 3; ++c) axes_[3 * static_cast<std::size_t>(j) + c] = axis[c];
    duration_ = std::max(duration_, rotations_[static_cast<std::size_t>(j)].t1);
  }
  const int n = 3 * translated_;
  for (int m = 0; m < n; ++m) {
    const float x0 = sourceTranslations[m] - targetTranslations[m];
    float v0 = 0.0f;
    if (sourceRate && targetRate) {
      v0 = (sourceTranslations[m] - sourceTranslationsBefore[m]) / sourceSeconds -
           (targetTranslationsAfter[m] - targetTranslations[m]) / targetSeconds;
    }
    translations_[static_cast<std::size_t>(m)] = quintic(x0, v0, seconds);
    duration_ = std::max(duration_, translations_[static_cast<std::size_t>(m)].t1);
  }
}

void Inertialization::apply(float age, float* rotations, float* translations) const {
  if (!(age < duration_)) return;
  float* x = rotations;
  float* y = rotations + joints_;
  float* z = rotations + 2 * joints_;
  float* w = rotations + 3 * joints_;
  for (int j = 0; j < joints_; ++j) {
    const float angle = rotations_[static_cast<std::size_t>(j)].at(age);
    if (angle == 0.0f) continue;
    float s, c;
    detail::floatSinCos(0.5f * angle, s, c);
    const float* a = &axes_[3 * static_cast<std::size_t>(j)];
    const float ax = s * a[0], ay = s * a[1], az = s * a[2], aw = c;
    const float qx = x[j], qy = y[j], qz = z[j], qw = w[j];
    // offset * pose (parent side), then unit again.
    float nw = aw * qw - ax * qx - ay * qy - az * qz;
    float nx = aw * qx + ax * qw + ay * qz - az * qy;
    float ny = aw * qy - ax * qz + ay * qw + az * qx;
    float nz = aw * qz + ax * qy - ay * qx + az * qw;
    const float inv = 1.0f / std::sqrt(nw * nw + nx * nx + ny * ny + nz * nz);
    x[j] = nx * inv, y[j] = ny * inv, z[j] = nz * inv, w[j] = nw * inv;
  }
  const int n = 3 * translated_;
  for (int m = 0; m < n; ++m) translations[m] += translations_[static_cast<std::size_t>(m)].at(age);
}

}  // namespace fatgraph
