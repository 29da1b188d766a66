#include "commands/remove_clip_command.h"

#include <QCoreApplication>

#include <utility>

namespace fatgraph::editor {

RemoveClipCommand::RemoveClipCommand(Document* document, int index, QUndoCommand* parent)
    : QUndoCommand(parent), document_(document), index_(index) {
  setText(QCoreApplication::translate("RemoveClipCommand", "Remove clip %1")
              .arg(document->clipName(index)));
}

void RemoveClipCommand::redo() { clip_ = document_->takeClip(index_); }

void RemoveClipCommand::undo() {
  document_->insertClip(index_, std::move(clip_));
  document_->setCurrentClip(index_);
}

}  // namespace fatgraph::editor
