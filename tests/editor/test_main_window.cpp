// The main window without OpenGL (offscreen): opening files, errors shown without a modal
// dialog, drag and drop, undo through the Edit actions, the status bar and the timeline
// driving the viewport's pose.
#include <QAction>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QProgressDialog>
#include <QSpinBox>
#include <QStatusBar>
#include <QListView>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

#include "document/document.h"
#include "document/job_runner.h"
#include "app/main_window.h"
#include "dialogs/build_graph_dialog.h"
#include "docks/clip_list_dock.h"
#include "docks/heat_map_dock.h"
#include "views/heat_map_view.h"
#include "editor/wait_until.h"
#include "views/timeline_widget.h"
#include "views/viewport.h"

using fatgraph::editor::MainWindow;

namespace {

QString dataFile(const char* relative) {
  return QStringLiteral(FATGRAPH_DATA_DIR "/") + QString::fromUtf8(relative);
}
const QString kKick = dataFile("cmu-leonardo-ono-roll/144_05.bvh");
const QString kKick2 = dataFile("cmu-leonardo-ono-roll/144_06.bvh");
const QString kOtherRig = dataFile("cmu-bvh11/131_01.bvh");
const QString kRoll = dataFile("cmu-leonardo-ono-roll/144_03.bvh");

QMimeData* urlsOf(const QStringList& paths) {
  auto* mime = new QMimeData;
  QList<QUrl> urls;
  for (const QString& path : paths) urls << QUrl::fromLocalFile(path);
  mime->setUrls(urls);
  return mime;
}

}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  void openShowsTheClip() {
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kKick}), QStringList());
    const QString status = window.statusLabel()->text();
    for (const char* part : {"144_05", "31 joints", "frames", "30 fps", "units: cmu"}) {
      QVERIFY2(status.contains(QString::fromUtf8(part)), qPrintable(status));
    }
    QCOMPARE(window.timeline()->frameCount(), window.document()->clip(0).frameCount());
    QVERIFY(window.viewport()->scene().hasClip());
    QCOMPARE(window.viewport()->scene().jointPositions().size(), size_t{31});
    QVERIFY(window.isWindowModified());
    QCOMPARE(window.clipListDock()->view()->currentIndex().row(), 0);
  }

  void errorIsShownWithoutBlocking() {
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy shown(&window, &MainWindow::errorShown);
    QCOMPARE(window.openFiles({kKick}), QStringList());
    const QStringList errors = window.openFiles({kOtherRig});
    QCOMPARE(errors.size(), 1);
    QCOMPARE(shown.count(), 1);
    QCOMPARE(window.lastError(), errors.front());
    QVERIFY(window.lastError().contains(QStringLiteral("131_01")));
    QVERIFY(window.lastError().contains(QStringLiteral("144_05")));
    QCOMPARE(window.document()->clipCount(), 1);
    QVERIFY(window.statusLabel()->text().contains(QStringLiteral("144_05")));
  }

  void timelineDrivesThePose() {
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kKick}), QStringList());
    const auto before = window.viewport()->scene().jointPositions();
    QVERIFY(window.showFrame(300));
    QCOMPARE(window.viewport()->scene().frame(), 300);
    QVERIFY(window.viewport()->scene().jointPositions() != before);
  }

  void dropOpensFiles() {
    MainWindow window;
    window.setInteractive(false);
    std::unique_ptr<QMimeData> mime(urlsOf({kKick, kKick2}));
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton,
                          Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(window.document()->isBusy());  // dropped files are read on the worker
    QVERIFY(window.document()->jobs()->waitForFinished(-1));
    QCOMPARE(window.document()->clipCount(), 2);

    std::unique_ptr<QMimeData> text(urlsOf({QStringLiteral("/tmp/notes.txt")}));
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, text.get(), Qt::LeftButton,
                            Qt::NoModifier);
    refused.setAccepted(false);
    QApplication::sendEvent(&window, &refused);
    QVERIFY(!refused.isAccepted());
  }

  void removeAndUndoFromTheMenu() {
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kKick, kKick2}), QStringList());
    auto* remove = window.findChild<QAction*>(QStringLiteral("removeClipAction"));
    auto* undo = window.findChild<QAction*>(QStringLiteral("undoAction"));
    auto* redo = window.findChild<QAction*>(QStringLiteral("redoAction"));
    QVERIFY(remove && undo && redo);
    QCOMPARE(window.document()->currentClip(), 1);
    remove->trigger();
    QCOMPARE(window.document()->clipCount(), 1);
    QVERIFY(window.statusLabel()->text().contains(QStringLiteral("144_05")));
    QVERIFY(undo->text().contains(QStringLiteral("144_06")));
    undo->trigger();
    QCOMPARE(window.document()->clipCount(), 2);
    QCOMPARE(window.document()->currentClip(), 1);
    QVERIFY(window.statusLabel()->text().contains(QStringLiteral("144_06")));
    redo->trigger();
    remove->trigger();
    QCOMPARE(window.document()->clipCount(), 0);
    QVERIFY(!remove->isEnabled());
    QVERIFY(!window.viewport()->scene().hasClip());
    QCOMPARE(window.timeline()->frameCount(), 0);
  }

  void selectingInTheListSwitchesClip() {
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kKick, kKick2}), QStringList());
    QListView* list = window.clipListDock()->view();
    list->setCurrentIndex(list->model()->index(0, 0));
    QCOMPARE(window.document()->currentClip(), 0);
    QCOMPARE(window.timeline()->frameCount(), window.document()->clip(0).frameCount());
    QVERIFY(window.statusLabel()->text().contains(QStringLiteral("144_05")));
  }

  void buildGraphFromTheMenu() {
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kRoll}), QStringList());
    auto* build = window.findChild<QAction*>(QStringLiteral("buildGraphAction"));
    auto* undo = window.findChild<QAction*>(QStringLiteral("undoAction"));
    QVERIFY(build && undo && build->isEnabled());
    QCOMPARE(build->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_B));
    build->trigger();
    auto* dialog = window.findChild<fatgraph::editor::BuildGraphDialog*>();
    QVERIFY(dialog != nullptr);
    QCOMPARE(dialog->fpsSpin()->value(), 30.0);
    QCOMPARE(dialog->windowSpin()->value(), 10);
    QCOMPARE(dialog->hubCountSpin()->value(), 0);
    QVERIFY(dialog->hubAutomaticBox()->isChecked());
    QVERIFY(!dialog->hubThresholdSpin()->isEnabled());
    QVERIFY(dialog->edgeAutomaticBox()->isChecked());
    dialog->hubCountSpin()->setValue(1);  // the dialog's choice reaches the build
    dialog->accept();
    QVERIFY(window.document()->isBusy());  // on the worker, with a progress dialog
    QVERIFY(window.progressDialog() != nullptr);
    QVERIFY(!build->isEnabled());
    QVERIFY(window.document()->jobs()->waitForFinished(-1));
    QCOMPARE(window.document()->graph().hubs.size(), size_t{1});
    QVERIFY(build->isEnabled());
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Graph built")));
    QVERIFY(!window.heatMapDock()->view()->image().isNull());
    QVERIFY(undo->text().contains(QStringLiteral("Build graph")));
    undo->trigger();
    QVERIFY(window.document()->graph().empty());
    QVERIFY(window.heatMapDock()->view()->image().isNull());
    QCOMPARE(window.timeline()->fps(), 30.0);  // clips are admitted at the working rate
  }

  void cancelFromTheProgressDialog() {
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kRoll}), QStringList());
    QSignalSpy errors(&window, &MainWindow::errorShown);
    window.startBuildGraph({});
    QVERIFY(window.progressDialog() != nullptr);
    emit window.progressDialog()->canceled();
    QVERIFY(window.document()->jobs()->waitForFinished(-1));
    QVERIFY(window.document()->graph().empty());
    QCOMPARE(window.document()->undoStack()->count(), 1);
    QCOMPARE(errors.count(), 0);
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("cancelled")));
    waitUntil([&] { return window.progressDialog() == nullptr; });  // closed and deleted
  }

  void heatMapClickShowsTheRow() {
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kRoll}), QStringList());
    QCOMPARE(window.document()->buildGraph({}), QString());
    emit window.heatMapDock()->view()->frameRequested(0, 500);
    QCOMPARE(window.timeline()->frame(), 500);
    QCOMPARE(window.viewport()->scene().frame(), 500);
  }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
