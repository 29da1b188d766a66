#include "app/document.h"

#include <QFileInfo>
#include <QUndoStack>

#include <exception>
#include <utility>

#include "app/file_loading.h"
#include "app/job_runner.h"
#include "commands/add_clip_command.h"
#include "commands/clear_graph_command.h"
#include "commands/remove_clip_command.h"
#include "commands/rename_clip_command.h"
#include "fatgraph/core/clip_set_import.h"
#include "fatgraph/core/error.h"
#include "fatgraph/core/project_store.h"

namespace fatgraph::editor {
namespace {

QString fileNameOf(const QString& path) { return QFileInfo(path).fileName(); }

/// The first difference between two skeletons' topologies, for the refusal message.
QString describeTopologyDifference(const Skeleton& expected, const Skeleton& actual) {
  if (expected.jointCount() != actual.jointCount()) {
    return QObject::tr("%1 joints instead of %2")
        .arg(actual.jointCount())
        .arg(expected.jointCount());
  }
  for (int j = 0; j < expected.jointCount(); ++j) {
    const auto index = static_cast<size_t>(j);
    if (expected.names[index] != actual.names[index]) {
      return QObject::tr("joint %1 is '%2' instead of '%3'")
          .arg(j)
          .arg(QString::fromStdString(actual.names[index]),
               QString::fromStdString(expected.names[index]));
    }
    if (expected.parents[index] != actual.parents[index]) {
      return QObject::tr("joint '%1' has another parent").arg(
          QString::fromStdString(actual.names[index]));
    }
  }
  return QObject::tr("the hierarchies differ");
}

bool sameRestOffsets(const Skeleton& a, const Skeleton& b) {
  for (size_t j = 0; j < a.restOffsets.size() && j < b.restOffsets.size(); ++j) {
    if ((a.restOffsets[j] - b.restOffsets[j]).norm() > 1e-6) return false;
  }
  return true;
}

}  // namespace

Document::Document(QObject* parent)
    : QObject(parent), undoStack_(new QUndoStack(this)), jobs_(new JobRunner(this)) {
  connect(undoStack_, &QUndoStack::cleanChanged, this,
          [this](bool clean) { emit modifiedChanged(!clean); });
  connect(undoStack_, &QUndoStack::indexChanged, this, [this] { ++revision_; });
  connect(jobs_, &JobRunner::jobError, this, [this](const QString& message) { fail(message); });
}

Document::~Document() = default;

QString Document::clipName(int index) const { return QString::fromStdString(clip(index).name); }

bool Document::isModified() const { return !undoStack_->isClean(); }

bool Document::isBusy() const { return jobs_->isBusy(); }

QString Document::busyError() const {
  return tr("Wait for the running job to finish (%1)").arg(jobs_->label());
}

bool Document::isSupportedFile(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  return suffix == QLatin1String("bvh") || suffix == QLatin1String("fgproj");
}

QString Document::fail(const QString& message) {
  emit errorOccurred(message);
  return message;
}

QString Document::openFile(const QString& path) {
  if (isBusy()) return fail(busyError());
  return adoptLoadedFile(loadEditorFile(path));
}

QString Document::adoptLoadedFile(LoadedFile&& loaded) {
  if (!loaded.error.isEmpty()) return fail(loaded.error);
  return loaded.isProject ? adoptProject(loaded.path, std::move(loaded.project))
                          : adoptBvh(loaded.path, std::move(loaded.bvh));
}

QStringList Document::openFiles(const QStringList& paths) {
  QStringList errors;
  for (const QString& path : paths) {
    if (QString error = openFile(path); !error.isEmpty()) errors << error;
  }
  return errors;
}

QString Document::uniqueClipName(const std::string& base) const {
  std::string name = base.empty() ? std::string("clip") : base;
  for (int n = 2; project_.findClip(name) >= 0; ++n) {
    name = base + " (" + std::to_string(n) + ")";
  }
  return QString::fromStdString(name);
}

QString Document::addBvh(const QString& path) {
  if (isBusy()) return fail(busyError());
  LoadedFile loaded = loadEditorFile(path);
  if (loaded.error.isEmpty() && loaded.isProject) {
    return fail(tr("Cannot add %1: it is a project, not a BVH clip").arg(path));
  }
  return adoptLoadedFile(std::move(loaded));
}

QString Document::adoptBvh(const QString& path, BvhImport&& imported) {
  const bool firstClip = project_.clips.empty();
  if (!firstClip && !project_.skeleton.sameTopology(imported.skeleton)) {
    return fail(tr("Cannot add %1: its skeleton differs from the project's skeleton from %2 "
                   "(%3)")
                    .arg(fileNameOf(path), fileNameOf(skeletonSource_),
                         describeTopologyDifference(project_.skeleton, imported.skeleton)));
  }
  if (std::string problem = imported.clip.validate(imported.skeleton); !problem.empty()) {
    return fail(tr("Cannot add %1: %2").arg(path, QString::fromStdString(problem)));
  }
  if (!firstClip && !sameRestOffsets(project_.skeleton, imported.skeleton)) {
    // Another subject of the same rig (clip_set_import.h): keep rotations, scale root motion.
    imported.clip = retargetClip(imported.clip, imported.skeleton, project_.skeleton);
    emit notice(tr("%1 has other bone lengths than %2: retargeted (rotations kept, root "
                   "motion scaled by hip height)")
                    .arg(fileNameOf(path), fileNameOf(skeletonSource_)));
  }

  DocumentClip entry;
  entry.clip = std::move(imported.clip);
  entry.clip.name = uniqueClipName(entry.clip.name).toStdString();
  entry.units = QString::fromUtf8(unitName(imported.units).data(),
                                  static_cast<qsizetype>(unitName(imported.units).size()));
  if (imported.unitsDetected) entry.units += tr(" (detected)");

  auto* command = firstClip ? new AddClipCommand(this, std::move(entry),
                                                 std::move(imported.skeleton), path)
                            : new AddClipCommand(this, std::move(entry));
  undoStack_->push(command);
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
  emit aboutToReset();
  emit graphAboutToChange();
  project_ = std::move(loaded);
  units_.assign(project_.clips.size(), tr("m (project)"));
  skeletonSource_ = path;
  current_ = project_.clips.empty() ? -1 : 0;
  undoStack_->clear();
  undoStack_->setClean();
  ++revision_;
  emit reset();
  emit graphChanged();
  emit currentClipChanged(current_);
  if (filePath_ != path) {
    filePath_ = path;
    emit filePathChanged(filePath_);
  }
  emit modifiedChanged(false);
  return {};
}

QString Document::saveProjectAs(const QString& path) {
  if (isBusy()) return fail(busyError());  // one owner of HDF5 at a time
  try {
    saveProject(project_, path.toStdString());
  } catch (const std::exception& e) {
    return fail(QString::fromStdString(e.what()));
  }
  undoStack_->setClean();
  if (filePath_ != path) {
    filePath_ = path;
    emit filePathChanged(filePath_);
  }
  return {};
}

QString Document::removeClip(int index) {
  if (index < 0 || index >= clipCount()) return fail(tr("No clip %1 to remove").arg(index));
  if (project_.graph.empty()) {
    undoStack_->push(new RemoveClipCommand(this, index));
    return {};
  }
  // The graph's frames refer to the clips by index: it goes with the clip, in one step.
  undoStack_->beginMacro(tr("Remove clip %1 and the graph").arg(clipName(index)));
  undoStack_->push(new ClearGraphCommand(this));
  undoStack_->push(new RemoveClipCommand(this, index));
  undoStack_->endMacro();
  emit notice(tr("The graph was removed with the clip; undo brings both back"));
  return {};
}

QString Document::renameClip(int index, const QString& name) {
  if (index < 0 || index >= clipCount()) return fail(tr("No clip %1 to rename").arg(index));
  const QString trimmed = name.trimmed();
  if (trimmed.isEmpty()) return fail(tr("A clip name cannot be empty"));
  if (trimmed == clipName(index)) return {};
  if (project_.findClip(trimmed.toStdString()) >= 0) {
    return fail(tr("Cannot rename %1: a clip called %2 already exists")
                    .arg(clipName(index), trimmed));
  }
  undoStack_->push(new RenameClipCommand(this, index, trimmed.toStdString()));
  return {};
}

void Document::setCurrentClip(int index) {
  if (index < -1 || index >= clipCount()) index = -1;
  if (index == current_) return;
  current_ = index;
  emit currentClipChanged(current_);
}

void Document::insertClip(int index, DocumentClip entry) {
  emit clipAboutToBeInserted(index);
  const auto at = static_cast<std::ptrdiff_t>(index);
  project_.clips.insert(project_.clips.begin() + at, std::move(entry.clip));
  units_.insert(units_.begin() + at, std::move(entry.units));
  if (current_ >= index) ++current_;  // same clip, shifted index
  emit clipInserted(index);
  if (current_ < 0) setCurrentClip(index);
}

DocumentClip Document::takeClip(int index) {
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
  project_.clips.at(static_cast<size_t>(index)).name = name;
  emit clipChanged(index);
}

void Document::setSkeleton(Skeleton skeleton, const QString& source) {
  project_.skeleton = std::move(skeleton);
  skeletonSource_ = source;
}

}  // namespace fatgraph::editor
