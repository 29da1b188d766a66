#pragma once
// Removes the graph, its edit history and the distance cache (the settings stay), e.g. before
// a clip the graph refers to is removed. Undo restores them.
#include "commands/document_command.h"
#include "document/document.h"

namespace fatgraph::editor {

class ClearGraphCommand : public DocumentCommand {
 public:
  explicit ClearGraphCommand(Document* document, QUndoCommand* parent = nullptr);

  std::size_t heldBytes() const override;
  std::unique_ptr<DocumentCommand> takeOver() override;

 private:
  ClearGraphCommand(ClearGraphCommand&& from);  // takeOver
  void apply() override { document_->swapGraphState(other_); }
  void revert() override { document_->swapGraphState(other_); }

  GraphState other_;  // redo: the empty state; undo: the graph before
};

}  // namespace fatgraph::editor
