#include "document/graph_edit_request.h"

#include <utility>

namespace fatgraph::editor {
namespace {

std::string text(const QString& s) { return s.toStdString(); }

std::optional<double> widened(const std::optional<float>& value) {
  return value ? std::optional<double>(*value) : std::nullopt;
}

std::optional<std::array<double, 2>> widened(const std::optional<std::array<float, 2>>& value) {
  return value ? std::optional<std::array<double, 2>>({(*value)[0], (*value)[1]}) : std::nullopt;
}

}  // namespace

GraphEditRequest::GraphEditRequest(GraphEdit typed, int drag)
    : label(QString::fromStdString(graphEditUndoText(typed))), slow(graphEditIsSlow(typed)), dragId(drag) {
  edit = std::move(typed);
}

GraphEditRequest::GraphEditRequest(QString json, QString undoText, bool runsOnWorker)
    : edit(std::move(json)), label(std::move(undoText)), slow(runsOnWorker) {}

GraphEdit GraphEditRequest::read() const {
  if (const auto* typed = std::get_if<GraphEdit>(&edit)) return *typed;
  return graphEditFromJson(text(std::get<QString>(edit)));
}

QString GraphEditRequest::json() const {
  if (const auto* typed = std::get_if<GraphEdit>(&edit)) return QString::fromStdString(graphEditToJson(*typed));
  return std::get<QString>(edit);
}

int GraphEditRequest::nextDragId() {
  static int last = 0;  // GUI thread only
  return ++last;
}

GraphEditRequest GraphEditRequest::renameHub(const QString& hub, const QString& name) {
  return GraphEditRequest(RenameHub{text(hub), text(name)});
}

GraphEditRequest GraphEditRequest::removeHub(const QString& hub) { return GraphEditRequest(RemoveHub{text(hub)}); }

GraphEditRequest GraphEditRequest::acceptHub() { return GraphEditRequest(AcceptHub{}); }

GraphEditRequest GraphEditRequest::setHubThreshold(double metres) {
  return GraphEditRequest(SetHubThreshold{metres});
}

GraphEditRequest GraphEditRequest::setEdgeThreshold(double metres) {
  return GraphEditRequest(SetEdgeThreshold{metres});
}

GraphEditRequest GraphEditRequest::renameFatEdge(const QString& edge, const QString& name) {
  return GraphEditRequest(RenameEdge{text(edge), text(name)});
}

GraphEditRequest GraphEditRequest::detectLegs() { return GraphEditRequest(DetectLegs{}); }

GraphEditRequest GraphEditRequest::setEdgeThreshold(double metres, int dragId) {
  return GraphEditRequest(SetEdgeThreshold{metres}, dragId);
}

GraphEditRequest GraphEditRequest::setLinkage(bool single) {
  return GraphEditRequest(SetLinkage{single ? Linkage::Single : Linkage::Complete});
}

GraphEditRequest GraphEditRequest::moveSegment(int segment, const QString& edge) {
  return GraphEditRequest(MoveSegment{segment, text(edge)});
}

GraphEditRequest GraphEditRequest::splitEdge(const QString& edge, const QList<int>& segments,
                                             const QString& name) {
  const std::optional<std::string> newName = name.isEmpty() ? std::nullopt : std::optional(text(name));
  return GraphEditRequest(SplitEdge{text(edge), {segments.begin(), segments.end()}, newName});
}

GraphEditRequest GraphEditRequest::mergeEdges(const QString& kept, const QString& absorbed) {
  return GraphEditRequest(MergeEdges{text(kept), text(absorbed)});
}

GraphEditRequest GraphEditRequest::removeSegment(int segment) {
  return GraphEditRequest(RemoveSegment{segment});
}

GraphEditRequest GraphEditRequest::addHub(const QString& clip, int sourceFrame) {
  return GraphEditRequest(AddHub{text(clip), sourceFrame, std::nullopt});
}

GraphEditRequest GraphEditRequest::rejectHub(const QString& clip, int sourceFrame) {
  return GraphEditRequest(RejectHub{text(clip), sourceFrame});
}

GraphEditRequest GraphEditRequest::addMatch(const QString& hub, const QString& clip, int sourceFrame) {
  return GraphEditRequest(AddMatch{text(hub), text(clip), sourceFrame});
}

GraphEditRequest GraphEditRequest::removeMatch(const QString& hub, const QString& clip, int sourceFrame) {
  return GraphEditRequest(RemoveMatch{text(hub), text(clip), sourceFrame});
}

GraphEditRequest GraphEditRequest::moveMatch(const QString& hub, const QString& clip, int sourceFrame,
                                             int toSourceFrame, int dragId) {
  return GraphEditRequest(MoveMatch{text(hub), text(clip), sourceFrame, toSourceFrame}, dragId);
}

GraphEditRequest GraphEditRequest::setEdgeParameters(const QString& edge, const QString& joint,
                                                     std::optional<double> timeSeconds) {
  const std::optional<std::string> jointName = joint.isEmpty() ? std::nullopt : std::optional(text(joint));
  return GraphEditRequest(SetEdgeParameters{text(edge), jointName, timeSeconds, std::nullopt, std::nullopt});
}

GraphEditRequest GraphEditRequest::setLocomotion(const QString& edge, std::optional<bool> locomotion) {
  return GraphEditRequest(SetLocomotion{text(edge), locomotion});
}

GraphEditRequest GraphEditRequest::setBlend(const QString& edge, EdgeBlendMode blend) {
  return GraphEditRequest(SetBlend{text(edge), blend});
}

GraphEditRequest GraphEditRequest::setJoystick(const QString& edge, const EdgeJoystickChoice& choice,
                                               int dragId) {
  return GraphEditRequest(SetJoystick{text(edge), widened(choice.deadZone), widened(choice.responseExponent),
                                      choice.invert, widened(choice.rangeMin), widened(choice.rangeMax)},
                          dragId);
}

}  // namespace fatgraph::editor
