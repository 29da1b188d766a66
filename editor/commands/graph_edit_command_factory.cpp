#include "commands/graph_edit_command_factory.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <utility>

#include "commands/accept_hub_command.h"
#include "commands/add_hub_command.h"
#include "commands/add_match_command.h"
#include "commands/detect_legs_command.h"
#include "commands/merge_edges_command.h"
#include "commands/move_match_command.h"
#include "commands/move_segment_command.h"
#include "commands/reject_hub_command.h"
#include "commands/remove_hub_command.h"
#include "commands/remove_match_command.h"
#include "commands/remove_segment_command.h"
#include "commands/rename_edge_command.h"
#include "commands/rename_hub_command.h"
#include "commands/set_blend_command.h"
#include "commands/set_edge_parameters_command.h"
#include "commands/set_edge_threshold_command.h"
#include "commands/set_hub_threshold_command.h"
#include "commands/set_joystick_command.h"
#include "commands/set_legs_command.h"
#include "commands/set_linkage_command.h"
#include "commands/set_locomotion_command.h"
#include "commands/set_parameterization_command.h"
#include "commands/split_edge_command.h"

namespace fatgraph::editor {
namespace {

using Maker = std::unique_ptr<GraphEditCommand> (*)(Document*, const GraphEditRequest&,
                                                    GraphState&&);

template <class Command>
std::unique_ptr<GraphEditCommand> make(Document* document, const GraphEditRequest& edit,
                                       GraphState&& edited) {
  return std::make_unique<Command>(document, edit, std::move(edited));
}

struct OpCommand {
  const char* op;
  Maker make;
};

// In the order of core graph_edits.h; reject_hub and set_joystick are core's newest ops.
constexpr OpCommand kCommands[] = {
      {"accept_hub", &make<AcceptHubCommand>},
      {"add_hub", &make<AddHubCommand>},
      {"reject_hub", &make<RejectHubCommand>},
      {"remove_hub", &make<RemoveHubCommand>},
      {"rename_hub", &make<RenameHubCommand>},
      {"add_match", &make<AddMatchCommand>},
      {"remove_match", &make<RemoveMatchCommand>},
      {"move_match", &make<MoveMatchCommand>},
      {"set_hub_threshold", &make<SetHubThresholdCommand>},
      {"set_edge_threshold", &make<SetEdgeThresholdCommand>},
      {"set_linkage", &make<SetLinkageCommand>},
      {"move_segment", &make<MoveSegmentCommand>},
      {"split_edge", &make<SplitEdgeCommand>},
      {"merge_edges", &make<MergeEdgesCommand>},
      {"remove_segment", &make<RemoveSegmentCommand>},
      {"rename_edge", &make<RenameEdgeCommand>},
      {"set_edge_parameters", &make<SetEdgeParametersCommand>},
      {"set_parameterization", &make<SetParameterizationCommand>},
      {"set_legs", &make<SetLegsCommand>},
      {"detect_legs", &make<DetectLegsCommand>},
      {"set_locomotion", &make<SetLocomotionCommand>},
      {"set_blend", &make<SetBlendCommand>},
      {"set_joystick", &make<SetJoystickCommand>},
};

}  // namespace

QString graphEditOp(const QString& editJson) {
  const QJsonDocument json = QJsonDocument::fromJson(editJson.toUtf8());
  return json.isObject() ? json.object().value(QStringLiteral("op")).toString() : QString();
}

QStringList graphEditOpsWithCommands() {
  QStringList ops;
  for (const OpCommand& c : kCommands) ops << QString::fromLatin1(c.op);
  return ops;
}

std::unique_ptr<GraphEditCommand> createGraphEditCommand(Document* document,
                                                         const GraphEditRequest& edit,
                                                         GraphState edited) {
  const QString op = graphEditOp(edit.json);
  for (const OpCommand& c : kCommands) {
    if (op == QLatin1String(c.op)) return c.make(document, edit, std::move(edited));
  }
  return std::make_unique<GraphEditCommand>(document, edit, std::move(edited));
}

}  // namespace fatgraph::editor
