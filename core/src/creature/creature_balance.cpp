// Would it tip over? The centre of mass of the closed mesh as a uniform solid (the sum of the
// signed tetrahedra each triangle makes with the origin), against the convex hull of the feet
// on the ground plane.
#include <algorithm>
#include <cmath>
#include <limits>

#include "creature_parts.h"

namespace fatgraph::creature {

Vec3 solidCentroid(const std::vector<Float3>& positions, const std::vector<std::uint32_t>& triangles) {
  double volume = 0;
  Vec3 moment = Vec3::Zero();
  for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
    const Vec3 a = toEigenDouble(positions[triangles[t]]);
    const Vec3 b = toEigenDouble(positions[triangles[t + 1]]);
    const Vec3 c = toEigenDouble(positions[triangles[t + 2]]);
    const double v = a.dot(b.cross(c)) / 6;  // the tetrahedron (origin, a, b, c)
    volume += v;
    moment += v * (a + b + c) / 4;
  }
  return std::abs(volume) > 0 ? Vec3(moment / volume) : Vec3::Zero();
}

namespace {

using Point2 = Eigen::Vector2d;

double cross(const Point2& o, const Point2& a, const Point2& b) {
  return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
}

// Andrew's monotone chain; counter-clockwise, no repeated or collinear points.
std::vector<Point2> hull(std::vector<Point2> p) {
  if (p.size() < 3) return p;
  std::sort(p.begin(), p.end(), [](const Point2& a, const Point2& b) {
    return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y());
  });
  std::vector<Point2> h(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  h.resize(k > 0 ? k - 1 : 0);
  return h;
}

}  // namespace

double insideConvexHull(const std::vector<Vec3>& points, const Vec3& point) {
  std::vector<Point2> ground;
  for (const Vec3& p : points) ground.emplace_back(p.x(), p.z());
  const std::vector<Point2> h = hull(ground);
  if (h.size() < 3) return -std::numeric_limits<double>::max();
  const Point2 q(point.x(), point.z());
  double margin = std::numeric_limits<double>::max();
  for (size_t i = 0; i < h.size(); ++i) {
    const Point2 a = h[i], b = h[(i + 1) % h.size()];
    const Point2 edge = b - a;
    margin = std::min(margin, cross(a, b, q) / edge.norm());  // > 0 left of a -> b: inside
  }
  return margin;
}

}  // namespace fatgraph::creature
