#pragma once
// Where the graph view draws the fat graph: hubs as discs on a circle (in the graph's hub
// order, the first at the top, clockwise: deterministic, so a graph always looks the same),
// sized by their match sets; fat edges as curves from hub to hub whose width grows with the
// segment count. Edges between the same two hubs bend apart by their rank among them, and
// self-loops are loops of growing size on the outside of their hub.
#include <QPainterPath>
#include <QPointF>
#include <QSizeF>
#include <QString>

#include <vector>

namespace fatgraph {
struct MotionGraph;
}

namespace fatgraph::editor {

struct GraphNodeLayout {
  QString name;
  int matches = 0;  // frames in the match set
  QPointF centre;
  double radius = 0.0;  // pixels
};

struct GraphEdgeLayout {
  QString name;
  int from = -1;  // hub indices
  int to = -1;
  int segments = 0;
  QString label;      // "walk · 12 segments"
  QPainterPath path;  // the centre line, from `from` to `to`
  double width = 1.0;  // pixels
  QPointF labelAnchor;  // a point on the path the label marks (the middle for most edges)
  /// For loops, the unit direction away from the hub: the label is drawn beyond the anchor
  /// that way, clear of its hub and of the other loops. Zero: centred on the anchor.
  QPointF labelDirection;
  QPointF arrowTip;     // where the path meets the target disc
  QPointF arrowDirection;  // unit vector along the path at the tip
};

struct GraphLayout {
  std::vector<GraphNodeLayout> nodes;  // parallel to graph.hubs
  std::vector<GraphEdgeLayout> edges;  // parallel to graph.fatEdges
};

/// Lays out `graph` in a rectangle of `size` pixels (origin at its top left).
GraphLayout layoutGraph(const MotionGraph& graph, const QSizeF& size);

/// "name · N segments" (one segment: "name · 1 segment").
QString fatEdgeLabel(const QString& name, int segments);

}  // namespace fatgraph::editor
