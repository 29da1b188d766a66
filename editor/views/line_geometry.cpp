#include "views/line_geometry.h"

#include <cmath>

namespace fatgraph::editor {

void LineBatch::addSegment(const QVector3D& a, const QVector3D& b, const QColor& color) {
  const float rgba[4] = {static_cast<float>(color.redF()), static_cast<float>(color.greenF()),
                         static_cast<float>(color.blueF()), static_cast<float>(color.alphaF())};
  // Two triangles: (start,-1) (start,+1) (end,+1) and (start,-1) (end,+1) (end,-1).
  static constexpr float corners[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
  for (const auto& corner : corners) {
    LineVertex v{{a.x(), a.y(), a.z()},
                 {b.x(), b.y(), b.z()},
                 {corner[0], corner[1]},
                 {rgba[0], rgba[1], rgba[2], rgba[3]}};
    vertices.push_back(v);
  }
}

void LineBatch::addStrip(const std::vector<QVector3D>& points, const QColor& color) {
  for (size_t i = 1; i < points.size(); ++i) addSegment(points[i - 1], points[i], color);
}

void addGroundGrid(LineBatch& batch, const QVector3D& center, int halfExtent,
                   const QColor& minorColor, const QColor& majorColor) {
  const int cx = static_cast<int>(std::lround(center.x()));
  const int cz = static_cast<int>(std::lround(center.z()));
  const auto x0 = static_cast<float>(cx - halfExtent);
  const auto x1 = static_cast<float>(cx + halfExtent);
  const auto z0 = static_cast<float>(cz - halfExtent);
  const auto z1 = static_cast<float>(cz + halfExtent);
  for (int i = -halfExtent; i <= halfExtent; ++i) {
    const int x = cx + i;
    const int z = cz + i;
    const auto fx = static_cast<float>(x);
    const auto fz = static_cast<float>(z);
    batch.addSegment({fx, 0.0f, z0}, {fx, 0.0f, z1}, x % 5 == 0 ? majorColor : minorColor);
    batch.addSegment({x0, 0.0f, fz}, {x1, 0.0f, fz}, z % 5 == 0 ? majorColor : minorColor);
  }
}

}  // namespace fatgraph::editor
