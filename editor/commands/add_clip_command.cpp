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
  swap_ = SkeletonSwap{std::move(skeleton), source, std::move(legs)};
}

void AddClipCommand::redo() {
  if (swap_) {
    SkeletonSwap previous{document_->skeleton(), document_->skeletonSource(),
                          document_->project().legs};
    document_->setSkeleton(std::move(swap_->skeleton), swap_->source, std::move(swap_->legs));
    swap_ = std::move(previous);
  }
  document_->insertClip(index_, std::move(clip_));
  document_->setCurrentClip(index_);
}

void AddClipCommand::undo() {
  clip_ = document_->takeClip(index_);
  if (swap_) {
    SkeletonSwap added{document_->skeleton(), document_->skeletonSource(),
                       document_->project().legs};
    document_->setSkeleton(std::move(swap_->skeleton), swap_->source, std::move(swap_->legs));
    swap_ = std::move(added);
  }
}

}  // namespace fatgraph::editor
