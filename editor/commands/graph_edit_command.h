#pragma once
// The undo command of every graph edit, keyed by its op (core graph_edit.h): one edit that
// core has already applied to a copy of the project. The command swaps the edited graph state
// in and, on undo, the previous one back; it keeps the edit for scripts and tests.
//
// Drags: while a slider, a dragged match or a dragged joystick range issues edits of the same
// op with the same non-zero GraphEditRequest::dragId, each pushed command merges into the one
// on top (glaxnimate's drag commands do the same with a commit flag). The merged step keeps
// the first command's "before" state, takes the last one's "after" state, edit and text, so
// one undo returns to where the drag started.
#include <QUndoCommand>

#include "document/document.h"

namespace fatgraph::editor {

class GraphEditCommand : public QUndoCommand {
 public:
  /// `edited` is the graph state after `edit` (Document::graphStateOf); `text` the undo text.
  GraphEditCommand(Document* document, GraphEdit edit, const QString& text, int dragId, GraphState edited,
                   QUndoCommand* parent = nullptr);

  /// The edit as core applied it.
  const GraphEdit& edit() const { return edit_; }
  /// Its JSON object, e.g. {"edge":"edge0","name":"walk","op":"rename_edge"}.
  QString editJson() const;
  /// The drag the edit belongs to; 0 when it stands alone.
  int dragId() const { return dragId_; }

  /// The op's id during a drag (command_ids.h), -1 (never merged) otherwise.
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;
  void redo() override;
  void undo() override;

 private:
  Document* document_;
  GraphEdit edit_;
  int dragId_;
  GraphState other_;  // redo: the state after the edit; undo: the state before
};

}  // namespace fatgraph::editor
