#include "views/terrain_mesh.h"

#include <QColor>

#include <algorithm>
#include <cmath>
#include <vector>

namespace fatgraph::editor {

void addTerrainMesh(LineBatch& batch, const Heightfield& terrain, const QVector3D& center,
                    float halfExtent) {
  halfExtent = std::clamp(halfExtent, 1.0f, 15.0f);
  // At most about 50 lines each way and 200 samples per line (some 20,000 segments, cheap
  // even for a software rasterizer); samples fine enough for 30 cm stair treads close up.
  const float spacing = std::max(0.25f, 2.0f * halfExtent / 50.0f);
  const float step = std::max(std::clamp(terrain.cellSize(), 0.05f, 0.1f), 2.0f * halfExtent / 200.0f);
  const float x0 = std::floor((center.x() - halfExtent) / spacing) * spacing;
  const float z0 = std::floor((center.z() - halfExtent) / spacing) * spacing;
  const int lines = static_cast<int>(std::ceil(2.0f * halfExtent / spacing)) + 1;
  const int samples = static_cast<int>(std::ceil(2.0f * halfExtent / step)) + 1;

  // Colour by height over the drawn area (a flat terrain gets one colour).
  float lo = terrain.height(center.x(), center.z());
  float hi = lo;
  for (int i = 0; i < lines; ++i) {
    for (int j = 0; j < lines; ++j) {
      const float h = terrain.height(x0 + i * spacing, z0 + j * spacing);
      lo = std::min(lo, h);
      hi = std::max(hi, h);
    }
  }
  const QColor low(58, 84, 70);
  const QColor high(170, 160, 120);
  auto colorAt = [&](float h) {
    const float t = hi - lo > 1e-4f ? (h - lo) / (hi - lo) : 0.3f;
    return QColor::fromRgbF(low.redF() + t * (high.redF() - low.redF()),
                            low.greenF() + t * (high.greenF() - low.greenF()),
                            low.blueF() + t * (high.blueF() - low.blueF()));
  };
  auto point = [&](float x, float z) { return QVector3D(x, terrain.height(x, z), z); };
  for (int i = 0; i < lines; ++i) {
    const float fixed = i * spacing;
    for (int k = 1; k < samples; ++k) {
      const float a = (k - 1) * step;
      const float b = k * step;
      // A line along z at x = x0 + fixed, and one along x at z = z0 + fixed.
      const QVector3D pz0 = point(x0 + fixed, z0 + a);
      const QVector3D pz1 = point(x0 + fixed, z0 + b);
      batch.addSegment(pz0, pz1, colorAt((pz0.y() + pz1.y()) / 2));
      const QVector3D px0 = point(x0 + a, z0 + fixed);
      const QVector3D px1 = point(x0 + b, z0 + fixed);
      batch.addSegment(px0, px1, colorAt((px0.y() + px1.y()) / 2));
    }
  }
}

}  // namespace fatgraph::editor
