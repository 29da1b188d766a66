#include "commands/graph_edit_command.h"

#include <utility>

#include "commands/command_ids.h"

namespace fatgraph::editor {

GraphEditCommand::GraphEditCommand(Document* document, GraphEdit edit, const QString& text, int dragId,
                                   GraphState edited, QUndoCommand* parent)
    : QUndoCommand(text, parent),
      document_(document),
      edit_(std::move(edit)),
      dragId_(dragId),
      other_(std::move(edited)) {}

QString GraphEditCommand::editJson() const { return QString::fromStdString(graphEditToJson(edit_)); }

int GraphEditCommand::id() const { return dragId_ != 0 ? graphEditCommandId(edit_) : -1; }

bool GraphEditCommand::mergeWith(const QUndoCommand* other) {
  const auto* next = dynamic_cast<const GraphEditCommand*>(other);
  if (next == nullptr || next->dragId_ != dragId_ || next->edit_.index() != edit_.index()) return false;
  // Both have been redone: the document holds `next`'s result and other_ still holds the
  // state before this command, which is what undo must bring back. Only the description of
  // the step changes; `next`'s own "before" (this command's result) is dropped with it.
  edit_ = next->edit_;
  setText(next->text());
  return true;
}

void GraphEditCommand::redo() { document_->swapGraphState(other_); }

void GraphEditCommand::undo() { document_->swapGraphState(other_); }

}  // namespace fatgraph::editor
