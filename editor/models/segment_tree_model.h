#pragma once
// The fat edges as a tree: each edge (name, the hubs it connects, its segment count) holds its
// segments (clip, working-rate frames, duration, and the DTW distance to the edge's reference
// segment, sqrt of eq. 1 in metres as the edge threshold is); segments no edge holds (taken
// out by remove_segment) sit under a last "Unassigned" row.
//
// Edits go through the document as undo commands: an edge renamed in place (rename_edge), a
// segment dragged onto another edge (move_segment). While the edge threshold slider drags,
// the dock shows a preview clustering here (setPreview): the tree then lists those edges, read
// only, and the document is untouched; any change of the document's graph ends the preview.
#include <QAbstractItemModel>

#include <optional>
#include <vector>

#include "fatgraph/core/model/motion_graph.h"

namespace fatgraph::editor {

class Document;

class SegmentTreeModel : public QAbstractItemModel {
  Q_OBJECT

 public:
  enum Column { NameColumn, ClipColumn, FramesColumn, DurationColumn, DistanceColumn, ColumnCount };
  enum Role {
    EdgeRole = Qt::UserRole + 1,  // int: the fat edge of the row (-1: the unassigned group)
    SegmentRole,                  // int: the segment of a segment row (-1 on group rows)
    ClipRole,                     // int: a segment row's clip
    FirstFrameRole,               // int: its first frame (working rate)
    LastFrameRole,                // int: its last frame
  };
  /// The MIME type of a dragged segment: its index as decimal text.
  static QString segmentMimeType();

  explicit SegmentTreeModel(Document* document, QObject* parent = nullptr);

  /// Shows `edges` (a clustering of the document's segments) instead of the document's fat
  /// edges, read only, until clearPreview or the next change of the document's graph.
  void setPreview(std::vector<FatEdge> edges);
  void clearPreview();
  bool isPreview() const { return preview_.has_value(); }
  /// The fat edges shown: the preview's, else the document's.
  const std::vector<FatEdge>& edges() const;
  /// The segments no shown edge holds (hub to hub only), ascending.
  const std::vector<int>& unassignedSegments() const { return unassigned_; }

  /// The row of fat edge `edge` / of segment `segment` under its edge; invalid when absent.
  QModelIndex edgeIndex(int edge) const;
  QModelIndex segmentIndex(int segment) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

  QStringList mimeTypes() const override;
  QMimeData* mimeData(const QModelIndexList& indexes) const override;
  bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                       const QModelIndex& parent) const override;
  bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                    const QModelIndex& parent) override;
  Qt::DropActions supportedDropActions() const override;
  Qt::DropActions supportedDragActions() const override;

 private:
  void collectUnassigned();
  int groupCount() const;
  /// The segments of group row `group` (an edge, or the unassigned list).
  const std::vector<int>& groupSegments(int group) const;
  QVariant groupData(int group, int column, int role) const;
  QVariant segmentData(int group, int segment, int column, int role) const;
  QString hubName(int hub) const;
  /// The fat edge a drop on `parent` targets, -1 when none.
  int dropTarget(const QModelIndex& parent) const;
  static int draggedSegment(const QMimeData* data);

  Document* document_;
  std::optional<std::vector<FatEdge>> preview_;
  std::vector<int> unassigned_;
};

}  // namespace fatgraph::editor
