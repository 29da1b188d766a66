#include "commands/remove_clip_command.h"

#include <QCoreApplication>

#include <utility>

#include "document/held_bytes.h"

namespace fatgraph::editor {

RemoveClipCommand::RemoveClipCommand(Document* document, int index, QUndoCommand* parent)
    : DocumentCommand(document, parent), index_(index) {
  setText(QCoreApplication::translate("RemoveClipCommand", "Remove clip %1")
              .arg(document->clipName(index)));
}

RemoveClipCommand::RemoveClipCommand(RemoveClipCommand&& from)
    : DocumentCommand(from.document_, from.text(), nullptr), index_(from.index_), clip_(std::move(from.clip_)) {}

std::unique_ptr<DocumentCommand> RemoveClipCommand::takeOver() {
  return std::unique_ptr<DocumentCommand>(new RemoveClipCommand(std::move(*this)));
}

std::size_t RemoveClipCommand::heldBytes() const { return editor::heldBytes(clip_.clip); }

void RemoveClipCommand::apply() { clip_ = document_->takeClip(index_); }

void RemoveClipCommand::revert() {
  document_->insertClip(index_, std::move(clip_));
  document_->setCurrentClip(index_);
}

}  // namespace fatgraph::editor
