// The fat-edge edits of GraphEditRequest (core graph_edits.h: set_edge_threshold during a
// drag, set_linkage, move_segment, split_edge, merge_edges, remove_segment). Each changes
// which segments an edge blends, so core recomputes its warps and, in a parameterized graph,
// its parameter space: all run on the worker.
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "document/graph_edit_request.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("GraphEditRequest", text); }

GraphEditRequest slowEdit(const QJsonObject& edit, const QString& label) {
  return {QString::fromUtf8(QJsonDocument(edit).toJson(QJsonDocument::Compact)), label, true};
}

}  // namespace

GraphEditRequest GraphEditRequest::setEdgeThreshold(double metres, int dragId) {
  GraphEditRequest edit = setEdgeThreshold(metres);
  edit.dragId = dragId;
  return edit;
}

GraphEditRequest GraphEditRequest::setLinkage(bool single) {
  const QString linkage = single ? QStringLiteral("single") : QStringLiteral("complete");
  return slowEdit({{QStringLiteral("op"), QStringLiteral("set_linkage")},
                   {QStringLiteral("linkage"), linkage}},
                  single ? tr("Cluster fat edges by single linkage")
                         : tr("Cluster fat edges by complete linkage"));
}

GraphEditRequest GraphEditRequest::moveSegment(int segment, const QString& edge) {
  return slowEdit({{QStringLiteral("op"), QStringLiteral("move_segment")},
                   {QStringLiteral("segment"), segment},
                   {QStringLiteral("edge"), edge}},
                  tr("Move segment %1 to %2").arg(segment).arg(edge));
}

GraphEditRequest GraphEditRequest::splitEdge(const QString& edge, const QList<int>& segments,
                                             const QString& name) {
  QJsonObject json{{QStringLiteral("op"), QStringLiteral("split_edge")},
                   {QStringLiteral("edge"), edge}};
  QJsonArray list;
  for (int s : segments) list.append(s);
  json.insert(QStringLiteral("segments"), list);
  if (!name.isEmpty()) json.insert(QStringLiteral("name"), name);
  return slowEdit(json, segments.size() == 1
                            ? tr("Split 1 segment off %1").arg(edge)
                            : tr("Split %1 segments off %2").arg(segments.size()).arg(edge));
}

GraphEditRequest GraphEditRequest::mergeEdges(const QString& kept, const QString& absorbed) {
  return slowEdit({{QStringLiteral("op"), QStringLiteral("merge_edges")},
                   {QStringLiteral("edge"), kept},
                   {QStringLiteral("absorbed"), absorbed}},
                  tr("Merge fat edge %1 into %2").arg(absorbed, kept));
}

GraphEditRequest GraphEditRequest::removeSegment(int segment) {
  return slowEdit({{QStringLiteral("op"), QStringLiteral("remove_segment")},
                   {QStringLiteral("segment"), segment}},
                  tr("Remove segment %1 from its fat edge").arg(segment));
}

}  // namespace fatgraph::editor
