#include "commands/add_clip_command.h"

#include <QCoreApplication>

#include <utility>

namespace fatgraph::editor {

AddClipCommand::AddClipCommand(Document* document, DocumentClip clip, QUndoCommand* parent)
    : QUndoCommand(parent),
      document_(document),
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

void AddClipCommand::redo() {
  if (swap_) exchangeSkeleton();
  document_->insertClip(index_, std::move(clip_));
  document_->setCurrentClip(index_);
}

void AddClipCommand::undo() {
  clip_ = document_->takeClip(index_);
  if (swap_) exchangeSkeleton();
}

}  // namespace fatgraph::editor
