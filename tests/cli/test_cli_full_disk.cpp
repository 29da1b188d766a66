// Every file the command line writes, failed in the middle of its write as a full disk fails
// it: the command runs with a file-size limit of half what the file takes (`ulimit -f` with
// SIGXFSZ ignored, so write() fails with EFBIG as it fails with ENOSPC on a full disk). Each
// must exit with code 1 and one line naming the file and the operating system's reason, keep
// the previous file byte for byte and leave no temporary file beside it. A writer that wrote
// in place, or crashed on the failure, fails here.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <csignal>
#include <sys/resource.h>

#include "cli_run.h"

namespace {

QString s(const char* text) { return QString::fromUtf8(text); }

QString dataPath(const char* relative) {
  return QDir(QStringLiteral(FATGRAPH_DATA_DIR)).filePath(QString::fromUtf8(relative));
}

// runCli with the file-size limit `limitBytes` (rounded up to ulimit's 512-byte blocks is not
// needed: setrlimit takes bytes) and SIGXFSZ ignored in the child only.
CliRun runCliWithFileSizeLimit(const QStringList& args, qint64 limitBytes) {
  QProcess p;
  p.setChildProcessModifier([limitBytes] {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{static_cast<rlim_t>(limitBytes), static_cast<rlim_t>(limitBytes)};
    setrlimit(RLIMIT_FSIZE, &limit);
  });
  p.start(QStringLiteral(FATGRAPH_CLI), args);
  p.waitForFinished(-1);
  const QProcess::ExitStatus status = p.exitStatus();
  return {status, status == QProcess::NormalExit ? p.exitCode() : -1,
          QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QByteArray contents(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestCliFullDisk : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString path(const QString& name) const { return dir_.filePath(name); }

 private slots:
  // The inputs the writers need, made once without a limit: a project, its graph and a stick.
  void initTestCase() {
    QVERIFY(dir_.isValid());
    writeText(path(s("stick.csv")), "t,x,y,action\n0,0,1,\n6,0.5,1,\n");
    const CliRun built = runCli({s("build"), dataPath("cmu-leonardo-ono-roll/144_03.bvh"), s("-o"),
                                 path(s("input.fgproj"))});
    QVERIFY2(built.exitCode == 0, qPrintable(built.err));
    const CliRun exported = runCli({s("export"), path(s("input.fgproj")), s("-o"), path(s("input.fgraph"))});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
  }

  void failedWriteKeepsPreviousFile_data() {
    QTest::addColumn<QStringList>("args");  // OUT stands for the file under test, SIDE for another
    QTest::addColumn<QString>("output");
    const QString clip = dataPath("cmu-leonardo-ono-roll/144_03.bvh");
    const QString project = path(s("input.fgproj"));
    const QString graph = path(s("input.fgraph"));
    const QString stick = path(s("stick.csv"));
    QTest::newRow(".fgproj (build)") << QStringList{s("build"), clip, s("-o"), s("OUT")} << s("out.fgproj");
    QTest::newRow(".fgraph (export)") << QStringList{s("export"), project, s("-o"), s("OUT")} << s("out.fgraph");
    QTest::newRow("glTF (export --gltf)") << QStringList{s("export"), project, s("--gltf"), s("OUT")} << s("out.glb");
    QTest::newRow(".fgraph (creature)")
        << QStringList{s("creature"), s("--type"), s("walk"), s("--seed"), s("3"), s("-o"), s("OUT")} << s("out.fgraph");
    QTest::newRow("BVH (play)") << QStringList{s("play"), graph, s("--input"), stick, s("-o"), s("OUT")} << s("out.bvh");
    QTest::newRow("glTF (play)") << QStringList{s("play"), graph, s("--input"), stick, s("-o"), s("OUT")} << s("out.glb");
    QTest::newRow("CSV (play --events)")
        << QStringList{s("play"), graph, s("--input"), stick, s("-o"), s("SIDE"), s("--events"), s("OUT")}
        << s("out.csv");
    QTest::newRow("OBJ (body)") << QStringList{s("body"), clip, s("-o"), s("OUT")} << s("out.obj");
    QTest::newRow("BVH (convert)") << QStringList{s("convert"), clip, s("-o"), s("OUT")} << s("out.bvh");
  }

  void failedWriteKeepsPreviousFile() {
    QFETCH(QStringList, args);
    QFETCH(QString, output);
    QTemporaryDir out;
    QVERIFY(out.isValid());
    const QString target = out.filePath(output);
    // A second output (the take beside --events, written after it) goes to the same folder.
    QStringList withTarget = args;
    withTarget.replaceInStrings(QRegularExpression(s("^OUT$")), target);
    withTarget.replaceInStrings(QRegularExpression(s("^SIDE$")), out.filePath(s("side.bvh")));

    // Unlimited, the command writes the file: its size sets the limit, and it is the previous
    // file the failed run must keep.
    const CliRun first = runCli(withTarget);
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const QByteArray previous = contents(target);
    QVERIFY2(previous.size() > 1024, qPrintable(QString::number(previous.size())));

    const CliRun failed = runCliWithFileSizeLimit(withTarget, previous.size() / 2);
    FATGRAPH_VERIFY_CLI_FAILS(failed, kCliFailure, s("File too large"));
    QVERIFY2(failed.err.contains(target), qPrintable(failed.err));
    QCOMPARE(contents(target) == previous, true);
    QStringList left = QDir(out.path()).entryList(QDir::Files);
    left.removeOne(s("side.bvh"));
    QCOMPARE(left, QStringList{output});
  }
};

QTEST_GUILESS_MAIN(TestCliFullDisk)
#include "test_cli_full_disk.moc"
