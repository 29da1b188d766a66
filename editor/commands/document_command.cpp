#include "commands/document_command.h"

#include "document/document.h"

namespace fatgraph::editor {

void DocumentCommand::redo() {
  if (!replaying()) apply();
}

void DocumentCommand::undo() {
  if (!replaying()) revert();
}

bool DocumentCommand::replaying() const { return document_->replayingSteps_; }

}  // namespace fatgraph::editor
