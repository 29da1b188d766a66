// The document's graph construction and edits, on the calling thread or as jobs on the worker
// (JobRunner), and reading files as a job. Each job copies what it needs on the GUI thread,
// works on the copy, and hands the result back in its completion; the document changes only
// there, through one undo command.
#include <QFileInfo>
#include <QUndoStack>

#include <exception>
#include <memory>
#include <utility>

#include "document/document.h"
#include "document/file_loading.h"
#include "document/job_runner.h"
#include "commands/build_graph_command.h"
#include "commands/graph_edit_command.h"
#include "fatgraph/core/graph/graph_edits.h"

namespace fatgraph::editor {
namespace {

/// What a job on the worker brings back: its result, or why there is none.
template <class Result>
struct JobOutcome {
  Result result{};
  QString error;
  bool cancelled = false;
};

/// An edit as core applied it, and its notes for the user.
struct AppliedEdit {
  GraphEdit edit;
  std::vector<std::string> notes;
};

/// Reads `request` and applies it to `project` (core graph_edits.h); throws as core does.
AppliedEdit applyRequest(Project& project, const GraphEditRequest& request, const ProgressCallback& progress) {
  AppliedEdit applied{request.read(), {}};
  applied.notes = fatgraph::applyGraphEdit(project, applied.edit, progress);
  return applied;
}

}  // namespace

QString Document::cancelled(const QString& what) {
  const QString message = tr("%1 cancelled; the document is unchanged").arg(what);
  emit notice(message);
  return message;
}

// --- graph construction ------------------------------------------------------------------

QString Document::buildGraph(const GraphBuildRequest& request, const ProgressCallback& progress) {
  if (isBusy()) return fail(busyError());
  if (QString problem = request.validate(); !problem.isEmpty()) return fail(problem);
  GraphBuildResult result;
  try {
    result = buildGraphProject(project_, request, progress);
  } catch (const Cancelled&) {
    return cancelled(tr("Building the graph"));
  } catch (const std::exception& e) {
    return fail(QString::fromStdString(e.what()));
  }
  adoptBuild(std::move(result));
  return {};
}

QString Document::startBuildGraph(const GraphBuildRequest& request) {
  if (isBusy()) return fail(busyError());
  if (QString problem = request.validate(); !problem.isEmpty()) return fail(problem);
  const quint64 revision = revision_;
  jobs_->start(tr("Building the graph"), [this, request, revision](
                                             const ProgressCallback& progress) {
    auto outcome = std::make_shared<JobOutcome<GraphBuildResult>>();
    try {
      // The worker's own copy, made here: the document is frozen while the job runs.
      outcome->result = buildGraphProject(Project(project_), request, progress);
    } catch (const Cancelled&) {
      outcome->cancelled = true;
    } catch (const std::exception& e) {
      outcome->error = QString::fromStdString(e.what());
    }
    // Runs on the GUI thread; the runner (a child of this document) drops it if destroyed.
    return JobRunner::Completion([this, outcome, revision] {
      if (outcome->cancelled) {
        cancelled(tr("Building the graph"));
      } else if (!outcome->error.isEmpty()) {
        fail(outcome->error);
      } else if (revision != revision_) {
        fail(tr("The document changed while the graph was built; the result was discarded"));
      } else {
        adoptBuild(std::move(outcome->result));
      }
    });
  });
  return {};
}

void Document::adoptBuild(GraphBuildResult&& result) {
  QString summary = describeGraph(result.project.graph);
  if (result.resampledClips > 0) {
    const QString fps = QString::number(result.project.settings.fps, 'g', 4);
    summary += result.resampledClips == 1
                   ? tr("; 1 clip resampled to %1 fps").arg(fps)
                   : tr("; %1 clips resampled to %2 fps").arg(result.resampledClips).arg(fps);
  }
  pushStep(new BuildGraphCommand(this, std::move(result.project)));
  emit notice(tr("Graph built: %1").arg(summary));
  for (const std::string& note : result.notes) emit notice(QString::fromStdString(note));
}

// --- graph edits -------------------------------------------------------------------------

QString Document::applyGraphEdit(const GraphEditRequest& edit, const ProgressCallback& progress) {
  if (isBusy()) return fail(busyError());
  finishBackgroundReads();  // core edits the project in place
  // No copy of the project, whose clips may be hundreds of MB: core edits it in place and
  // leaves it as it was when it throws. Only the graph's state before the edit is copied, to
  // find what the edit changed; the step keeps only that (a rename: two names and one history
  // entry), the rest of the copy goes. The distance cache is not copied either: an edit that
  // rescans leaves its new cache in place, which stays correct across undo (it is keyed by its
  // fingerprint and recomputed when it no longer fits).
  Project before;
  before.settings = project_.settings;
  before.graph = project_.graph;
  before.edits = project_.edits;
  before.legs = project_.legs;
  AppliedEdit applied;
  try {
    applied = applyRequest(project_, edit, progress);
  } catch (const Cancelled&) {
    return cancelled(edit.label);
  } catch (const std::exception& e) {
    return fail(tr("%1: %2").arg(edit.label, QString::fromStdString(e.what())));
  }
  ProjectChange change = ProjectChange::between(std::move(before), project_, kGraphEditParts);
  change.exchange(project_);  // the document as before the edit, `change` holds the edited parts
  pushEdit(edit, std::move(applied.edit), std::move(change), applied.notes);
  return {};
}

QString Document::startGraphEdit(const GraphEditRequest& edit) {
  if (isBusy()) return fail(busyError());
  auto input = std::make_shared<Project>();
  const quint64 revision = revision_;
  jobs_->start(edit.label, [this, input, edit, revision](const ProgressCallback& progress) {
    auto outcome = std::make_shared<JobOutcome<AppliedEdit>>();
    try {
      *input = project_;  // copied on the worker: the document is frozen while the job runs
      outcome->result = applyRequest(*input, edit, progress);
    } catch (const Cancelled&) {
      outcome->cancelled = true;
    } catch (const std::exception& e) {
      outcome->error = QString::fromStdString(e.what());
    }
    return JobRunner::Completion([this, input, outcome, edit, revision] {
      if (outcome->cancelled) {
        cancelled(edit.label);
      } else if (!outcome->error.isEmpty()) {
        fail(tr("%1: %2").arg(edit.label, outcome->error));
      } else if (revision != revision_) {
        fail(tr("The document changed during \"%1\"; the result was discarded").arg(edit.label));
      } else {
        adoptEdit(edit, std::move(outcome->result.edit), std::move(*input), outcome->result.notes);
      }
    });
  });
  return {};
}

QString Document::editGraph(const GraphEditRequest& edit) {
  return edit.slow ? startGraphEdit(edit) : applyGraphEdit(edit);
}

void Document::adoptEdit(const GraphEditRequest& request, GraphEdit&& edit, Project&& edited,
                         const std::vector<std::string>& notes) {
  pushEdit(request, std::move(edit), graphStateOf(std::move(edited)), notes);
}

void Document::pushEdit(const GraphEditRequest& request, GraphEdit&& edit, ProjectChange&& edited,
                        const std::vector<std::string>& notes) {
  // Keyed by the op (commands/command_ids.h): successive edits of one drag merge into one step.
  pushStep(new GraphEditCommand(this, std::move(edit), request.label, request.dragId, std::move(edited)));
  for (const std::string& note : notes) emit notice(QString::fromStdString(note));
}

ProjectChange Document::graphStateOf(Project&& edited) const {
  return ProjectChange::between(std::move(edited), project_, kGraphEditParts | kDistancesPart);
}

void Document::swapGraphState(GraphState& other) {
  finishBackgroundReads();
  emit graphAboutToChange();
  std::swap(project_.settings, other.settings);
  std::swap(project_.graph, other.graph);
  std::swap(project_.edits, other.edits);
  std::swap(project_.legs, other.legs);
  if (other.distances) std::swap(project_.distances, *other.distances);
  emit graphChanged();
}

void Document::exchangeGraphState(ProjectChange& change) {
  finishBackgroundReads();
  emit graphAboutToChange();
  change.exchange(project_);
  emit graphChanged();
}

void Document::exchangeProject(ProjectChange& change) {
  finishBackgroundReads();
  emit aboutToReset();
  emit graphAboutToChange();
  change.exchange(project_);
  units_.resize(project_.clips.size(), tr("m (project)"));
  if (current_ >= clipCount()) current_ = clipCount() - 1;
  if (current_ < 0 && clipCount() > 0) current_ = 0;
  emit reset();
  emit graphChanged();
  emit currentClipChanged(current_);  // the clip's frames changed (resampled)
}

// --- reading files -----------------------------------------------------------------------

QString Document::startOpenFiles(const QStringList& paths, const ClipImportOptions& options) {
  if (paths.isEmpty()) return {};
  if (isBusy()) return fail(busyError());
  const QString label = paths.size() == 1
                            ? tr("Opening %1").arg(QFileInfo(paths.front()).fileName())
                            : tr("Opening %1 files").arg(paths.size());
  const double workingFps = project_.settings.fps;  // read here: the job runs on a worker
  jobs_->start(label, [this, paths, options, workingFps](const ProgressCallback& progress) {
    auto loaded = std::make_shared<std::vector<LoadedFile>>();
    for (qsizetype i = 0; i < paths.size(); ++i) {
      if (!progress(static_cast<double>(i) / static_cast<double>(paths.size()))) break;
      loaded->push_back(loadEditorFile(paths[i], options, workingFps));
    }
    const qsizetype skipped = paths.size() - static_cast<qsizetype>(loaded->size());
    return JobRunner::Completion([this, loaded, skipped] {
      for (LoadedFile& file : *loaded) adoptLoadedFile(std::move(file));
      if (skipped > 0) cancelled(tr("Opening the last %1 file(s)").arg(skipped));
    });
  });
  return {};
}

}  // namespace fatgraph::editor
