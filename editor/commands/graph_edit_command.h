#pragma once
// The base of every graph edit's undo command: one authoring edit (core graph_edits.h) that
// core has already applied to a copy of the project. The command swaps the edited graph state
// in and, on undo, the previous one back; it keeps the edit's JSON for scripts and tests.
//
// Drags: while a slider, a dragged match or a dragged joystick range issues edits of the same
// op with the same non-zero GraphEditRequest::dragId, each pushed command merges into the one
// on top (glaxnimate's drag commands do the same with a commit flag). The merged step keeps
// the first command's "before" state, takes the last one's "after" state, JSON and text, so
// one undo returns to where the drag started.
#include <QUndoCommand>

#include "commands/command_ids.h"
#include "document/document.h"

namespace fatgraph::editor {

class GraphEditCommand : public QUndoCommand {
 public:
  /// `edited` is the graph state after the edit (Document::graphStateOf); `commandId` the
  /// op family's merge id (command_ids.h).
  GraphEditCommand(Document* document, const GraphEditRequest& edit, GraphState edited,
                   CommandId commandId = CommandId::GraphEdit, QUndoCommand* parent = nullptr);

  /// The edit as core applied it, e.g. {"op":"rename_edge","edge":"edge0","name":"walk"}.
  const QString& editJson() const { return json_; }
  /// The drag the edit belongs to; 0 when it stands alone.
  int dragId() const { return dragId_; }
  /// The op family, whether or not the command can merge now.
  CommandId commandId() const { return commandId_; }

  /// The op family's id during a drag, -1 (never merged) otherwise.
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;
  void redo() override;
  void undo() override;

 private:
  Document* document_;
  QString json_;
  int dragId_;
  CommandId commandId_;
  GraphState other_;  // redo: the state after the edit; undo: the state before
};

}  // namespace fatgraph::editor
