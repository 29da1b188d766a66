#pragma once
// The fat graph drawn as a graph: hubs as named discs sized by their match sets, fat edges as
// arrows from hub to hub whose width grows with their segment count, labelled "name · N
// segments"; loops and parallel edges are drawn apart (graph_layout.h). The selected hub or
// fat edge is highlighted; clicking a disc or an edge asks to select it, clicking empty space
// asks to clear the selection.
#include <QWidget>

#include <memory>

#include "views/graph_layout.h"

namespace fatgraph::editor {

class GraphView : public QWidget {
  Q_OBJECT

 public:
  explicit GraphView(QWidget* parent = nullptr);

  /// Copies what it draws from `graph`.
  void setGraph(const MotionGraph& graph);
  void setSelectedHub(int hub);
  void setSelectedEdge(int edge);
  int selectedHub() const { return selectedHub_; }
  int selectedEdge() const { return selectedEdge_; }

  /// The layout at the widget's current size (laid out again when the size changed, even
  /// while hidden, when Qt holds resize events back).
  const GraphLayout& layout() const;
  int nodeCount() const { return static_cast<int>(layout().nodes.size()); }
  int edgeCount() const { return static_cast<int>(layout().edges.size()); }
  /// The hub at widget position `p` (-1: none).
  int hubAt(const QPointF& p) const;
  /// The fat edge whose stroke passes within a few pixels of `p` (-1: none).
  int edgeAt(const QPointF& p) const;

  QSize sizeHint() const override { return {420, 360}; }
  QSize minimumSizeHint() const override { return {200, 160}; }

 signals:
  void hubClicked(int hub);
  void edgeClicked(int edge);
  /// A click on empty space.
  void cleared();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  void drawEdge(QPainter& painter, const GraphEdgeLayout& edge, bool selected) const;
  /// Where an edge's label plate goes (beside its anchor, away from the hub for loops).
  QRectF labelPlate(const GraphEdgeLayout& edge) const;
  void drawLabels(QPainter& painter) const;

  std::shared_ptr<const MotionGraph> graph_;  // hubs and fat edges only (what the layout reads)
  mutable GraphLayout layout_;
  mutable QSize layoutSize_;  // the size layout_ was made for; invalid: lay out again
  int selectedHub_ = -1;
  int selectedEdge_ = -1;
};

}  // namespace fatgraph::editor
