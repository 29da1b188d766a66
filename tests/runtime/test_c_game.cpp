// A C game's view of fatgraph, end to end: the runtime package installed from this build into a
// fresh prefix, examples/c_game configured against that prefix alone and built as C99 with every
// warning an error (-std=c99 -Wall -Wextra -pedantic -Werror: the C API's header is plain C),
// then run on a graph `fatgraph export` made. Its root positions parse as finite numbers and the
// character walks; bad input fails on one line naming the file. Built as the one shared library
// an engine loads (FATGRAPH_RUNTIME_C_SHARED), the package exports the C API's functions alone
// and the same game plays the same walk.
#include <QtTest>

#include "installed_package.h"
#include "skippable_test_main.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <cmath>

using fatgraph::test::Tool;
using fatgraph::test::runTool;

namespace {

QString s(const char* text) { return QString::fromUtf8(text); }

constexpr const char* kCFlags = "-std=c99 -Wall -Wextra -pedantic -Werror";

}  // namespace

class TestCGame : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString game_;   // the built c_game
  QString graph_;  // the exported 144_03 graph
  QString output_;  // what c_game printed on graph_

 private slots:
  void initTestCase() {
    graph_ = dir_.filePath(s("walk.fgraph"));
    const CliRun exported = fatgraph::test::exportWalk14403(dir_.path(), graph_);
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));

    const QString prefix = dir_.filePath(s("prefix"));
    const QString installed = fatgraph::test::installPackage(dir_.path(), prefix);
    QVERIFY2(installed.isEmpty(), qPrintable(installed));
    QVERIFY(QFile::exists(prefix + s("/include/fatgraph/fatgraph_runtime_c.h")));

    const QString buildDir = dir_.filePath(s("game"));
    const QString built =
        fatgraph::test::buildExample(s("c_game"), prefix, buildDir, {s("-DCMAKE_C_FLAGS=") + s(kCFlags)});
    QVERIFY2(built.isEmpty(), qPrintable(built));
    game_ = buildDir + s("/c_game");
    QVERIFY(QFile::exists(game_));
  }

  // The game's one source was compiled by the C compiler as C99 with warnings as errors, against
  // the package in the prefix.
  void gameCompiledAsC99WithWarningsAsErrors() {
    QFile cache(QFileInfo(game_).absolutePath() + s("/CMakeCache.txt"));
    QVERIFY(cache.open(QIODevice::ReadOnly | QIODevice::Text));
    QVERIFY2(QString::fromUtf8(cache.readAll()).contains(s("fatgraph_DIR:PATH=") + dir_.filePath(s("prefix/lib/cmake/fatgraph"))),
             "fatgraph found outside the temporary prefix");
    QFile commands(QFileInfo(game_).absolutePath() + s("/compile_commands.json"));
    QVERIFY(commands.open(QIODevice::ReadOnly | QIODevice::Text));
    const QJsonArray units = QJsonDocument::fromJson(commands.readAll()).array();
    QCOMPARE(units.size(), 1);
    const QString command = units[0].toObject().value(s("command")).toString();
    QVERIFY2(units[0].toObject().value(s("file")).toString().endsWith(s("main.c")), qPrintable(command));
    for (const QString& flag : s(kCFlags).split(QLatin1Char(' '))) QVERIFY2(command.contains(flag), qPrintable(flag));
    QVERIFY2(!command.contains(s("c++")) && !command.contains(s("-march")), qPrintable(command));
  }

  void playsTheGraphAndWalks() {
    const Tool run = runTool(game_, {graph_});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out));
    output_ = run.out;
    QStringList lines = run.out.trimmed().split(QLatin1Char('\n'));
    qInfo("c_game: %s", qPrintable(lines.join(s("; "))));
    QCOMPARE(lines.size(), 7);  // twice a second for 3 s, then the footsteps
    const QRegularExpression footsteps(s("^footsteps=(\\d+)$"));
    const QRegularExpressionMatch steps = footsteps.match(lines.takeLast());
    QVERIFY2(steps.hasMatch(), qPrintable(run.out));
    // About 1.1 s per gait cycle, two feet: 3 s hold four to six strikes.
    QVERIFY2(steps.captured(1).toInt() >= 4 && steps.captured(1).toInt() <= 6, qPrintable(run.out));
    const QRegularExpression format(s("^t=(\\S+) x=(\\S+) y=(\\S+) z=(\\S+)$"));
    double first[3] = {0, 0, 0}, last[3] = {0, 0, 0};
    for (int i = 0; i < lines.size(); ++i) {
      const QRegularExpressionMatch m = format.match(lines[i]);
      QVERIFY2(m.hasMatch(), qPrintable(lines[i]));
      bool ok = false;
      QCOMPARE(m.captured(1).toDouble(&ok), 0.5 * (i + 1));
      QVERIFY(ok);
      for (int c = 0; c < 3; ++c) {
        last[c] = m.captured(2 + c).toDouble(&ok);
        QVERIFY2(ok && std::isfinite(last[c]), qPrintable(lines[i]));
        if (i == 0) first[c] = last[c];
      }
      // The root stays at hip height above the flat ground.
      QVERIFY2(last[1] > 0.3 && last[1] < 2.0, qPrintable(lines[i]));
    }
    // 144_03 walks: 2.5 s between the first and last line carry the root well over a metre.
    QVERIFY2(std::hypot(last[0] - first[0], last[2] - first[2]) > 1.0, qPrintable(run.out));
  }

  void sharedLibraryExportsTheApiAlone() {
    const QString prefix = dir_.filePath(s("shared-prefix"));
    const QString installed = fatgraph::test::installPackageFromSource(dir_.filePath(s("shared-runtime")), prefix,
                                                                       {s("-DFATGRAPH_RUNTIME_C_SHARED=ON")});
    QVERIFY2(installed.isEmpty(), qPrintable(installed));
    const QString library = prefix + s("/lib/libfatgraph_runtime_c.so");
    QVERIFY2(QFile::exists(library), "no shared libfatgraph_runtime_c.so");
    const QString nm = QStandardPaths::findExecutable(s("nm"));
    if (!nm.isEmpty()) {  // the dynamic symbols the library defines: the header's functions only
      const Tool symbols = runTool(nm, {s("-D"), s("--defined-only"), library});
      QCOMPARE(symbols.exitCode, 0);
      QStringList functions;
      for (const QString& line : symbols.out.split(QLatin1Char('\n'))) {
        const QStringList fields = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (fields.size() == 3 && fields[1] == s("T")) functions << fields[2];
      }
      qInfo("libfatgraph_runtime_c.so exports %lld functions", static_cast<long long>(functions.size()));
      QVERIFY(functions.contains(s("fg_player_update")));
      for (const QString& f : functions) QVERIFY2(f.startsWith(s("fg_")), qPrintable(f));
    }
    const QString buildDir = dir_.filePath(s("shared-game"));
    const QString built =
        fatgraph::test::buildExample(s("c_game"), prefix, buildDir, {s("-DCMAKE_C_FLAGS=") + s(kCFlags)});
    QVERIFY2(built.isEmpty(), qPrintable(built));
    const Tool run = runTool(buildDir + s("/c_game"), {graph_});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out));
    // The same walk: the two builds may differ in instruction set (FATGRAPH_ARCH), not more.
    const QStringList a = output_.trimmed().split(QLatin1Char('\n')), b = run.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(b.size(), a.size());
    for (int i = 0; i < a.size(); ++i) {
      const QStringList wa = a[i].split(QLatin1Char(' ')), wb = b[i].split(QLatin1Char(' '));
      QCOMPARE(wb.size(), wa.size());
      for (int w = 1; w < wa.size(); ++w)
        QVERIFY2(std::fabs(wa[w].mid(2).toDouble() - wb[w].mid(2).toDouble()) < 1e-4, qPrintable(a[i] + s(" / ") + b[i]));
    }
  }

  void badInputFailsOnOneLine_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no arguments") << QStringList() << s("c_game: usage: c_game GRAPH.fgraph");
    QTest::newRow("missing file") << QStringList{s("/nonexistent/graph.fgraph")}
                                  << s("c_game: /nonexistent/graph.fgraph: no such file");
    QTest::newRow("not a graph") << QStringList{s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh")}
                                 << s("c_game: " FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh: not an HDF5 file");
  }

  void badInputFailsOnOneLine() {
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    const Tool run = runTool(game_, args);
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.out.trimmed().count(QLatin1Char('\n')), 0);
    QVERIFY2(run.out.startsWith(expected), qPrintable(run.out));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestCGame, {QFile::exists(s(FATGRAPH_CMAKE)), "cmake is not installed"})
#include "test_c_game.moc"
