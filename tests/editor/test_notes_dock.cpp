// The notes dock keeps every notice of the document, in order, where the status bar shows only
// the latest: opening two clips gives several notes at once (T-pose dropped, retargeted,
// resampled to the working rate), and a build adds why automatic hubs stopped.
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTest>

#include "app/main_window.h"
#include "docks/notes_dock.h"
#include "document/document.h"

using fatgraph::editor::MainWindow;

namespace {
const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
const QString kKick = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_06.bvh");

int countContaining(const QStringList& lines, const QString& text) {
  int n = 0;
  for (const QString& line : lines) n += line.contains(text) ? 1 : 0;
  return n;
}
}  // namespace

class TestNotesDock : public QObject {
  Q_OBJECT

 private slots:
  void keepsEveryNoticeInOrder() {
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kWalk, kKick}), QStringList());
    const QStringList notes = window.notesDock()->notes();
    // Both files arrive at 120 fps and are stored at the 30 fps working rate.
    QCOMPARE(countContaining(notes, QStringLiteral("resampled from 120 to 30 fps")), 2);
    // 144_06 opens with a reference T-pose (frame 0), which is dropped and said so.
    QCOMPARE(countContaining(notes, QStringLiteral("reference T-pose")), 1);
    const int walk = notes.indexOf(QRegularExpression(QStringLiteral(".*144_03.*resampled.*")));
    const int kick = notes.indexOf(QRegularExpression(QStringLiteral(".*144_06.*resampled.*")));
    QVERIFY(walk >= 0 && kick > walk);  // in the order they happened

    QCOMPARE(window.document()->buildGraph({}), QString());
    const QStringList after = window.notesDock()->notes();
    QVERIFY(after.size() > notes.size());
    QCOMPARE(after.mid(0, notes.size()), notes);  // nothing earlier is lost
    QCOMPARE(countContaining(after, QStringLiteral("stopped at")), 1);  // the auto-hub rule
  }
};

QTEST_MAIN(TestNotesDock)
#include "test_notes_dock.moc"
