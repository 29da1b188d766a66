#include "document/graph_edit_request.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("GraphEditRequest", text); }

GraphEditRequest request(const QJsonObject& edit, const QString& label, bool slow) {
  return {QString::fromUtf8(QJsonDocument(edit).toJson(QJsonDocument::Compact)), label, slow};
}

QString metres(double value) { return QString::number(value, 'f', 3); }

}  // namespace

GraphEditRequest GraphEditRequest::renameHub(const QString& hub, const QString& name) {
  return request({{QStringLiteral("op"), QStringLiteral("rename_hub")},
                  {QStringLiteral("hub"), hub},
                  {QStringLiteral("name"), name}},
                 tr("Rename hub %1 to %2").arg(hub, name), false);
}

GraphEditRequest GraphEditRequest::removeHub(const QString& hub) {
  return request({{QStringLiteral("op"), QStringLiteral("remove_hub")},
                  {QStringLiteral("hub"), hub}},
                 tr("Remove hub %1").arg(hub), true);
}

GraphEditRequest GraphEditRequest::acceptHub() {
  return request({{QStringLiteral("op"), QStringLiteral("accept_hub")}},
                 tr("Accept hub suggestion"), true);
}

GraphEditRequest GraphEditRequest::setHubThreshold(double m) {
  return request({{QStringLiteral("op"), QStringLiteral("set_hub_threshold")},
                  {QStringLiteral("metres"), m}},
                 tr("Set hub threshold to %1 m").arg(metres(m)), true);
}

GraphEditRequest GraphEditRequest::setEdgeThreshold(double m) {
  return request({{QStringLiteral("op"), QStringLiteral("set_edge_threshold")},
                  {QStringLiteral("metres"), m}},
                 tr("Set edge threshold to %1 m").arg(metres(m)), true);
}

GraphEditRequest GraphEditRequest::renameFatEdge(const QString& edge, const QString& name) {
  return request({{QStringLiteral("op"), QStringLiteral("rename_edge")},
                  {QStringLiteral("edge"), edge},
                  {QStringLiteral("name"), name}},
                 tr("Rename fat edge %1 to %2").arg(edge, name), false);
}

GraphEditRequest GraphEditRequest::detectLegs() {
  // Slow: the legs feed the locomotion analysis of every fat edge, which core redoes.
  return request({{QStringLiteral("op"), QStringLiteral("detect_legs")}}, tr("Detect legs"), true);
}

int GraphEditRequest::nextDragId() {
  static int last = 0;  // GUI thread only
  return ++last;
}

}  // namespace fatgraph::editor
