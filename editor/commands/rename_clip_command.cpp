#include "commands/rename_clip_command.h"

#include <QCoreApplication>

#include <utility>

#include "document/held_bytes.h"

namespace fatgraph::editor {

RenameClipCommand::RenameClipCommand(Document* document, int index, std::string name,
                                     QUndoCommand* parent)
    : DocumentCommand(document, parent),
      index_(index),
      oldName_(document->clip(index).name),
      newName_(std::move(name)) {
  setText(QCoreApplication::translate("RenameClipCommand", "Rename clip %1 to %2")
              .arg(QString::fromStdString(oldName_), QString::fromStdString(newName_)));
}

RenameClipCommand::RenameClipCommand(RenameClipCommand&& from)
    : DocumentCommand(from.document_, from.text(), nullptr),
      index_(from.index_),
      oldName_(std::move(from.oldName_)),
      newName_(std::move(from.newName_)) {}

std::unique_ptr<DocumentCommand> RenameClipCommand::takeOver() {
  return std::unique_ptr<DocumentCommand>(new RenameClipCommand(std::move(*this)));
}

std::size_t RenameClipCommand::heldBytes() const {
  return editor::heldBytes(oldName_) + editor::heldBytes(newName_);
}

void RenameClipCommand::apply() { document_->setClipName(index_, newName_); }

void RenameClipCommand::revert() { document_->setClipName(index_, oldName_); }

}  // namespace fatgraph::editor
