#include "commands/apply_graph_edit_command.h"

#include <utility>

namespace fatgraph::editor {

ApplyGraphEditCommand::ApplyGraphEditCommand(Document* document, const GraphEditRequest& edit,
                                             GraphState edited, QUndoCommand* parent)
    : QUndoCommand(parent), document_(document), json_(edit.json), other_(std::move(edited)) {
  setText(edit.label);
}

void ApplyGraphEditCommand::redo() { document_->swapGraphState(other_); }

void ApplyGraphEditCommand::undo() { document_->swapGraphState(other_); }

}  // namespace fatgraph::editor
