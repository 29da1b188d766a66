#include "fatgraph/runtime/time_warp.h"

#include <algorithm>
#include <cmath>

namespace fatgraph {

namespace {

// Index p of the piece [x[p], x[p+1]] holding t (clamped to the first / last piece).
int pieceIndex(const PiecewiseLinearMapView& m, float t) {
  const float* end = m.x + m.count;
  const float* it = std::upper_bound(m.x, end, t);  // first knot > t
  const int p = static_cast<int>(it - m.x) - 1;
  return std::clamp(p, 0, m.count - 2);
}

float clampedInput(const PiecewiseLinearMapView& m, float t) {
  if (std::isnan(t)) return m.x[0];
  return std::clamp(t, m.x[0], m.x[m.count - 1]);
}

}  // namespace

bool PiecewiseLinearMapView::validate() const {
  if (x == nullptr || y == nullptr || count < 2) return false;
  for (int i = 0; i < count; ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) return false;
    if (i > 0 && !(x[i] > x[i - 1] && y[i] > y[i - 1])) return false;
  }
  return true;
}

float PiecewiseLinearMapView::evaluate(float t) const {
  if (count < 2) return count == 1 ? y[0] : 0.0f;
  const float c = clampedInput(*this, t);
  const int p = pieceIndex(*this, c);
  const float u = (c - x[p]) / (x[p + 1] - x[p]);
  return y[p] + u * (y[p + 1] - y[p]);
}

float PiecewiseLinearMapView::slope(float t) const {
  if (count < 2) return 1.0f;
  const int p = pieceIndex(*this, clampedInput(*this, t));
  return (y[p + 1] - y[p]) / (x[p + 1] - x[p]);
}

PiecewiseLinearMapView identityMapView(float (&x)[2], float (&y)[2], float length) {
  const float l = std::isfinite(length) && length > 0.0f ? length : 1.0f;
  x[0] = y[0] = 0.0f;
  x[1] = y[1] = l;
  return {x, y, 2};
}

namespace {

// Cheap per-frame check; the full validate() is O(knots) and belongs where maps are built.
bool usable(const PiecewiseLinearMapView& m, float w) {
  return std::isfinite(w) && w > 0.0f && m.x != nullptr && m.y != nullptr && m.count >= 2;
}

}  // namespace

float referenceTimeStep(const PiecewiseLinearMapView* warps, const float* weights, int count,
                        float t, float dt) {
  if (!std::isfinite(dt) || dt <= 0.0f) return 0.0f;
  if (warps == nullptr || weights == nullptr) count = 0;
  // Accumulate in double: 1 / slope can be large for a nearly flat piece.
  double wMax = 0.0, maxDomain = 0.0;
  for (int i = 0; i < count; ++i) {
    if (!usable(warps[i], weights[i])) continue;
    wMax = std::max(wMax, static_cast<double>(weights[i]));
    const double domain = warps[i].domainLength();
    if (std::isfinite(domain)) maxDomain = std::max(maxDomain, domain);
  }
  double total = 0.0, rate = 0.0;
  for (int i = 0; wMax > 0.0 && i < count; ++i) {
    if (!usable(warps[i], weights[i])) continue;
    const double slope = warps[i].slope(t);
    if (!(slope > 0.0) || !std::isfinite(slope)) continue;  // not a valid (increasing) map
    const double w = weights[i] / wMax;  // scaled so huge weights cannot overflow
    total += w;
    rate += w / slope;
  }
  if (!(total > 0.0)) return dt;  // nothing usable: play the reference at its own rate
  const double step = static_cast<double>(dt) * rate / total;
  if (!std::isfinite(step) || step > maxDomain) return static_cast<float>(maxDomain);
  return static_cast<float>(step);
}

}  // namespace fatgraph
