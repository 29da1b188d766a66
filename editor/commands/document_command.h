#pragma once
// The base of every undo command the document pushes. Each knows the bytes it holds, so the
// document can keep its undo history within a memory budget (Document::setUndoBudget), and can
// hand its state over to a new command of its kind: QUndoStack drops old commands only by
// count, and only from a stack that was empty when the count was set, so the document drops
// the oldest steps by clearing the stack and pushing the steps it keeps again. While it does,
// redo() and undo() leave the document alone (it already is where the stack's index says) and
// no command merges.
#include <QUndoCommand>

#include <cstddef>
#include <memory>

namespace fatgraph::editor {

class Document;

class DocumentCommand : public QUndoCommand {
 public:
  /// The heap bytes this step holds (document/held_bytes.h): what dropping it frees.
  virtual std::size_t heldBytes() const = 0;
  /// A new command of the same kind, text and merge id holding this one's state; this one is
  /// deleted next, neither undone nor redone.
  virtual std::unique_ptr<DocumentCommand> takeOver() = 0;

  void redo() final;
  void undo() final;

 protected:
  DocumentCommand(Document* document, QUndoCommand* parent) : QUndoCommand(parent), document_(document) {}
  DocumentCommand(Document* document, const QString& text, QUndoCommand* parent)
      : QUndoCommand(text, parent), document_(document) {}

  /// The step's change, forwards (redo) and backwards (undo).
  virtual void apply() = 0;
  virtual void revert() = 0;
  /// True while the document pushes its steps again (then no command may merge).
  bool replaying() const;

  Document* document_;
};

}  // namespace fatgraph::editor
