#pragma once
// The graph's hubs as a table: name (editable: pushes a rename edit), clip, frame in the
// source file (at the file's own rate, as every report gives it), time, and the size of the
// match set. The model follows the document's graph signals and never edits it directly.
#include <QAbstractTableModel>

namespace fatgraph::editor {

class Document;

class HubTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { NameColumn, ClipColumn, FrameColumn, TimeColumn, MatchSetColumn, ColumnCount };
  enum Role {
    ClipIndexRole = Qt::UserRole + 1,  // int, the hub's clip in the document
    ClipFrameRole,                     // int, frame in that clip (the document's rate)
    MatchSetSizeRole,                  // int
  };

  explicit HubTableModel(Document* document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;

  /// The hub's name in row `row`.
  QString hubName(int row) const;

 private:
  bool hubFrameValid(int row) const;

  Document* document_;
};

}  // namespace fatgraph::editor
