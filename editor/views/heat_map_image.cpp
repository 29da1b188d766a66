#include "views/heat_map_image.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "fatgraph/core/graph/distance_matrix.h"

namespace fatgraph::editor {
namespace {

struct Anchor {
  double t;
  int r, g, b;
};

// Anchors of a dark-to-light ramp with steadily rising lightness; linear in between.
constexpr std::array<Anchor, 9> kRamp{{{0.000, 0, 0, 4},
                                       {0.125, 30, 12, 70},
                                       {0.250, 84, 15, 109},
                                       {0.375, 136, 34, 106},
                                       {0.500, 186, 54, 85},
                                       {0.625, 227, 89, 51},
                                       {0.750, 249, 140, 10},
                                       {0.875, 249, 201, 50},
                                       {1.000, 252, 255, 164}}};

}  // namespace

QRgb heatColour(double t) {
  t = std::isfinite(t) ? std::clamp(t, 0.0, 1.0) : 0.0;
  size_t i = 1;
  while (i + 1 < kRamp.size() && kRamp[i].t < t) ++i;
  const Anchor& a = kRamp[i - 1];
  const Anchor& b = kRamp[i];
  const double u = (t - a.t) / (b.t - a.t);
  auto mix = [u](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * u)); };
  return qRgb(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b));
}

QRgb undefinedHeatColour() { return qRgb(118, 118, 118); }

double heatScaleMax(const DistanceScan& scan) {
  std::vector<float> defined;
  defined.reserve(scan.heat.size());
  for (float v : scan.heat) {
    if (std::isfinite(v)) defined.push_back(v);
  }
  if (defined.empty()) return 1.0;
  const auto at = defined.begin() + static_cast<std::ptrdiff_t>(0.95 * (defined.size() - 1));
  std::nth_element(defined.begin(), at, defined.end());
  return std::max(0.01, static_cast<double>(*at));
}

QImage heatMapImage(const DistanceScan& scan, double maxRms) {
  const int n = scan.heatSize;
  if (n <= 0 || scan.heat.size() != static_cast<size_t>(n) * static_cast<size_t>(n)) return {};
  QImage image(n, n, QImage::Format_RGB32);
  const double scale = maxRms > 0.0 ? 1.0 / maxRms : 1.0;
  for (int row = 0; row < n; ++row) {
    auto* line = reinterpret_cast<QRgb*>(image.scanLine(row));
    const float* values = scan.heat.data() + static_cast<size_t>(row) * static_cast<size_t>(n);
    for (int col = 0; col < n; ++col) {
      const float v = values[col];
      line[col] = std::isfinite(v) ? heatColour(v * scale) : undefinedHeatColour();
    }
  }
  return image;
}

}  // namespace fatgraph::editor
