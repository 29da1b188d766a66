#include "fatgraph/runtime/rotation_blending.h"

#include <Eigen/Eigenvalues>
#include <cmath>

namespace fatgraph {

namespace {

bool usableWeight(double w) { return std::isfinite(w) && w > 0.0; }

bool usableQuat(const Quat& q) { return q.coeffs().allFinite() && q.coeffs().squaredNorm() > 0.0; }

bool usable(const Quat* q, const double* w, int i) { return usableWeight(w[i]) && usableQuat(q[i]); }

// Index of the first usable input, or -1.
int firstUsable(const Quat* q, const double* w, int count) {
  if (q == nullptr || w == nullptr) return -1;
  for (int i = 0; i < count; ++i)
    if (usable(q, w, i)) return i;
  return -1;
}

}  // namespace

Quat blendRotationsNlerp(const Quat* q, const double* w, int count) {
  const int ref = firstUsable(q, w, count);
  if (ref < 0) return Quat::Identity();
  const Eigen::Vector4d reference = q[ref].coeffs();
  Eigen::Vector4d sum = Eigen::Vector4d::Zero();
  for (int i = ref; i < count; ++i) {
    if (!usable(q, w, i)) continue;
    const Eigen::Vector4d c = q[i].coeffs();
    sum += (c.dot(reference) < 0.0 ? -w[i] : w[i]) * c;
  }
  // Every aligned term has a non-negative dot with the reference and the reference's own term
  // is strictly positive, so the sum cannot vanish for unit inputs; guard anyway (huge weights
  // can overflow to inf).
  const double n = sum.norm();
  if (!(n > 1e-300) || !std::isfinite(n)) return Quat(reference.normalized());
  return Quat(sum / n);
}

Quat blendRotationsEigen(const Quat* q, const double* w, int count) {
  const int ref = firstUsable(q, w, count);
  if (ref < 0) return Quat::Identity();
  // Scale weights by their largest value so that huge weights do not overflow M.
  double wMax = 0.0;
  for (int i = ref; i < count; ++i)
    if (usable(q, w, i) && w[i] > wMax) wMax = w[i];
  Eigen::Matrix4d m = Eigen::Matrix4d::Zero();
  for (int i = ref; i < count; ++i) {
    if (!usable(q, w, i)) continue;
    const Eigen::Vector4d c = q[i].coeffs().normalized();
    m.noalias() += (w[i] / wMax) * (c * c.transpose());
  }
  const Quat approx = blendRotationsNlerp(q, w, count);
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d> solver(m, Eigen::ComputeEigenvectors);
  if (solver.info() != Eigen::Success) return approx;
  Eigen::Vector4d v = solver.eigenvectors().col(3);  // eigenvalues are sorted ascending
  const double n = v.norm();
  if (!(n > 0.0) || !v.allFinite()) return approx;
  v /= n;
  if (v.dot(approx.coeffs()) < 0.0) v = -v;
  return Quat(v);
}

double rotationAverageObjective(const Quat& qa, const Quat* qs, const double* w, int count) {
  if (qs == nullptr || w == nullptr) return 0.0;
  double total = 0.0;
  for (int i = 0; i < count; ++i) {
    if (!usable(qs, w, i)) continue;
    const double d = qa.coeffs().dot(qs[i].coeffs());
    total += w[i] * d * d;
  }
  return total;
}

}  // namespace fatgraph
