#include "app/main_window.h"

#include <QAction>
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
      statusLabel_(new QLabel(this)) {
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(viewport_, 1);
  layout->addWidget(timeline_);
  setCentralWidget(central);
  addDockWidget(Qt::LeftDockWidgetArea, clipDock_);
  addDockWidget(Qt::RightDockWidgetArea, graphDock_);
  addDockWidget(Qt::RightDockWidgetArea, heatMapDock_);
  splitDockWidget(graphDock_, heatMapDock_, Qt::Vertical);
  tabifyDockWidget(heatMapDock_, parameterDock_);
  heatMapDock_->raise();
  addDockWidget(Qt::LeftDockWidgetArea, notesDock_);
  splitDockWidget(clipDock_, notesDock_, Qt::Vertical);
  resizeDocks({graphDock_}, {440}, Qt::Horizontal);
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
  });
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
  showCurrentClip();
  updateTitle();
  updateJobActions();
  resize(1280, 800);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::open);
  open->setShortcut(QKeySequence::Open);
  QAction* saveAs = file->addAction(tr("Save Project &As…"), this, &MainWindow::saveProjectAs);
  saveAs->setShortcut(QKeySequence::SaveAs);
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

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
  view->addSeparator();
  view->addAction(clipDock_->toggleViewAction());
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
      tr("Motion capture and projects (*.bvh *.fgproj);;BVH clips (*.bvh);;"
         "fatgraph projects (*.fgproj);;All files (*)"));
  openFilesInBackground(paths);
}

void MainWindow::saveProjectAs() {
  if (document_->clipCount() == 0) {
    showError(tr("Nothing to save: add a clip first"));
    return;
  }
  QString path = QFileDialog::getSaveFileName(this, tr("Save project as"), lastDirectory_,
                                              tr("fatgraph projects (*.fgproj)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".fgproj");
  if (document_->saveProjectAs(path).isEmpty()) {
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
  }
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
  } else {
    const Clip& clip = document_->clip(current);
    viewport_->setClip(document_->skeleton(), clip);
    timeline_->setClip(clip.frameCount(), clip.fps);
  }
  updateStatus();
}

void MainWindow::updateStatus() {
  const int current = document_->currentClip();
  if (current < 0) {
    statusLabel_->setText(tr("No clip: open a BVH file or a project (File > Open, or drop it here)"));
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
  event->accept();
}

}  // namespace fatgraph::editor
