#include "fatgraph/runtime/rotation_blending.h"

#include <Eigen/Eigenvalues>
#include <cmath>

namespace fatgraph {

namespace {

bool usableWeight(double w) { return std::isfinite(w) && w > 0.0; }

// (x, y, z, w) in double, Eigen's coefficient order.
Eigen::Vector4d coeffs(const Quaternion& q) { return {q.x, q.y, q.z, q.w}; }

Quaternion toQuaternion(const Eigen::Vector4d& c) {
  return {static_cast<float>(c.x()), static_cast<float>(c.y()), static_cast<float>(c.z()),
          static_cast<float>(c.w())};
}

bool usableQuat(const Quaternion& q) {
  const Eigen::Vector4d c = coeffs(q);
  return c.allFinite() && c.squaredNorm() > 0.0;
}

bool usable(const Quaternion* q, const float* w, int i) { return usableWeight(w[i]) && usableQuat(q[i]); }

// Index of the first usable input, or -1.
int firstUsable(const Quaternion* q, const float* w, int count) {
  if (q == nullptr || w == nullptr) return -1;
  for (int i = 0; i < count; ++i)
    if (usable(q, w, i)) return i;
  return -1;
}

}  // namespace

Quaternion blendRotationsNlerp(const Quaternion* q, const float* w, int count) {
  const int ref = firstUsable(q, w, count);
  if (ref < 0) return {};
  const Eigen::Vector4d reference = coeffs(q[ref]);
  Eigen::Vector4d sum = Eigen::Vector4d::Zero();
  for (int i = ref; i < count; ++i) {
    if (!usable(q, w, i)) continue;
    const Eigen::Vector4d c = coeffs(q[i]);
    sum += (c.dot(reference) < 0.0 ? -double(w[i]) : double(w[i])) * c;
  }
  // Every aligned term has a non-negative dot with the reference and the reference's own term
  // is strictly positive, so the sum cannot vanish for unit inputs; guard anyway (huge weights
  // can overflow to inf).
  const double n = sum.norm();
  if (!(n > 1e-300) || !std::isfinite(n)) return toQuaternion(reference.normalized());
  return toQuaternion(sum / n);
}

Quaternion blendRotationsEigen(const Quaternion* q, const float* w, int count) {
  const int ref = firstUsable(q, w, count);
  if (ref < 0) return {};
  // Scale weights by their largest value so that huge weights do not overflow M.
  double wMax = 0.0;
  for (int i = ref; i < count; ++i)
    if (usable(q, w, i) && w[i] > wMax) wMax = w[i];
  Eigen::Matrix4d m = Eigen::Matrix4d::Zero();
  for (int i = ref; i < count; ++i) {
    if (!usable(q, w, i)) continue;
    const Eigen::Vector4d c = coeffs(q[i]).normalized();
    m.noalias() += (w[i] / wMax) * (c * c.transpose());
  }
  const Quaternion approx = blendRotationsNlerp(q, w, count);
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d> solver(m, Eigen::ComputeEigenvectors);
  if (solver.info() != Eigen::Success) return approx;
  Eigen::Vector4d v = solver.eigenvectors().col(3);  // eigenvalues are sorted ascending
  const double n = v.norm();
  if (!(n > 0.0) || !v.allFinite()) return approx;
  v /= n;
  if (v.dot(coeffs(approx)) < 0.0) v = -v;
  return toQuaternion(v);
}

double rotationAverageObjective(const Quaternion& qa, const Quaternion* qs, const float* w, int count) {
  if (qs == nullptr || w == nullptr) return 0.0;
  double total = 0.0;
  for (int i = 0; i < count; ++i) {
    if (!usable(qs, w, i)) continue;
    const double d = coeffs(qa).dot(coeffs(qs[i]));
    total += w[i] * d * d;
  }
  return total;
}

}  // namespace fatgraph
