// The File menu of the main window (offscreen, non-interactive): Save As writes a project
// that loads back equal, Save writes to the same file, New empties the document, a save into
// a path that cannot be written leaves the previous file and the document as they were, the
// recent files follow (a missing one dropped with a note), a crashed session's recovery copy
// is offered and restored, and undo is disabled while a job runs.
#include <QAbstractButton>
#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <unistd.h>

#include "app/main_window.h"
#include "app/recent_files.h"
#include "document/autosave.h"
#include "document/document.h"
#include "document/job_runner.h"
#include "fatgraph/core/io/project_store.h"

using fatgraph::editor::Document;
using fatgraph::editor::MainWindow;

namespace {

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
const QString kTPose = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/90_05.bvh");

QByteArray contents(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The saved file, read back by core alone, holds what the document holds.
void verifySavedEqual(const QString& path, const Document& doc) {
  const fatgraph::Project saved = fatgraph::loadProject(path.toStdString());
  const fatgraph::Project& project = doc.project();
  QCOMPARE(saved.skeleton.names, project.skeleton.names);
  QCOMPARE(saved.clips.size(), project.clips.size());
  for (size_t i = 0; i < saved.clips.size(); ++i) {
    QCOMPARE(saved.clips[i].name, project.clips[i].name);
    QCOMPARE(saved.clips[i].frameCount(), project.clips[i].frameCount());
    QCOMPARE(saved.clips[i].fps, project.clips[i].fps);
    QCOMPARE(saved.clips[i].rotations.size(), project.clips[i].rotations.size());
    QVERIFY(saved.clips[i].rotations.back().isApprox(project.clips[i].rotations.back(), 1e-6));
  }
  QCOMPARE(saved.settings.fps, project.settings.fps);
}

}  // namespace

class TestMainWindowFile : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // the recent files go to a test location
    QVERIFY(recoveryDir_.isValid());
    qputenv("FATGRAPH_RECOVERY_DIR", recoveryDir_.path().toUtf8());
    QVERIFY(QFile::exists(kWalk) && QFile::exists(kTPose));
  }

  void newSaveAndSaveAs() {
    QTemporaryDir dir;
    MainWindow window;
    window.setInteractive(false);
    Document* doc = window.document();
    QVERIFY(window.openFilesAndWait({kWalk}).isEmpty());
    QVERIFY(doc->isModified());

    const QString path = dir.filePath(QStringLiteral("walk.fgproj"));
    QVERIFY(window.saveTo(path));
    QVERIFY(!doc->isModified());
    QCOMPARE(doc->filePath(), path);
    QVERIFY(window.windowTitle().contains(QStringLiteral("walk.fgproj")));
    verifySavedEqual(path, *doc);
    QCOMPARE(window.recentFiles()->files().value(0), path);

    // Save writes to the same file.
    QCOMPARE(doc->renameClip(0, QStringLiteral("figure eight")), QString());
    QVERIFY(doc->isModified());
    QVERIFY(window.save());
    QVERIFY(!doc->isModified());
    QCOMPARE(fatgraph::loadProject(path.toStdString()).clips[0].name, std::string("figure eight"));

    // New empties the document; the saved file opens back as it was written.
    window.newProject();
    QCOMPARE(doc->clipCount(), 0);
    QVERIFY(doc->filePath().isEmpty());
    QVERIFY(!doc->isModified());
    QVERIFY(window.windowTitle().contains(QStringLiteral("untitled")));
    QVERIFY(window.openFilesAndWait({path}).isEmpty());
    QCOMPARE(doc->clipName(0), QStringLiteral("figure eight"));
    verifySavedEqual(path, *doc);
  }

  void failedSaveLeavesTheOldFile() {
    QTemporaryDir dir;
    MainWindow window;
    window.setInteractive(false);
    Document* doc = window.document();
    QVERIFY(window.openFilesAndWait({kWalk}).isEmpty());
    const QString path = dir.filePath(QStringLiteral("walk.fgproj"));
    QVERIFY(window.saveTo(path));
    const QByteArray before = contents(path);
    QVERIFY(!before.isEmpty());
    QVERIFY(window.openFilesAndWait({kTPose}).isEmpty());  // a second clip: modified
    QVERIFY(doc->isModified());

    // A folder that is a file: nothing can be written under it.
    QSignalSpy shown(&window, &MainWindow::errorShown);
    const QString unwritable = path + QStringLiteral("/inside.fgproj");
    QVERIFY(!window.saveTo(unwritable));
    QCOMPARE(shown.count(), 1);
    QVERIFY2(window.lastError().contains(unwritable), qPrintable(window.lastError()));  // names the file
    QCOMPARE(contents(path), before);
    QCOMPARE(doc->filePath(), path);
    QVERIFY(doc->isModified());
    QCOMPARE(doc->clipCount(), 2);

    // A read-only folder (not for root, who may write anyway): the old file stays.
    if (::geteuid() != 0) {
      QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
      QVERIFY(!window.save());
      QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                    QFileDevice::ExeOwner));
      QCOMPARE(contents(path), before);
      QVERIFY(doc->isModified());
    }
    // Into a writable place it saves.
    QVERIFY(window.save());
    QVERIFY(!doc->isModified());
    QCOMPARE(fatgraph::loadProject(path.toStdString()).clips.size(), size_t{2});
  }

  void recentMenuDropsMissingFiles() {
    QTemporaryDir dir;
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFilesAndWait({kWalk}).isEmpty());
    const QString gone = dir.filePath(QStringLiteral("gone.fgproj"));
    QVERIFY(window.saveTo(gone));
    QCOMPARE(window.recentFiles()->files().value(0), gone);
    QVERIFY(QFile::remove(gone));
    auto* menu = window.findChild<QMenu*>(QStringLiteral("recentMenu"));
    QVERIFY(menu != nullptr);
    emit menu->aboutToShow();
    QVERIFY(!window.recentFiles()->files().contains(gone));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("gone.fgproj")));
    for (QAction* action : menu->actions()) QVERIFY(!action->text().contains(QStringLiteral("gone")));
  }

  void crashedSessionIsOfferedAndRestored() {
    // A session that wrote its recovery copy and ended without a clean close.
    {
      Document crashed;
      fatgraph::editor::AutoSave autosave(&crashed);
      autosave.setEnabled(true);
      QCOMPARE(crashed.openFile(kTPose), QString());
      QVERIFY(autosave.saveNow());
      QVERIFY(crashed.jobs()->waitForFinished(-1));
      QVERIFY(QFile::exists(autosave.recoveryPath()));
    }
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.offerRecovery(), 1);  // counted, nothing shown
    QVERIFY(window.findChild<QMessageBox*>(QStringLiteral("recoveryBox")) == nullptr);
    window.setInteractive(true);
    QCOMPARE(window.offerRecovery(), 1);
    auto* box = window.findChild<QMessageBox*>(QStringLiteral("recoveryBox"));
    QVERIFY(box != nullptr);
    QVERIFY(box->windowModality() == Qt::NonModal);
    QAbstractButton* restore = nullptr;
    for (QAbstractButton* button : box->buttons()) {
      if (box->buttonRole(button) == QMessageBox::AcceptRole) restore = button;
    }
    QVERIFY(restore != nullptr);
    restore->click();
    QVERIFY(window.document()->jobs()->waitForFinished(-1));
    QCOMPARE(window.document()->clipCount(), 1);
    QVERIFY(window.document()->isModified());
    window.setInteractive(false);  // no question when the window goes
  }

  void undoIsDisabledWhileBusy() {
    MainWindow window;
    window.setInteractive(false);
    Document* doc = window.document();
    QVERIFY(window.openFilesAndWait({kWalk}).isEmpty());
    auto* undo = window.findChild<QAction*>(QStringLiteral("undoAction"));
    QVERIFY(undo != nullptr);
    QVERIFY(undo->isEnabled());
    fatgraph::editor::GraphBuildRequest oneHub;
    oneHub.hubCount = 1;
    window.startBuildGraph(oneHub);
    QVERIFY(doc->isBusy());
    QVERIFY(!undo->isEnabled());
    undo->trigger();  // e.g. a shortcut arriving anyway: refused
    QCOMPARE(doc->undoStack()->index(), 1);
    QVERIFY(doc->jobs()->waitForFinished(-1));
    QVERIFY(undo->isEnabled());
    QCOMPARE(doc->undoStack()->index(), 2);
    undo->trigger();
    QCOMPARE(doc->undoStack()->index(), 1);
    QVERIFY(doc->graph().empty());
  }
 private:
  QTemporaryDir recoveryDir_;
};

QTEST_MAIN(TestMainWindowFile)
#include "test_main_window_file.moc"
