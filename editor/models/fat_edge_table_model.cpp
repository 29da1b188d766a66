#include "models/fat_edge_table_model.h"

#include "document/document.h"

namespace fatgraph::editor {

FatEdgeTableModel::FatEdgeTableModel(Document* document, QObject* parent)
    : QAbstractTableModel(parent), document_(document) {
  connect(document, &Document::graphAboutToChange, this, [this] { beginResetModel(); });
  connect(document, &Document::graphChanged, this, [this] { endResetModel(); });
}

int FatEdgeTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(document_->graph().fatEdges.size());
}

int FatEdgeTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString FatEdgeTableModel::edgeName(int row) const {
  return QString::fromStdString(document_->graph().fatEdges.at(static_cast<size_t>(row)).name);
}

QString FatEdgeTableModel::hubName(int hub) const {
  const auto& hubs = document_->graph().hubs;
  if (hub < 0 || hub >= static_cast<int>(hubs.size())) return tr("(none)");
  return QString::fromStdString(hubs[static_cast<size_t>(hub)].name);
}

const Segment* FatEdgeTableModel::referenceSegment(int row) const {
  const MotionGraph& graph = document_->graph();
  const FatEdge& edge = graph.fatEdges.at(static_cast<size_t>(row));
  if (edge.reference < 0 || edge.reference >= static_cast<int>(graph.segments.size())) {
    return nullptr;
  }
  const Segment& segment = graph.segments[static_cast<size_t>(edge.reference)];
  if (segment.clip < 0 || segment.clip >= document_->clipCount() ||
      segment.first >= document_->clip(segment.clip).frameCount()) {
    return nullptr;
  }
  return &segment;
}

QVariant FatEdgeTableModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
    return {};
  }
  const FatEdge& edge = document_->graph().fatEdges.at(static_cast<size_t>(index.row()));
  const Segment* reference = referenceSegment(index.row());
  switch (role) {
    case ReferenceClipRole:
      return reference != nullptr ? reference->clip : -1;
    case ReferenceFrameRole:
      return reference != nullptr ? reference->first : -1;
    case SegmentCountRole:
      return static_cast<int>(edge.segments.size());
    case Qt::TextAlignmentRole:
      if (index.column() == SegmentsColumn) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
      return {};
    case Qt::ToolTipRole:
      if (reference == nullptr) return {};
      return tr("%1: %2 segment(s) from %3 to %4; reference: %5 frames %6–%7")
          .arg(QString::fromStdString(edge.name))
          .arg(edge.segments.size())
          .arg(hubName(edge.fromHub), hubName(edge.toHub), document_->clipName(reference->clip))
          .arg(reference->first)
          .arg(reference->last);
    case Qt::DisplayRole:
    case Qt::EditRole:
      break;
    default:
      return {};
  }
  switch (index.column()) {
    case NameColumn: return QString::fromStdString(edge.name);
    case HubsColumn: return tr("%1 → %2").arg(hubName(edge.fromHub), hubName(edge.toHub));
    case SegmentsColumn: return static_cast<int>(edge.segments.size());
    default: return {};
  }
}

QVariant FatEdgeTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case NameColumn: return tr("Fat edge");
    case HubsColumn: return tr("From → to");
    case SegmentsColumn: return tr("Segments");
    default: return {};
  }
}

bool FatEdgeTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || index.column() != NameColumn) return false;
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
    return false;
  }
  const QString name = value.toString().trimmed();
  const QString old = edgeName(index.row());
  if (name == old) return false;
  return document_->editGraph(GraphEditRequest::renameFatEdge(old, name)).isEmpty();
}

Qt::ItemFlags FatEdgeTableModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags flags = QAbstractTableModel::flags(index);
  if (index.isValid() && index.column() == NameColumn) flags |= Qt::ItemIsEditable;
  return flags;
}

}  // namespace fatgraph::editor
