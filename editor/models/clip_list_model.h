#pragma once
// A list model over the document's clips: one row per clip, showing its name, frame count,
// rate and duration. Renaming through setData pushes an undo command; the model never edits
// the document directly and follows it through the document's signals.
#include <QAbstractListModel>

namespace fatgraph::editor {

class Document;

class ClipListModel : public QAbstractListModel {
  Q_OBJECT

 public:
  enum Role {
    NameRole = Qt::UserRole + 1,  // QString
    FrameCountRole,               // int
    FpsRole,                      // double, frames per second
    DurationRole,                 // double, seconds
    SourceRole,                   // QString, the file the clip was imported from
    UnitsRole,                    // QString, the length unit of the source
  };

  explicit ClipListModel(Document* document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QHash<int, QByteArray> roleNames() const override;

  /// Two lines: the name, then "4479 frames · 120 fps · 37.32 s".
  static QString summary(const QString& name, int frames, double fps, double duration);

 private:
  Document* document_;
};

}  // namespace fatgraph::editor
