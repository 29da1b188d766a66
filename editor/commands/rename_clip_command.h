#pragma once
// Renames one clip. The document checks the name (non-empty, unique) before pushing.
#include <string>

#include "commands/document_command.h"
#include "document/document.h"

namespace fatgraph::editor {

class RenameClipCommand : public DocumentCommand {
 public:
  RenameClipCommand(Document* document, int index, std::string name,
                    QUndoCommand* parent = nullptr);

  std::size_t heldBytes() const override;
  std::unique_ptr<DocumentCommand> takeOver() override;

 private:
  RenameClipCommand(RenameClipCommand&& from);  // takeOver
  void apply() override;
  void revert() override;

  int index_;
  std::string oldName_;
  std::string newName_;
};

}  // namespace fatgraph::editor
