#include "commands/rename_clip_command.h"

#include <QCoreApplication>

#include <utility>

namespace fatgraph::editor {

RenameClipCommand::RenameClipCommand(Document* document, int index, std::string name,
                                     QUndoCommand* parent)
    : QUndoCommand(parent),
      document_(document),
      index_(index),
      oldName_(document->clip(index).name),
      newName_(std::move(name)) {
  setText(QCoreApplication::translate("RenameClipCommand", "Rename clip %1 to %2")
              .arg(QString::fromStdString(oldName_), QString::fromStdString(newName_)));
}

void RenameClipCommand::redo() { document_->setClipName(index_, newName_); }

void RenameClipCommand::undo() { document_->setClipName(index_, oldName_); }

}  // namespace fatgraph::editor
