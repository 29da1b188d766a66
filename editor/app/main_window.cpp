#include "app/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListView>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

#include "document/document.h"
#include "document/job_runner.h"
#include "docks/clip_list_dock.h"
#include "docks/graph_dock.h"
#include "docks/heat_map_dock.h"
#include "docks/joint_map_dock.h"
#include "docks/legs_dock.h"
#include "document/leg_analysis_cache.h"
#include "document/terrain_choice.h"
#include "views/key_time_track.h"
#include "docks/notes_dock.h"
#include "docks/parameter_dock.h"
#include "views/heat_map_view.h"
#include "views/timeline_widget.h"
#include "views/viewport.h"

namespace fatgraph::editor {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      document_(new Document(this)),
      viewport_(new Viewport),
      timeline_(new TimelineWidget),
      clipDock_(new ClipListDock(document_, this)),
      graphDock_(new GraphDock(document_, this)),
      heatMapDock_(new HeatMapDock(document_, this)),
      notesDock_(new NotesDock(document_, this)),
      parameterDock_(new ParameterDock(document_, viewport_, this)),
      legAnalysis_(new LegAnalysisCache(document_, this)),
      legsDock_(new LegsDock(document_, legAnalysis_, this)),
      jointMapDock_(new JointMapDock(document_, this)),
      keyTimeTrack_(new KeyTimeTrack),
      terrainChoice_(new TerrainChoice(this)),
      statusLabel_(new QLabel(this)) {
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(viewport_, 1);
  layout->addWidget(timeline_);
  layout->addWidget(keyTimeTrack_);
  setCentralWidget(central);
  addDockWidget(Qt::LeftDockWidgetArea, clipDock_);
  addDockWidget(Qt::RightDockWidgetArea, graphDock_);
  addDockWidget(Qt::RightDockWidgetArea, heatMapDock_);
  splitDockWidget(graphDock_, heatMapDock_, Qt::Vertical);
  tabifyDockWidget(heatMapDock_, parameterDock_);
  heatMapDock_->raise();
  addDockWidget(Qt::LeftDockWidgetArea, notesDock_);
  splitDockWidget(clipDock_, notesDock_, Qt::Vertical);
  addDockWidget(Qt::LeftDockWidgetArea, legsDock_);
  splitDockWidget(clipDock_, legsDock_, Qt::Vertical);
  tabifyDockWidget(legsDock_, jointMapDock_);  // behind the legs: only a retargeted character fills it
  legsDock_->raise();
  resizeDocks({graphDock_}, {440}, Qt::Horizontal);
  resizeDocks({clipDock_}, {230}, Qt::Horizontal);  // names, leg table and notes readable
  resizeDocks({graphDock_, heatMapDock_}, {340, 460}, Qt::Vertical);
  statusLabel_->setObjectName(QStringLiteral("clipStatus"));
  statusBar()->addPermanentWidget(statusLabel_);
  setAcceptDrops(true);
  createActions();

  connect(document_, &Document::currentClipChanged, this, &MainWindow::showCurrentClip);
  connect(document_, &Document::clipChanged, this, &MainWindow::updateStatus);
  connect(document_, &Document::modifiedChanged, this, &MainWindow::updateTitle);
  connect(document_, &Document::filePathChanged, this, &MainWindow::updateTitle);
  connect(document_, &Document::errorOccurred, this, &MainWindow::showError);
  connect(document_, &Document::notice, this,
          [this](const QString& message) { statusBar()->showMessage(message, 15000); });
  connect(timeline_, &TimelineWidget::frameChanged, this, [this](int frame) {
    const int current = document_->currentClip();
    if (current >= 0) viewport_->showFrame(document_->skeleton(), document_->clip(current), frame);
    heatMapDock_->view()->setCurrentFrame(current, frame);
    keyTimeTrack_->setFrame(frame);
  });
  connect(keyTimeTrack_, &KeyTimeTrack::frameRequested, this, &MainWindow::showFrame);
  connect(legAnalysis_, &LegAnalysisCache::changed, this, &MainWindow::showLegAnalysis);
  // The legs drawn on the pose follow the project's legs (detected, edited, undone).
  auto showLegs = [this] { viewport_->setLegs(document_->project().legs); };
  connect(document_, &Document::graphChanged, this, showLegs);
  connect(document_, &Document::reset, this, showLegs);
  connect(document_, &Document::clipInserted, this, showLegs);
  connect(terrainChoice_, &TerrainChoice::changed, this, &MainWindow::showTerrain);
  connect(graphDock_, &GraphDock::frameRequested, this, &MainWindow::showClipFrame);
  connect(heatMapDock_, &HeatMapDock::frameRequested, this, &MainWindow::showClipFrame);
  // The parameter dock follows the fat edge selected in the graph dock (rows are fat edges).
  connect(graphDock_->edgeView()->selectionModel(), &QItemSelectionModel::currentRowChanged,
          parameterDock_, [this](const QModelIndex& current) {
            if (current.isValid()) parameterDock_->selectEdge(current.row());
          });
  connect(document_->jobs(), &JobRunner::started, this, &MainWindow::showJobProgress);
  connect(document_->jobs(), &JobRunner::finished, this, &MainWindow::updateJobActions);
  connect(document_, &Document::graphChanged, this, &MainWindow::updateJobActions);
  setUpProjectFiles();  // autosave, recent files, undo refused while busy
  createPlayDock();
  createHubViews();  // main_window_hubs.cpp
  createEdgeViews();  // main_window_edges.cpp
  connectParameterDock();  // main_window_params.cpp
  showCurrentClip();
  updateTitle();
  updateJobActions();
  resize(1280, 800);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
  createFileMenu();  // main_window_file.cpp

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = document_->undoStack()->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  undo->setObjectName(QStringLiteral("undoAction"));
  QAction* redo = document_->undoStack()->createRedoAction(this, tr("&Redo"));
  redo->setShortcut(QKeySequence::Redo);
  redo->setObjectName(QStringLiteral("redoAction"));
  edit->addAction(undo);
  edit->addAction(redo);
  edit->addSeparator();
  renameClipAction_ = edit->addAction(tr("Re&name Clip"), this, &MainWindow::renameCurrentClip);
  renameClipAction_->setShortcut(Qt::Key_F2);
  removeClipAction_ = edit->addAction(tr("&Remove Clip"), this, &MainWindow::removeCurrentClip);
  removeClipAction_->setObjectName(QStringLiteral("removeClipAction"));
  removeClipAction_->setShortcut(QKeySequence::Delete);
  clipDock_->setRemoveAction(removeClipAction_);

  createGraphMenu();

  QMenu* view = menuBar()->addMenu(tr("&View"));
  QAction* frame = view->addAction(tr("&Frame Character"), viewport_, &Viewport::frameCharacter);
  frame->setShortcut(Qt::Key_F);
  view->addAction(tr("Frame &Whole Clip"), viewport_, &Viewport::frameClip);
  view->addSeparator();
  QAction* grid = view->addAction(tr("Show &Grid"), viewport_, &Viewport::setShowGrid);
  grid->setCheckable(true);
  grid->setChecked(true);
  QAction* path = view->addAction(tr("Show &Trajectory"), viewport_, &Viewport::setShowTrajectory);
  path->setCheckable(true);
  path->setChecked(true);
  QAction* legs = view->addAction(tr("Show &Legs"), viewport_, &Viewport::setShowLegs);
  legs->setCheckable(true);
  legs->setChecked(true);
  legs->setObjectName(QStringLiteral("showLegsAction"));
  QAction* prints =
      view->addAction(tr("Show F&ootprints"), viewport_, &Viewport::setShowFootprints);
  prints->setCheckable(true);
  prints->setChecked(true);
  prints->setObjectName(QStringLiteral("showFootprintsAction"));
  QAction* footbase =
      view->addAction(tr("Show Foot&base Paths"), viewport_, &Viewport::setShowFootbasePaths);
  footbase->setCheckable(true);
  footbase->setChecked(true);
  footbase->setObjectName(QStringLiteral("showFootbasePathsAction"));
  createTerrainMenu(view);
  createBodyMenu(view);
  view->addSeparator();
  view->addAction(clipDock_->toggleViewAction());
  view->addAction(legsDock_->toggleViewAction());
  view->addAction(jointMapDock_->toggleViewAction());
  view->addAction(graphDock_->toggleViewAction());
  view->addAction(heatMapDock_->toggleViewAction());
  view->addAction(notesDock_->toggleViewAction());
  view->addAction(parameterDock_->toggleViewAction());

  QMenu* playback = menuBar()->addMenu(tr("&Playback"));
  QAction* play = playback->addAction(tr("&Play / Pause"), timeline_,
                                      &TimelineWidget::togglePlayback);
  play->setShortcut(Qt::Key_Space);
  play->setObjectName(QStringLiteral("playAction"));
}

QStringList MainWindow::openFiles(const QStringList& paths) {
  QStringList errors;
  for (const QString& path : paths) {
    if (QFileInfo(path).suffix().toLower() == QLatin1String("fgproj") && !confirmDiscardChanges()) {
      continue;
    }
    lastDirectory_ = QFileInfo(path).absolutePath();
    if (QString error = document_->openFile(path); !error.isEmpty()) errors << error;
  }
  return errors;
}

bool MainWindow::showFrame(int frame) {
  if (document_->currentClip() < 0) return false;
  timeline_->setFrame(frame);
  return true;
}

void MainWindow::openFilesInBackground(const QStringList& paths) {
  QStringList accepted;
  for (const QString& path : paths) {
    if (QFileInfo(path).suffix().toLower() == QLatin1String("fgproj") && !confirmDiscardChanges()) {
      continue;
    }
    lastDirectory_ = QFileInfo(path).absolutePath();
    accepted << path;
  }
  document_->startOpenFiles(accepted);
}

void MainWindow::open() {
  const QStringList paths = QFileDialog::getOpenFileNames(
      this, tr("Open motion capture or project"), lastDirectory_,
      tr("Motion capture and projects (*.bvh *.gltf *.glb *.fbx *.fgproj);;BVH clips (*.bvh);;"
         "glTF and FBX files (*.gltf *.glb *.fbx);;fatgraph projects (*.fgproj);;All files (*)"));
  openFilesInBackground(paths);
}

void MainWindow::removeCurrentClip() {
  if (document_->currentClip() >= 0) document_->removeClip(document_->currentClip());
}

void MainWindow::renameCurrentClip() {
  const int row = document_->currentClip();
  if (row < 0) return;
  QListView* list = clipDock_->view();
  list->setFocus();
  list->edit(list->model()->index(row, 0));
}

void MainWindow::showError(const QString& message) {
  lastError_ = message;
  statusBar()->showMessage(message, 15000);
  emit errorShown(message);
  if (!interactive_) return;
  // Non-modal: the user's work stays usable while the message is up.
  auto* box = new QMessageBox(QMessageBox::Warning, tr("fatgraph"), message, QMessageBox::Ok, this);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setWindowModality(Qt::NonModal);
  box->show();
}

void MainWindow::showCurrentClip() {
  const int current = document_->currentClip();
  removeClipAction_->setEnabled(current >= 0);
  renameClipAction_->setEnabled(current >= 0);
  if (current < 0) {
    viewport_->clearClip();
    timeline_->setClip(0, 30.0);
    keyTimeTrack_->setClip(0, 30.0);
  } else {
    const Clip& clip = document_->clip(current);
    viewport_->setLegs(document_->project().legs);
    viewport_->setCharacter(document_->project().character.mesh);
    viewport_->setClip(document_->skeleton(), clip);
    keyTimeTrack_->setClip(clip.frameCount(), clip.fps);
    timeline_->setClip(clip.frameCount(), clip.fps);
  }
  showLegAnalysis();
  updateStatus();
}

void MainWindow::showLegAnalysis() {
  const auto tracks = legAnalysis_->current();
  viewport_->setLegTracks(tracks);
  keyTimeTrack_->setTracks(tracks, !tracks && document_->currentClip() >= 0);
}

void MainWindow::waitForLegAnalysis() {
  legAnalysis_->waitForCurrent();
  showLegAnalysis();
}

void MainWindow::createTerrainMenu(QMenu* view) {
  QMenu* menu = view->addMenu(tr("&Terrain"));
  menu->setObjectName(QStringLiteral("terrainMenu"));
  menu->setToolTip(tr("The ground drawn around the character; the blend preview's leg layer "
                      "stands on it"));
  terrainActions_ = new QActionGroup(this);
  terrainActions_->setExclusive(true);
  for (const QString& spec : TerrainChoice::specs()) {
    QAction* action = menu->addAction(spec == QLatin1String("none") ? tr("None") : spec);
    action->setCheckable(true);
    action->setData(spec);
    action->setChecked(spec == terrainChoice_->spec());
    terrainActions_->addAction(action);
    connect(action, &QAction::triggered, this, [this, spec] { setTerrain(spec); });
  }
  menu->addSeparator();
  menu->addAction(tr("Open &Heightfield File…"), this, &MainWindow::openHeightfield);
}

QString MainWindow::setTerrain(const QString& spec) {
  const QString error = terrainChoice_->select(spec);
  if (!error.isEmpty()) {
    showError(error);
    showTerrain();  // the menu back on the ground still shown
  }
  return error;
}

void MainWindow::openHeightfield() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open heightfield"), lastDirectory_,
      tr("Heightfields (*.txt *.heightfield);;All files (*)"));
  if (!path.isEmpty()) setTerrain(path);
}

void MainWindow::showTerrain() {
  const Heightfield* terrain = terrainChoice_->terrain();
  viewport_->setTerrain(terrain);
  parameterDock_->setTerrain(terrain);
  if (terrainActions_ == nullptr) return;
  const QString spec = terrainChoice_->spec();
  bool listed = false;
  for (QAction* action : terrainActions_->actions()) {
    const bool chosen = action->data().toString() == spec;
    action->setChecked(chosen);
    listed = listed || chosen;
  }
  if (!listed) {  // a file: no preset is checked
    if (QAction* checked = terrainActions_->checkedAction()) {
      terrainActions_->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
      checked->setChecked(false);
      terrainActions_->setExclusionPolicy(QActionGroup::ExclusionPolicy::Exclusive);
    }
    statusBar()->showMessage(tr("Terrain: %1").arg(QFileInfo(spec).fileName()), 5000);
  }
}

void MainWindow::updateStatus() {
  const int current = document_->currentClip();
  if (current < 0) {
    statusLabel_->setText(tr("No clip: open a BVH, glTF or FBX file or a project (File > Open, or drop it here)"));
    return;
  }
  const Clip& clip = document_->clip(current);
  statusLabel_->setText(tr("%1  |  %2 joints  |  %3 frames  |  %4 fps  |  units: %5")
                            .arg(document_->clipName(current))
                            .arg(document_->skeleton().jointCount())
                            .arg(clip.frameCount())
                            .arg(clip.fps, 0, 'g', 4)
                            .arg(document_->clipUnits(current)));
}

void MainWindow::updateTitle() {
  const QString path = document_->filePath();
  const QString name = path.isEmpty() ? tr("untitled") : QFileInfo(path).fileName();
  setWindowTitle(tr("%1[*] — fatgraph").arg(name));
  setWindowModified(document_->isModified());
}

bool MainWindow::confirmDiscardChanges() {
  if (!interactive_ || !document_->isModified()) return true;
  return QMessageBox::question(this, tr("fatgraph"),
                               tr("Opening a project replaces the current document. Discard "
                                  "the unsaved changes?"),
                               QMessageBox::Discard | QMessageBox::Cancel) ==
         QMessageBox::Discard;
}

QStringList MainWindow::supportedLocalFiles(const QMimeData* mime) {
  QStringList paths;
  if (mime == nullptr || !mime->hasUrls()) return paths;
  for (const QUrl& url : mime->urls()) {
    if (url.isLocalFile() && Document::isSupportedFile(url.toLocalFile())) {
      paths << url.toLocalFile();
    }
  }
  return paths;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!supportedLocalFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QStringList paths = supportedLocalFiles(event->mimeData());
  if (paths.isEmpty()) return;
  event->acceptProposedAction();
  openFilesInBackground(paths);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (interactive_ && document_->isModified()) {
    const auto answer = QMessageBox::question(
        this, tr("fatgraph"), tr("The document has unsaved changes. Quit anyway?"),
        QMessageBox::Discard | QMessageBox::Cancel);
    if (answer != QMessageBox::Discard) {
      event->ignore();
      return;
    }
  }
  closeCleanly();  // main_window_file.cpp
  event->accept();
}

}  // namespace fatgraph::editor
