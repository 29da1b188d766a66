// One row per op: its undo text (translated in the "GraphEditRequest" context, as the editor
// has always done) and whether it runs on the worker.
#include "document/graph_edit_presentation.h"

#include <QCoreApplication>

#include "fatgraph/core/locomotion_settings.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("GraphEditRequest", text); }

QString q(const std::string& text) { return QString::fromStdString(text); }

QString metres(double value) { return QString::number(value, 'f', 3); }

using P = GraphEditPresentation;

P present(const SetHubThreshold& e) { return {tr("Set hub threshold to %1 m").arg(metres(e.metres)), true}; }
P present(const SetEdgeThreshold& e) { return {tr("Set edge threshold to %1 m").arg(metres(e.metres)), true}; }
P present(const SetLinkage& e) {
  return {e.linkage == Linkage::Single ? tr("Cluster fat edges by single linkage")
                                       : tr("Cluster fat edges by complete linkage"),
          true};
}
P present(const AcceptHub&) { return {tr("Accept hub suggestion"), true}; }
P present(const AddHub& e) { return {tr("Add hub at %1 frame %2").arg(q(e.clip)).arg(e.frame), true}; }
P present(const RemoveHub& e) { return {tr("Remove hub %1").arg(q(e.hub)), true}; }
P present(const RenameHub& e) { return {tr("Rename hub %1 to %2").arg(q(e.hub), q(e.name)), false}; }
P present(const AddMatch& e) {
  return {tr("Add %1 frame %2 to the match set of %3").arg(q(e.clip)).arg(e.frame).arg(q(e.hub)), true};
}
P present(const RemoveMatch& e) {
  return {tr("Remove %1 frame %2 from the match set of %3").arg(q(e.clip)).arg(e.frame).arg(q(e.hub)), true};
}
P present(const MoveMatch& e) {
  return {tr("Move a match of %1 from %2 frame %3 to %4").arg(q(e.hub), q(e.clip)).arg(e.frame).arg(e.to), true};
}
P present(const RejectHub& e) {
  return {tr("Reject hub suggestion at %1 frame %2").arg(q(e.clip)).arg(e.frame), true};
}
P present(const MoveSegment& e) { return {tr("Move segment %1 to %2").arg(e.segment).arg(q(e.edge)), true}; }
P present(const SplitEdge& e) {
  return {e.segments.size() == 1 ? tr("Split 1 segment off %1").arg(q(e.edge))
                                 : tr("Split %1 segments off %2").arg(e.segments.size()).arg(q(e.edge)),
          true};
}
P present(const MergeEdges& e) { return {tr("Merge fat edge %1 into %2").arg(q(e.absorbed), q(e.edge)), true}; }
P present(const RemoveSegment& e) { return {tr("Remove segment %1 from its fat edge").arg(e.segment), true}; }
P present(const RenameEdge& e) { return {tr("Rename fat edge %1 to %2").arg(q(e.edge), q(e.name)), false}; }
P present(const SetEdgeParameters& e) {
  const QString joint = e.joint ? q(*e.joint) : tr("automatic joint");
  const QString time = e.timeSeconds ? tr("%1 s").arg(*e.timeSeconds, 0, 'f', 2) : tr("automatic time");
  return {tr("Parameterize %1 by %2 at %3").arg(q(e.edge), joint, time), true};
}
P present(const SetParameterization&) { return {tr("Set parameterization defaults"), true}; }
// Slow: the legs feed the locomotion analysis of every fat edge, which core redoes.
P present(const SetLegs&) { return {tr("Set legs"), true}; }
P present(const DetectLegs&) { return {tr("Detect legs"), true}; }
P present(const SetLocomotion& e) {
  const QString state = !e.locomotion ? tr("automatic") : *e.locomotion ? tr("on") : tr("off");
  return {tr("Set locomotion of %1 to %2").arg(q(e.edge), state), false};
}
P present(const SetBlend& e) {
  return {tr("Set blend of %1 to %2").arg(q(e.edge), QString::fromLatin1(blendModeName(e.blend))), false};
}
P present(const SetJoystick& e) { return {tr("Set joystick mapping of %1").arg(q(e.edge)), false}; }

}  // namespace

GraphEditPresentation presentationOf(const GraphEdit& edit) {
  return std::visit([](const auto& e) { return present(e); }, edit);
}

}  // namespace fatgraph::editor
