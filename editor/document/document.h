#pragma once
// The editor's document: one core Project (a skeleton, the clips recorded on it, the graph
// built from them and its edit history), the clip the user is looking at, the undo stack every
// edit goes through, and the runner of long jobs.
//
// Opening files never leaves the document half-changed: a file either loads completely or
// the document stays exactly as it was and the caller gets a one-line message (also emitted
// as errorOccurred). The low-level mutators (insertClip, takeClip, exchangeProject, ...) exist for
// the undo commands in commands/; views and models call the edit methods, which push commands.
//
// Long work (building the graph, hub edits, reading files) runs on a worker thread through
// jobs(): the job reads (or copies, on the worker) the project it needs, and its result is
// adopted on the GUI thread as one undo command. One job runs at a time; a result whose
// document changed meanwhile is discarded with a message, never merged.
//
// While a job runs the document is frozen: every edit method, undo() and redo() refuse
// (busyError), so a job may read project() from the worker without copying it on the GUI
// thread. Code that moves the undo stack must go through undo()/redo(), never the stack.
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <optional>
#include <vector>

#include "document/background_reads.h"
#include "document/file_loading.h"
#include "document/graph_build.h"
#include "document/graph_edit_request.h"
#include "document/project_change.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/project.h"

class QUndoCommand;
class QUndoStack;

namespace fatgraph::editor {

class DocumentCommand;
class JobRunner;
struct LoadedFile;

/// The graph state of a project as a whole (ClearGraphCommand's "before"); graph edits hold
/// only what they changed (ProjectChange, project_change.h).
struct GraphState {
  GraphSettings settings;
  MotionGraph graph;
  std::vector<std::string> edits;
  LegSetup legs;  // set_legs / detect_legs change them; every edit carries them for undo
  std::optional<DistanceCache> distances;  // only when the edit changed the cache
};

/// A clip plus what the editor knows about where it came from.
struct DocumentClip {
  Clip clip;
  QString units;  // the length unit the file used, e.g. "cmu (detected)"; "m" from a project
};

class Document : public QObject {
  Q_OBJECT

 public:
  explicit Document(QObject* parent = nullptr);
  ~Document() override;

  const Project& project() const { return project_; }
  const Skeleton& skeleton() const { return project_.skeleton; }
  /// The file the skeleton came from (first clip or project file); empty when none.
  const QString& skeletonSource() const { return skeletonSource_; }
  int clipCount() const { return static_cast<int>(project_.clips.size()); }
  const Clip& clip(int index) const { return project_.clips.at(static_cast<size_t>(index)); }
  QString clipName(int index) const;
  const QString& clipUnits(int index) const { return units_.at(static_cast<size_t>(index)); }
  /// Index of the clip shown in the views, or -1 when there is none.
  int currentClip() const { return current_; }
  /// The .fgproj this document was opened from or last saved to; empty when never saved.
  const QString& filePath() const { return filePath_; }
  bool isModified() const;
  QUndoStack* undoStack() const { return undoStack_; }

  // The undo history's memory. Every step knows what it holds (DocumentCommand::heldBytes):
  // a graph edit only the parts it changed (project_change.h), a rename a few names. After
  // each step is pushed, the oldest steps are dropped until the steps left hold at most the
  // budget; the newest step always stays, whatever it holds, and steps that can be redone
  // are never dropped.
  static constexpr std::size_t kDefaultUndoBudget = std::size_t{1} << 30;  // 1 GiB
  /// Sets the budget (bytes) and drops the oldest steps at once if they exceed it.
  void setUndoBudget(std::size_t bytes);
  std::size_t undoBudget() const { return undoBudget_; }
  /// What the undo stack's steps hold now, in bytes.
  std::size_t undoBytes() const;
  const MotionGraph& graph() const { return project_.graph; }
  /// The runner of long jobs (progress, cancel); busy while one runs.
  JobRunner* jobs() const { return jobs_; }
  bool isBusy() const;
  /// Runs read(project(), progress) on a pool thread without copying the project
  /// (background_reads.h): every change of the document first stops the running reads (their
  /// progress returns false) and waits for them. The result travels in the future.
  template <class Result, class Read>
  QFuture<Result> readInBackground(Read read) {
    return backgroundReads_.start<Result>(project_, std::move(read));
  }
  /// Stops the running background reads and waits for them (before any change).
  void finishBackgroundReads() { backgroundReads_.finishAll(); }

  /// True for the file types openFile and drag and drop take: clips (.bvh, and .gltf, .glb,
  /// .fbx: one clip per animation) and projects (.fgproj).
  static bool isSupportedFile(const QString& path);

  // Edits. Each returns an empty string on success, else a one-line reason (also emitted
  // as errorOccurred); on failure the document is unchanged.
  /// Opens a .fgproj (replaces the document) or adds a BVH clip (undoable).
  QString openFile(const QString& path);
  /// Opens several files in order; returns the messages of those that failed.
  QStringList openFiles(const QStringList& paths);
  /// Adds the clip of a BVH file through core's clip admission (clip_admission.h): the first
  /// clip sets the skeleton; later clips must have the same joints under the same parents
  /// (reordered to the project's order, retargeted when their bones differ). Every clip is
  /// stored at the working rate, project().settings.fps (30 fps until a build sets another).
  /// `options` choose units, T-pose and rate (ClipImportOptions; a first clip read at another
  /// rate sets the working rate, a later one at another rate is refused).
  QString addBvh(const QString& path, const ClipImportOptions& options = {});
  /// Replaces the document with a project file; clears the undo history.
  QString openProject(const QString& path);
  /// Writes the project (core saves atomically: a failed save leaves the previous file as it
  /// was) and marks the document clean; on failure the document is unchanged (still modified).
  QString saveProjectAs(const QString& path);
  /// saveProjectAs(filePath()); refused when the document was never saved.
  QString saveProject();
  /// Empties the document (File > New): no clips, no file, a clean empty undo history.
  QString newProject();
  /// Undoes / redoes one step of the undo stack; refused while a job runs (the job may be
  /// reading the project). Empty on success or when there is nothing to undo / redo.
  QString undo();
  QString redo();
  /// Opens the recovery copy `recoveryPath` (an autosave of a session that ended without
  /// saving, autosave.h) as the document, marked modified, with `originalPath` (may be empty:
  /// never saved) as the file Save writes to. On the calling thread (tests).
  QString openRecovered(const QString& recoveryPath, const QString& originalPath);
  /// Reads the recovery copy on the worker, then opens it as openRecovered does.
  QString startOpenRecovered(const QString& recoveryPath, const QString& originalPath);
  /// Pushes a command removing clip `index`.
  QString removeClip(int index);
  /// Pushes a command renaming clip `index`; names must be non-empty and unique.
  QString renameClip(int index, const QString& name);
  /// Makes the glTF character at `path` the project's (core's setProjectCharacter on a copy
  /// of the project, on the calling thread: headless use, tests), one undo step; its notes
  /// are emitted as notice. Refused with core's message (another skeleton, no mesh, a broken
  /// file or texture), the document unchanged.
  QString setCharacter(const QString& path);
  /// The same on the worker; the result is pushed when the job ends.
  QString startSetCharacter(const QString& path);
  /// Goes back to the generated body, one undo step; nothing to do without a character.
  QString removeCharacter();
  /// When the character brought its own skeleton: its joint `joint` follows the clips' joint
  /// `follows` (empty: none, it keeps its rest pose). Core's map_joint edit on a copy of the
  /// project (the clips retargeted again, the graph re-derived around the same hubs), the
  /// whole project swapped in as one undo step; refused with core's message.
  QString mapJoint(const QString& joint, const QString& follows);

  // Graph construction (core fat_graph_builder.h) and edits (graph_edits.h). Each success
  // is one undo command; a failure or a cancel leaves the document unchanged. A cancel
  // returns a non-empty text but is no error: it is emitted as notice, not errorOccurred.
  /// Builds the graph on the calling thread (headless use, tests).
  QString buildGraph(const GraphBuildRequest& request, const ProgressCallback& progress = {});
  /// Starts building the graph on the worker; the result is pushed when the job ends.
  QString startBuildGraph(const GraphBuildRequest& request);
  /// Applies one edit on the calling thread.
  QString applyGraphEdit(const GraphEditRequest& edit, const ProgressCallback& progress = {});
  /// Starts one edit on the worker.
  QString startGraphEdit(const GraphEditRequest& edit);
  /// Slow edits start on the worker, quick ones (renames) apply at once.
  QString editGraph(const GraphEditRequest& edit);
  /// Reads the files on the worker (BVH clips with `options`), then opens them in order as
  /// openFile / addBvh do.
  QString startOpenFiles(const QStringList& paths, const ClipImportOptions& options = {});

  void setCurrentClip(int index);

  // Low-level mutators for undo commands. They keep `current` pointing at the same clip
  // where possible and emit the matching signals.
  void insertClip(int index, DocumentClip clip);
  DocumentClip takeClip(int index);
  void setClipName(int index, const std::string& name);
  /// The skeleton and its legs go together: legs are joint indices into it.
  void setSkeleton(Skeleton skeleton, const QString& source, LegSetup legs);
  /// The project's working rate (settings.fps); only for a project without clips (the
  /// command adding the first clip at its own rate).
  void setWorkingRate(double fps);
  /// Exchanges the parts of the project `change` holds with it (same clip count: the clips'
  /// units stay); views reset as for a new project.
  void exchangeProject(ProjectChange& change);
  /// Exchanges the project's character with `other` (emits characterChanged).
  void swapCharacter(ProjectCharacter& other);
  /// Exchanges the graph's state with `other` (the distances only when other has them).
  void swapGraphState(GraphState& other);
  /// Exchanges the parts of the graph state `change` holds with it.
  void exchangeGraphState(ProjectChange& change);
  /// What an edit changed: the parts of the graph state (and the distance cache) where
  /// `edited`, a copy of this project after the edit, differs from the document.
  ProjectChange graphStateOf(Project&& edited) const;

 signals:
  void clipAboutToBeInserted(int index);
  void clipInserted(int index);
  void clipAboutToBeRemoved(int index);
  void clipRemoved(int index);
  void clipChanged(int index);
  void aboutToReset();
  void reset();
  /// The clip shown changed (another clip, or none: -1). Not emitted when only the index of
  /// the same clip shifts because a clip before it was inserted or removed.
  void currentClipChanged(int index);
  void modifiedChanged(bool modified);
  void filePathChanged(const QString& path);
  void errorOccurred(const QString& message);
  /// A file was opened or added, or the project was saved to it (recent files).
  void fileUsed(const QString& path);
  /// The recovery copy `recoveryPath` became the document (openRecovered).
  void recovered(const QString& recoveryPath);
  /// Around every change of the graph, its thresholds, its legs or its edit history (and
  /// around a reset): graph models reset between the two.
  void graphAboutToChange();
  void graphChanged();
  /// Something worth telling the user that is no error: a cancel, notes of a build.
  void notice(const QString& message);
  /// The project's character alone changed (swapCharacter); a whole new project resets.
  void characterChanged();

 private:
  QString fail(const QString& message);
  QString busyError() const;
  QString adoptLoadedFile(LoadedFile&& loaded);
  QString adoptBvh(const QString& path, BvhImport&& imported, const ClipImportOptions& options);
  /// Every animation of a glTF or FBX file, admitted in turn as build admits them (all or
  /// none: a refused animation leaves the document as it was), added in one undo step.
  QString adoptScene(const QString& path, SceneImport&& imported);
  QString adoptProject(const QString& path, Project&& loaded);
  QString adoptRecovered(LoadedFile&& loaded, const QString& originalPath);
  /// Pushes the command that swaps in `changed` (the project with its new character or none).
  QString adoptCharacter(Project&& changed, const std::vector<std::string>& notes);
  /// Replaces the document with `project` from `source`; the undo history starts empty.
  void resetTo(Project&& project, const QString& source, const QString& filePath);
  void adoptBuild(GraphBuildResult&& result);
  void adoptEdit(const GraphEditRequest& request, GraphEdit&& edit, Project&& edited,
                 const std::vector<std::string>& notes);
  /// Pushes the undo command of `edit` (as read from `request`) whose result is `edited`
  /// (redo swaps it in).
  void pushEdit(const GraphEditRequest& request, GraphEdit&& edit, ProjectChange&& edited,
                const std::vector<std::string>& notes);
  /// Pushes `command` (a top-level step) and keeps the undo budget.
  void pushStep(QUndoCommand* command);
  /// Drops the oldest steps while the steps hold more than the budget.
  void keepUndoBudget();
  /// Drops the `count` oldest steps: QUndoStack drops steps only by count and only from an
  /// empty stack, so the stack is cleared and the steps kept are pushed again (their commands
  /// taking over the old ones' state, DocumentCommand::takeOver) without redoing them, then
  /// the index and the clean state are put back. False, and nothing dropped, when a step kept
  /// is not a DocumentCommand.
  bool dropOldestSteps(int count);
  QString cancelled(const QString& what);

  Project project_;
  std::vector<QString> units_;  // parallel to project_.clips
  QString skeletonSource_;
  QString filePath_;
  int current_ = -1;
  quint64 revision_ = 0;  // changes with every undo stack move and reset
  QUndoStack* undoStack_;
  std::size_t undoBudget_ = kDefaultUndoBudget;
  bool replayingSteps_ = false;  // dropOldestSteps is pushing the kept steps again
  friend class DocumentCommand;
  JobRunner* jobs_;
  BackgroundReads backgroundReads_;  // last: destroyed (finished) before the project
};

}  // namespace fatgraph::editor
