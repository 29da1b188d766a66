#pragma once
// The editor window: the 3D viewport with the timeline and the legs' key-time tracks under
// it, the clip list and the legs dock on the left,
// the graph dock, the pose distance heat map and the parameter dock (tabbed with the heat map;
// hovering its plot previews an edge's blend in the viewport) on the right, the File / Edit /
// Graph (Build, Accept Hub, Export…) / View (overlays, the preview terrain) /
// Playback menus, a status bar describing the current clip, and drag and drop of .bvh /
// .fgproj files. Long jobs (graph builds, hub edits, files opened from the File menu or
// dropped) run on the document's worker with a progress dialog whose Cancel stops them.
//
// Errors (a file that does not load, a refused skeleton, a failed save) never change the
// document. They are recorded (lastError, errorShown) and shown in the status bar; an
// interactive window also opens a non-modal message box.
#include <QMainWindow>
#include <QPointer>
#include <QProgressDialog>
#include <QStringList>

#include "document/graph_build.h"

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QMimeData;

namespace fatgraph::editor {

class ClipListDock;
class Document;
class GraphDock;
class HeatMapDock;
class KeyTimeTrack;
class LegAnalysisCache;
class LegsDock;
class NotesDock;
class TerrainChoice;
class ParameterDock;
class TimelineWidget;
class Viewport;

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
  // @area-project-methods
  // @area-preview-methods
  // @area-hubs-methods
  // @area-edges-methods
  // @area-params-methods
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
  // @area-project-members
  // @area-preview-members
  // @area-hubs-members
  // @area-edges-members
  // @area-params-members
  QString lastError_;
  QString lastDirectory_;
  bool interactive_ = true;
};

}  // namespace fatgraph::editor
