// Building the fat graph through the document: on the calling thread and on the worker, one
// undo command whose undo restores the empty graph (and, for a build at another rate than
// the one clips were admitted at, the clips' earlier rate), cancelling that
// leaves the document unchanged, a result discarded when the document changed meanwhile, and
// the graph kept by a project save and reopen.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "one_hub_request.h"
#include "document/document.h"
#include "document/job_runner.h"

using fatgraph::editor::Document;
using fatgraph::editor::GraphBuildRequest;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

// The editor presents core: its graph must be the one `fatgraph build --hubs 1` makes of the
// same file (core's import and builder, run here without the document).
void verifyBuiltGraph(const Document& doc) {
  fatgraph::ClipSetImport cli = fatgraph::importClipSet({kRoll.toStdString()}, {});
  fatgraph::BuildOptions options;
  options.hubCount = 1;
  fatgraph::buildMotionGraph(cli.project, options);
  const fatgraph::MotionGraph& expected = cli.project.graph;
  QCOMPARE(doc.graph().hubs.size(), size_t{1});
  QCOMPARE(doc.graph().hubs[0].frame.frame, expected.hubs[0].frame.frame);
  QCOMPARE(doc.graph().hubs[0].matchSet.size(), expected.hubs[0].matchSet.size());
  QCOMPARE(doc.graph().segments.size(), expected.segments.size());
  QCOMPARE(doc.graph().fatEdges.size(), expected.fatEdges.size());
  QVERIFY(!doc.graph().fatEdges.empty());
  QVERIFY(!doc.graph().segments.empty());
  QCOMPARE(doc.clip(0).fps, 30.0);  // resampled to the working rate
  QCOMPARE(doc.project().settings.fps, 30.0);
  QCOMPARE(doc.project().settings.window, 10);
  QVERIFY(doc.project().distances.valid());
  QCOMPARE(doc.project().distances.scan.frames, doc.clip(0).frameCount());
}

}  // namespace

class TestGraphBuild : public QObject {
  Q_OBJECT

 private slots:
  void buildUndoRedo() {
    Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    const int sourceFrames = doc.clip(0).frameCount();
    QCOMPARE(doc.clip(0).fps, 30.0);  // admitted at the working rate
    QSignalSpy graphChanged(&doc, &Document::graphChanged);
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    verifyBuiltGraph(doc);
    QCOMPARE(graphChanged.count(), 1);
    QCOMPARE(doc.undoStack()->count(), 2);  // add clip, build graph
    QVERIFY(doc.undoStack()->undoText().startsWith(QStringLiteral("Build graph")));
    QCOMPARE(doc.currentClip(), 0);

    doc.undoStack()->undo();
    QVERIFY(doc.graph().empty());
    QVERIFY(doc.graph().fatEdges.empty());
    QVERIFY(!doc.project().distances.valid());
    QCOMPARE(doc.clip(0).fps, 30.0);
    QCOMPARE(doc.clip(0).frameCount(), sourceFrames);
    doc.undoStack()->redo();
    verifyBuiltGraph(doc);
  }

  void cancelLeavesDocumentUnchanged() {
    Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    QSignalSpy errors(&doc, &Document::errorOccurred);
    QSignalSpy notices(&doc, &Document::notice);
    int calls = 0;
    const QString result = doc.buildGraph(oneHubRequest(), [&calls](double) {
      ++calls;
      return false;  // cancel on the first call
    });
    QVERIFY(result.contains(QStringLiteral("cancelled")));
    QCOMPARE(calls, 1);
    QCOMPARE(errors.count(), 0);  // a cancel is no error
    QCOMPARE(notices.count(), 1);
    QVERIFY(doc.graph().empty());
    QCOMPARE(doc.clip(0).fps, 30.0);
    QCOMPARE(doc.undoStack()->count(), 1);
  }

  void buildAtAnotherRateResamplesUndoably() {
    Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    const int frames30 = doc.clip(0).frameCount();
    GraphBuildRequest request = oneHubRequest();
    request.fps = 15.0;
    request.window = 5;
    QCOMPARE(doc.buildGraph(request), QString());
    QCOMPARE(doc.clip(0).fps, 15.0);
    QCOMPARE(doc.project().settings.fps, 15.0);
    QCOMPARE(doc.clip(0).frameCount(), (frames30 - 1) / 2 + 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.clip(0).fps, 30.0);
    QCOMPARE(doc.clip(0).frameCount(), frames30);
    QCOMPARE(doc.project().settings.fps, 30.0);
  }

  void buildOnTheWorker() {
    Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    QSignalSpy progress(doc.jobs(), &fatgraph::editor::JobRunner::progressChanged);
    QCOMPARE(doc.startBuildGraph(oneHubRequest()), QString());
    QVERIFY(doc.isBusy());
    // One job at a time.
    const QString busy = QStringLiteral("Wait for the running job to finish (Building the graph)");
    QCOMPARE(doc.startBuildGraph(oneHubRequest()), busy);
    QCOMPARE(doc.saveProjectAs(QStringLiteral("/tmp/never.fgproj")), busy);
    QVERIFY(doc.graph().empty());  // nothing changes before the job ends
    QVERIFY(doc.jobs()->waitForFinished(-1));
    verifyBuiltGraph(doc);
    QVERIFY(progress.count() >= 2);
    QCOMPARE(doc.undoStack()->count(), 2);
  }

  void cancelOnTheWorker() {
    Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    QSignalSpy errors(&doc, &Document::errorOccurred);
    QCOMPARE(doc.startBuildGraph(oneHubRequest()), QString());
    doc.jobs()->cancel();
    QVERIFY(doc.jobs()->waitForFinished(-1));
    QCOMPARE(errors.count(), 0);
    QVERIFY(doc.graph().empty());
    QCOMPARE(doc.clip(0).fps, 30.0);
    QCOMPARE(doc.undoStack()->count(), 1);
  }

  void editsAreRefusedWhileItBuilds() {
    // The job reads the document's project on the worker: the document stays as it was.
    Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    const QString name = doc.clipName(0);
    QSignalSpy errors(&doc, &Document::errorOccurred);
    QCOMPARE(doc.startBuildGraph(oneHubRequest()), QString());
    QVERIFY(!doc.renameClip(0, QStringLiteral("roll")).isEmpty());  // while it builds
    QVERIFY(doc.jobs()->waitForFinished(-1));
    QCOMPARE(errors.count(), 1);
    QVERIFY(!doc.graph().empty());
    QCOMPARE(doc.clipName(0), name);
  }

  void errorsAreReportedAndChangeNothing() {
    Document doc;
    QSignalSpy errors(&doc, &Document::errorOccurred);
    QVERIFY(!doc.buildGraph(oneHubRequest()).isEmpty());  // no clips
    QCOMPARE(errors.count(), 1);
    QCOMPARE(doc.openFile(kRoll), QString());
    GraphBuildRequest request = oneHubRequest();
    request.hubThresholdRms = 0.0005;  // below every row minimum: core explains the range
    const QString error = doc.buildGraph(request);
    QVERIFY2(error.contains(QStringLiteral("threshold")), qPrintable(error));
    request.hubThresholdRms.reset();
    request.window = 0;
    QVERIFY(!doc.buildGraph(request).isEmpty());
    QCOMPARE(errors.count(), 3);
    QVERIFY(doc.graph().empty());
    QCOMPARE(doc.undoStack()->count(), 1);
  }

  void savedProjectKeepsTheGraph() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("roll.fgproj"));
    Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    QCOMPARE(doc.applyGraphEdit(fatgraph::editor::GraphEditRequest::renameFatEdge(
                 QStringLiteral("edge1"), QStringLiteral("roll"))),
             QString());
    QCOMPARE(doc.saveProjectAs(path), QString());

    Document reopened;
    QCOMPARE(reopened.openFile(path), QString());
    const fatgraph::MotionGraph& a = doc.graph();
    const fatgraph::MotionGraph& b = reopened.graph();
    QCOMPARE(b.hubs.size(), a.hubs.size());
    QCOMPARE(b.hubs[0].frame, a.hubs[0].frame);
    QCOMPARE(b.hubs[0].matchSet.size(), a.hubs[0].matchSet.size());
    QCOMPARE(b.fatEdges.size(), a.fatEdges.size());
    QCOMPARE(b.fatEdges[1].name, std::string("roll"));
    QCOMPARE(b.hubThreshold.rms, a.hubThreshold.rms);
    QCOMPARE(reopened.project().edits.size(), size_t{1});
    QCOMPARE(reopened.project().distances.scan.heatSize, doc.project().distances.scan.heatSize);
    QCOMPARE(reopened.clip(0).fps, 30.0);
  }

  void openFilesOnTheWorker() {
    Document doc;
    QSignalSpy errors(&doc, &Document::errorOccurred);
    QCOMPARE(doc.startOpenFiles({kRoll, QStringLiteral("/no/such.bvh")}), QString());
    QVERIFY(doc.isBusy());
    QVERIFY(doc.jobs()->waitForFinished(-1));
    QCOMPARE(doc.clipCount(), 1);
    QCOMPARE(errors.count(), 1);
    QVERIFY(errors.at(0).at(0).toString().contains(QStringLiteral("such.bvh")));
  }
};

QTEST_MAIN(TestGraphBuild)
#include "test_graph_build.moc"
