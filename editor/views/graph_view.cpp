#include "views/graph_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPathStroker>
#include <QToolTip>

#include <algorithm>
#include <cmath>

#include "fatgraph/core/model/motion_graph.h"

namespace fatgraph::editor {
namespace {

const QColor kHubColour(64, 220, 255);  // as the heat map and the distance curve draw hubs
const QColor kEdgeColour(200, 200, 210, 170);
const QColor kSelectedColour(255, 190, 60);

}  // namespace

GraphView::GraphView(QWidget* parent) : QWidget(parent), graph_(std::make_shared<MotionGraph>()) {
  setObjectName(QStringLiteral("graphView"));
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void GraphView::setGraph(const MotionGraph& graph) {
  auto slim = std::make_shared<MotionGraph>();
  slim->hubs = graph.hubs;
  for (const FatEdge& e : graph.fatEdges) {
    FatEdge copy;  // without the warps, which the view never reads
    copy.name = e.name;
    copy.fromHub = e.fromHub;
    copy.toHub = e.toHub;
    copy.segments = e.segments;
    copy.reference = e.reference;
    slim->fatEdges.push_back(std::move(copy));
  }
  graph_ = std::move(slim);
  if (selectedHub_ >= static_cast<int>(graph_->hubs.size())) selectedHub_ = -1;
  if (selectedEdge_ >= static_cast<int>(graph_->fatEdges.size())) selectedEdge_ = -1;
  layoutSize_ = QSize();
  update();
}

void GraphView::setSelectedHub(int hub) {
  selectedHub_ = hub >= 0 && hub < nodeCount() ? hub : -1;
  update();
}

void GraphView::setSelectedEdge(int edge) {
  selectedEdge_ = edge >= 0 && edge < edgeCount() ? edge : -1;
  update();
}

const GraphLayout& GraphView::layout() const {
  if (layoutSize_ != size()) {
    layout_ = layoutGraph(*graph_, QSizeF(size()));
    layoutSize_ = size();
  }
  return layout_;
}

void GraphView::resizeEvent(QResizeEvent*) { update(); }

int GraphView::hubAt(const QPointF& p) const {
  for (int h = nodeCount() - 1; h >= 0; --h) {  // the disc drawn last is on top
    const GraphNodeLayout& node = layout().nodes[static_cast<size_t>(h)];
    if (std::hypot(p.x() - node.centre.x(), p.y() - node.centre.y()) <= node.radius) return h;
  }
  return -1;
}

int GraphView::edgeAt(const QPointF& p) const {
  int best = -1;
  double thinnest = 1e9;  // on overlaps, the thinner edge: the wide one has more room elsewhere
  for (int e = 0; e < edgeCount(); ++e) {
    const GraphEdgeLayout& edge = layout().edges[static_cast<size_t>(e)];
    if (edge.path.isEmpty()) continue;
    QPainterPathStroker stroker;
    stroker.setWidth(edge.width + 6.0);
    if (stroker.createStroke(edge.path).contains(p) && edge.width < thinnest) {
      best = e;
      thinnest = edge.width;
    }
  }
  return best;
}

void GraphView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), QColor(30, 32, 36));
  if (layout().nodes.empty()) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                     tr("No graph yet: build the graph (Ctrl+B)"));
    return;
  }
  painter.setRenderHint(QPainter::Antialiasing);
  for (int e = 0; e < edgeCount(); ++e) {
    if (e != selectedEdge_) drawEdge(painter, layout().edges[static_cast<size_t>(e)], false);
  }
  if (selectedEdge_ >= 0) drawEdge(painter, layout().edges[static_cast<size_t>(selectedEdge_)], true);
  drawLabels(painter);
  for (int h = 0; h < nodeCount(); ++h) {
    const GraphNodeLayout& node = layout().nodes[static_cast<size_t>(h)];
    const bool selected = h == selectedHub_;
    painter.setPen(QPen(selected ? kSelectedColour : kHubColour.darker(160), selected ? 3.0 : 1.5));
    painter.setBrush(QColor(kHubColour.red(), kHubColour.green(), kHubColour.blue(), 200));
    painter.drawEllipse(node.centre, node.radius, node.radius);
    const QRectF box(node.centre.x() - node.radius, node.centre.y() - node.radius, 2 * node.radius,
                     2 * node.radius);
    // The name inside the disc when it fits, else beside the match count under it.
    const bool fits = fontMetrics().horizontalAdvance(node.name) <= 2 * node.radius - 4;
    const QString matches = node.matches == 1 ? tr("1 match") : tr("%1 matches").arg(node.matches);
    if (fits) {
      painter.setPen(Qt::black);
      painter.drawText(box, Qt::AlignCenter, node.name);
    }
    painter.setPen(QColor(230, 230, 235));
    painter.drawText(QRectF(box.left() - 80, box.bottom() + 1, box.width() + 160, fontMetrics().height()),
                     Qt::AlignHCenter, fits ? matches : tr("%1 · %2").arg(node.name, matches));
  }
}

void GraphView::drawEdge(QPainter& painter, const GraphEdgeLayout& edge, bool selected) const {
  if (edge.path.isEmpty()) return;
  const QColor colour = selected ? kSelectedColour : kEdgeColour;
  painter.setPen(QPen(colour, edge.width, Qt::SolidLine, Qt::FlatCap));
  painter.setBrush(Qt::NoBrush);
  painter.drawPath(edge.path);
  // The arrow head where the edge meets its target hub.
  const QPointF d = edge.arrowDirection;
  const QPointF across(-d.y(), d.x());
  const double size = 8.0 + edge.width;
  QPolygonF head;
  head << edge.arrowTip << edge.arrowTip - d * size + across * size * 0.5
       << edge.arrowTip - d * size - across * size * 0.5;
  painter.setPen(Qt::NoPen);
  painter.setBrush(colour);
  painter.drawPolygon(head);
}

QRectF GraphView::labelPlate(const GraphEdgeLayout& edge) const {
  const QRectF text = fontMetrics().boundingRect(edge.label).toRectF();
  QRectF plate(0, 0, text.width() + 8, text.height() + 2);
  const QPointF d = edge.labelDirection;  // loops: the plate beyond the apex, away from the hub
  plate.moveCenter(edge.labelAnchor + d * (plate.width() / 2 * std::abs(d.x()) +
                                           plate.height() / 2 * std::abs(d.y()) + 2.0));
  return plate;
}

void GraphView::drawLabels(QPainter& painter) const {
  // Labels on dark plates so they read over crossing edges. Many edges between few hubs would
  // bury each other's labels: the selected edge's first, then by segment count (the edges a
  // user cares about most), and a plate that would cover one already drawn or a hub is left
  // out -- hovering the edge still names it.
  std::vector<int> order;
  for (int e = 0; e < edgeCount(); ++e) {
    if (!layout().edges[static_cast<size_t>(e)].path.isEmpty()) order.push_back(e);
  }
  std::stable_sort(order.begin(), order.end(), [this](int a, int b) {
    if ((a == selectedEdge_) != (b == selectedEdge_)) return a == selectedEdge_;
    return layout().edges[static_cast<size_t>(a)].segments >
           layout().edges[static_cast<size_t>(b)].segments;
  });
  std::vector<QRectF> taken;
  for (const GraphNodeLayout& node : layout().nodes) {
    taken.emplace_back(node.centre.x() - node.radius, node.centre.y() - node.radius,
                       2 * node.radius, 2 * node.radius + fontMetrics().height() + 1);  // + count
  }
  for (int e : order) {
    const GraphEdgeLayout& edge = layout().edges[static_cast<size_t>(e)];
    const QRectF plate = labelPlate(edge);
    const bool selected = e == selectedEdge_;
    const bool covers = std::any_of(taken.begin(), taken.end(),
                                    [&](const QRectF& r) { return r.intersects(plate); });
    if (covers && !selected) continue;
    taken.push_back(plate);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0, 0, 0, 170));
    painter.drawRoundedRect(plate, 3, 3);
    painter.setPen(selected ? kSelectedColour : QColor(230, 230, 235));
    painter.drawText(plate, Qt::AlignCenter, edge.label);
  }
}

void GraphView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  const int hub = hubAt(event->position());
  if (hub >= 0) {
    emit hubClicked(hub);
    return;
  }
  const int edge = edgeAt(event->position());
  if (edge >= 0) {
    emit edgeClicked(edge);
    return;
  }
  emit cleared();
}

void GraphView::mouseMoveEvent(QMouseEvent* event) {
  const int hub = hubAt(event->position());
  const int edge = hub < 0 ? edgeAt(event->position()) : -1;
  if (hub >= 0) {
    const GraphNodeLayout& node = layout().nodes[static_cast<size_t>(hub)];
    QToolTip::showText(event->globalPosition().toPoint(),
                       tr("Hub %1: %2 frames in its match set").arg(node.name).arg(node.matches), this);
  } else if (edge >= 0) {
    const GraphEdgeLayout& e = layout().edges[static_cast<size_t>(edge)];
    QToolTip::showText(event->globalPosition().toPoint(),
                       tr("%1: %2 → %3")
                           .arg(e.label, layout().nodes[static_cast<size_t>(e.from)].name,
                                layout().nodes[static_cast<size_t>(e.to)].name),
                       this);
  } else {
    QToolTip::hideText();
  }
}

}  // namespace fatgraph::editor
