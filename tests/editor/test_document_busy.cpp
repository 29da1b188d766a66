// While a job runs the document is frozen, so the job can read the project from the worker
// instead of a copy made on the GUI thread: undo, redo and every edit are refused (the
// document unchanged), and the job's result is the one the calling-thread path gives.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "document/document.h"
#include "document/graph_build.h"
#include "document/graph_edit_request.h"
#include "document/job_runner.h"

using fatgraph::editor::Document;
using fatgraph::editor::GraphBuildRequest;
using fatgraph::editor::GraphEditRequest;

namespace {

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
const QString kKick = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_05.bvh");

GraphBuildRequest oneHub() {
  GraphBuildRequest request;
  request.hubCount = 1;
  return request;
}

/// Every way to change the document must be refused while `doc` runs a job.
void verifyFrozen(Document& doc, const QString& saveTo) {
  QVERIFY(doc.isBusy());
  const int index = doc.undoStack()->index();
  const int count = doc.undoStack()->count();
  const int clips = doc.clipCount();
  const std::string firstName = doc.clip(0).name;
  QSignalSpy errors(&doc, &Document::errorOccurred);
  QVERIFY(!doc.undo().isEmpty());
  QVERIFY(!doc.redo().isEmpty());
  QVERIFY(!doc.renameClip(0, QStringLiteral("renamed")).isEmpty());
  QVERIFY(!doc.removeClip(0).isEmpty());
  QVERIFY(!doc.addBvh(kKick).isEmpty());
  QVERIFY(!doc.openFile(kKick).isEmpty());
  QVERIFY(!doc.newProject().isEmpty());
  QVERIFY(!doc.saveProjectAs(saveTo).isEmpty());
  QVERIFY(!doc.applyGraphEdit(GraphEditRequest::acceptHub()).isEmpty());
  QVERIFY(!doc.startGraphEdit(GraphEditRequest::acceptHub()).isEmpty());
  QVERIFY(!doc.startBuildGraph(oneHub()).isEmpty());
  QCOMPARE(errors.count(), 11);
  QCOMPARE(doc.undoStack()->index(), index);
  QCOMPARE(doc.undoStack()->count(), count);
  QCOMPARE(doc.clipCount(), clips);
  QCOMPARE(doc.clip(0).name, firstName);
  QVERIFY(!QFile::exists(saveTo));
}

}  // namespace

class TestDocumentBusy : public QObject {
  Q_OBJECT

 private slots:
  void buildJobFreezesTheDocument() {
    QTemporaryDir dir;
    Document reference;
    QCOMPARE(reference.openFile(kWalk), QString());
    QCOMPARE(reference.buildGraph(oneHub()), QString());

    Document doc;
    QCOMPARE(doc.openFile(kWalk), QString());
    QCOMPARE(doc.startBuildGraph(oneHub()), QString());
    // The completion runs on this thread's event loop: until it has, the job is running.
    verifyFrozen(doc, dir.filePath(QStringLiteral("during-build.fgproj")));
    QVERIFY(doc.jobs()->waitForFinished(-1));
    QVERIFY(!doc.isBusy());
    QCOMPARE(doc.undoStack()->count(), 2);  // add clip, build
    QCOMPARE(doc.graph().hubs.size(), reference.graph().hubs.size());
    QCOMPARE(doc.graph().hubs[0].frame.frame, reference.graph().hubs[0].frame.frame);
    QCOMPARE(doc.graph().fatEdges.size(), reference.graph().fatEdges.size());
    QCOMPARE(doc.graph().segments.size(), reference.graph().segments.size());

    // Idle again: undo and redo work.
    QCOMPARE(doc.undo(), QString());
    QVERIFY(doc.graph().empty());
    QCOMPARE(doc.redo(), QString());
    QCOMPARE(doc.graph().hubs.size(), reference.graph().hubs.size());
  }

  void editJobFreezesTheDocument() {
    QTemporaryDir dir;
    Document doc;
    QCOMPARE(doc.openFile(kWalk), QString());
    QCOMPARE(doc.buildGraph(oneHub()), QString());
    Document reference;
    QCOMPARE(reference.openFile(kWalk), QString());
    QCOMPARE(reference.buildGraph(oneHub()), QString());
    QCOMPARE(reference.applyGraphEdit(GraphEditRequest::acceptHub()), QString());

    QCOMPARE(doc.startGraphEdit(GraphEditRequest::acceptHub()), QString());
    verifyFrozen(doc, dir.filePath(QStringLiteral("during-edit.fgproj")));
    QVERIFY(doc.jobs()->waitForFinished(-1));
    QCOMPARE(doc.graph().hubs.size(), reference.graph().hubs.size());
    QCOMPARE(doc.graph().fatEdges.size(), reference.graph().fatEdges.size());
    QCOMPARE(doc.project().edits, reference.project().edits);
  }

  void destroyedWhileAJobReads() {
    // The document waits for its job before its project goes (the job reads it, uncopied).
    auto* doc = new Document;
    QCOMPARE(doc->openFile(kWalk), QString());
    QCOMPARE(doc->startBuildGraph(oneHub()), QString());
    delete doc;
  }
};

QTEST_MAIN(TestDocumentBusy)
#include "test_document_busy.moc"
