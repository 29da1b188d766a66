#pragma once
// Which undo command wraps a graph edit: the class of the request's "op" (one per op family,
// command_ids.h). The document asks this factory for every edit it adopts, so each step on
// the undo stack has its own type and merge id.
#include <QString>
#include <QStringList>

#include <memory>

#include "commands/graph_edit_command.h"

namespace fatgraph::editor {

/// The "op" of an edit's JSON object; empty when the text is no JSON object with a string op.
QString graphEditOp(const QString& editJson);

/// The ops that have a command class of their own, in the order of graph_edits.h.
QStringList graphEditOpsWithCommands();

/// The command for `edit` (already applied by core; `edited` is the state after it). An op
/// without a class of its own gets a plain GraphEditCommand, so a newer core op is still one
/// undoable step.
std::unique_ptr<GraphEditCommand> createGraphEditCommand(Document* document,
                                                         const GraphEditRequest& edit,
                                                         GraphState edited);

}  // namespace fatgraph::editor
