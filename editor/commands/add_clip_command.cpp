#include "commands/add_clip_command.h"

#include <QCoreApplication>

#include <utility>

#include "document/held_bytes.h"

namespace fatgraph::editor {

AddClipCommand::AddClipCommand(Document* document, DocumentClip clip, QUndoCommand* parent)
    : DocumentCommand(document, parent),
      index_(document->clipCount()),
      clip_(std::move(clip)) {
  setText(QCoreApplication::translate("AddClipCommand", "Add clip %1")
              .arg(QString::fromStdString(clip_.clip.name)));
}

AddClipCommand::AddClipCommand(Document* document, DocumentClip clip, Skeleton skeleton,
                               const QString& source, LegSetup legs, QUndoCommand* parent)
    : AddClipCommand(document, std::move(clip), parent) {
  swap_ = SkeletonSwap{std::move(skeleton), source, std::move(legs), std::nullopt};
}

AddClipCommand::AddClipCommand(AddClipCommand&& from)
    : DocumentCommand(from.document_, from.text(), nullptr),
      index_(from.index_),
      clip_(std::move(from.clip_)),
      swap_(std::move(from.swap_)) {}

std::unique_ptr<DocumentCommand> AddClipCommand::takeOver() {
  return std::unique_ptr<DocumentCommand>(new AddClipCommand(std::move(*this)));
}

std::size_t AddClipCommand::heldBytes() const {
  std::size_t bytes = editor::heldBytes(clip_.clip);
  if (swap_) bytes += editor::heldBytes(swap_->skeleton) + editor::heldBytes(swap_->legs);
  return bytes;
}

void AddClipCommand::setWorkingRate(double fps) {
  if (swap_) swap_->fps = fps;
}

void AddClipCommand::exchangeSkeleton() {
  SkeletonSwap other{document_->skeleton(), document_->skeletonSource(),
                     document_->project().legs, std::nullopt};
  if (swap_->fps) {
    other.fps = document_->project().settings.fps;
    document_->setWorkingRate(*swap_->fps);
  }
  document_->setSkeleton(std::move(swap_->skeleton), swap_->source, std::move(swap_->legs));
  swap_ = std::move(other);
}

void AddClipCommand::apply() {
  if (swap_) exchangeSkeleton();
  document_->insertClip(index_, std::move(clip_));
  document_->setCurrentClip(index_);
}

void AddClipCommand::revert() {
  clip_ = document_->takeClip(index_);
  if (swap_) exchangeSkeleton();
}

}  // namespace fatgraph::editor
