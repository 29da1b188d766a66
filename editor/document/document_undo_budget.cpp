// The undo history's memory budget (document.h, setUndoBudget): every step counts what it
// holds, and the oldest steps go when the steps hold more than the budget.
#include <QUndoStack>

#include <memory>
#include <utility>
#include <vector>

#include "commands/document_command.h"
#include "document/document.h"

namespace fatgraph::editor {
namespace {

/// What a step holds: a DocumentCommand's count, a macro's the sum of its children's.
std::size_t stepBytes(const QUndoCommand* step) {
  if (const auto* command = dynamic_cast<const DocumentCommand*>(step)) return command->heldBytes();
  std::size_t bytes = 0;
  for (int i = 0; i < step->childCount(); ++i) bytes += stepBytes(step->child(i));
  return bytes;
}

/// A step to push again: one command, or a macro's text and its commands.
struct KeptStep {
  bool macro = false;
  QString text;
  std::vector<std::unique_ptr<DocumentCommand>> commands;
};

bool canPushAgain(const QUndoCommand* step) {
  if (dynamic_cast<const DocumentCommand*>(step) != nullptr) return step->childCount() == 0;
  if (step->childCount() == 0) return false;
  for (int i = 0; i < step->childCount(); ++i) {
    const QUndoCommand* child = step->child(i);
    if (dynamic_cast<const DocumentCommand*>(child) == nullptr || child->childCount() > 0) return false;
  }
  return true;
}

// The stack hands out its commands as const; they are about to be deleted by clear(), and
// only their state is taken.
std::unique_ptr<DocumentCommand> takeOver(const QUndoCommand* command) {
  return const_cast<DocumentCommand*>(static_cast<const DocumentCommand*>(command))->takeOver();
}

}  // namespace

std::size_t Document::undoBytes() const {
  std::size_t bytes = 0;
  for (int i = 0; i < undoStack_->count(); ++i) bytes += stepBytes(undoStack_->command(i));
  return bytes;
}

void Document::setUndoBudget(std::size_t bytes) {
  undoBudget_ = bytes;
  keepUndoBudget();
}

void Document::pushStep(QUndoCommand* command) {
  undoStack_->push(command);
  keepUndoBudget();
}

void Document::keepUndoBudget() {
  const int count = undoStack_->count();
  std::vector<std::size_t> bytes(static_cast<std::size_t>(count));
  std::size_t total = 0;
  for (int i = 0; i < count; ++i) total += bytes[static_cast<std::size_t>(i)] = stepBytes(undoStack_->command(i));
  // Only done steps go, oldest first, and never the newest of them.
  int drop = 0;
  while (total > undoBudget_ && drop < undoStack_->index() - 1) total -= bytes[static_cast<std::size_t>(drop++)];
  if (drop > 0) dropOldestSteps(drop);
}

bool Document::dropOldestSteps(int count) {
  const int total = undoStack_->count();
  for (int i = count; i < total; ++i) {
    if (!canPushAgain(undoStack_->command(i))) return false;
  }
  std::vector<KeptStep> kept;
  for (int i = count; i < total; ++i) {
    const QUndoCommand* step = undoStack_->command(i);
    KeptStep k;
    if (dynamic_cast<const DocumentCommand*>(step) != nullptr) {
      k.commands.push_back(takeOver(step));
    } else {
      k.macro = true;
      k.text = step->text();
      for (int c = 0; c < step->childCount(); ++c) k.commands.push_back(takeOver(step->child(c)));
    }
    kept.push_back(std::move(k));
  }
  const int index = undoStack_->index() - count;
  const int clean = undoStack_->cleanIndex() - count;  // negative: the clean state goes with the dropped steps
  const bool wasModified = isModified();
  replayingSteps_ = true;
  undoStack_->clear();
  for (KeptStep& k : kept) {
    if (k.macro) undoStack_->beginMacro(k.text);
    for (auto& command : k.commands) undoStack_->push(command.release());
    if (k.macro) undoStack_->endMacro();
  }
  if (clean >= 0) {
    undoStack_->setIndex(clean);
    undoStack_->setClean();
  } else {
    undoStack_->resetClean();
  }
  undoStack_->setIndex(index);
  replayingSteps_ = false;
  if (isModified() != wasModified) emit modifiedChanged(isModified());
  return true;
}

}  // namespace fatgraph::editor
