// The project's character (File > Character…, Remove Character): core's setProjectCharacter on
// a copy of the project, on the calling thread or as a job on the worker, the result pushed as
// one CharacterCommand. A file core refuses (another skeleton, no mesh, a broken texture)
// leaves the document as it was, with core's message.
#include <QStringList>
#include <QUndoStack>

#include <exception>
#include <memory>
#include <utility>

#include "commands/character_command.h"
#include "document/document.h"
#include "document/job_runner.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_character.h"

namespace fatgraph::editor {
namespace {

/// A project with the character of `path` chosen, or why there is none.
struct CharacterChoice {
  Project project;
  std::vector<std::string> notes;
  QString error;
};

CharacterChoice chooseCharacter(Project project, const QString& path) {
  CharacterChoice choice;
  try {
    choice.notes = setProjectCharacter(project, path.toStdString());
    choice.project = std::move(project);
  } catch (const std::exception& e) {
    choice.error = QString::fromStdString(e.what());
  }
  return choice;
}

}  // namespace

QString Document::adoptCharacter(Project&& changed, const std::vector<std::string>& notes) {
  pushStep(new CharacterCommand(this, std::move(changed)));
  QStringList lines;
  for (const std::string& note : notes) lines << QString::fromStdString(note);
  if (!lines.isEmpty()) emit notice(lines.join(QLatin1Char('\n')));
  return {};
}

QString Document::setCharacter(const QString& path) {
  if (isBusy()) return fail(busyError());
  CharacterChoice choice = chooseCharacter(project_, path);
  if (!choice.error.isEmpty()) return fail(choice.error);
  return adoptCharacter(std::move(choice.project), choice.notes);
}

QString Document::startSetCharacter(const QString& path) {
  if (isBusy()) return fail(busyError());
  const quint64 revision = revision_;
  jobs_->start(tr("Reading the character"), [this, path, revision](const ProgressCallback&) {
    // The worker's own copy, made here: the document is frozen while the job runs.
    auto choice = std::make_shared<CharacterChoice>(chooseCharacter(project_, path));
    return JobRunner::Completion([this, choice, revision] {
      if (!choice->error.isEmpty()) {
        fail(choice->error);
      } else if (revision != revision_) {
        fail(tr("The document changed while the character was read; it was not set"));
      } else {
        adoptCharacter(std::move(choice->project), choice->notes);
      }
    });
  });
  return {};
}

QString Document::mapJoint(const QString& joint, const QString& follows) {
  if (isBusy()) return fail(busyError());
  Project changed = project_;
  std::vector<std::string> notes;
  try {
    MapJoint edit{joint.toStdString(), std::nullopt};
    if (!follows.isEmpty()) edit.follows = follows.toStdString();
    notes = fatgraph::applyGraphEdit(changed, GraphEdit(edit));
  } catch (const std::exception& e) {
    return fail(QString::fromStdString(e.what()));
  }
  return adoptCharacter(std::move(changed), notes);
}

QString Document::removeCharacter() {
  if (isBusy()) return fail(busyError());
  if (project_.character.empty()) return {};
  pushStep(new CharacterCommand(this, ProjectCharacter{}));
  return {};
}

void Document::swapCharacter(ProjectCharacter& other) {
  finishBackgroundReads();
  std::swap(project_.character, other);
  emit characterChanged();
}

}  // namespace fatgraph::editor
