#pragma once
// One authoring edit of the graph (core graph_edits.h), already applied by core to a copy of
// the project: the command swaps the edited graph state in and, on undo, the previous one
// back. Its text is the request's label; the JSON stays readable for scripts and tests.
#include <QUndoCommand>

#include "document/document.h"

namespace fatgraph::editor {

class ApplyGraphEditCommand : public QUndoCommand {
 public:
  /// `edited` is the graph state after the edit (Document::graphStateOf).
  ApplyGraphEditCommand(Document* document, const GraphEditRequest& edit, GraphState edited,
                        QUndoCommand* parent = nullptr);

  const QString& editJson() const { return json_; }

  void redo() override;
  void undo() override;

 private:
  Document* document_;
  QString json_;
  GraphState other_;  // redo: the state after the edit; undo: the state before
};

}  // namespace fatgraph::editor
