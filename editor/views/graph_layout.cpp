#include "views/graph_layout.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <utility>

#include "fatgraph/core/model/motion_graph.h"

namespace fatgraph::editor {
namespace {

QPointF unit(const QPointF& v) {
  const double length = std::hypot(v.x(), v.y());
  return length > 1e-9 ? v / length : QPointF(1.0, 0.0);
}

/// The point where the path leaves the disc around `centre` coming from its start, found by
/// walking back from the end (paths are short; 64 steps are finer than a pixel).
QPointF exitPoint(const QPainterPath& path, const QPointF& centre, double radius, double& percent) {
  percent = 1.0;
  for (int i = 64; i >= 0; --i) {
    const double t = i / 64.0;
    const QPointF p = path.pointAtPercent(t);
    if (std::hypot(p.x() - centre.x(), p.y() - centre.y()) > radius) {
      percent = t;
      return p;
    }
  }
  return path.pointAtPercent(1.0);
}

}  // namespace

QString fatEdgeLabel(const QString& name, int segments) {
  if (segments == 1) return QCoreApplication::translate("GraphView", "%1 · 1 segment").arg(name);
  return QCoreApplication::translate("GraphView", "%1 · %2 segments").arg(name).arg(segments);
}

GraphLayout layoutGraph(const MotionGraph& graph, const QSizeF& size) {
  GraphLayout layout;
  const int n = static_cast<int>(graph.hubs.size());
  const QPointF centre(size.width() / 2.0, size.height() / 2.0);
  const double side = std::min(size.width(), size.height());
  int largest = 1;
  for (const Hub& hub : graph.hubs) largest = std::max(largest, static_cast<int>(hub.matchSet.size()));
  // Room outside the ring for the largest disc, its loops (they grow outwards) and a label.
  std::map<int, int> loops;
  int mostLoops = 0;
  for (const FatEdge& e : graph.fatEdges) {
    if (e.fromHub == e.toHub) mostLoops = std::max(mostLoops, ++loops[e.fromHub]);
  }
  const double margin = 30.0 + (mostLoops > 0 ? 0.75 * (56.0 + 8.0 * (mostLoops - 1)) + 50.0 : 0.0) + 14.0;
  const double ring = n <= 1 ? 0.0 : std::max(side * 0.15, side / 2.0 - margin);
  for (int h = 0; h < n; ++h) {
    const Hub& hub = graph.hubs[static_cast<size_t>(h)];
    const double angle = -std::numbers::pi / 2.0 + 2.0 * std::numbers::pi * h / std::max(n, 1);
    GraphNodeLayout node;
    node.name = QString::fromStdString(hub.name);
    node.matches = static_cast<int>(hub.matchSet.size());
    node.centre = centre + ring * QPointF(std::cos(angle), std::sin(angle));
    // Area grows with the match set, between 12 and 30 pixels of radius.
    node.radius = 12.0 + 18.0 * std::sqrt(static_cast<double>(node.matches) / largest);
    layout.nodes.push_back(node);
  }
  int mostSegments = 1;
  for (const FatEdge& e : graph.fatEdges) mostSegments = std::max(mostSegments, static_cast<int>(e.segments.size()));
  std::map<std::pair<int, int>, int> rank;  // edges seen so far between two hubs (unordered)
  for (const FatEdge& e : graph.fatEdges) {
    GraphEdgeLayout edge;
    edge.name = QString::fromStdString(e.name);
    edge.from = e.fromHub;
    edge.to = e.toHub;
    edge.segments = static_cast<int>(e.segments.size());
    edge.label = fatEdgeLabel(edge.name, edge.segments);
    edge.width = 2.0 + 10.0 * std::sqrt(static_cast<double>(edge.segments) / mostSegments);
    const bool valid = e.fromHub >= 0 && e.fromHub < n && e.toHub >= 0 && e.toHub < n;
    if (!valid) {  // nothing to attach to: an empty path, not drawn
      layout.edges.push_back(edge);
      continue;
    }
    const int k = rank[{std::min(e.fromHub, e.toHub), std::max(e.fromHub, e.toHub)}]++;
    const GraphNodeLayout& a = layout.nodes[static_cast<size_t>(e.fromHub)];
    const GraphNodeLayout& b = layout.nodes[static_cast<size_t>(e.toHub)];
    if (e.fromHub == e.toHub) {
      // Loops on the outside of the hub (away from the centre), fanned out by angle so their
      // labels (at the apex, three quarters of `reach` out) stand apart.
      const int count = loops[e.fromHub];
      const double turn = (k - (count - 1) / 2.0) * 1.1;
      const QPointF away = n > 1 ? unit(a.centre - centre) : QPointF(0.0, -1.0);
      const QPointF out(away.x() * std::cos(turn) - away.y() * std::sin(turn),
                        away.x() * std::sin(turn) + away.y() * std::cos(turn));
      const QPointF across(-out.y(), out.x());
      const double reach = a.radius + 56.0 + 8.0 * k;
      const double spread = a.radius * 0.8;
      edge.path.moveTo(a.centre + across * a.radius * 0.6);
      edge.path.cubicTo(a.centre + across * spread + out * reach, a.centre - across * spread + out * reach,
                        a.centre - across * a.radius * 0.6);
      edge.labelDirection = out;
    } else {
      // Parallel edges bend to alternate sides, further for each pair; the bend is measured
      // on the lower-to-higher hub direction so opposite edges do not overlap.
      const QPointF lowToHigh = e.fromHub < e.toHub ? b.centre - a.centre : a.centre - b.centre;
      const QPointF normal = unit(QPointF(-lowToHigh.y(), lowToHigh.x()));
      const double bend = (k % 2 == 0 ? 1.0 : -1.0) * (24.0 + 30.0 * (k / 2));
      edge.path.moveTo(a.centre);
      edge.path.quadTo((a.centre + b.centre) / 2.0 + normal * bend * 2.0, b.centre);
    }
    double percent = 1.0;
    edge.arrowTip = exitPoint(edge.path, b.centre, b.radius + 2.0, percent);
    edge.arrowDirection = unit(edge.arrowTip - edge.path.pointAtPercent(std::max(0.0, percent - 0.05)));
    // Labels of edges between the same two hubs would meet in the middle: the first sits
    // there, each later one nearer its own source (opposite edges thus end up apart).
    const bool loop = e.fromHub == e.toHub;
    edge.labelAnchor = edge.path.pointAtPercent(loop || k == 0 ? 0.5 : std::max(0.2, 0.5 - 0.15 * ((k + 1) / 2)));
    layout.edges.push_back(edge);
  }
  return layout;
}

}  // namespace fatgraph::editor
