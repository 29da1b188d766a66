// Heightfield: checked construction, bilinear height and normal, and an exact ray march.
//
// The march walks the cells the ray's ground projection crosses (a 2D DDA over the grid, with
// each region outside the grid taken as one wide cell, since there the clamped surface does not
// change across it). Inside a cell the surface is h(u, v) = a + b·u + c·v + e·u·v with u and v
// linear in t, so f(t) = y(t) − h(t) is a quadratic: its roots split the cell's t-range into
// pieces of constant sign, and a hit is the start of the first piece below the surface after one
// on or above it. Doing this in double keeps the quadratic's coefficients (differences of nearby
// heights) and the stable root formula accurate to far below the 0.1 mm the tests ask for.
#include "fatgraph/runtime/terrain.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "fatgraph/eigen_bridge.h"

namespace fatgraph {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Grid coordinate (in cells from the first node) of world coordinate w, clamped to the grid
// and made finite: NaN reads the first node.
double clampedGrid(float w, float origin, float cell, int nodes) {
  const double g = (static_cast<double>(w) - origin) / cell;
  if (!(g > 0.0)) return 0.0;  // also NaN
  return std::min(g, static_cast<double>(nodes - 1));
}

// Real roots of A·s² + B·s + C strictly inside (lo, hi), ascending; returns how many.
int rootsInside(double A, double B, double C, double lo, double hi, double out[2]) {
  double r[2];
  int n = 0;
  if (A == 0.0) {
    if (B != 0.0) r[n++] = -C / B;
  } else {
    const double disc = B * B - 4.0 * A * C;
    if (disc >= 0.0) {
      // Citardauq form: never subtracts nearly equal numbers.
      const double q = -0.5 * (B + std::copysign(std::sqrt(disc), B));
      r[n++] = q / A;
      if (q != 0.0) r[n++] = C / q;
    }
  }
  int k = 0;
  for (int i = 0; i < n; ++i) {
    if (r[i] > lo && r[i] < hi) out[k++] = r[i];
  }
  if (k == 2 && out[1] < out[0]) std::swap(out[0], out[1]);
  return k;
}

// The bilinear patch over grid cell (i, j), i in [-1, cols-1] and j in [-1, rows-1] (-1 and the
// last index are the regions outside the grid): h = h00 + b·u + c·v + e·u·v in the cell's
// coordinates u, v, which stay 0 across an axis outside the grid (the surface is extruded there).
struct Patch {
  double h00, h10, h01, h11;
  double b, c, e;
  bool inX, inZ;
};

Patch patchOf(const Heightfield& field, int i, int j) {
  const int cols = field.cols(), rows = field.rows();
  const std::vector<float>& heights = field.heights();
  const auto at = [&](int col, int row) { return static_cast<double>(heights[static_cast<size_t>(row) * cols + col]); };
  const int c0 = std::clamp(i, 0, cols - 1), c1 = std::clamp(i + 1, 0, cols - 1);
  const int r0 = std::clamp(j, 0, rows - 1), r1 = std::clamp(j + 1, 0, rows - 1);
  Patch p;
  p.h00 = at(c0, r0), p.h10 = at(c1, r0), p.h01 = at(c0, r1), p.h11 = at(c1, r1);
  p.b = p.h10 - p.h00, p.c = p.h01 - p.h00, p.e = p.h00 - p.h10 - p.h01 + p.h11;
  p.inX = i >= 0 && i <= cols - 2, p.inZ = j >= 0 && j <= rows - 2;
  return p;
}

// Cell index along one axis of a finite grid coordinate g: -1 before the first node, nodes-1 past
// the last. The floor by truncation (then one down for a negative fraction): std::floor is a libm
// call here, since GCC inlines it only without trapping math, and every probe takes two.
int cellOf(double g, int nodes) {
  const double c = std::min(std::max(g, -1.0), static_cast<double>(nodes - 1));
  const int i = static_cast<int>(c);
  return c < i ? i - 1 : i;
}

TerrainHit hitAt(const Eigen::Vector3d& point, const Patch& p, double u, double v, double cellSize) {
  const double dhdx = p.inX ? (p.b + p.e * v) / cellSize : 0.0, dhdz = p.inZ ? (p.c + p.e * u) / cellSize : 0.0;
  TerrainHit hit;
  hit.hit = true;
  hit.point = toFloat3(point);
  hit.normal = toFloat3(Eigen::Vector3d(-dhdx, 1.0, -dhdz).normalized());
  return hit;
}

// The leg layer's probes all point straight down (unit direction (0, dy, 0)): one cell, no march,
// and the march's answer for the same ray (its cell on a cell edge, its height formula). A ray
// that starts on or above the surface hits it at its own height when it reaches past it; one
// that starts below, or points up, never meets the surface from above. Written out rather than
// through Patch and hitAt: it is the path of every probe, several per leg and update.
TerrainHit verticalHit(const Heightfield& field, const Float3& o, double reach) {
  const double cs = field.cellSize();
  const int cols = field.cols(), rows = field.rows();
  const double gx = (static_cast<double>(o.x) - field.originX()) / cs;
  const double gz = (static_cast<double>(o.z) - field.originZ()) / cs;
  const int i = cellOf(gx, cols), j = cellOf(gz, rows);
  const bool inX = i >= 0 && i <= cols - 2, inZ = j >= 0 && j <= rows - 2;
  const int c0 = std::max(i, 0), c1 = std::min(i + 1, cols - 1);
  const int r0 = std::max(j, 0), r1 = std::min(j + 1, rows - 1);
  const float* heights = field.heights().data();
  const double h00 = heights[static_cast<size_t>(r0) * cols + c0], h10 = heights[static_cast<size_t>(r0) * cols + c1];
  const double h01 = heights[static_cast<size_t>(r1) * cols + c0], h11 = heights[static_cast<size_t>(r1) * cols + c1];
  const double b = h10 - h00, c = h01 - h00, e = h00 - h10 - h01 + h11;
  // min/max rather than std::clamp, whose reference result sent the values through memory.
  const double u = inX ? std::min(std::max(gx - i, 0.0), 1.0) : 0.0, v = inZ ? std::min(std::max(gz - j, 0.0), 1.0) : 0.0;
  const double h = h00 + b * u + c * v + e * u * v;
  const double distance = o.y - h;
  if (!(distance >= 0.0 && distance < reach)) return {};
  const double dhdx = inX ? (b + e * v) / cs : 0.0, dhdz = inZ ? (c + e * u) / cs : 0.0;
  const double scale = 1.0 / std::sqrt(1.0 + dhdx * dhdx + dhdz * dhdz);
  TerrainHit hit;
  hit.hit = true;
  hit.point = Float3{o.x, static_cast<float>(h), o.z};
  hit.normal = Float3{static_cast<float>(-dhdx * scale), static_cast<float>(scale), static_cast<float>(-dhdz * scale)};
  return hit;
}

// The march of a ray that is not vertical (o and the unit d in double): kept out of line so that
// the vertical probes' path through raycast saves no registers for it.
[[gnu::noinline]] TerrainHit marchRay(const Heightfield& field, const Eigen::Vector3d& o, const Eigen::Vector3d& d,
                                      double reach) {
  const TerrainHit none;
  // Outside the slab of heights [min, max] the ray is wholly above or below the ground, and a
  // straight line crosses the slab once: march only that part of the ray.
  const double pad = 1e-9 * (1.0 + std::abs(field.minHeight()) + std::abs(field.maxHeight()));
  const double slabLo = field.minHeight() - pad, slabHi = field.maxHeight() + pad;
  double tStart = 0.0;
  double tEnd = reach;
  if (d.y() != 0.0) {
    const double ta = (slabHi - o.y()) / d.y(), tb = (slabLo - o.y()) / d.y();
    tStart = std::max(0.0, std::min(ta, tb));
    tEnd = std::min(tEnd, std::max(ta, tb));
  } else if (o.y() > slabHi || o.y() < slabLo) {
    return none;
  }
  if (!(tStart <= tEnd)) return none;

  // Grid coordinates along the ray: g(t) = g0 + s·t, in cells from the first node.
  const double cs = field.cellSize();
  const double gx0 = (o.x() - field.originX()) / cs, gz0 = (o.z() - field.originZ()) / cs;
  const double sx = d.x() / cs, sz = d.z() / cs;
  // Cell index per axis: -1 is the region before the first node, cols-1 the region past the
  // last; 0..cols-2 are the grid's cells.
  int i = cellOf(gx0 + sx * tStart, field.cols());
  int j = cellOf(gz0 + sz * tStart, field.rows());
  auto nextBoundary = [](int cell, double g0, double s, int nodes) {
    if (s > 0.0 && cell < nodes - 1) return (cell + 1 - g0) / s;
    if (s < 0.0 && cell > -1) return (cell - g0) / s;
    return kInf;
  };

  double t = tStart;
  bool armed = false;  // has the ray been on or above the surface yet?
  bool first = true;
  for (int step = 0; step < field.cols() + field.rows() + 8; ++step) {
    const double tx = nextBoundary(i, gx0, sx, field.cols()), tz = nextBoundary(j, gz0, sz, field.rows());
    const double tNext = std::max(t, std::min({tx, tz, tEnd}));
    const Patch patch = patchOf(field, i, j);
    const bool inX = patch.inX, inZ = patch.inZ;
    const double h00 = patch.h00, h10 = patch.h10, h01 = patch.h01, h11 = patch.h11;
    // A bilinear patch stays within its nodes' heights, so a ray above all four across the
    // whole cell cannot meet it: the common case, skipped without solving.
    const double yIn = o.y() + d.y() * t, yOut = o.y() + d.y() * tNext;
    if (std::min(yIn, yOut) > std::max({h00, h10, h01, h11})) {
      armed = true;
      first = false;
    } else {
      const double b = patch.b, c = patch.c, e = patch.e;
      const double u0 = inX ? std::clamp(gx0 + sx * t - i, 0.0, 1.0) : 0.0, us = inX ? sx : 0.0;
      const double v0 = inZ ? std::clamp(gz0 + sz * t - j, 0.0, 1.0) : 0.0, vs = inZ ? sz : 0.0;
      // f(s) = A·s² + B·s + C, s = t' − t: the ray's height above the surface.
      const double A = -e * us * vs;
      const double B = d.y() - (b * us + c * vs + e * (u0 * vs + v0 * us));
      const double C = (o.y() + d.y() * t) - (h00 + b * u0 + c * v0 + e * u0 * v0);
      const double L = tNext - t;
      auto f = [&](double s) { return (A * s + B) * s + C; };
      if (first && C >= 0.0) armed = true;
      first = false;

      double pts[4] = {0.0, 0.0, 0.0, L};
      double roots[2];
      const int n = rootsInside(A, B, C, 0.0, L, roots);
      for (int k = 0; k < n; ++k) pts[1 + k] = roots[k];
      pts[1 + n] = L;
      for (int k = 0; k <= n; ++k) {
        const double p = pts[k], q = pts[k + 1];
        if (q <= p && L > 0.0) continue;  // a double root: a touch, not a piece
        const double fm = f(0.5 * (p + q));
        if (fm >= 0.0) {
          armed = true;
        } else if (armed) {
          const double uh = std::clamp(u0 + us * p, 0.0, 1.0), vh = std::clamp(v0 + vs * p, 0.0, 1.0);
          return hitAt(o + d * (t + p), patch, uh, vh, cs);
        }
      }
      if (f(L) >= 0.0) armed = true;
    }
    if (tNext >= tEnd) break;
    t = tNext;
    if (tx <= tNext) i += sx > 0.0 ? 1 : -1;
    if (tz <= tNext) j += sz > 0.0 ? 1 : -1;
  }
  return none;
}

}  // namespace

std::optional<Heightfield> Heightfield::create(int cols, int rows, float cellSize, float originX,
                                               float originZ, std::vector<float> heights,
                                               std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<Heightfield> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (cols < 2 || rows < 2) return fail("heightfield needs at least 2x2 nodes");
  if (static_cast<long long>(cols) * rows > (1LL << 28)) return fail("heightfield too large");
  if (static_cast<long long>(cols) * rows != static_cast<long long>(heights.size())) {
    return fail("heightfield has " + std::to_string(heights.size()) + " heights, expected " +
                std::to_string(static_cast<long long>(cols) * rows));
  }
  if (!std::isfinite(cellSize) || !(cellSize > 0.0f)) return fail("cell size must be > 0");
  if (!std::isfinite(originX) || !std::isfinite(originZ)) return fail("origin must be finite");
  for (size_t i = 0; i < heights.size(); ++i) {
    if (!std::isfinite(heights[i])) return fail("height " + std::to_string(i) + " is not finite");
  }
  Heightfield h;
  h.cols_ = cols;
  h.rows_ = rows;
  h.cellSize_ = cellSize;
  h.originX_ = originX;
  h.originZ_ = originZ;
  const auto [lo, hi] = std::minmax_element(heights.begin(), heights.end());
  h.minHeight_ = *lo;
  h.maxHeight_ = *hi;
  h.heights_ = std::move(heights);
  return h;
}

float Heightfield::height(float x, float z) const {
  const double gx = clampedGrid(x, originX_, cellSize_, cols_);
  const double gz = clampedGrid(z, originZ_, cellSize_, rows_);
  const int c = std::min(static_cast<int>(gx), cols_ - 2);
  const int r = std::min(static_cast<int>(gz), rows_ - 2);
  const double u = gx - c, v = gz - r;
  const double h0 = at(c, r) + (at(c + 1, r) - at(c, r)) * u;
  const double h1 = at(c, r + 1) + (at(c + 1, r + 1) - at(c, r + 1)) * u;
  return static_cast<float>(h0 + (h1 - h0) * v);
}

Float3 Heightfield::normal(float x, float z) const {
  const double gx = clampedGrid(x, originX_, cellSize_, cols_);
  const double gz = clampedGrid(z, originZ_, cellSize_, rows_);
  const int c = std::min(static_cast<int>(gx), cols_ - 2);
  const int r = std::min(static_cast<int>(gz), rows_ - 2);
  const double u = gx - c, v = gz - r;
  const double b = at(c + 1, r) - at(c, r), cc = at(c, r + 1) - at(c, r);
  const double e = at(c, r) - at(c + 1, r) - at(c, r + 1) + at(c + 1, r + 1);
  // Past the grid's edge the surface is extruded, flat across that axis.
  const bool insideX =
      (x - originX_) / cellSize_ >= 0.0f && (x - originX_) / cellSize_ <= cols_ - 1;
  const bool insideZ =
      (z - originZ_) / cellSize_ >= 0.0f && (z - originZ_) / cellSize_ <= rows_ - 1;
  const double dhdx = insideX ? (b + e * v) / cellSize_ : 0.0;
  const double dhdz = insideZ ? (cc + e * u) / cellSize_ : 0.0;
  return toFloat3(Eigen::Vector3d(-dhdx, 1.0, -dhdz).normalized());
}

TerrainHit Heightfield::raycast(const Float3& originF, const Float3& directionF,
                                float maxDistance) const {
  const TerrainHit none;
  if (!isFinite(originF) || !isFinite(directionF) || !(maxDistance > 0.0f)) return none;
  const double reach = std::min(static_cast<double>(maxDistance), static_cast<double>(kMaxRayLength));
  if (directionF.x == 0.0f && directionF.z == 0.0f)
    return directionF.y < 0.0f ? verticalHit(*this, originF, reach) : none;
  const Eigen::Vector3d o = toEigenDouble(originF);
  Eigen::Vector3d d = toEigenDouble(directionF);
  d /= d.norm();  // not zero: x or z is not
  return marchRay(*this, o, d, reach);
}

}  // namespace fatgraph
