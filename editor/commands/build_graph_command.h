#pragma once
// Replaces the document's project by the result of a graph build (its clips resampled to the
// working rate, the settings, the distance cache and the new graph). Undo puts the previous
// project back: the command keeps whichever of the two is not in the document.
#include <QUndoCommand>

#include "document/document.h"

namespace fatgraph::editor {

class BuildGraphCommand : public QUndoCommand {
 public:
  BuildGraphCommand(Document* document, Project built, QUndoCommand* parent = nullptr);

  void redo() override;
  void undo() override;

 private:
  Document* document_;
  Project other_;  // redo: the built project; undo: the project before the build
};

}  // namespace fatgraph::editor
