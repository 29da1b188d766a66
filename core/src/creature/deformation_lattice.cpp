// The free-form deformation of Sederberg and Parry (1986), seed 001's body deformation:
// lattice coordinates by triple products, then the trivariate Bernstein sum.
#include <cmath>

#include "fatgraph/core/creature/creature_generation.h"

namespace fatgraph {

namespace {

// B_i^n(x) for i = 0..n into `out` (n <= 31), by the binomial coefficients of row n.
void bernstein(int n, double x, double* out) {
  double binomial = 1;
  for (int i = 0; i <= n; ++i) {
    out[i] = binomial * std::pow(x, i) * std::pow(1 - x, n - i);
    binomial = binomial * (n - i) / (i + 1);
  }
}

}  // namespace

DeformationLattice DeformationLattice::regular(const Vec3& origin, const Vec3& s, const Vec3& t,
                                               const Vec3& u, int l, int m, int n) {
  DeformationLattice lattice;
  lattice.l = l;
  lattice.m = m;
  lattice.n = n;
  lattice.origin = origin;
  lattice.axisS = s;
  lattice.axisT = t;
  lattice.axisU = u;
  lattice.points.resize(static_cast<size_t>((l + 1) * (m + 1) * (n + 1)));
  for (int k = 0; k <= n; ++k)
    for (int j = 0; j <= m; ++j)
      for (int i = 0; i <= l; ++i)
        lattice.point(i, j, k) = origin + s * (double(i) / l) + t * (double(j) / m) + u * (double(k) / n);
  return lattice;
}

Vec3 DeformationLattice::coordinates(const Vec3& p) const {
  const Vec3 d = p - origin;
  const Vec3 tu = axisT.cross(axisU), us = axisU.cross(axisS), st = axisS.cross(axisT);
  return {tu.dot(d) / tu.dot(axisS), us.dot(d) / us.dot(axisT), st.dot(d) / st.dot(axisU)};
}

Vec3 DeformationLattice::deform(const Vec3& p) const {
  const Vec3 c = coordinates(p);
  double bs[32], bt[32], bu[32];
  bernstein(l, c.x(), bs);
  bernstein(m, c.y(), bt);
  bernstein(n, c.z(), bu);
  Vec3 x = Vec3::Zero();
  for (int k = 0; k <= n; ++k)
    for (int j = 0; j <= m; ++j) {
      const double w = bt[j] * bu[k];
      for (int i = 0; i <= l; ++i) x += point(i, j, k) * (bs[i] * w);
    }
  return x;
}

}  // namespace fatgraph
