#pragma once
// Adds one imported clip to the document. The command that adds the first clip also sets the
// project's skeleton and the legs core detected on it, and its undo restores the previous
// ones, so undoing back to an empty
// document lets a clip of another skeleton in again.
#include <optional>

#include "commands/document_command.h"
#include "document/document.h"

namespace fatgraph::editor {

class AddClipCommand : public DocumentCommand {
 public:
  /// Appends `clip` (its skeleton must match the document's).
  AddClipCommand(Document* document, DocumentClip clip, QUndoCommand* parent = nullptr);
  /// Appends `clip` and makes `skeleton` (read from `source`) the project's skeleton, with
  /// its `legs`.
  AddClipCommand(Document* document, DocumentClip clip, Skeleton skeleton,
                 const QString& source, LegSetup legs, QUndoCommand* parent = nullptr);

  /// With the skeleton: the first clip also sets the project's working rate (a clip imported
  /// at its own rate, ClipImportOptions); undo restores the previous rate.
  void setWorkingRate(double fps);

  std::size_t heldBytes() const override;
  std::unique_ptr<DocumentCommand> takeOver() override;

 private:
  struct SkeletonSwap {
    Skeleton skeleton;  // the one to install next (redo: new; undo: previous)
    QString source;
    LegSetup legs;
    std::optional<double> fps;  // the working rate to install next, when it changes
  };

  AddClipCommand(AddClipCommand&& from);  // takeOver
  void apply() override;
  void revert() override;
  void exchangeSkeleton();

  int index_;
  DocumentClip clip_;                  // valid while the clip is not in the document
  std::optional<SkeletonSwap> swap_;   // set when this command changes the skeleton
};

}  // namespace fatgraph::editor
