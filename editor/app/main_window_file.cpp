// The main window's File menu: New, New Creature… (a creature generated without mocap, in its
// own window), Open, Open Recent, Import Clips… (with its options),
// Character… and Remove Character (the user's glTF character in the generated body's place),
// Save, Save As, Quit; the autosave and the offer to restore unsaved work after a crash; undo and
// redo refused while a job runs (the job may be reading the project).
#include <QAbstractButton>
#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QUndoStack>

#include "app/main_window.h"
#include "app/recent_files.h"
#include "views/viewport.h"
#include "dialogs/import_options_dialog.h"
#include "dialogs/new_creature_dialog.h"
#include "document/autosave.h"
#include "document/document.h"
#include "document/job_runner.h"

namespace fatgraph::editor {

void MainWindow::createFileMenu() {
  autoSave_ = new AutoSave(document_, this);
  recentFiles_ = new RecentFiles({}, this);

  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* create = file->addAction(tr("&New"), this, &MainWindow::newProject);
  create->setShortcut(QKeySequence::New);
  create->setObjectName(QStringLiteral("newAction"));
  QAction* creature = file->addAction(tr("New C&reature…"), this, &MainWindow::newCreature);
  creature->setObjectName(QStringLiteral("newCreatureAction"));
  creature->setToolTip(tr("Generate a walking, flying or swimming creature without mocap, play "
                          "it and export it as a runtime graph"));
  QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::open);
  open->setShortcut(QKeySequence::Open);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  recentMenu_->setObjectName(QStringLiteral("recentMenu"));
  connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
  QAction* import = file->addAction(tr("&Import Clips…"), this, &MainWindow::importBvh);
  import->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
  import->setObjectName(QStringLiteral("importBvhAction"));
  QAction* character = file->addAction(tr("&Character…"), this, &MainWindow::chooseCharacter);
  character->setObjectName(QStringLiteral("characterAction"));
  character->setToolTip(tr("Show a glTF character's own skinned mesh instead of the generated "
                           "body; it must have the project's skeleton"));
  removeCharacterAction_ = file->addAction(tr("&Remove Character"), document_, &Document::removeCharacter);
  removeCharacterAction_->setObjectName(QStringLiteral("removeCharacterAction"));
  removeCharacterAction_->setEnabled(false);
  const auto updateCharacter = [this] {
    removeCharacterAction_->setEnabled(!document_->project().character.empty());
  };
  connect(document_, &Document::characterChanged, this, updateCharacter);
  connect(document_, &Document::reset, this, updateCharacter);
  connect(document_, &Document::characterChanged, this,
          [this] { viewport_->setCharacter(document_->project().character.mesh); });
  file->addSeparator();
  saveAction_ = file->addAction(tr("&Save"), this, &MainWindow::save);
  saveAction_->setShortcut(QKeySequence::Save);
  saveAction_->setObjectName(QStringLiteral("saveAction"));
  QAction* saveAs = file->addAction(tr("Save &As…"), this, &MainWindow::saveProjectAs);
  saveAs->setShortcut(QKeySequence::SaveAs);
  saveAs->setObjectName(QStringLiteral("saveAsAction"));
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::setUpProjectFiles() {
  connect(document_, &Document::fileUsed, recentFiles_, &RecentFiles::add);
  connect(autoSave_, &AutoSave::failed, this,
          [this](const QString& message) { statusBar()->showMessage(message, 15000); });
  // The stack's own actions would undo while a job reads the project: route them through
  // the document, which refuses then, and keep them disabled meanwhile.
  QUndoStack* stack = document_->undoStack();
  for (const bool isUndo : {true, false}) {
    auto* action = findChild<QAction*>(isUndo ? QStringLiteral("undoAction")
                                              : QStringLiteral("redoAction"));
    if (action == nullptr) continue;
    disconnect(action, &QAction::triggered, stack, nullptr);
    connect(action, &QAction::triggered, document_,
            isUndo ? &Document::undo : &Document::redo);
    const auto refresh = [this, action, stack, isUndo] {
      action->setEnabled(!document_->isBusy() && (isUndo ? stack->canUndo() : stack->canRedo()));
    };
    connect(document_->jobs(), &JobRunner::started, action, refresh);
    connect(document_->jobs(), &JobRunner::finished, action, refresh);
    connect(stack, isUndo ? &QUndoStack::canUndoChanged : &QUndoStack::canRedoChanged, action,
            refresh);
  }
}

bool MainWindow::confirmDiscard(const QString& question) {
  if (!interactive_ || !document_->isModified()) return true;
  return QMessageBox::question(this, tr("fatgraph"), question,
                               QMessageBox::Discard | QMessageBox::Cancel) ==
         QMessageBox::Discard;
}

void MainWindow::newProject() {
  if (!confirmDiscard(tr("Start a new project and discard the unsaved changes?"))) return;
  if (document_->newProject().isEmpty()) statusBar()->showMessage(tr("New project"), 5000);
}

NewCreatureDialog* MainWindow::newCreature() {
  // One window at a time, non-modal: the project stays usable beside it.
  auto* dialog = findChild<NewCreatureDialog*>();
  if (dialog == nullptr) {
    dialog = new NewCreatureDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
  }
  dialog->show();
  dialog->raise();
  dialog->activateWindow();
  return dialog;
}

bool MainWindow::save() {
  if (document_->filePath().isEmpty()) {
    saveProjectAs();
    return !document_->filePath().isEmpty() && !document_->isModified();
  }
  return saveTo(document_->filePath());
}

void MainWindow::saveProjectAs() {
  if (document_->clipCount() == 0) {
    showError(tr("Nothing to save: add a clip first"));
    return;
  }
  const QString start = document_->filePath().isEmpty() ? lastDirectory_ : document_->filePath();
  QString path = QFileDialog::getSaveFileName(this, tr("Save project as"), start,
                                              tr("fatgraph projects (*.fgproj)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".fgproj");
  saveTo(path);
}

bool MainWindow::saveTo(const QString& path) {
  if (document_->clipCount() == 0) {
    showError(tr("Nothing to save: add a clip first"));
    return false;
  }
  // A save must not wait on the user: let a running autosave finish first.
  if (autoSave_->isSaving()) document_->jobs()->waitForFinished();
  if (const QString error = document_->saveProjectAs(path); !error.isEmpty()) {
    // Core wrote to a temporary file: whatever was at `path` is untouched.
    statusBar()->showMessage(tr("Not saved: %1").arg(error), 15000);
    return false;
  }
  lastDirectory_ = QFileInfo(path).absolutePath();
  statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
  return true;
}

void MainWindow::fillRecentMenu() {
  recentMenu_->clear();
  const QStringList missing = recentFiles_->removeMissing();
  if (!missing.isEmpty()) {
    QStringList names;
    for (const QString& path : missing) names << QFileInfo(path).fileName();
    statusBar()->showMessage(
        tr("Removed from the recent files (no longer there): %1").arg(names.join(QStringLiteral(", "))),
        15000);
  }
  const QStringList files = recentFiles_->files();
  for (qsizetype i = 0; i < files.size(); ++i) {
    const QString path = files[i];
    QAction* action = recentMenu_->addAction(
        tr("&%1 %2").arg(i + 1 < 10 ? QString::number(i + 1) : QStringLiteral("0"),
                         QFileInfo(path).fileName()),
        this, [this, path] { openFilesInBackground({path}); });
    action->setToolTip(path);
    action->setStatusTip(path);
  }
  if (files.isEmpty()) recentMenu_->addAction(tr("No recent files"))->setEnabled(false);
  recentMenu_->addSeparator();
  recentMenu_->addAction(tr("&Clear Recent Files"), recentFiles_, &RecentFiles::clear)
      ->setEnabled(!files.isEmpty());
}

void MainWindow::importBvh() {
  const QStringList paths = QFileDialog::getOpenFileNames(
      this, tr("Import clips"), lastDirectory_,
      tr("Motion clips (*.bvh *.gltf *.glb *.fbx);;BVH clips (*.bvh);;glTF and FBX files "
         "(*.gltf *.glb *.fbx);;All files (*)"));
  if (paths.isEmpty()) return;
  auto* dialog = new ImportOptionsDialog(this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setFiles(paths);
  dialog->setOptions(lastImportOptions_, document_->project().settings.fps,
                     document_->clipCount() > 0);
  connect(dialog, &QDialog::accepted, this, [this, dialog] {
    lastImportOptions_ = dialog->options();
    importFiles(dialog->files(), lastImportOptions_);
  });
  dialog->open();  // window-modal, not application-modal
}

void MainWindow::chooseCharacter() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Character"), lastDirectory_,
                                                    tr("Characters (*.glb *.gltf *.fbx);;All files (*)"));
  if (path.isEmpty()) return;
  lastDirectory_ = QFileInfo(path).absolutePath();
  document_->startSetCharacter(path);  // a refusal reaches showError with core's message
}

void MainWindow::importFiles(const QStringList& paths, const ClipImportOptions& options) {
  if (paths.isEmpty()) return;
  lastDirectory_ = QFileInfo(paths.front()).absolutePath();
  document_->startOpenFiles(paths, options);
}

QStringList MainWindow::openFilesAndWait(const QStringList& paths) {
  QStringList errors;
  const QMetaObject::Connection collect = connect(
      document_, &Document::errorOccurred, this, [&errors](const QString& e) { errors << e; });
  openFilesInBackground(paths);
  document_->jobs()->waitForFinished();
  disconnect(collect);
  return errors;
}

int MainWindow::offerRecovery() {
  const QList<RecoveryEntry> entries = AutoSave::findRecoverable();
  if (entries.isEmpty() || !interactive_) return static_cast<int>(entries.size());
  const RecoveryEntry entry = entries.front();  // the newest; the others wait for next time
  const QString what = entry.originalPath.isEmpty()
                           ? tr("an untitled project")
                           : QFileInfo(entry.originalPath).fileName();
  QString text = tr("fatgraph did not close cleanly. Unsaved work on %1, autosaved %2, can be "
                    "restored.")
                     .arg(what, QLocale().toString(entry.savedAt.toLocalTime(),
                                                   QLocale::ShortFormat));
  if (entries.size() > 1) text += tr(" (%1 more copies are kept.)").arg(entries.size() - 1);
  auto* box = new QMessageBox(QMessageBox::Question, tr("Restore unsaved work"), text,
                              QMessageBox::NoButton, this);
  box->setObjectName(QStringLiteral("recoveryBox"));
  QPushButton* restore = box->addButton(tr("Restore"), QMessageBox::AcceptRole);
  QPushButton* discard = box->addButton(tr("Discard"), QMessageBox::DestructiveRole);
  box->addButton(tr("Later"), QMessageBox::RejectRole);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setWindowModality(Qt::NonModal);
  connect(box, &QMessageBox::buttonClicked, this, [this, entry, restore, discard](QAbstractButton* button) {
    if (button == restore) {
      if (!confirmDiscard(tr("Restoring replaces the current document. Discard its unsaved "
                             "changes?"))) {
        return;
      }
      autoSave_->startRestore(entry);
    } else if (button == discard) {
      AutoSave::remove(entry);
      offerRecovery();  // the next one, if any
    }
  });
  box->show();
  return static_cast<int>(entries.size());
}

void MainWindow::closeCleanly() {
  JobRunner* jobs = document_->jobs();
  if (jobs->isBusy()) {
    jobs->cancel();
    jobs->waitForFinished();
  }
  autoSave_->discard();
}

}  // namespace fatgraph::editor
