#include "commands/graph_edit_command.h"

#include <utility>

namespace fatgraph::editor {

GraphEditCommand::GraphEditCommand(Document* document, const GraphEditRequest& edit,
                                   GraphState edited, CommandId commandId, QUndoCommand* parent)
    : QUndoCommand(parent),
      document_(document),
      json_(edit.json),
      dragId_(edit.dragId),
      commandId_(commandId),
      other_(std::move(edited)) {
  setText(edit.label);
}

int GraphEditCommand::id() const { return dragId_ != 0 ? static_cast<int>(commandId_) : -1; }

bool GraphEditCommand::mergeWith(const QUndoCommand* other) {
  const auto* next = dynamic_cast<const GraphEditCommand*>(other);
  if (next == nullptr || next->dragId_ != dragId_ || next->commandId_ != commandId_) return false;
  // Both have been redone: the document holds `next`'s result and other_ still holds the
  // state before this command, which is what undo must bring back. Only the description of
  // the step changes; `next`'s own "before" (this command's result) is dropped with it.
  json_ = next->json_;
  setText(next->text());
  return true;
}

void GraphEditCommand::redo() { document_->swapGraphState(other_); }

void GraphEditCommand::undo() { document_->swapGraphState(other_); }

}  // namespace fatgraph::editor
