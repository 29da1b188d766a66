// The parameter dock's edits of GraphEditRequest (core graph_edits.h): set_edge_parameters
// (parameterizes the edge anew, so slow), set_locomotion, set_blend and set_joystick (choices
// stored by edge name, quick).
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "document/graph_edit_request.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("GraphEditRequest", text); }

GraphEditRequest request(const QJsonObject& edit, const QString& label, bool slow) {
  return {QString::fromUtf8(QJsonDocument(edit).toJson(QJsonDocument::Compact)), label, slow};
}

/// null stands for "automatic" in core's edits.
template <typename T>
QJsonValue valueOr(const std::optional<T>& value) {
  return value ? QJsonValue(static_cast<double>(*value)) : QJsonValue(QJsonValue::Null);
}

QJsonValue pairOr(const std::optional<std::array<float, 2>>& value) {
  return value ? QJsonValue(QJsonArray{static_cast<double>((*value)[0]),
                                       static_cast<double>((*value)[1])})
               : QJsonValue(QJsonValue::Null);
}

QJsonValue pairOr(const std::optional<std::array<bool, 2>>& value) {
  return value ? QJsonValue(QJsonArray{(*value)[0], (*value)[1]}) : QJsonValue(QJsonValue::Null);
}

}  // namespace

GraphEditRequest GraphEditRequest::setEdgeParameters(const QString& edge, const QString& joint,
                                                     std::optional<double> timeSeconds) {
  const QJsonValue jointValue = joint.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(joint);
  const QString jointText = joint.isEmpty() ? tr("automatic joint") : joint;
  const QString timeText = timeSeconds ? tr("%1 s").arg(*timeSeconds, 0, 'f', 2)
                                       : tr("automatic time");
  return request({{QStringLiteral("op"), QStringLiteral("set_edge_parameters")},
                  {QStringLiteral("edge"), edge},
                  {QStringLiteral("joint"), jointValue},
                  {QStringLiteral("time_s"), valueOr(timeSeconds)}},
                 tr("Parameterize %1 by %2 at %3").arg(edge, jointText, timeText), true);
}

GraphEditRequest GraphEditRequest::setLocomotion(const QString& edge,
                                                 std::optional<bool> locomotion) {
  const QJsonValue value =
      locomotion ? QJsonValue(*locomotion) : QJsonValue(QStringLiteral("auto"));
  const QString state = !locomotion ? tr("automatic") : *locomotion ? tr("on") : tr("off");
  return request({{QStringLiteral("op"), QStringLiteral("set_locomotion")},
                  {QStringLiteral("edge"), edge},
                  {QStringLiteral("locomotion"), value}},
                 tr("Set locomotion of %1 to %2").arg(edge, state), false);
}

GraphEditRequest GraphEditRequest::setBlend(const QString& edge, const QString& blend) {
  return request({{QStringLiteral("op"), QStringLiteral("set_blend")},
                  {QStringLiteral("edge"), edge},
                  {QStringLiteral("blend"), blend}},
                 tr("Set blend of %1 to %2").arg(edge, blend), false);
}

GraphEditRequest GraphEditRequest::setJoystick(const QString& edge,
                                               const EdgeJoystickChoice& choice, int dragId) {
  GraphEditRequest edit =
      request({{QStringLiteral("op"), QStringLiteral("set_joystick")},
               {QStringLiteral("edge"), edge},
               {QStringLiteral("dead_zone"), valueOr(choice.deadZone)},
               {QStringLiteral("response"), valueOr(choice.responseExponent)},
               {QStringLiteral("invert"), pairOr(choice.invert)},
               {QStringLiteral("range_min"), pairOr(choice.rangeMin)},
               {QStringLiteral("range_max"), pairOr(choice.rangeMax)}},
              tr("Set joystick mapping of %1").arg(edge), false);
  edit.dragId = dragId;
  return edit;
}

}  // namespace fatgraph::editor
