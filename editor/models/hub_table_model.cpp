#include "models/hub_table_model.h"

#include <cmath>

#include "document/document.h"

namespace fatgraph::editor {

HubTableModel::HubTableModel(Document* document, QObject* parent)
    : QAbstractTableModel(parent), document_(document) {
  connect(document, &Document::graphAboutToChange, this, [this] { beginResetModel(); });
  connect(document, &Document::graphChanged, this, [this] { endResetModel(); });
}

int HubTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(document_->graph().hubs.size());
}

int HubTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString HubTableModel::hubName(int row) const {
  return QString::fromStdString(document_->graph().hubs.at(static_cast<size_t>(row)).name);
}

bool HubTableModel::hubFrameValid(int row) const {
  const FrameRef& f = document_->graph().hubs.at(static_cast<size_t>(row)).frame;
  return f.clip >= 0 && f.clip < document_->clipCount() && f.frame >= 0 &&
         f.frame < document_->clip(f.clip).frameCount();
}

QVariant HubTableModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
    return {};
  }
  const int row = index.row();
  const Hub& hub = document_->graph().hubs.at(static_cast<size_t>(row));
  const bool valid = hubFrameValid(row);
  if (role == ClipIndexRole) return valid ? hub.frame.clip : -1;
  if (role == ClipFrameRole) return valid ? hub.frame.frame : -1;
  if (role == MatchSetSizeRole) return static_cast<int>(hub.matchSet.size());
  if (role == Qt::TextAlignmentRole && index.column() >= FrameColumn) {
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  }
  if (role == Qt::ToolTipRole) {
    if (!valid) return tr("The hub's clip is no longer in the document: rebuild the graph");
    return tr("%1: frame %2 of %3 at the working rate; its match set has %4 frames")
        .arg(QString::fromStdString(hub.name))
        .arg(hub.frame.frame)
        .arg(document_->clipName(hub.frame.clip))
        .arg(hub.matchSet.size());
  }
  if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
  if (index.column() == NameColumn) return QString::fromStdString(hub.name);
  if (index.column() == MatchSetColumn) return static_cast<int>(hub.matchSet.size());
  if (!valid) return index.column() == ClipColumn ? tr("(missing)") : QVariant();
  const Clip& clip = document_->clip(hub.frame.clip);
  switch (index.column()) {
    case ClipColumn:
      return document_->clipName(hub.frame.clip);
    case FrameColumn:
      return static_cast<int>(std::lround(clip.sourceFrame(hub.frame.frame)));
    case TimeColumn:
      return QString::number(hub.frame.frame / clip.fps, 'f', 2);
    default:
      return {};
  }
}

QVariant HubTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole && section == FrameColumn) {
    return tr("Frame in the source file, at the file's own rate");
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case NameColumn: return tr("Hub");
    case ClipColumn: return tr("Clip");
    case FrameColumn: return tr("Frame");
    case TimeColumn: return tr("Time (s)");
    case MatchSetColumn: return tr("Matches");
    default: return {};
  }
}

bool HubTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || index.column() != NameColumn) return false;
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
    return false;
  }
  const QString name = value.toString().trimmed();
  const QString old = hubName(index.row());
  if (name == old) return false;
  return document_->editGraph(GraphEditRequest::renameHub(old, name)).isEmpty();
}

Qt::ItemFlags HubTableModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags flags = QAbstractTableModel::flags(index);
  if (index.isValid() && index.column() == NameColumn) flags |= Qt::ItemIsEditable;
  return flags;
}

}  // namespace fatgraph::editor
