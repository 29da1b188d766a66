// The main window without OpenGL (offscreen): opening files, errors shown without a modal
// dialog, drag and drop, undo through the Edit actions, the status bar and the timeline
// driving the viewport's pose.
#include <QAction>
#include <QLabel>
#include <QListView>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

#include "app/document.h"
#include "app/main_window.h"
#include "docks/clip_list_dock.h"
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
    for (const char* part : {"144_05", "31 joints", "frames", "120 fps", "units: cmu"}) {
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
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
