#pragma once
// Renames one clip. The document checks the name (non-empty, unique) before pushing.
#include <QUndoCommand>

#include <string>

#include "document/document.h"

namespace fatgraph::editor {

class RenameClipCommand : public QUndoCommand {
 public:
  RenameClipCommand(Document* document, int index, std::string name,
                    QUndoCommand* parent = nullptr);

  void redo() override;
  void undo() override;

 private:
  Document* document_;
  int index_;
  std::string oldName_;
  std::string newName_;
};

}  // namespace fatgraph::editor
