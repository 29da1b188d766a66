// MPI ranks (issue 15) as a user runs them, through mpirun: the distributed distance scan is
// bitwise the one-process scan with 1, 2 and 3 ranks; a failing rank ends every rank with its
// message; `mpirun -np K fatgraph build` writes bit for bit the project a plain build writes;
// a killed rank ends a build and leaves the previous project in place.
// SKIPPED (77) when mpirun is missing. Ranks are oversubscribed (2 cores here) and may run
// as root, as CI does.
#include <algorithm>
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <unistd.h>

#include "fatgraph/core/io/project_store.h"
#include "core/graph_identity.h"
#include "skippable_test_main.h"

namespace {

QString s(const char* text) { return QString::fromUtf8(text); }

// mpirun's exit code when a rank ends the run with MPI_Abort (fatgraph::mpi::Ranks::abort, error
// code 1 as any failure of the command line), and when a rank dies by SIGKILL.
constexpr int kAborted = 1;
constexpr int kRankKilled = 137;

// How mpirun (or a plain `fatgraph`) ended: exitCode is -1 when it crashed, so that a crash
// never passes for the exit code a failure must have.
struct Run {
  int exitCode = -1;
  QString out, err;
};

Run finished(QProcess& p) {
  p.waitForFinished(-1);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
          QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// No time limits in these runs: a hung rank is ended by the test's ctest TIMEOUT.
Run mpirun(int ranks, const QString& program, const QStringList& args) {
  QProcess p;
  p.start(s(MPIEXEC), QStringList{s("-np"), QString::number(ranks), s("--oversubscribe"),
                                  s("--allow-run-as-root"), program} + args);
  return finished(p);
}

Run cli(const QStringList& args) {
  QProcess p;
  p.start(s(FATGRAPH_CLI), args);
  return finished(p);
}

// The processor time (user and system) process `pid` has used, in seconds: how far a rank has
// got, which a loaded machine does not change as it changes the wall clock. 0 once it is gone.
double cpuSeconds(const QString& pid) {
  QFile f(s("/proc/") + pid + s("/stat"));
  if (!f.open(QIODevice::ReadOnly)) return 0;
  const QByteArray stat = f.readAll();
  // After the command name in parentheses: field 3 (state) onwards; utime is 14, stime 15.
  const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
  if (fields.size() < 13) return 0;
  return (fields[11].toDouble() + fields[12].toDouble()) / double(sysconf(_SC_CLK_TCK));
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
    for (int ranks : {1, 2, 3, 5}) {  // 5: three rounds of the reduction tree, one rank idle in two
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
    // Rank 1's share throws while rank 0 waits for it: the run must end (no rank left waiting)
    // with the exit code of the abort and rank 1's message.
    const Run r = mpirun(3, s(MPI_SCAN_CHECK), {s("--fail-rank"), s("1")});
    QVERIFY2(r.exitCode == kAborted, qPrintable(QString::number(r.exitCode) + r.out + r.err));
    QVERIFY2(r.err.contains(s("rank 1 of 3: distance scan: pose distance: window must be at least 1 frame")),
             qPrintable(r.err));
  }

  void killedRankEndsEveryRank() {
    // Rank 2 dies by SIGKILL while rank 0 waits for its share: mpirun ends the run.
    const Run r = mpirun(3, s(MPI_SCAN_CHECK), {s("--kill-rank"), s("2")});
    QVERIFY2(r.exitCode == kRankKilled, qPrintable(QString::number(r.exitCode) + r.out + r.err));
    QVERIFY2(!r.out.contains(s("identical")), qPrintable(r.out));
    QVERIFY2(r.err.contains(s("rank 2")) && r.err.contains(s("signal 9")), qPrintable(r.err));
  }

  void buildOnRanksWritesTheSameProject_data() {
    QTest::addColumn<int>("ranks");
    for (int ranks : {1, 2, 3}) QTest::addRow("%d ranks", ranks) << ranks;
  }
  void buildOnRanksWritesTheSameProject() {
    // The whole build (import, scan, hub rows, segment pairs, parameterization) on 1, 2 and 3 ranks
    // gives bit for bit the project of the plain build, on two clips of different motions.
    QFETCH(int, ranks);
    QTemporaryDir dir;
    const QString d = s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/");
    const QStringList args{s("build"), d + s("144_03.bvh"), d + s("90_05.bvh"), s("--samples"), s("60"),
                           s("--grid"), s("8"), s("--threads"), s("1"), s("--json"), s("-o")};
    const QString one = dir.filePath(s("one.fgproj")), many = dir.filePath(s("many.fgproj"));
    const Run plain = cli(args + QStringList{one});
    QVERIFY2(plain.exitCode == 0, qPrintable(plain.err));
    const Run ranked = mpirun(ranks, s(FATGRAPH_CLI), args + QStringList{many});
    QVERIFY2(ranked.exitCode == 0, qPrintable(ranked.err));
    // Rank 0 alone prints (one JSON object) and writes.
    const QJsonObject j = QJsonDocument::fromJson(ranked.out.toUtf8()).object();
    QCOMPARE(j.value(s("ranks")).toInt(), ranks);
    QCOMPARE(j.value(s("threads")).toInt(), 1);
    QCOMPARE(QJsonDocument::fromJson(plain.out.toUtf8()).object().value(s("ranks")).toInt(), 1);
    // Every rank's time per spread stage (absent with one rank: nothing is spread).
    const QJsonArray perRank = j.value(s("rank_timings_s")).toArray();
    QCOMPARE(perRank.size(), ranks > 1 ? ranks : 0);
    for (const QJsonValue& r : perRank) {
      const QJsonObject stages = r.toObject().value(s("stages")).toObject();
      for (const char* stage : {"clip import", "distance scan", "hub rows", "segment pairs", "fat edges",
                                "edge blends", "parameterization"}) {
        QVERIFY2(stages.value(s(stage)).toObject().value(s("calls")).toInt() >= 1, stage);
      }
    }
    // Each rank's peak resident memory (47 to 50 MB measured on 1 to 3 ranks); the build's is
    // the largest rank's.
    const QJsonArray peaks = j.value(s("rank_peak_memory_bytes")).toArray();
    QCOMPARE(peaks.size(), ranks);
    double largest = 0;
    for (const QJsonValue& p : peaks) {
      QVERIFY2(p.toDouble() > 25e6 && p.toDouble() < 100e6, qPrintable(QString::number(p.toDouble())));
      largest = std::max(largest, p.toDouble());
    }
    QCOMPARE(j.value(s("peak_memory_bytes")).toDouble(), largest);
    QVERIFY(QFileInfo::exists(many));

    QCOMPARE(graphContent(many), graphContent(one));
    const fatgraph::Project a = fatgraph::loadProject(one.toStdString());
    const fatgraph::Project b = fatgraph::loadProject(many.toStdString());
    QVERIFY(a.distances.scan.frames > 0 && a.graph.fatEdges.size() >= 2);
    QCOMPARE(b.distances.fingerprint, a.distances.fingerprint);
    const std::string scan = fatgraph::test::scanDifference(b.distances.scan, a.distances.scan);
    QVERIFY2(scan.empty(), scan.c_str());
    const std::string graph = fatgraph::test::graphDifference(b.graph, a.graph);
    QVERIFY2(graph.empty(), graph.c_str());
  }

  void killedRankEndsTheBuildAndKeepsTheOldProject() {
    // A rank killed in the middle of a build ends the run; the project already at the output
    // path is left as it was.
    QTemporaryDir dir;
    const QString out = dir.filePath(s("kept.fgproj"));
    const QByteArray before("a previous project");
    {
      QFile f(out);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(before);
    }
    const QString d = s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/");
    QStringList args{s("-np"), s("2"), s("--oversubscribe"), s("--allow-run-as-root"), s(FATGRAPH_CLI), s("build")};
    for (int copy = 0; copy < 3; ++copy) args << QDir(d).entryList({s("*.bvh")}, QDir::Files).replaceInStrings(QRegularExpression(s("^")), d);
    args << s("--threads") << s("1") << s("-o") << out;
    QProcess p;
    p.start(s(MPIEXEC), args);
    QVERIFY(p.waitForStarted(-1));
    // Rank 1 is the second child of mpirun to start; kill it once both ranks are working, that
    // is once it has used a second of processor time (into the distance scan).
    QString victim;
    while (victim.isEmpty() && p.state() != QProcess::NotRunning) {
      QTest::qWait(100);
      QProcess pgrep;
      pgrep.start(s("pgrep"), {s("-P"), QString::number(p.processId()), s("-f"), s("fatgraph build")});
      pgrep.waitForFinished(-1);
      const QStringList pids = QString::fromUtf8(pgrep.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
      if (pids.size() == 2 && cpuSeconds(pids.last()) >= 1.0) victim = pids.last();
    }
    QVERIFY2(!victim.isEmpty(), "the ranks did not start");
    QProcess::execute(s("kill"), {s("-KILL"), victim});
    const Run r = finished(p);
    QVERIFY2(r.exitCode == kRankKilled, qPrintable(QString::number(r.exitCode) + r.err));
    QVERIFY2(r.err.contains(s("signal 9")), qPrintable(r.err));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
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
    const Run r = finished(p);
    QVERIFY2(r.exitCode == kAborted, qPrintable(QString::number(r.exitCode) + r.err));
    QVERIFY2(r.err.contains(s("rank 1 of 2: build: this rank's clips differ from rank 0's")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(out));
  }

  void aFailingBuildEndsEveryRankAndWritesNothing() {
    // Every rank fails to read a missing clip: the run ends with the message, no rank waits
    // for another, and nothing is written.
    QTemporaryDir dir;
    const QString out = dir.filePath(s("none.fgproj"));
    const Run r = mpirun(2, s(FATGRAPH_CLI), {s("build"), dir.filePath(s("missing.bvh")), s("-o"), out});
    QVERIFY2(r.exitCode == kAborted, qPrintable(QString::number(r.exitCode) + r.err));
    QVERIFY2(r.err.contains(s("missing.bvh: cannot open")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(out));
  }

  void aLaterFileOneRankCannotReadEndsEveryRankNamingIt() {
    // The files after the first are dealt out by size: the missing one (the smallest) goes to
    // rank 1, which ends the run with the reader's message; rank 0 does not wait for it.
    QTemporaryDir dir;
    const QString out = dir.filePath(s("none.fgproj"));
    const QString d = s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/");
    const Run r = mpirun(2, s(FATGRAPH_CLI),
                         {s("build"), d + s("144_03.bvh"), d + s("90_05.bvh"), dir.filePath(s("absent.bvh")), s("-o"), out});
    QVERIFY2(r.exitCode == kAborted, qPrintable(QString::number(r.exitCode) + r.err));
    QVERIFY2(r.err.contains(s("rank 1 of 2: clip import: ")) && r.err.contains(s("absent.bvh")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(out));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestMpiRanks, {QFileInfo::exists(s(MPIEXEC)), "mpirun is not installed"})
#include "test_mpi_ranks.moc"
