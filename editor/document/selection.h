#pragma once
// What the user has selected in the graph, shared by every view: a hub, a fat edge and a
// segment (indices into the document's graph; -1: none). Any view may set it (the graph
// dock's tables, the graph view, the hubs dock) and every view follows its signals, so
// picking a hub anywhere shows its row, its distance curve, its ghost poses and its frame.
//
// The selection is kept across graph changes (an edit, its undo): a hub by name, else by its
// frame (a renamed hub), a fat edge by name; one that is gone is deselected.
#include <QObject>
#include <QString>

#include "fatgraph/core/graph/pose_features.h"

namespace fatgraph::editor {

class Document;

class Selection : public QObject {
  Q_OBJECT

 public:
  explicit Selection(Document* document, QObject* parent = nullptr);

  int hub() const { return hub_; }
  int fatEdge() const { return fatEdge_; }
  int segment() const { return segment_; }
  /// The selected hub's and fat edge's names (empty: none).
  const QString& hubName() const { return hubName_; }
  const QString& fatEdgeName() const { return fatEdgeName_; }

 public slots:
  /// Selects hub `hub` (-1 or out of range: none).
  void setHub(int hub);
  /// Selects fat edge `edge` (-1 or out of range: none).
  void setFatEdge(int edge);
  /// Selects segment `segment` of the graph's segment list (-1 or out of range: none).
  void setSegment(int segment);
  void clear();

 signals:
  void hubChanged(int hub);
  void fatEdgeChanged(int edge);
  void segmentChanged(int segment);

 private:
  void followGraph();

  Document* document_;
  int hub_ = -1;
  int fatEdge_ = -1;
  int segment_ = -1;
  QString hubName_;
  FrameRef hubFrame_;
  QString fatEdgeName_;
};

}  // namespace fatgraph::editor
