#pragma once
// Removes one clip from the document; undo puts it back at the same index and shows it.
#include "commands/document_command.h"
#include "document/document.h"

namespace fatgraph::editor {

class RemoveClipCommand : public DocumentCommand {
 public:
  RemoveClipCommand(Document* document, int index, QUndoCommand* parent = nullptr);

  std::size_t heldBytes() const override;
  std::unique_ptr<DocumentCommand> takeOver() override;

 private:
  RemoveClipCommand(RemoveClipCommand&& from);  // takeOver
  void apply() override;
  void revert() override;

  int index_;
  DocumentClip clip_;  // valid while the clip is out of the document
};

}  // namespace fatgraph::editor
