#include "models/clip_list_model.h"

#include "document/document.h"

namespace fatgraph::editor {

ClipListModel::ClipListModel(Document* document, QObject* parent)
    : QAbstractListModel(parent), document_(document) {
  connect(document, &Document::clipAboutToBeInserted, this,
          [this](int row) { beginInsertRows({}, row, row); });
  connect(document, &Document::clipInserted, this, [this] { endInsertRows(); });
  connect(document, &Document::clipAboutToBeRemoved, this,
          [this](int row) { beginRemoveRows({}, row, row); });
  connect(document, &Document::clipRemoved, this, [this] { endRemoveRows(); });
  connect(document, &Document::aboutToReset, this, [this] { beginResetModel(); });
  connect(document, &Document::reset, this, [this] { endResetModel(); });
  connect(document, &Document::clipChanged, this, [this](int row) {
    const QModelIndex changed = index(row);
    emit dataChanged(changed, changed);
  });
}

int ClipListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : document_->clipCount();
}

QString ClipListModel::summary(const QString& name, int frames, double fps, double duration) {
  return tr("%1\n%2 frames · %3 fps · %4 s")
      .arg(name)
      .arg(frames)
      .arg(fps, 0, 'g', 4)
      .arg(duration, 0, 'f', 2);
}

QVariant ClipListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
    return {};
  }
  const int row = index.row();
  const Clip& clip = document_->clip(row);
  switch (role) {
    case Qt::DisplayRole:
      return summary(document_->clipName(row), clip.frameCount(), clip.fps, clip.duration());
    case Qt::EditRole:
    case NameRole:
      return document_->clipName(row);
    case Qt::ToolTipRole:
      return tr("%1\nsource: %2\nunits: %3")
          .arg(document_->clipName(row), QString::fromStdString(clip.source),
               document_->clipUnits(row));
    case FrameCountRole:
      return clip.frameCount();
    case FpsRole:
      return clip.fps;
    case DurationRole:
      return clip.duration();
    case SourceRole:
      return QString::fromStdString(clip.source);
    case UnitsRole:
      return document_->clipUnits(row);
    default:
      return {};
  }
}

bool ClipListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole && role != NameRole) return false;
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
    return false;
  }
  return document_->renameClip(index.row(), value.toString()).isEmpty();
}

Qt::ItemFlags ClipListModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags flags = QAbstractListModel::flags(index);
  if (index.isValid()) flags |= Qt::ItemIsEditable;
  return flags;
}

QHash<int, QByteArray> ClipListModel::roleNames() const {
  QHash<int, QByteArray> names = QAbstractListModel::roleNames();
  names.insert(NameRole, QByteArrayLiteral("name"));
  names.insert(FrameCountRole, QByteArrayLiteral("frameCount"));
  names.insert(FpsRole, QByteArrayLiteral("fps"));
  names.insert(DurationRole, QByteArrayLiteral("duration"));
  names.insert(SourceRole, QByteArrayLiteral("source"));
  names.insert(UnitsRole, QByteArrayLiteral("units"));
  return names;
}

}  // namespace fatgraph::editor
