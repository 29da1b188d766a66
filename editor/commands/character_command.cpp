#include "commands/character_command.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <utility>

namespace fatgraph::editor {
namespace {

QString describe(const ProjectCharacter& character) {
  if (character.empty()) return QCoreApplication::translate("CharacterCommand", "Remove the character");
  return QCoreApplication::translate("CharacterCommand", "Character %1")
      .arg(QFileInfo(QString::fromStdString(character.source)).fileName());
}

}  // namespace

CharacterCommand::CharacterCommand(Document* document, Project changed, QUndoCommand* parent)
    : QUndoCommand(parent), document_(document), other_(std::move(changed)) {
  setText(describe(std::get<Project>(other_).character));
}

CharacterCommand::CharacterCommand(Document* document, ProjectCharacter character, QUndoCommand* parent)
    : QUndoCommand(parent), document_(document), other_(std::move(character)) {
  setText(describe(std::get<ProjectCharacter>(other_)));
}

void CharacterCommand::swap() {
  if (auto* project = std::get_if<Project>(&other_)) {
    document_->swapProject(*project);
  } else {
    document_->swapCharacter(std::get<ProjectCharacter>(other_));
  }
}

void CharacterCommand::redo() { swap(); }

void CharacterCommand::undo() { swap(); }

}  // namespace fatgraph::editor
