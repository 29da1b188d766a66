#pragma once
// The editor window: the 3D viewport with the timeline and the legs' key-time tracks under
// it, the clip list and the legs dock on the left,
// the graph dock, the pose distance heat map and the parameter dock (tabbed with the heat map;
// hovering its plot previews an edge's blend in the viewport) on the right, the File / Edit /
// Graph (Build, Accept Hub, Export…) / View (overlays, the preview terrain, the character as
// bones, body or both) /
// Playback menus, a status bar describing the current clip, and drag and drop of .bvh, .gltf,
// .glb, .fbx and .fgproj files. Long jobs (graph builds, hub edits, files opened from the File
// menu or dropped) run on the document's worker with a progress dialog whose Cancel stops them.
//
// Errors (a file that does not load, a refused skeleton, a failed save) never change the
// document. They are recorded (lastError, errorShown) and shown in the status bar; an
// interactive window also opens a non-modal message box.
#include <QMainWindow>
#include <QPointer>
#include <QProgressDialog>
#include <QStringList>

#include "document/file_loading.h"
#include "document/graph_build.h"

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QMimeData;

namespace fatgraph::editor {

class AutoSave;
class ClipListDock;
class Document;
class GraphDock;
class HeatMapDock;
class KeyTimeTrack;
class LegAnalysisCache;
class JointMapDock;
class LegsDock;
class NewCreatureDialog;
class NotesDock;
class TerrainChoice;
class ParameterDock;
class RecentFiles;
class TimelineWidget;
class Viewport;
enum class BodyDisplay;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  Document* document() const { return document_; }
  Viewport* viewport() const { return viewport_; }
  TimelineWidget* timeline() const { return timeline_; }
  ClipListDock* clipListDock() const { return clipDock_; }
  GraphDock* graphDock() const { return graphDock_; }
  HeatMapDock* heatMapDock() const { return heatMapDock_; }
  NotesDock* notesDock() const { return notesDock_; }
  ParameterDock* parameterDock() const { return parameterDock_; }
  LegsDock* legsDock() const { return legsDock_; }
  JointMapDock* jointMapDock() const { return jointMapDock_; }
  KeyTimeTrack* keyTimeTrack() const { return keyTimeTrack_; }
  LegAnalysisCache* legAnalysis() const { return legAnalysis_; }
  TerrainChoice* terrainChoice() const { return terrainChoice_; }
  /// The progress dialog of the running job; null when none runs.
  QProgressDialog* progressDialog() const { return progressDialog_; }
  QLabel* statusLabel() const { return statusLabel_; }

  /// Interactive windows show errors in message boxes and ask before discarding changes;
  /// tests and --screenshot turn this off.
  void setInteractive(bool interactive) { interactive_ = interactive; }
  bool isInteractive() const { return interactive_; }
  const QString& lastError() const { return lastError_; }

  /// Opens files in order on the calling thread; returns the error messages.
  QStringList openFiles(const QStringList& paths);
  /// Opens files in order on the worker (File > Open, drops); errors are shown as they come.
  void openFilesInBackground(const QStringList& paths);
  /// Shows frame `frame` of the current clip (clamped); false when there is no clip.
  bool showFrame(int frame);
  /// Makes clip `clip` current and shows its frame `frame`.
  bool showClipFrame(int clip, int frame);
  /// Starts building the graph on the worker with `request` (Build Graph… asks for it).
  void startBuildGraph(const GraphBuildRequest& request);
  /// Writes the runtime graph of the document's project to `path` (.fgraph, core
  /// exportProject) on the worker; says what was written (graphExported) or shows the error.
  void exportGraphTo(const QString& path);
  /// Chooses the preview ground: "none", a preset name or a heightfield file. Empty on
  /// success; else the reason, also shown as an error (the previous ground stays).
  QString setTerrain(const QString& spec);
  /// Waits until the current clip's gait analysis is shown (screenshots, tests).
  void waitForLegAnalysis();

 signals:
  /// Emitted for every error shown to the user.
  void errorShown(const QString& message);
  /// An export finished: path, size, hubs and edges in one line.
  void graphExported(const QString& summary);

 public slots:
  void open();
  void saveProjectAs();
  void removeCurrentClip();
  void renameCurrentClip();
  /// Graph > Build Graph…: asks for the options, then builds on the worker.
  void buildGraph();
  /// Graph > Export…: asks for a .fgraph file, then exportGraphTo.
  void exportGraph();
  /// View > Terrain > Open Heightfield File…
  void openHeightfield();

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void createActions();
  void createGraphMenu();
  void createTerrainMenu(QMenu* view);
 public:
  // Projects, recent files, autosave and recovery, BVH import (main_window_file.cpp).
  AutoSave* autoSave() const { return autoSave_; }
  RecentFiles* recentFiles() const { return recentFiles_; }
  /// File > New: empties the document (asks first when it has unsaved changes).
  void newProject();
  /// File > New Creature…: shows the creature window (one at a time, non-modal) and returns it.
  NewCreatureDialog* newCreature();
  /// File > Save: to the document's file, or Save As when it was never saved.
  bool save();
  /// Writes the project to `path` (Save As without the dialog). False when it failed: the
  /// error is shown, the previous file and the document are as they were.
  bool saveTo(const QString& path);
  /// File > Import Clips… (BVH, glTF, FBX): asks for files and the import options, then importFiles.
  void importBvh();
  /// File > Character…: asks for a .glb or .gltf and makes it the project's character on the
  /// worker (Document::startSetCharacter; a refusal is shown with core's message).
  void chooseCharacter();
  /// Reads the clip files on the worker with `options` and adds their clips in order.
  void importFiles(const QStringList& paths, const ClipImportOptions& options);
  /// Offers to restore the recovery copies of sessions that ended without saving (a
  /// non-modal question in an interactive window); returns how many there are.
  int offerRecovery();
  /// Opens files on the worker as openFilesInBackground does and processes events until
  /// they are in (files named on the command line); returns the errors.
  QStringList openFilesAndWait(const QStringList& paths);

  // The character in the viewport: bones, body or both (main_window_body.cpp).
  /// View > Character: what the viewport draws (also `--body`); checks the menu's item.
  void setBodyDisplay(BodyDisplay display);

 private:
  void createBodyMenu(QMenu* view);
  QActionGroup* bodyActions_ = nullptr;
  QAction* removeCharacterAction_ = nullptr;  // File > Remove Character, on with a character
  void createFileMenu();
  void setUpProjectFiles();
  void fillRecentMenu();
  /// Before the window closes for good: lets a running job end, removes the recovery copy.
  void closeCleanly();
  bool confirmDiscard(const QString& question);
  /// The Play dock (live runtime player) beside the parameter dock; main_window_play.cpp.
  void createPlayDock();
  /// The hubs dock, the graph view and the selection they share with the graph dock, the
  /// viewport (ghost poses), the timeline (match marks) and the parameter dock;
  /// main_window_hubs.cpp.
  void createHubViews();
  void showSelectedHub();
  void showSelectedEdge();
  /// The fat edges dock (tabbed with the graph dock), its segment loop on the timeline and
  /// its blend preview through the parameter dock; main_window_edges.cpp.
  void createEdgeViews();
  /// After Graph > Export…: the summary of what was written (ExportReport::text()) in the
  /// status bar and, when interactive, a non-modal window (main_window_params.cpp).
  void showExportReport(const QString& report);
  /// The parameter dock follows and sets the shared selection's fat edge.
  void connectParameterDock();
  void showLegAnalysis();
  void showTerrain();
  void showJobProgress(const QString& label);
  void updateJobActions();
  void showError(const QString& message);
  void showCurrentClip();
  void updateStatus();
  void updateTitle();
  bool confirmDiscardChanges();
  static QStringList supportedLocalFiles(const QMimeData* mime);

  Document* document_;
  Viewport* viewport_;
  TimelineWidget* timeline_;
  ClipListDock* clipDock_;
  GraphDock* graphDock_;
  HeatMapDock* heatMapDock_;
  NotesDock* notesDock_;
  ParameterDock* parameterDock_;
  LegAnalysisCache* legAnalysis_;
  LegsDock* legsDock_;
  JointMapDock* jointMapDock_;
  KeyTimeTrack* keyTimeTrack_;
  TerrainChoice* terrainChoice_;
  QActionGroup* terrainActions_ = nullptr;
  QLabel* statusLabel_;
  QPointer<QProgressDialog> progressDialog_;
  GraphBuildRequest lastBuildRequest_;
  QAction* removeClipAction_ = nullptr;
  QAction* renameClipAction_ = nullptr;
  QAction* buildGraphAction_ = nullptr;
  QAction* acceptHubAction_ = nullptr;
  QAction* exportGraphAction_ = nullptr;
  AutoSave* autoSave_ = nullptr;
  RecentFiles* recentFiles_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QAction* saveAction_ = nullptr;
  ClipImportOptions lastImportOptions_;
  class PlayDock* playDock_ = nullptr;  // found by tests as findChild<PlayDock*>()
  // Found by tests as findChild<Selection*>(), findChild<HubsDock*>(), findChild<GraphViewDock*>().
  class Selection* selection_ = nullptr;
  class HubsDock* hubsDock_ = nullptr;
  class GraphViewDock* graphViewDock_ = nullptr;
  // Found by tests as findChild<FatEdgesDock*>(), findChild<SegmentLoop*>().
  class FatEdgesDock* fatEdgesDock_ = nullptr;
  class SegmentLoop* segmentLoop_ = nullptr;
  QPointer<QDialog> exportReportDialog_;  // reused by the next export
  QString lastError_;
  QString lastDirectory_;
  bool interactive_ = true;
};

}  // namespace fatgraph::editor
