#include "fatgraph/core/model/euler.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fatgraph {
namespace {

constexpr int kAxes[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

// +1 when (i, j, k) is a cyclic permutation of (X, Y, Z), -1 otherwise.
double parity(int i, int j) { return ((j - i + 3) % 3 == 1) ? 1.0 : -1.0; }

double wrapNear(double angle, double target) {
  const double twoPi = 2.0 * std::numbers::pi;
  return angle + twoPi * std::round((target - angle) / twoPi);
}

}  // namespace

int eulerAxis(EulerOrder order, int n) { return kAxes[static_cast<int>(order)][n]; }

std::string_view eulerOrderName(EulerOrder order) {
  static constexpr std::string_view names[6] = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};
  return names[static_cast<int>(order)];
}

std::optional<EulerOrder> eulerOrderFromAxes(int first, int second, int third) {
  for (EulerOrder order : kAllEulerOrders) {
    const int* a = kAxes[static_cast<int>(order)];
    if (a[0] == first && a[1] == second && a[2] == third) return order;
  }
  return std::nullopt;
}

Quat eulerToQuat(const Vec3& anglesRad, EulerOrder order) {
  Quat q = Quat::Identity();
  for (int n = 0; n < 3; ++n) {
    q = q * Quat(Eigen::AngleAxisd(anglesRad[n], Vec3::Unit(eulerAxis(order, n))));
  }
  return q;
}

Vec3 quatToEuler(const Quat& q, EulerOrder order) {
  const Eigen::Matrix3d r = q.normalized().toRotationMatrix();
  const int i = eulerAxis(order, 0), j = eulerAxis(order, 1), k = eulerAxis(order, 2);
  const double s = parity(i, j);
  const double sinMiddle = std::clamp(s * r(i, k), -1.0, 1.0);
  Vec3 out;
  out[1] = std::asin(sinMiddle);
  if (std::abs(sinMiddle) < 1.0 - 1e-12) {
    out[0] = std::atan2(-s * r(j, k), r(k, k));
    out[2] = std::atan2(-s * r(i, j), r(i, i));
  } else {
    // Gimbal lock: only a0 +/- a2 is defined; put it all in a0. With a2 = 0, column j of R is
    // R_i(a0) e_j, whose j and k components are cos(a0) and s * sin(a0).
    out[0] = std::atan2(s * r(k, j), r(j, j));
    out[2] = 0.0;
  }
  return out;
}

Vec3 eulerNearest(const Vec3& anglesRad, const Vec3& previous, EulerOrder order) {
  (void)order;  // both solutions below hold for every Tait-Bryan order
  const double pi = std::numbers::pi;
  Vec3 a(wrapNear(anglesRad[0], previous[0]), wrapNear(anglesRad[1], previous[1]),
         wrapNear(anglesRad[2], previous[2]));
  // The mirrored solution (a0 + pi, pi - a1, a2 + pi) describes the same rotation.
  Vec3 b(wrapNear(anglesRad[0] + pi, previous[0]), wrapNear(pi - anglesRad[1], previous[1]),
         wrapNear(anglesRad[2] + pi, previous[2]));
  return (a - previous).squaredNorm() <= (b - previous).squaredNorm() ? a : b;
}

}  // namespace fatgraph
