#pragma once
// Screen-space thick lines for the viewport. Every segment becomes a quad of two triangles
// (six vertices); each vertex carries both endpoints and its corner, and the vertex shader
// pushes it sideways by half the line width in pixels (and past the endpoint by `cap` pixels),
// so widths do not depend on glLineWidth, which core profiles limit to 1 pixel. A segment of
// zero length with a cap becomes a square marker (used for joints).
#include <QColor>
#include <QVector3D>

#include <vector>

namespace fatgraph::editor {

struct LineVertex {
  float start[3];   // segment start, world space (metres)
  float end[3];     // segment end
  float corner[2];  // x: side (-1 or +1); y: -1 at the start, +1 at the end
  float color[4];   // RGBA in [0, 1]
};
static_assert(sizeof(LineVertex) == 12 * sizeof(float));

/// Vertices of one draw call: drawn with a single width and cap in pixels.
struct LineBatch {
  std::vector<LineVertex> vertices;
  float width = 1.0f;  // pixels
  float cap = 0.0f;    // pixels added beyond each end (0: butt ends)

  void clear() { vertices.clear(); }
  bool empty() const { return vertices.empty(); }
  void addSegment(const QVector3D& a, const QVector3D& b, const QColor& color);
  /// A screen-aligned square of side `width` (+ 2 cap) at `p`.
  void addMarker(const QVector3D& p, const QColor& color) { addSegment(p, p, color); }
  /// Segments between consecutive points.
  void addStrip(const std::vector<QVector3D>& points, const QColor& color);
};

/// Lines of a ground grid at y = 0 with 1 m cells, covering [center - halfExtent,
/// center + halfExtent] on x and z (center snapped to whole metres). Every fifth line
/// uses `majorColor`.
void addGroundGrid(LineBatch& batch, const QVector3D& center, int halfExtent,
                   const QColor& minorColor, const QColor& majorColor);

}  // namespace fatgraph::editor
