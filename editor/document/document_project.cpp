// The document's life as a file: New, Save, undo and redo guarded against running jobs, and
// opening the recovery copy of a session that ended without saving (autosave.h).
#include <QFileInfo>
#include <QUndoStack>

#include <memory>
#include <utility>

#include "document/document.h"
#include "document/file_loading.h"
#include "document/job_runner.h"

namespace fatgraph::editor {

void Document::resetTo(Project&& project, const QString& source, const QString& filePath) {
  finishBackgroundReads();
  emit aboutToReset();
  emit graphAboutToChange();
  project_ = std::move(project);
  units_.assign(project_.clips.size(), tr("m (project)"));
  skeletonSource_ = source;
  current_ = project_.clips.empty() ? -1 : 0;
  undoStack_->clear();
  undoStack_->setClean();
  ++revision_;
  emit reset();
  emit graphChanged();
  emit currentClipChanged(current_);
  if (filePath_ != filePath) {
    filePath_ = filePath;
    emit filePathChanged(filePath_);
  }
  emit modifiedChanged(false);
}

QString Document::newProject() {
  if (isBusy()) return fail(busyError());
  resetTo(Project{}, {}, {});
  return {};
}

QString Document::saveProject() {
  if (filePath_.isEmpty()) return fail(tr("The project was never saved: choose a file (Save As)"));
  return saveProjectAs(filePath_);
}

QString Document::undo() {
  if (isBusy()) return fail(busyError());
  undoStack_->undo();
  return {};
}

QString Document::redo() {
  if (isBusy()) return fail(busyError());
  undoStack_->redo();
  return {};
}

void Document::setWorkingRate(double fps) {
  finishBackgroundReads();
  emit graphAboutToChange();
  project_.settings.fps = fps;
  emit graphChanged();
}

QString Document::openRecovered(const QString& recoveryPath, const QString& originalPath) {
  if (isBusy()) return fail(busyError());
  return adoptRecovered(loadEditorFile(recoveryPath), originalPath);
}

QString Document::startOpenRecovered(const QString& recoveryPath, const QString& originalPath) {
  if (isBusy()) return fail(busyError());
  jobs_->start(tr("Restoring unsaved work"), [this, recoveryPath, originalPath](
                                                 const ProgressCallback&) {
    auto loaded = std::make_shared<LoadedFile>(loadEditorFile(recoveryPath));
    return JobRunner::Completion(
        [this, loaded, originalPath] { adoptRecovered(std::move(*loaded), originalPath); });
  });
  return {};
}

QString Document::adoptRecovered(LoadedFile&& loaded, const QString& originalPath) {
  if (!loaded.error.isEmpty()) return fail(tr("Cannot restore: %1").arg(loaded.error));
  if (!loaded.isProject) {
    return fail(tr("Cannot restore %1: it is not a fatgraph project").arg(loaded.path));
  }
  // The skeleton's source names the file the user knows, not the recovery copy.
  resetTo(std::move(loaded.project), originalPath.isEmpty() ? loaded.path : originalPath,
          originalPath);
  // Unsaved work: modified until saved, although the history before the crash is gone.
  undoStack_->resetClean();
  emit modifiedChanged(true);
  emit recovered(loaded.path);
  emit notice(tr("Restored unsaved work of %1; save it to keep it")
                  .arg(originalPath.isEmpty() ? tr("an untitled project")
                                              : QFileInfo(originalPath).fileName()));
  return {};
}

}  // namespace fatgraph::editor
