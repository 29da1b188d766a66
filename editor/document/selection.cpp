#include "document/selection.h"

#include "document/document.h"

namespace fatgraph::editor {

Selection::Selection(Document* document, QObject* parent) : QObject(parent), document_(document) {
  connect(document, &Document::graphChanged, this, &Selection::followGraph);
  connect(document, &Document::reset, this, &Selection::followGraph);
}

void Selection::setHub(int hub) {
  const auto& hubs = document_->graph().hubs;
  if (hub < 0 || hub >= static_cast<int>(hubs.size())) hub = -1;
  const QString name = hub >= 0 ? QString::fromStdString(hubs[static_cast<size_t>(hub)].name) : QString();
  if (hub == hub_ && name == hubName_) return;
  hub_ = hub;
  hubName_ = name;
  hubFrame_ = hub >= 0 ? hubs[static_cast<size_t>(hub)].frame : FrameRef{};
  emit hubChanged(hub_);
}

void Selection::setFatEdge(int edge) {
  const auto& edges = document_->graph().fatEdges;
  if (edge < 0 || edge >= static_cast<int>(edges.size())) edge = -1;
  const QString name =
      edge >= 0 ? QString::fromStdString(edges[static_cast<size_t>(edge)].name) : QString();
  if (edge == fatEdge_ && name == fatEdgeName_) return;
  fatEdge_ = edge;
  fatEdgeName_ = name;
  emit fatEdgeChanged(fatEdge_);
}

void Selection::setSegment(int segment) {
  if (segment < 0 || segment >= static_cast<int>(document_->graph().segments.size())) segment = -1;
  if (segment == segment_) return;
  segment_ = segment;
  emit segmentChanged(segment_);
}

void Selection::clear() {
  setHub(-1);
  setFatEdge(-1);
  setSegment(-1);
}

void Selection::followGraph() {
  const MotionGraph& graph = document_->graph();
  int hub = hubName_.isEmpty() ? -1 : graph.findHub(hubName_.toStdString());
  for (size_t h = 0; h < graph.hubs.size() && hub < 0 && !hubName_.isEmpty(); ++h) {
    if (graph.hubs[h].frame == hubFrame_) hub = static_cast<int>(h);  // renamed
  }
  int edge = -1;
  for (size_t e = 0; e < graph.fatEdges.size() && !fatEdgeName_.isEmpty(); ++e) {
    if (QString::fromStdString(graph.fatEdges[e].name) == fatEdgeName_) edge = static_cast<int>(e);
  }
  // A hub's match set may have changed under the same index: views re-read it either way.
  if (hub >= 0) hub_ = -2;
  setHub(hub);
  if (edge >= 0) fatEdge_ = -2;
  setFatEdge(edge);
  // Segment indices do not survive re-cutting; keep one only while it is still in range.
  setSegment(segment_);
}

}  // namespace fatgraph::editor
