#pragma once
// Removes the graph, its edit history and the distance cache (the settings stay), e.g. before
// a clip the graph refers to is removed. Undo restores them.
#include <QUndoCommand>

#include "document/document.h"

namespace fatgraph::editor {

class ClearGraphCommand : public QUndoCommand {
 public:
  explicit ClearGraphCommand(Document* document, QUndoCommand* parent = nullptr);

  void redo() override;
  void undo() override;

 private:
  Document* document_;
  GraphState other_;  // redo: the empty state; undo: the graph before
};

}  // namespace fatgraph::editor
