// The hub and match-set edits of GraphEditRequest (core graph_edits.h: add_hub, reject_hub,
// add_match, remove_match, move_match). Every one re-cuts the clips, so all are slow.
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

#include "document/graph_edit_request.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("GraphEditRequest", text); }

GraphEditRequest slowRequest(const QJsonObject& edit, const QString& label) {
  return {QString::fromUtf8(QJsonDocument(edit).toJson(QJsonDocument::Compact)), label, true};
}

QJsonObject matchEdit(const char* op, const QString& hub, const QString& clip, int frame) {
  return {{QStringLiteral("op"), QLatin1String(op)},
          {QStringLiteral("hub"), hub},
          {QStringLiteral("clip"), clip},
          {QStringLiteral("frame"), frame}};
}

}  // namespace

GraphEditRequest GraphEditRequest::addHub(const QString& clip, int sourceFrame) {
  return slowRequest({{QStringLiteral("op"), QStringLiteral("add_hub")},
                      {QStringLiteral("clip"), clip},
                      {QStringLiteral("frame"), sourceFrame}},
                     tr("Add hub at %1 frame %2").arg(clip).arg(sourceFrame));
}

GraphEditRequest GraphEditRequest::rejectHub(const QString& clip, int sourceFrame) {
  return slowRequest({{QStringLiteral("op"), QStringLiteral("reject_hub")},
                      {QStringLiteral("clip"), clip},
                      {QStringLiteral("frame"), sourceFrame}},
                     tr("Reject hub suggestion at %1 frame %2").arg(clip).arg(sourceFrame));
}

GraphEditRequest GraphEditRequest::addMatch(const QString& hub, const QString& clip,
                                            int sourceFrame) {
  return slowRequest(matchEdit("add_match", hub, clip, sourceFrame),
                     tr("Add %1 frame %2 to the match set of %3").arg(clip).arg(sourceFrame).arg(hub));
}

GraphEditRequest GraphEditRequest::removeMatch(const QString& hub, const QString& clip,
                                               int sourceFrame) {
  return slowRequest(
      matchEdit("remove_match", hub, clip, sourceFrame),
      tr("Remove %1 frame %2 from the match set of %3").arg(clip).arg(sourceFrame).arg(hub));
}

GraphEditRequest GraphEditRequest::moveMatch(const QString& hub, const QString& clip,
                                             int sourceFrame, int toSourceFrame, int dragId) {
  QJsonObject edit = matchEdit("move_match", hub, clip, sourceFrame);
  edit.insert(QStringLiteral("to"), toSourceFrame);
  GraphEditRequest request = slowRequest(
      edit, tr("Move a match of %1 from %2 frame %3 to %4").arg(hub, clip).arg(sourceFrame).arg(toSourceFrame));
  request.dragId = dragId;
  return request;
}

}  // namespace fatgraph::editor
