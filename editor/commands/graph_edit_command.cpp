#include "commands/graph_edit_command.h"

#include <utility>

#include "commands/command_ids.h"

namespace fatgraph::editor {

GraphEditCommand::GraphEditCommand(Document* document, GraphEdit edit, const QString& text, int dragId,
                                   ProjectChange edited, QUndoCommand* parent)
    : DocumentCommand(document, text, parent), edit_(std::move(edit)), dragId_(dragId), other_(std::move(edited)) {}

GraphEditCommand::GraphEditCommand(GraphEditCommand&& from)
    : DocumentCommand(from.document_, from.text(), nullptr),
      edit_(std::move(from.edit_)),
      dragId_(from.dragId_),
      other_(std::move(from.other_)) {}

std::unique_ptr<DocumentCommand> GraphEditCommand::takeOver() {
  return std::unique_ptr<DocumentCommand>(new GraphEditCommand(std::move(*this)));
}

QString GraphEditCommand::editJson() const { return QString::fromStdString(graphEditToJson(edit_)); }

int GraphEditCommand::id() const { return dragId_ != 0 ? graphEditCommandId(edit_) : -1; }

bool GraphEditCommand::mergeWith(const QUndoCommand* other) {
  if (replaying()) return false;  // steps pushed again stay as they were
  const auto* next = dynamic_cast<const GraphEditCommand*>(other);
  if (next == nullptr || next->dragId_ != dragId_ || next->edit_.index() != edit_.index()) return false;
  // Both have been redone: the document holds `next`'s result, other_ the parts this command
  // changed as they were before it, and next's the parts it changed as they were before it.
  // Folded together they take the document back to where the drag started. QUndoStack
  // deletes `next` after this, so its parts may be taken.
  other_.absorb(std::move(const_cast<GraphEditCommand*>(next)->other_), document_->project());
  edit_ = next->edit_;
  setText(next->text());
  return true;
}

void GraphEditCommand::apply() { document_->exchangeGraphState(other_); }

void GraphEditCommand::revert() { document_->exchangeGraphState(other_); }

}  // namespace fatgraph::editor
