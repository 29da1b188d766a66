// A game's view of fatgraph, end to end: `fatgraph build` and `fatgraph export` make a graph
// from 144_03, `cmake --install` of this build (compiled with FATGRAPH_ARCH's -march) puts the
// runtime package in a fresh prefix, examples/minimal_game is configured against that prefix
// alone with default compiler flags, built as C++17 with -Wall -Wextra -Werror and no Eigen or
// compile definition from the package, and plays the graph with its own head look-at between the
// player and the skinning jobs: the library's ABI does not depend on the instruction set, its
// headers on a math library. Bad input fails on one line.
#include <QtTest>

#include "installed_package.h"
#include "skippable_test_main.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <cmath>

using fatgraph::test::Tool;
using fatgraph::test::runTool;

namespace {

QString s(const char* text) { return QString::fromUtf8(text); }

}  // namespace

class TestMinimalGame : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString game_;   // the built minimal_game
  QString graph_;  // the exported 144_03 graph

 private slots:
  void initTestCase() {
    graph_ = dir_.filePath(s("walk.fgraph"));
    const CliRun exported = fatgraph::test::exportWalk14403(dir_.path(), graph_);
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    QCOMPARE(exported.json().value(s("bytes")).toInteger(), QFileInfo(graph_).size());  // the file written
    QCOMPARE(exported.json().value(s("output")).toString(), graph_);
    QCOMPARE(exported.json().value(s("hubs")).toArray().size(), 1);
    const QJsonArray edges = exported.json().value(s("fat_edges")).toArray();
    QVERIFY(!edges.isEmpty());
    for (const auto& e : edges) {
      for (const char* key : {"name", "from", "to", "segments", "locomotion", "blend", "param_error_median_m",
                              "param_error_p95_m", "param_error_median_m_unrefined"}) {
        QVERIFY2(e.toObject().contains(s(key)), key);
      }
    }
    qInfo("exported 144_03: %lld bytes", exported.json().value(s("bytes")).toInteger());

    const QString prefix = dir_.filePath(s("prefix"));
    const QString installed = fatgraph::test::installPackage(dir_.path(), prefix);
    QVERIFY2(installed.isEmpty(), qPrintable(installed));
    QVERIFY(QFile::exists(prefix + s("/include/fatgraph/runtime_io/runtime_graph_file.h")));

    const QString buildDir = dir_.filePath(s("game"));
    const QString built = fatgraph::test::buildExample(s("minimal_game"), prefix, buildDir);
    QVERIFY2(built.isEmpty(), qPrintable(built));
    game_ = buildDir + s("/minimal_game");
    QVERIFY(QFile::exists(game_));
  }

  void gameWasBuiltAgainstThePrefixWithDefaultFlags() {
    QFile cache(QFileInfo(game_).absolutePath() + s("/CMakeCache.txt"));
    QVERIFY(cache.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString text = QString::fromUtf8(cache.readAll());
    QVERIFY2(text.contains(s("fatgraph_DIR:PATH=") + dir_.filePath(s("prefix/lib/cmake/fatgraph"))),
             "fatgraph found outside the temporary prefix");
    QVERIFY(!text.contains(s("-march")));
  }

  // What the compiler was told for the game: C++17, warnings as errors, nothing of the package's
  // own build (no Eigen definition or include directory; -DNDEBUG is CMake's Release default).
  void gameCompiledAsCpp17WithWarningsAsErrors() {
    QFile commands(QFileInfo(game_).absolutePath() + s("/compile_commands.json"));
    QVERIFY(commands.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString text = QString::fromUtf8(commands.readAll());
    QVERIFY2(text.contains(s("main.cpp")), qPrintable(text));
    for (const char* flag : {"-std=c++17", "-Wall", "-Wextra", "-Werror"})
      QVERIFY2(text.contains(s(flag)), flag);
    for (const char* absent : {"eigen3", "EIGEN", "-march"}) QVERIFY2(!text.contains(s(absent)), absent);
    QCOMPARE(text.count(s(" -D")), text.count(s(" -DNDEBUG")));
  }

  void playsTheGraphAndTravels() {
    const Tool run = runTool(game_, {graph_});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out));
    const QStringList lines = run.out.trimmed().split(QLatin1Char('\n'));
    // The exported graph carries the generated body, which the game skins every update: its
    // lowest vertex (a sole) ends near the ground the walk stands on.
    QVERIFY2(lines.size() == 3, qPrintable(run.out));
    qInfo("minimal_game: %s", qPrintable(lines.join(QStringLiteral("; "))));
    // The game's look-at turned the head (the lantern is off to the left) within its limit.
    const QStringList look = lines[1].split(QLatin1Char(' '));
    QCOMPARE(look.size(), 3);
    QCOMPARE(look[0], s("look"));
    QCOMPARE(look[1], s("Head"));
    bool turnOk = false;
    const double turn = look[2].toDouble(&turnOk);
    QVERIFY2(turnOk && turn > 1.0 && turn <= 60.001, qPrintable(run.out));
    const QStringList body = lines[2].split(QLatin1Char(' '));
    QCOMPARE(body.size(), 3);
    QCOMPARE(body[0], s("body"));
    QVERIFY2(body[1].toInt() > 100, qPrintable(run.out));
    bool lowestOk = false;
    const double lowest = body[2].toDouble(&lowestOk);
    QVERIFY2(lowestOk && lowest > -0.15 && lowest < 0.15, qPrintable(run.out));
    const QStringList words = lines[0].split(QLatin1Char(' '));
    QCOMPARE(words.size(), 4);
    QCOMPARE(words[0], s("root"));
    double x[3];
    for (int i = 0; i < 3; ++i) {
      bool ok = false;
      x[i] = words[i + 1].toDouble(&ok);
      QVERIFY2(ok && std::isfinite(x[i]), qPrintable(run.out));
    }
    // 144_03 walks: 10 s on its edges carry the root well away from where it started (the
    // origin), and the root stays at hip height above the ground.
    QVERIFY2(std::hypot(x[0], x[2]) > 1.0, qPrintable(run.out));
    QVERIFY2(x[1] > 0.3 && x[1] < 2.0, qPrintable(run.out));
  }

  // A creature generated without mocap is one more graph to the game: the same program, no
  // change. The script only turns (its stick y stays 0), so the six-legged bug turns on the
  // spot; its skinned body stands on its feet, the lowest vertex at the ground.
  void playsAGeneratedCreature() {
    const QString bug = dir_.filePath(s("bug.fgraph"));
    const CliRun made = runCli({s("creature"), s("--type"), s("walk"), s("--legs"), s("3"), s("--seed"), s("7"),
                                s("-o"), bug});
    QVERIFY2(made.exitCode == 0, qPrintable(made.err));
    const Tool run = runTool(game_, {bug});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out));
    const QStringList lines = run.out.trimmed().split(QLatin1Char('\n'));
    qInfo("minimal_game on a creature: %s", qPrintable(lines.join(QStringLiteral("; "))));
    QVERIFY2(lines.size() == 2, qPrintable(run.out));  // no joint called Head: no look
    const QStringList root = lines[0].split(QLatin1Char(' '));
    QCOMPARE(root.size(), 4);
    QCOMPARE(root[0], s("root"));
    QVERIFY2(std::hypot(root[1].toDouble(), root[3].toDouble()) < 0.5, qPrintable(run.out));
    QVERIFY2(root[2].toDouble() > 0.05 && root[2].toDouble() < 2.0, qPrintable(run.out));
    const QStringList body = lines[1].split(QLatin1Char(' '));
    QCOMPARE(body.size(), 3);
    QVERIFY2(body[1].toInt() > 1000, qPrintable(run.out));
    QVERIFY2(std::fabs(body[2].toDouble()) < 0.03, qPrintable(run.out));
  }

  void exportWithoutGraphWritesNothing() {
    const QString out = dir_.filePath(s("none.fgraph"));
    const CliRun r = runCli({s("export"), s(FATGRAPH_TEST_FIXTURES_DIR "/projects/v1_small.fgproj"), s("-o"), out});
    FATGRAPH_VERIFY_CLI_FAILS(r, kCliFailure, s("has no fat graph"));
    QVERIFY(!QFile::exists(out));
  }

  void badInputFailsOnOneLine_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no arguments") << QStringList() << s("usage: minimal_game GRAPH.fgraph");
    QTest::newRow("missing file") << QStringList{s("/nonexistent/graph.fgraph")}
                                  << s("minimal_game: /nonexistent/graph.fgraph: no such file");
    QTest::newRow("not a graph") << QStringList{s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh")}
                                 << s("minimal_game: " FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh: not an HDF5 file");
  }

  void badInputFailsOnOneLine() {
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    const Tool run = runTool(game_, args);
    QCOMPARE(run.exitCode, 1);  // -1 after a crash
    QCOMPARE(run.out.trimmed().count(QLatin1Char('\n')), 0);
    QVERIFY2(run.out.startsWith(expected), qPrintable(run.out));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestMinimalGame, {QFile::exists(s(FATGRAPH_CMAKE)), "cmake is not installed"})
#include "test_minimal_game.moc"
