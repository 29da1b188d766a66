#include "models/segment_tree_model.h"

#include <QMimeData>

#include <algorithm>
#include <cmath>

#include "document/document.h"
#include "fatgraph/core/graph/fat_edge_edits.h"

namespace fatgraph::editor {
namespace {

// A group row's internal id is 0; a segment row's is its group row + 1, so parent() is cheap.
constexpr quintptr kGroupId = 0;

}  // namespace

QString SegmentTreeModel::segmentMimeType() {
  return QStringLiteral("application/x-fatgraph-segment");
}

SegmentTreeModel::SegmentTreeModel(Document* document, QObject* parent)
    : QAbstractItemModel(parent), document_(document) {
  connect(document, &Document::graphAboutToChange, this, [this] { beginResetModel(); });
  connect(document, &Document::graphChanged, this, [this] {
    preview_.reset();  // the document moved on: a preview of the old graph means nothing now
    collectUnassigned();
    endResetModel();
  });
  collectUnassigned();
}

void SegmentTreeModel::setPreview(std::vector<FatEdge> edges) {
  beginResetModel();
  preview_ = std::move(edges);
  collectUnassigned();
  endResetModel();
}

void SegmentTreeModel::clearPreview() {
  if (!preview_) return;
  beginResetModel();
  preview_.reset();
  collectUnassigned();
  endResetModel();
}

const std::vector<FatEdge>& SegmentTreeModel::edges() const {
  return preview_ ? *preview_ : document_->graph().fatEdges;
}

void SegmentTreeModel::collectUnassigned() {
  unassigned_.clear();
  const std::vector<Segment>& segments = document_->graph().segments;
  std::vector<bool> held(segments.size(), false);
  for (const FatEdge& edge : edges()) {
    for (int s : edge.segments) {
      if (s >= 0 && static_cast<size_t>(s) < held.size()) held[static_cast<size_t>(s)] = true;
    }
  }
  for (size_t s = 0; s < segments.size(); ++s) {
    if (!held[s] && segments[s].fromHub >= 0 && segments[s].toHub >= 0) {
      unassigned_.push_back(static_cast<int>(s));
    }
  }
}

int SegmentTreeModel::groupCount() const {
  return static_cast<int>(edges().size()) + (unassigned_.empty() ? 0 : 1);
}

const std::vector<int>& SegmentTreeModel::groupSegments(int group) const {
  const std::vector<FatEdge>& shown = edges();
  return group < static_cast<int>(shown.size()) ? shown[static_cast<size_t>(group)].segments
                                                : unassigned_;
}

QModelIndex SegmentTreeModel::edgeIndex(int edge) const {
  return edge >= 0 && edge < static_cast<int>(edges().size()) ? index(edge, 0) : QModelIndex();
}

QModelIndex SegmentTreeModel::segmentIndex(int segment) const {
  for (int group = 0; group < groupCount(); ++group) {
    const std::vector<int>& members = groupSegments(group);
    const auto it = std::find(members.begin(), members.end(), segment);
    if (it != members.end()) return index(static_cast<int>(it - members.begin()), 0, index(group, 0));
  }
  return {};
}

QModelIndex SegmentTreeModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column < 0 || column >= ColumnCount) return {};
  if (!parent.isValid()) return row < groupCount() ? createIndex(row, column, kGroupId) : QModelIndex();
  if (parent.internalId() != kGroupId) return {};  // segments have no children
  if (row >= static_cast<int>(groupSegments(parent.row()).size())) return {};
  return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex SegmentTreeModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == kGroupId) return {};
  return createIndex(static_cast<int>(child.internalId() - 1), 0, kGroupId);
}

int SegmentTreeModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return groupCount();
  if (parent.internalId() != kGroupId || parent.column() != 0) return 0;
  return static_cast<int>(groupSegments(parent.row()).size());
}

int SegmentTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QString SegmentTreeModel::hubName(int hub) const {
  const std::vector<Hub>& hubs = document_->graph().hubs;
  return hub >= 0 && hub < static_cast<int>(hubs.size())
             ? QString::fromStdString(hubs[static_cast<size_t>(hub)].name)
             : tr("(none)");
}

QVariant SegmentTreeModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  if (index.internalId() == kGroupId) return groupData(index.row(), index.column(), role);
  const int group = static_cast<int>(index.internalId() - 1);
  const std::vector<int>& members = groupSegments(group);
  return segmentData(group, members.at(static_cast<size_t>(index.row())), index.column(), role);
}

QVariant SegmentTreeModel::groupData(int group, int column, int role) const {
  const bool isEdge = group < static_cast<int>(edges().size());
  if (role == EdgeRole) return isEdge ? group : -1;
  if (role == SegmentRole) return -1;
  if (role == Qt::TextAlignmentRole && column == FramesColumn) {
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  }
  if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole) return {};
  if (!isEdge) {
    if (role == Qt::ToolTipRole) {
      return tr("Segments no fat edge holds: drag one onto a fat edge to put it back");
    }
    if (column == NameColumn) return tr("Unassigned");
    if (column == FramesColumn) return static_cast<int>(unassigned_.size());
    return {};
  }
  const FatEdge& edge = edges()[static_cast<size_t>(group)];
  if (role == Qt::ToolTipRole) {
    return tr("%1: %2 segment(s) from %3 to %4")
        .arg(QString::fromStdString(edge.name))
        .arg(edge.segments.size())
        .arg(hubName(edge.fromHub), hubName(edge.toHub));
  }
  switch (column) {
    case NameColumn: return QString::fromStdString(edge.name);
    case ClipColumn: return tr("%1 → %2").arg(hubName(edge.fromHub), hubName(edge.toHub));
    case FramesColumn: return static_cast<int>(edge.segments.size());
    default: return {};
  }
}

QVariant SegmentTreeModel::segmentData(int group, int segment, int column, int role) const {
  const MotionGraph& graph = document_->graph();
  if (segment < 0 || static_cast<size_t>(segment) >= graph.segments.size()) return {};
  const Segment& s = graph.segments[static_cast<size_t>(segment)];
  const bool isEdge = group < static_cast<int>(edges().size());
  const int reference = isEdge ? edges()[static_cast<size_t>(group)].reference : -1;
  switch (role) {
    case EdgeRole: return isEdge ? group : -1;
    case SegmentRole: return segment;
    case ClipRole: return s.clip;
    case FirstFrameRole: return s.first;
    case LastFrameRole: return s.last;
    case Qt::TextAlignmentRole:
      return column >= FramesColumn ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter)
                                    : QVariant();
    case Qt::DisplayRole: break;
    case Qt::ToolTipRole:
      return tr("Segment %1: frames %2–%3 of %4, from %5 to %6")
          .arg(segment)
          .arg(s.first)
          .arg(s.last)
          .arg(s.clip >= 0 && s.clip < document_->clipCount() ? document_->clipName(s.clip)
                                                              : tr("(missing clip)"),
               hubName(s.fromHub), hubName(s.toHub));
    default: return {};
  }
  const double fps = document_->project().settings.fps;
  switch (column) {
    case NameColumn:
      return segment == reference ? tr("segment %1 (reference)").arg(segment)
                                  : tr("segment %1").arg(segment);
    case ClipColumn:
      return s.clip >= 0 && s.clip < document_->clipCount() ? document_->clipName(s.clip)
                                                            : tr("(missing)");
    case FramesColumn: return tr("%1–%2").arg(s.first).arg(s.last);
    case DurationColumn: return QString::number((s.last - s.first) / fps, 'f', 2);
    case DistanceColumn: {
      // Eq. 1 is stored squared (m^2, symmetric); shown as RMS metres like the threshold.
      const GroupedSegmentDistances& d = graph.segmentDistances;
      if (reference < 0 || segment >= d.segmentCount() || reference >= d.segmentCount()) return {};
      if (segment == reference) return QString::number(0.0, 'f', 3);
      const double squared = d(segment, reference);
      return std::isfinite(squared) ? QString::number(std::sqrt(std::max(squared, 0.0)), 'f', 3)
                                    : tr("∞");
    }
    default: return {};
  }
}

QVariant SegmentTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole && section == DistanceColumn) {
    return tr("DTW distance to the edge's reference segment (RMS metres, as the threshold)");
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case NameColumn: return tr("Fat edge / segment");
    case ClipColumn: return tr("Hubs / clip");
    case FramesColumn: return tr("Frames");
    case DurationColumn: return tr("Duration (s)");
    case DistanceColumn: return tr("Distance (m)");
    default: return {};
  }
}

Qt::ItemFlags SegmentTreeModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags flags = QAbstractItemModel::flags(index);
  if (!index.isValid() || preview_) return flags;  // a preview is read only
  if (index.internalId() == kGroupId) {
    if (index.row() < static_cast<int>(edges().size())) {
      flags |= Qt::ItemIsDropEnabled;
      if (index.column() == NameColumn) flags |= Qt::ItemIsEditable;
    }
  } else {
    flags |= Qt::ItemIsDragEnabled;
  }
  return flags;
}

bool SegmentTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || preview_ || !index.isValid() || index.internalId() != kGroupId ||
      index.column() != NameColumn || index.row() >= static_cast<int>(edges().size())) {
    return false;
  }
  const QString name = value.toString().trimmed();
  const QString old = QString::fromStdString(edges()[static_cast<size_t>(index.row())].name);
  if (name == old) return false;
  return document_->editGraph(GraphEditRequest::renameFatEdge(old, name)).isEmpty();
}

QStringList SegmentTreeModel::mimeTypes() const { return {segmentMimeType()}; }

QMimeData* SegmentTreeModel::mimeData(const QModelIndexList& indexes) const {
  // move_segment moves one segment: the first segment row of the drag.
  for (const QModelIndex& index : indexes) {
    const int segment = index.data(SegmentRole).toInt();
    if (index.isValid() && segment >= 0) {
      auto* mime = new QMimeData;
      mime->setData(segmentMimeType(), QByteArray::number(segment));
      return mime;
    }
  }
  return nullptr;
}

int SegmentTreeModel::draggedSegment(const QMimeData* data) {
  if (data == nullptr || !data->hasFormat(segmentMimeType())) return -1;
  bool ok = false;
  const int segment = data->data(segmentMimeType()).toInt(&ok);
  return ok ? segment : -1;
}

int SegmentTreeModel::dropTarget(const QModelIndex& parent) const {
  if (preview_ || !parent.isValid()) return -1;
  // Dropped on an edge row, or on one of its segments: that edge (-1 for the unassigned).
  return parent.data(EdgeRole).toInt();
}

bool SegmentTreeModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int, int,
                                       const QModelIndex& parent) const {
  if (action != Qt::MoveAction) return false;
  const int segment = draggedSegment(data);
  const int edge = dropTarget(parent);
  if (segment < 0 || edge < 0) return false;
  return fatEdgeOfSegment(edges(), segment) != edge;
}

bool SegmentTreeModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row,
                                    int column, const QModelIndex& parent) {
  if (!canDropMimeData(data, action, row, column, parent)) return false;
  const int edge = dropTarget(parent);
  const QString name = QString::fromStdString(edges()[static_cast<size_t>(edge)].name);
  // The document moves it (an undo command); the tree follows the graph's signals, so the
  // view must not remove the dragged row itself: the drop reports no move to the source.
  document_->editGraph(GraphEditRequest::moveSegment(draggedSegment(data), name));
  return false;
}

Qt::DropActions SegmentTreeModel::supportedDropActions() const { return Qt::MoveAction; }

Qt::DropActions SegmentTreeModel::supportedDragActions() const { return Qt::MoveAction; }

}  // namespace fatgraph::editor
