#include "document/document.h"

#include <QFileInfo>
#include <QUndoStack>

#include <cmath>
#include <exception>
#include <optional>
#include <utility>

#include "document/file_loading.h"
#include "document/job_runner.h"
#include "commands/add_clip_command.h"
#include "commands/clear_graph_command.h"
#include "commands/remove_clip_command.h"
#include "commands/rename_clip_command.h"
#include "fatgraph/core/io/clip_admission.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/project_store.h"

namespace fatgraph::editor {

Document::Document(QObject* parent)
    : QObject(parent), undoStack_(new QUndoStack(this)), jobs_(new JobRunner(this)) {
  connect(undoStack_, &QUndoStack::cleanChanged, this, [this](bool clean) {
    if (!replayingSteps_) emit modifiedChanged(!clean);  // dropOldestSteps tells the outcome once
  });
  connect(undoStack_, &QUndoStack::indexChanged, this, [this] { ++revision_; });
  connect(jobs_, &JobRunner::jobError, this, [this](const QString& message) { fail(message); });
}

// The runner first: a running job may read project_, so it must have stopped (cancelled and
// waited for) before the members go.
Document::~Document() { delete jobs_; }

QString Document::clipName(int index) const { return QString::fromStdString(clip(index).name); }

bool Document::isModified() const { return !undoStack_->isClean(); }

bool Document::isBusy() const { return jobs_->isBusy(); }

QString Document::busyError() const {
  return tr("Wait for the running job to finish (%1)").arg(jobs_->label());
}

bool Document::isSupportedFile(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  return suffix == QLatin1String("bvh") || suffix == QLatin1String("fgproj") ||
         isSceneFilePath(path.toStdString());
}

QString Document::fail(const QString& message) {
  emit errorOccurred(message);
  return message;
}

QString Document::openFile(const QString& path) {
  if (isBusy()) return fail(busyError());
  return adoptLoadedFile(loadEditorFile(path, {}, project_.settings.fps));
}

QString Document::adoptLoadedFile(LoadedFile&& loaded) {
  if (!loaded.error.isEmpty()) return fail(loaded.error);
  QString error = loaded.isProject ? adoptProject(loaded.path, std::move(loaded.project))
                  : loaded.isScene ? adoptScene(loaded.path, std::move(loaded.scene))
                                   : adoptBvh(loaded.path, std::move(loaded.bvh), loaded.options);
  if (error.isEmpty()) emit fileUsed(loaded.path);
  return error;
}

QStringList Document::openFiles(const QStringList& paths) {
  QStringList errors;
  for (const QString& path : paths) {
    if (QString error = openFile(path); !error.isEmpty()) errors << error;
  }
  return errors;
}

QString Document::addBvh(const QString& path, const ClipImportOptions& options) {
  if (isBusy()) return fail(busyError());
  LoadedFile loaded = loadEditorFile(path, options, project_.settings.fps);
  if (loaded.error.isEmpty() && loaded.isProject) {
    return fail(tr("Cannot add %1: it is a project, not a clip").arg(path));
  }
  return adoptLoadedFile(std::move(loaded));
}

QString Document::adoptBvh(const QString& path, BvhImport&& imported,
                           const ClipImportOptions& options) {
  // The rate the user chose (read at it) must be the working rate: the first clip sets it,
  // a later clip at another rate would be resampled again, so it is refused instead.
  std::optional<double> firstRate;
  if (options.rate != ClipImportOptions::Rate::Working &&
      std::abs(imported.clip.fps - project_.settings.fps) > 1e-9) {
    if (clipCount() > 0) {
      return fail(tr("Cannot import %1 at %2 fps: the project's clips are at %3 fps (one "
                     "working rate per project; Graph > Build Graph… changes it)")
                      .arg(QFileInfo(path).fileName())
                      .arg(imported.clip.fps, 0, 'g', 6)
                      .arg(project_.settings.fps, 0, 'g', 6));
    }
    firstRate = imported.clip.fps;
  }
  DocumentClip entry;
  entry.units = QString::fromUtf8(unitName(imported.units).data(),
                                  static_cast<qsizetype>(unitName(imported.units).size()));
  if (imported.unitsDetected) entry.units += tr(" (detected)");
  // Core's admission decides everything else (clip_admission.h), as for `fatgraph build`:
  // joint order, retargeting, the working rate, the clip's name; a refusal names both files
  // (by their names: the status bar has no room for folders).
  AdmittedClip admitted;
  try {
    Project atFirstRate;  // an empty project at the chosen rate (cheap: no clips to copy)
    if (firstRate) {
      atFirstRate.settings = project_.settings;
      atFirstRate.settings.fps = *firstRate;
      atFirstRate.legs = project_.legs;
    }
    admitted = admitBvh(firstRate ? atFirstRate : project_,
                        QFileInfo(skeletonSource_).fileName().toStdString(),
                        std::move(imported), QFileInfo(path).fileName().toStdString());
  } catch (const std::exception& e) {
    return fail(QString::fromStdString(e.what()));
  }
  entry.clip = std::move(admitted.clip);
  // The first clip brings the skeleton and the legs core found on it (clip_admission.h).
  auto* command =
      admitted.skeleton
          ? new AddClipCommand(this, std::move(entry), std::move(*admitted.skeleton), path,
                               admitted.legs ? std::move(*admitted.legs) : LegSetup{})
          : new AddClipCommand(this, std::move(entry));
  if (firstRate) command->setWorkingRate(*firstRate);
  pushStep(command);
  for (const std::string& note : admitted.notes) emit notice(QString::fromStdString(note));
  return {};
}

QString Document::adoptScene(const QString& path, SceneImport&& imported) {
  // A scene file is read at the working rate (or the rate the user chose): a first clip at
  // another rate sets it, a later one is refused, as for BVH.
  const double rate = imported.clips.front().fps;
  const bool otherRate = std::abs(rate - project_.settings.fps) > 1e-9;
  if (otherRate && clipCount() > 0) {
    return fail(tr("Cannot import %1 at %2 fps: the project's clips are at %3 fps (one "
                   "working rate per project; Graph > Build Graph… changes it)")
                    .arg(QFileInfo(path).fileName())
                    .arg(rate, 0, 'g', 6)
                    .arg(project_.settings.fps, 0, 'g', 6));
  }
  // Every animation is admitted before any is added, against a stand-in of the project that
  // takes each admitted clip's name (all admission reads of earlier clips), so a refusal
  // leaves the document as it was.
  Project trial;
  trial.settings = project_.settings;
  trial.settings.fps = rate;
  trial.skeleton = project_.skeleton;
  trial.legs = project_.legs;
  const auto nameOnly = [&trial](const std::string& name) {
    trial.clips.emplace_back();
    trial.clips.back().name = name;
  };
  for (const Clip& c : project_.clips) nameOnly(c.name);
  std::vector<AdmittedClip> admitted;
  try {
    for (int i = 0; i < static_cast<int>(imported.clips.size()); ++i) {
      admitted.push_back(admitSceneClip(trial, QFileInfo(skeletonSource_).fileName().toStdString(),
                                        imported, i, QFileInfo(path).fileName().toStdString()));
      if (admitted.back().skeleton) trial.skeleton = *admitted.back().skeleton;
      if (admitted.back().legs) trial.legs = *admitted.back().legs;
      nameOnly(admitted.back().clip.name);
    }
  } catch (const std::exception& e) {
    return fail(QString::fromStdString(e.what()));
  }
  undoStack_->beginMacro(tr("Import %1").arg(QFileInfo(path).fileName()));
  for (AdmittedClip& a : admitted) {
    DocumentClip entry{std::move(a.clip), QStringLiteral("m")};
    auto* command = a.skeleton ? new AddClipCommand(this, std::move(entry), std::move(*a.skeleton), path,
                                                    a.legs ? std::move(*a.legs) : LegSetup{})
                               : new AddClipCommand(this, std::move(entry));
    if (otherRate && &a == &admitted.front()) command->setWorkingRate(rate);
    undoStack_->push(command);
  }
  undoStack_->endMacro();
  keepUndoBudget();
  for (const AdmittedClip& a : admitted) {
    for (const std::string& note : a.notes) emit notice(QString::fromStdString(note));
  }
  return {};
}

QString Document::openProject(const QString& path) {
  if (isBusy()) return fail(busyError());
  LoadedFile loaded = loadEditorFile(path);
  if (loaded.error.isEmpty() && !loaded.isProject) {
    return fail(tr("Cannot open %1: it is not a fatgraph project").arg(path));
  }
  return adoptLoadedFile(std::move(loaded));
}

QString Document::adoptProject(const QString& path, Project&& loaded) {
  resetTo(std::move(loaded), path, path);
  return {};
}

QString Document::saveProjectAs(const QString& path) {
  if (isBusy()) return fail(busyError());  // one owner of HDF5 at a time
  try {
    fatgraph::saveProject(project_, path.toStdString());  // core's, not Document::saveProject
  } catch (const std::exception& e) {
    return fail(QString::fromStdString(e.what()));
  }
  undoStack_->setClean();
  if (filePath_ != path) {
    filePath_ = path;
    emit filePathChanged(filePath_);
  }
  emit fileUsed(path);
  return {};
}

QString Document::removeClip(int index) {
  if (isBusy()) return fail(busyError());
  if (index < 0 || index >= clipCount()) return fail(tr("No clip %1 to remove").arg(index));
  if (project_.graph.empty()) {
    pushStep(new RemoveClipCommand(this, index));
    return {};
  }
  // The graph's frames refer to the clips by index: it goes with the clip, in one step.
  undoStack_->beginMacro(tr("Remove clip %1 and the graph").arg(clipName(index)));
  undoStack_->push(new ClearGraphCommand(this));
  undoStack_->push(new RemoveClipCommand(this, index));
  undoStack_->endMacro();
  keepUndoBudget();
  emit notice(tr("The graph was removed with the clip; undo brings both back"));
  return {};
}

QString Document::renameClip(int index, const QString& name) {
  if (isBusy()) return fail(busyError());
  if (index < 0 || index >= clipCount()) return fail(tr("No clip %1 to rename").arg(index));
  const QString trimmed = name.trimmed();
  if (trimmed.isEmpty()) return fail(tr("A clip name cannot be empty"));
  if (trimmed == clipName(index)) return {};
  if (project_.findClip(trimmed.toStdString()) >= 0) {
    return fail(tr("Cannot rename %1: a clip called %2 already exists")
                    .arg(clipName(index), trimmed));
  }
  pushStep(new RenameClipCommand(this, index, trimmed.toStdString()));
  return {};
}

void Document::setCurrentClip(int index) {
  if (index < -1 || index >= clipCount()) index = -1;
  if (index == current_) return;
  current_ = index;
  emit currentClipChanged(current_);
}

void Document::insertClip(int index, DocumentClip entry) {
  finishBackgroundReads();
  emit clipAboutToBeInserted(index);
  const auto at = static_cast<std::ptrdiff_t>(index);
  project_.clips.insert(project_.clips.begin() + at, std::move(entry.clip));
  units_.insert(units_.begin() + at, std::move(entry.units));
  if (current_ >= index) ++current_;  // same clip, shifted index
  emit clipInserted(index);
  if (current_ < 0) setCurrentClip(index);
}

DocumentClip Document::takeClip(int index) {
  finishBackgroundReads();
  emit clipAboutToBeRemoved(index);
  const auto at = static_cast<std::ptrdiff_t>(index);
  DocumentClip entry{std::move(project_.clips[static_cast<size_t>(index)]),
                     std::move(units_[static_cast<size_t>(index)])};
  project_.clips.erase(project_.clips.begin() + at);
  units_.erase(units_.begin() + at);
  const bool currentRemoved = current_ == index;
  if (current_ > index) --current_;  // same clip, shifted index
  if (currentRemoved) current_ = std::min(index, clipCount() - 1);
  emit clipRemoved(index);
  if (currentRemoved) emit currentClipChanged(current_);
  return entry;
}

void Document::setClipName(int index, const std::string& name) {
  finishBackgroundReads();
  project_.clips.at(static_cast<size_t>(index)).name = name;
  emit clipChanged(index);
}

void Document::setSkeleton(Skeleton skeleton, const QString& source, LegSetup legs) {
  finishBackgroundReads();
  project_.skeleton = std::move(skeleton);
  project_.legs = std::move(legs);
  skeletonSource_ = source;
}

}  // namespace fatgraph::editor
