// MPI ranks (issue 15) as a user runs them, through mpirun: the distributed distance scan is
// bitwise the one-process scan with 1, 2 and 3 ranks; a failing rank ends every rank with its
// message; `mpirun -np 2 fatgraph build` writes the project a plain build writes.
// SKIPPED (77) when mpirun is missing. Ranks are oversubscribed (2 cores here) and may run
// as root, as CI does.
#include <QtTest>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include "fatgraph/core/project_store.h"
#include "scan_identity.h"
#include "skippable_test_main.h"

namespace {

QString s(const char* text) { return QString::fromUtf8(text); }

struct Run {
  int exitCode = -1;  // -1: crashed or timed out
  QString out, err;
  qint64 ms = 0;
};

Run mpirun(int ranks, const QString& program, const QStringList& args, int timeoutMs = 600000) {
  QProcess p;
  QElapsedTimer clock;
  clock.start();
  p.start(s(MPIEXEC), QStringList{s("-np"), QString::number(ranks), s("--oversubscribe"),
                                  s("--allow-run-as-root"), program} + args);
  const bool finished = p.waitForFinished(timeoutMs);
  if (!finished) p.kill(), p.waitForFinished();
  return {finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
          QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError()),
          clock.elapsed()};
}

Run cli(const QStringList& args) {
  QProcess p;
  p.start(s(FATGRAPH_CLI), args);
  p.waitForFinished(600000);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
          QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError()), 0};
}

// inspect --json without the fields that name the file.
QJsonObject graphContent(const QString& project) {
  const Run r = cli({s("inspect"), project, s("--json")});
  QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
  for (const char* key : {"path", "file", "output", "size_bytes"}) j.remove(s(key));
  return j;
}

}  // namespace

class TestMpiRanks : public QObject {
  Q_OBJECT
 private slots:
  void scanIsIdenticalOnAnyNumberOfRanks_data() {
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("threads");
    for (int ranks : {1, 2, 3}) {
      for (int threads : {1, 2}) {
        QTest::addRow("%d ranks x %d threads", ranks, threads) << ranks << threads;
      }
    }
  }
  void scanIsIdenticalOnAnyNumberOfRanks() {
    QFETCH(int, ranks);
    QFETCH(int, threads);
    const Run r = mpirun(ranks, s(MPI_SCAN_CHECK), {s("--threads"), QString::number(threads)});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(s("identical over %1 ranks").arg(ranks)), qPrintable(r.out));
  }

  void failingRankEndsEveryRank() {
    // Rank 1's share throws while rank 0 waits for it: the run must end, quickly, non-zero,
    // with rank 1's message.
    const Run r = mpirun(3, s(MPI_SCAN_CHECK), {s("--fail-rank"), s("1")}, 120000);
    QVERIFY2(r.exitCode > 0, qPrintable(QString::number(r.exitCode) + r.out + r.err));
    QVERIFY2(r.err.contains(s("rank 1 of 3: distance scan: pose distance: window must be at least 1 frame")),
             qPrintable(r.err));
    QVERIFY2(r.ms < 60000, qPrintable(QString::number(r.ms)));
  }

  void killedRankEndsEveryRank() {
    // Rank 2 dies by SIGKILL while rank 0 waits for its share: mpirun ends the run.
    const Run r = mpirun(3, s(MPI_SCAN_CHECK), {s("--kill-rank"), s("2")}, 120000);
    QVERIFY2(r.exitCode != 0, qPrintable(r.out + r.err));
    QVERIFY2(!r.out.contains(s("identical")), qPrintable(r.out));
    QVERIFY2(r.err.contains(s("rank 2")) && r.err.contains(s("signal 9")), qPrintable(r.err));
    QVERIFY2(r.ms < 60000, qPrintable(QString::number(r.ms)));
  }

  void buildOnTwoRanksWritesTheSameProject() {
    QTemporaryDir dir;
    const QString clip = s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
    const QString one = dir.filePath(s("one.fgproj")), two = dir.filePath(s("two.fgproj"));
    const Run plain = cli({s("build"), clip, s("-o"), one, s("--threads"), s("1"), s("--json")});
    QVERIFY2(plain.exitCode == 0, qPrintable(plain.err));
    const Run ranked = mpirun(2, s(FATGRAPH_CLI), {s("build"), clip, s("-o"), two, s("--threads"), s("1"), s("--json")});
    QVERIFY2(ranked.exitCode == 0, qPrintable(ranked.err));
    // Rank 0 alone prints (one JSON object) and writes.
    const QJsonObject j = QJsonDocument::fromJson(ranked.out.toUtf8()).object();
    QCOMPARE(j.value(s("ranks")).toInt(), 2);
    QCOMPARE(j.value(s("threads")).toInt(), 1);
    QCOMPARE(QJsonDocument::fromJson(plain.out.toUtf8()).object().value(s("ranks")).toInt(), 1);
    QVERIFY(QFileInfo::exists(two));

    QCOMPARE(graphContent(two), graphContent(one));
    const fatgraph::Project a = fatgraph::loadProject(one.toStdString());
    const fatgraph::Project b = fatgraph::loadProject(two.toStdString());
    QVERIFY(a.distances.scan.frames > 0);
    QCOMPARE(b.distances.fingerprint, a.distances.fingerprint);
    const std::string difference = fatgraph::test::scanDifference(b.distances.scan, a.distances.scan);
    QVERIFY2(difference.empty(), difference.c_str());
  }

  void ranksGivenOtherClipsAreAnError() {
    // mpirun's MPMD form gives rank 1 another clip set: rank 1 sees that its distance
    // fingerprint differs from rank 0's and ends the run before any share is merged.
    QTemporaryDir dir;
    const QString out = dir.filePath(s("mixed.fgproj"));
    const QString d = s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/");
    QProcess p;
    p.start(s(MPIEXEC), {s("--oversubscribe"), s("--allow-run-as-root"),
                         s("-np"), s("1"), s(FATGRAPH_CLI), s("build"), d + s("144_03.bvh"), s("-o"), out, s(":"),
                         s("-np"), s("1"), s(FATGRAPH_CLI), s("build"), d + s("144_05.bvh"), s("-o"), out});
    QVERIFY(p.waitForFinished(120000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitCode() != 0, qPrintable(err));
    QVERIFY2(err.contains(s("rank 1 of 2: build: this rank's clips differ from rank 0's")), qPrintable(err));
    QVERIFY(!QFileInfo::exists(out));
  }

  void aFailingBuildEndsEveryRankAndWritesNothing() {
    // Every rank fails to read a missing clip: the run ends with the message, no rank waits
    // for another, and nothing is written.
    QTemporaryDir dir;
    const QString out = dir.filePath(s("none.fgproj"));
    const Run r = mpirun(2, s(FATGRAPH_CLI), {s("build"), dir.filePath(s("missing.bvh")), s("-o"), out}, 120000);
    QVERIFY(r.exitCode > 0);
    QVERIFY2(r.err.contains(s("missing.bvh")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(out));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestMpiRanks, {QFileInfo::exists(s(MPIEXEC)), "mpirun is not installed"})
#include "test_mpi_ranks.moc"
