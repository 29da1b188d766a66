#pragma once
// The undo command of every graph edit, keyed by its op (core graph_edit.h): one edit that
// core has already applied to the project. The command holds what the edit changed and
// nothing else (document/project_change.h): a rename holds two names and one history entry,
// not a copy of the graph, whose pair distances and parameter planes stay in the document
// alone. Redo exchanges the edited parts in and undo the previous ones back; it keeps the
// edit for scripts and tests.
//
// Drags: while a slider, a dragged match or a dragged joystick range issues edits of the same
// op with the same non-zero GraphEditRequest::dragId, each pushed command merges into the one
// on top (glaxnimate's drag commands do the same with a commit flag). The merged step goes
// from the first command's "before" state to the last one's "after" state and takes the last
// one's edit and text, so one undo returns to where the drag started.
#include "commands/document_command.h"
#include "document/document.h"
#include "document/project_change.h"

namespace fatgraph::editor {

class GraphEditCommand : public DocumentCommand {
 public:
  /// `edited` is what `edit` changes (Document::graphStateOf: the edited parts, to exchange
  /// in on redo); `text` the undo text.
  GraphEditCommand(Document* document, GraphEdit edit, const QString& text, int dragId, ProjectChange edited,
                   QUndoCommand* parent = nullptr);

  /// The edit as core applied it.
  const GraphEdit& edit() const { return edit_; }
  /// Its JSON object, e.g. {"edge":"edge0","name":"walk","op":"rename_edge"}.
  QString editJson() const;
  /// The drag the edit belongs to; 0 when it stands alone.
  int dragId() const { return dragId_; }
  /// What the step holds: the parts of the graph state the edit changed (the side of the
  /// edit the document is not on).
  const ProjectChange& change() const { return other_; }

  /// The op's id during a drag (command_ids.h), -1 (never merged) otherwise.
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;
  std::size_t heldBytes() const override { return other_.heldBytes(); }
  std::unique_ptr<DocumentCommand> takeOver() override;

 private:
  GraphEditCommand(GraphEditCommand&& from);  // takeOver
  void apply() override;
  void revert() override;

  GraphEdit edit_;
  int dragId_;
  ProjectChange other_;  // redo: the parts after the edit; undo: the same parts before it
};

}  // namespace fatgraph::editor
