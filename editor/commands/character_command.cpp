#include "commands/character_command.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <utility>

#include "document/held_bytes.h"

namespace fatgraph::editor {
namespace {

QString describe(const ProjectCharacter& character) {
  if (character.empty()) return QCoreApplication::translate("CharacterCommand", "Remove the character");
  return QCoreApplication::translate("CharacterCommand", "Character %1")
      .arg(QFileInfo(QString::fromStdString(character.source)).fileName());
}

}  // namespace

CharacterCommand::CharacterCommand(Document* document, Project changed, QUndoCommand* parent)
    : DocumentCommand(document, parent) {
  setText(describe(changed.character));
  other_ = ProjectChange::between(std::move(changed), document->project(), kWholeProject);
}

CharacterCommand::CharacterCommand(Document* document, ProjectCharacter character, QUndoCommand* parent)
    : DocumentCommand(document, parent), other_(std::move(character)) {
  setText(describe(std::get<ProjectCharacter>(other_)));
}

CharacterCommand::CharacterCommand(CharacterCommand&& from)
    : DocumentCommand(from.document_, from.text(), nullptr), other_(std::move(from.other_)) {}

std::unique_ptr<DocumentCommand> CharacterCommand::takeOver() {
  return std::unique_ptr<DocumentCommand>(new CharacterCommand(std::move(*this)));
}

std::size_t CharacterCommand::heldBytes() const {
  if (const auto* change = std::get_if<ProjectChange>(&other_)) return change->heldBytes();
  return editor::heldBytes(std::get<ProjectCharacter>(other_));
}

void CharacterCommand::swap() {
  if (auto* change = std::get_if<ProjectChange>(&other_)) {
    document_->exchangeProject(*change);
  } else {
    document_->swapCharacter(std::get<ProjectCharacter>(other_));
  }
}

}  // namespace fatgraph::editor
