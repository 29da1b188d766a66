#pragma once
// Replaces the document's project by the result of a graph build (its clips resampled to the
// working rate, the settings, the distance cache and the new graph). The command holds only
// what the build changed (document/project_change.h): clips the build left at their rate and
// a distance cache it reused stay in the document alone. Undo puts the previous project back.
#include "commands/document_command.h"
#include "document/document.h"
#include "document/project_change.h"

namespace fatgraph::editor {

class BuildGraphCommand : public DocumentCommand {
 public:
  BuildGraphCommand(Document* document, Project built, QUndoCommand* parent = nullptr);

  std::size_t heldBytes() const override { return other_.heldBytes(); }
  std::unique_ptr<DocumentCommand> takeOver() override;

 private:
  BuildGraphCommand(BuildGraphCommand&& from);  // takeOver
  void apply() override;
  void revert() override;

  ProjectChange other_;  // redo: what the build changed; undo: the same parts before it
};

}  // namespace fatgraph::editor
