// Background reads of the document's project (Document::readInBackground): they read the
// document's own project (no copy), and every kind of change — a clip renamed, a clip added,
// an undo, a graph edit — first stops the running reads (their progress turns false) and
// waits for them, so no read ever sees a project half-changed. The hub suggestions, which
// rank this way, come back after a change stopped their run.
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <thread>

#include "document/document.h"
#include "models/hub_suggestion_list.h"
#include "one_hub_request.h"

using namespace fatgraph::editor;

namespace {

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
const QString kKick = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_05.bvh");

struct ReadOutcome {
  const fatgraph::Project* seen = nullptr;  // the project the read was given
  int clipsAtStart = -1;
  int clipsAtEnd = -1;  // read after the stop: unchanged while the read ran
  bool stopped = false;
};

}  // namespace

class TestBackgroundReads : public QObject {
  Q_OBJECT

  // Starts a read that spins until the document stops it, and waits until it runs.
  QFuture<ReadOutcome> startSpinningRead(Document& document, std::atomic<bool>& running) {
    running = false;
    QFuture<ReadOutcome> future = document.readInBackground<ReadOutcome>(
        [&running](const fatgraph::Project& project, const fatgraph::ProgressCallback& progress) {
          ReadOutcome outcome;
          outcome.seen = &project;
          outcome.clipsAtStart = static_cast<int>(project.clips.size());
          running = true;
          // Until stopped: a document that never stops its reads hangs the test, which its
          // ctest TIMEOUT ends.
          while (progress(0.0)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
          outcome.stopped = true;
          outcome.clipsAtEnd = static_cast<int>(project.clips.size());
          return outcome;
        });
    while (!running) std::this_thread::yield();
    return future;
  }

 private slots:
  void aReadSeesTheDocumentsOwnProject() {
    Document document;
    QCOMPARE(document.openFile(kWalk), QString());
    QFuture<int> frames = document.readInBackground<int>(
        [&document](const fatgraph::Project& project, const fatgraph::ProgressCallback&) {
          return &project == &document.project() ? project.clips.front().frameCount() : -1;
        });
    QCOMPARE(frames.result(), document.clip(0).frameCount());
  }

  void everyChangeStopsTheRunningReadsFirst_data() {
    QTest::addColumn<QString>("change");
    QTest::newRow("rename a clip") << QStringLiteral("rename");
    QTest::newRow("add a clip") << QStringLiteral("add");
    QTest::newRow("undo") << QStringLiteral("undo");
    QTest::newRow("graph edit") << QStringLiteral("edit");
  }
  void everyChangeStopsTheRunningReadsFirst() {
    QFETCH(QString, change);
    Document document;
    QCOMPARE(document.openFile(kWalk), QString());
    QCOMPARE(document.buildGraph(oneHubRequest()), QString());
    std::atomic<bool> running{false};
    QFuture<ReadOutcome> read = startSpinningRead(document, running);
    QVERIFY(!read.isFinished());
    const int clips = document.clipCount();
    if (change == QStringLiteral("rename")) {
      QCOMPARE(document.renameClip(0, QStringLiteral("walk")), QString());
    } else if (change == QStringLiteral("add")) {
      QCOMPARE(document.openFile(kKick), QString());
    } else if (change == QStringLiteral("undo")) {
      QCOMPARE(document.undo(), QString());
    } else {
      const QString edge = QString::fromStdString(document.graph().fatEdges.front().name);
      QCOMPARE(document.applyGraphEdit(GraphEditRequest::renameFatEdge(edge, QStringLiteral("w"))),
               QString());
    }
    // The change returned only after the read had ended, stopped, with the project unchanged
    // all the while it ran.
    QVERIFY(read.isFinished());
    const ReadOutcome outcome = read.result();
    QVERIFY(outcome.stopped);
    QCOMPARE(outcome.seen, &document.project());
    QCOMPARE(outcome.clipsAtStart, clips);
    QCOMPARE(outcome.clipsAtEnd, clips);
  }

  void suggestionsComeBackAfterAChangeStoppedTheirRanking() {
    Document document;
    QCOMPARE(document.openFile(kWalk), QString());
    QCOMPARE(document.buildGraph(oneHubRequest()), QString());
    HubSuggestionList list(&document);  // starts ranking at once
    const QString edge = QString::fromStdString(document.graph().fatEdges.front().name);
    QCOMPARE(document.applyGraphEdit(GraphEditRequest::renameFatEdge(edge, QStringLiteral("w"))),
             QString());
    list.waitForRanking();
    QVERIFY(list.rowCount() > 0);
    QVERIFY2(list.status().isEmpty(), qPrintable(list.status()));
    // The same list as ranked from scratch on the project as it is now.
    const std::vector<fatgraph::RankedHubSuggestion> expected =
        fatgraph::rankHubSuggestions(document.project(), HubSuggestionList::kCount);
    QCOMPARE(list.rowCount(), static_cast<int>(expected.size()));
    for (int i = 0; i < list.rowCount(); ++i) {
      QCOMPARE(list.suggestion(i).globalFrame, expected[static_cast<size_t>(i)].globalFrame);
    }
  }
};

QTEST_GUILESS_MAIN(TestBackgroundReads)
#include "test_background_reads.moc"
