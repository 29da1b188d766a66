// Autosave and recovery: a session that ends without a clean close (its AutoSave and
// Document dropped) leaves a recovery copy that a new session finds and restores with the
// same clips, graph and edits, marked modified with the original file as its save target;
// the restored copy goes once the new session's own copy is written, and a clean save
// removes that. A copy whose process is gone is offered, one whose process runs is not.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "document/autosave.h"
#include "document/document.h"
#include "document/graph_build.h"
#include "document/graph_edit_request.h"
#include "document/job_runner.h"
#include "fatgraph/core/io/project_store.h"
#include "editor/wait_until.h"

using fatgraph::editor::AutoSave;
using fatgraph::editor::Document;
using fatgraph::editor::RecoveryEntry;

namespace {

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

/// Writes an info file as a session of process `pid` would, next to a copy of `project`.
RecoveryEntry writeEntry(const QString& directory, const QString& name, qint64 pid,
                         const QString& project) {
  RecoveryEntry entry;
  entry.projectPath = QDir(directory).filePath(name + QStringLiteral(".fgproj"));
  entry.infoPath = QDir(directory).filePath(name + QStringLiteral(".json"));
  QFile::copy(project, entry.projectPath);
  const QJsonObject info{{QStringLiteral("format"), QStringLiteral("fatgraph.recovery")},
                         {QStringLiteral("version"), 1},
                         {QStringLiteral("pid"), pid},
                         {QStringLiteral("token"), name},
                         {QStringLiteral("original"), QString()},
                         {QStringLiteral("project"), QFileInfo(entry.projectPath).fileName()},
                         {QStringLiteral("saved"), QStringLiteral("2026-01-01T00:00:00.000Z")}};
  QFile file(entry.infoPath);
  if (file.open(QIODevice::WriteOnly)) file.write(QJsonDocument(info).toJson());
  return entry;
}

bool listed(const QList<RecoveryEntry>& entries, const QString& infoPath) {
  for (const RecoveryEntry& e : entries) {
    if (e.infoPath == infoPath) return true;
  }
  return false;
}

}  // namespace

class TestAutoSave : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(recoveryDir_.isValid());
    QVERIFY(QFile::exists(kWalk));
    qputenv("FATGRAPH_RECOVERY_DIR", recoveryDir_.path().toUtf8());
    QCOMPARE(AutoSave::recoveryDirectory(), recoveryDir_.path());
  }

  void cleanOrDisabledWritesNothing() {
    Document doc;
    AutoSave autosave(&doc);
    QVERIFY(!autosave.saveNow());  // disabled
    autosave.setEnabled(true);
    QVERIFY(!autosave.saveNow());  // nothing unsaved
    QVERIFY(!QFile::exists(autosave.recoveryPath()));
    QCOMPARE(autosave.intervalSeconds(), AutoSave::kDefaultIntervalSeconds);
  }

  void crashedSessionIsRestored() {
    QTemporaryDir work;
    const QString original = work.filePath(QStringLiteral("walk.fgproj"));
    auto doc = std::make_unique<Document>();
    auto autosave = std::make_unique<AutoSave>(doc.get());
    autosave->setEnabled(true);
    autosave->setThrottleMs(10);
    QCOMPARE(doc->openFile(kWalk), QString());
    QCOMPARE(doc->saveProjectAs(original), QString());
    fatgraph::editor::GraphBuildRequest oneHub;
    oneHub.hubCount = 1;
    QCOMPARE(doc->buildGraph(oneHub), QString());
    QVERIFY(!doc->graph().fatEdges.empty());
    const QString edge = QString::fromStdString(doc->graph().fatEdges[0].name);
    QCOMPARE(doc->applyGraphEdit(
                 fatgraph::editor::GraphEditRequest::renameFatEdge(edge, QStringLiteral("walk"))),
             QString());
    QVERIFY(doc->isModified());

    // The throttled save after the last change writes the copy on the worker.
    QSignalSpy saved(autosave.get(), &AutoSave::saved);
    waitUntil([&] { return saved.count() > 0; });
    const QString copy = autosave->recoveryPath();
    QVERIFY(QFile::exists(copy));
    QVERIFY(QFile::exists(autosave->infoPath()));
    const fatgraph::Project before = doc->project();

    // The crash: the session ends without a clean close.
    QVERIFY(AutoSave::findRecoverable().isEmpty());  // its session is still alive
    autosave.reset();
    doc.reset();
    QVERIFY(QFile::exists(copy));

    const QList<RecoveryEntry> found = AutoSave::findRecoverable();
    QCOMPARE(found.size(), 1);
    QCOMPARE(found[0].originalPath, original);
    QCOMPARE(found[0].projectPath, copy);
    QCOMPARE(found[0].pid, QCoreApplication::applicationPid());

    Document restored;
    AutoSave next(&restored);
    next.setEnabled(true);
    QCOMPARE(next.restore(found[0]), QString());
    QVERIFY(restored.isModified());
    QCOMPARE(restored.filePath(), original);
    const fatgraph::Project& after = restored.project();
    QCOMPARE(after.clips.size(), before.clips.size());
    QCOMPARE(after.clips[0].name, before.clips[0].name);
    QCOMPARE(after.clips[0].frameCount(), before.clips[0].frameCount());
    QCOMPARE(after.graph.hubs.size(), before.graph.hubs.size());
    QCOMPARE(after.graph.segments.size(), before.graph.segments.size());
    QCOMPARE(after.graph.fatEdges.size(), before.graph.fatEdges.size());
    QCOMPARE(after.graph.fatEdges[0].name, std::string("walk"));
    QCOMPARE(after.edits, before.edits);

    // The old copy goes once this session's own copy exists.
    QSignalSpy nextSaved(&next, &AutoSave::saved);
    waitUntil([&] { return nextSaved.count() > 0; });
    QVERIFY(!QFile::exists(found[0].projectPath));
    QVERIFY(!QFile::exists(found[0].infoPath));
    QVERIFY(QFile::exists(next.recoveryPath()));
    QVERIFY(AutoSave::findRecoverable().isEmpty());

    // A clean save removes it and writes the original file.
    QCOMPARE(restored.saveProject(), QString());
    QVERIFY(!restored.isModified());
    QVERIFY(!QFile::exists(next.recoveryPath()));
    QVERIFY(!QFile::exists(next.infoPath()));
    QCOMPARE(fatgraph::loadProject(original.toStdString()).graph.fatEdges[0].name,
             std::string("walk"));
  }

  void stalePidIsRecoveredLiveIsNot() {
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("sleep")).isEmpty(),
             "the test runs `sleep` as a live process");
    QTemporaryDir work;
    const QString project = work.filePath(QStringLiteral("p.fgproj"));
    {
      Document doc;
      QCOMPARE(doc.openFile(kWalk), QString());
      QCOMPARE(doc.saveProjectAs(project), QString());
    }
    QProcess running;
    running.start(QStringLiteral("sleep"), {QStringLiteral("infinity")});  // alive until killed
    QVERIFY(running.waitForStarted(-1));
    const qint64 livePid = running.processId();
    QVERIFY(AutoSave::isProcessAlive(livePid));

    const RecoveryEntry live = writeEntry(
        recoveryDir_.path(), QStringLiteral("session-%1-other").arg(livePid), livePid, project);
    QVERIFY(!listed(AutoSave::findRecoverable(), live.infoPath));

    running.kill();
    QVERIFY(running.waitForFinished(-1));
    QVERIFY(!AutoSave::isProcessAlive(livePid));
    QVERIFY(listed(AutoSave::findRecoverable(), live.infoPath));  // the lock is stale now

    Document doc;
    AutoSave autosave(&doc);
    QCOMPARE(autosave.startRestore(AutoSave::findRecoverable().front()), QString());
    QVERIFY(doc.jobs()->waitForFinished(-1));
    QCOMPARE(doc.clipCount(), 1);
    QVERIFY(doc.isModified());
    QVERIFY(doc.filePath().isEmpty());  // never saved: Save asks for a file
    AutoSave::remove(live);
    QVERIFY(AutoSave::findRecoverable().isEmpty());
  }

 private:
  QTemporaryDir recoveryDir_;
};

QTEST_MAIN(TestAutoSave)
#include "test_autosave.moc"
