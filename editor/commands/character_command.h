#pragma once
// Chooses or removes the project's character (File > Character…, Remove Character). Choosing
// replaces the document's project by the one core's setProjectCharacter returned (the
// character's mesh, and whatever else choosing it changed); removing swaps out the character
// alone. Undo puts the previous state back: the command keeps whichever of the two is not in
// the document, as BuildGraphCommand does.
#include <QUndoCommand>

#include <variant>

#include "document/document.h"

namespace fatgraph::editor {

class CharacterCommand : public QUndoCommand {
 public:
  /// Swaps in the whole project with its new character.
  CharacterCommand(Document* document, Project changed, QUndoCommand* parent = nullptr);
  /// Swaps in `character` alone (empty: the generated body).
  CharacterCommand(Document* document, ProjectCharacter character, QUndoCommand* parent = nullptr);

  void redo() override;
  void undo() override;

 private:
  void swap();

  Document* document_;
  std::variant<Project, ProjectCharacter> other_;  // redo: the new state; undo: the one before
};

}  // namespace fatgraph::editor
