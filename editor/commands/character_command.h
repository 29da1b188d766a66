#pragma once
// Chooses or removes the project's character (File > Character…, Remove Character). Choosing
// replaces the document's project by the one core's setProjectCharacter returned (the
// character's mesh, and whatever else choosing it changed: the command holds only those
// parts, document/project_change.h); removing swaps out the character alone. Undo puts the
// previous state back: the command keeps whichever of the two is not in the document, as
// BuildGraphCommand does.
#include <variant>

#include "commands/document_command.h"
#include "document/document.h"
#include "document/project_change.h"

namespace fatgraph::editor {

class CharacterCommand : public DocumentCommand {
 public:
  /// Swaps in the whole project with its new character.
  CharacterCommand(Document* document, Project changed, QUndoCommand* parent = nullptr);
  /// Swaps in `character` alone (empty: the generated body).
  CharacterCommand(Document* document, ProjectCharacter character, QUndoCommand* parent = nullptr);

  std::size_t heldBytes() const override;
  std::unique_ptr<DocumentCommand> takeOver() override;

 private:
  CharacterCommand(CharacterCommand&& from);  // takeOver
  void apply() override { swap(); }
  void revert() override { swap(); }
  void swap();

  std::variant<ProjectChange, ProjectCharacter> other_;  // redo: the new state; undo: the one before
};

}  // namespace fatgraph::editor
