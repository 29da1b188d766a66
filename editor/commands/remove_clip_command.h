#pragma once
// Removes one clip from the document; undo puts it back at the same index and shows it.
#include <QUndoCommand>

#include "document/document.h"

namespace fatgraph::editor {

class RemoveClipCommand : public QUndoCommand {
 public:
  RemoveClipCommand(Document* document, int index, QUndoCommand* parent = nullptr);

  void redo() override;
  void undo() override;

 private:
  Document* document_;
  int index_;
  DocumentClip clip_;  // valid while the clip is out of the document
};

}  // namespace fatgraph::editor
