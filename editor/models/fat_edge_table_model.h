#pragma once
// The graph's fat edges as a table: name (editable: pushes a rename edit), the hubs it
// connects ("hub0 → hub1") and its number of segments. The reference segment (the one whose
// time drives playback) is exposed for jumping to it. Follows the document's graph signals.
#include <QAbstractTableModel>

namespace fatgraph {
struct Segment;
}

namespace fatgraph::editor {

class Document;

class FatEdgeTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { NameColumn, HubsColumn, SegmentsColumn, ColumnCount };
  enum Role {
    ReferenceClipRole = Qt::UserRole + 1,  // int, the reference segment's clip (-1: none)
    ReferenceFrameRole,                    // int, its first frame in that clip
    SegmentCountRole,                      // int
  };

  explicit FatEdgeTableModel(Document* document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;

  /// The fat edge's name in row `row`.
  QString edgeName(int row) const;

 private:
  QString hubName(int hub) const;
  const Segment* referenceSegment(int row) const;

  Document* document_;
};

}  // namespace fatgraph::editor
