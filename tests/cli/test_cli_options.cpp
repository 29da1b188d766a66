// The command line's declarations at work (cli/command_line.h): every command's --help lists
// what each option takes (the names of a choice, a number's range, its default), a value outside
// them is a usage error (exit 2) whose one line names the option and what it takes, and the
// program refuses an unknown command the same way.
#include <QtTest>

#include "cli_run.h"

using namespace Qt::StringLiterals;

namespace {

// What `fatgraph <command> --help` prints, its line breaks and indents folded into single
// spaces (long option descriptions wrap).
QString helpText(const QString& command) {
  const CliRun r = runCli({command, u"--help"_s});
  if (r.exitCode != 0) return {};
  return r.out.simplified();
}

}  // namespace

class TestCliOptions : public QObject {
  Q_OBJECT

 private slots:
  void helpListsWhatOptionsTake_data() {
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("listed");
    const QStringList rig = {u"--translations {auto,absolute,additive}"_s, u"--up {auto,y,z}"_s,
                             u"--motion-root NAME"_s, u"--in-place {feet,keep}"_s, u"--loops {repeat,keep}"_s};
    const QString units = u"--units {auto,m,cm,cmu,in,mm}"_s;
    QTest::newRow("inspect") << u"inspect"_s << QStringList{u"usage: fatgraph inspect FILE"_s, units} + rig;
    QTest::newRow("convert") << u"convert"_s
                             << QStringList{u"usage: fatgraph convert IN.bvh|IN.gltf|IN.glb|IN.fbx -o OUT.bvh"_s,
                                            u"--fps F"_s, u"(a number in (0, 10000])"_s, units} + rig;
    QTest::newRow("build") << u"build"_s
                           << QStringList{u"--locomotion {auto,all,none}"_s,
                                          u"--hubs auto|N"_s,
                                          u"(auto or an integer in [1, 1000]; default auto)"_s,
                                          u"--hub-bridge auto|off|M"_s,
                                          u"(auto, off or a number >= 0; default auto)"_s,
                                          u"--window K"_s,
                                          u"(an integer in [1, 1000]; default 10)"_s,
                                          u"(a number in [0.001, 1000]; default 30)"_s,
                                          u"(an integer in [1, 100000]; default 300)"_s,
                                          u"(an integer in [2, 1024]; default 32)"_s,
                                          u"(a number > 0)"_s,
                                          u"(needs --character)"_s, units} + rig;
    QTest::newRow("edit") << u"edit"_s
                          << QStringList{u"usage: fatgraph edit PROJECT.fgproj EDITS.json [-o OUT.fgproj] [--json] "_s};
    QTest::newRow("export") << u"export"_s
                            << QStringList{u"--gltf ANIMS.glb|ANIMS.gltf"_s, u"(a .glb or .gltf file)"_s};
    QTest::newRow("play") << u"play"_s
                          << QStringList{u"-o OUT.bvh|OUT.glb|OUT.gltf"_s, u"--input INPUT.csv"_s,
                                         u"(a number in (0, 1000])"_s, u"flat slope15 slope25 stairs15cm bumps"_s};
    QTest::newRow("body") << u"body"_s
                          << QStringList{u"--frame N"_s, u"(an integer >= 0)"_s, u"--thickness T"_s,
                                         u"(a number > 0; default 1)"_s, units} + rig;
    QTest::newRow("creature") << u"creature"_s
                              << QStringList{u"--type {walk,fly,swim}"_s, u"(default walk)"_s, u"--legs N"_s,
                                             u"(an integer in [1, 8])"_s, u"--seed S"_s,
                                             u"(a whole number from 0 to 18446744073709551615; default 1)"_s};
  }

  void helpListsWhatOptionsTake() {
    QFETCH(QString, command);
    QFETCH(QStringList, listed);
    const QString help = helpText(command);
    QVERIFY2(!help.isEmpty(), qPrintable(u"fatgraph "_s + command + u" --help did not exit 0"_s));
    for (const QString& text : listed) QVERIFY2(help.contains(text), qPrintable(text + u" is not in: "_s + help));
  }

  // The program's --help lists every command with its one-line summary.
  void programHelpListsTheCommands() {
    const CliRun r = runCli({u"--help"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith(u"usage: fatgraph <command> [options]"_s));
    for (const QString& line : {u"  inspect   summarize a BVH"_s, u"  convert   import a BVH"_s,
                                u"  build     build a fat graph"_s, u"  edit      apply a JSON list of graph edits"_s,
                                u"  export    write the runtime graph"_s, u"  play      play a .fgraph headless"_s,
                                u"  body      generate a clip's skinned body"_s,
                                u"  creature  generate a creature without mocap"_s}) {
      QVERIFY2(r.out.contains(line), qPrintable(line + u" is not in: "_s + r.out));
    }
  }

  void valuesOutsideTheDeclarationsAreUsageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString clip = u"/no/such.bvh"_s;  // never read: parsing fails first
    auto row = [](const char* name, const QStringList& args, const QString& message) {
      QTest::newRow(name) << args << message;
    };
    row("inspect --units", {u"inspect"_s, clip, u"--units"_s, u"furlong"_s},
        u"fatgraph inspect: --units: furlong not in {auto,m,cm,cmu,in,mm}"_s);
    row("inspect --translations", {u"inspect"_s, clip, u"--translations"_s, u"both"_s},
        u"fatgraph inspect: --translations: both not in {auto,absolute,additive}"_s);
    row("inspect --up", {u"inspect"_s, clip, u"--up"_s, u"x"_s}, u"fatgraph inspect: --up: x not in {auto,y,z}"_s);
    row("inspect --up without value", {u"inspect"_s, clip, u"--up"_s}, u"fatgraph inspect: --up: expects {auto,y,z}"_s);
    row("inspect --motion-root empty", {u"inspect"_s, clip, u"--motion-root"_s, u""_s},
        u"fatgraph inspect: --motion-root: expects a joint name, got ''"_s);
    row("convert --fps", {u"convert"_s, clip, u"-o"_s, u"/no/x.bvh"_s, u"--fps"_s, u"20000"_s},
        u"fatgraph convert: --fps: expects a number in (0, 10000], got '20000'"_s);
    row("build --locomotion", {u"build"_s, clip, u"-o"_s, u"/no/x.fgproj"_s, u"--locomotion"_s, u"some"_s},
        u"fatgraph build: --locomotion: some not in {auto,all,none}"_s);
    row("build --fps", {u"build"_s, clip, u"-o"_s, u"/no/x.fgproj"_s, u"--fps"_s, u"0"_s},
        u"fatgraph build: --fps: expects a number in [0.001, 1000], got '0'"_s);
    row("build --threads", {u"build"_s, clip, u"-o"_s, u"/no/x.fgproj"_s, u"--threads"_s, u"-1"_s},
        u"fatgraph build: --threads: expects an integer in [0, 1024], got '-1'"_s);
    row("build --edge-threshold", {u"build"_s, clip, u"-o"_s, u"/no/x.fgproj"_s, u"--edge-threshold"_s, u"0"_s},
        u"fatgraph build: --edge-threshold: expects a number > 0, got '0'"_s);
    row("build --hubs", {u"build"_s, clip, u"-o"_s, u"/no/x.fgproj"_s, u"--hubs"_s, u"1001"_s},
        u"fatgraph build: --hubs: expects auto or an integer in [1, 1000], got '1001'"_s);
    row("export --gltf", {u"export"_s, u"/no/p.fgproj"_s, u"--gltf"_s, u"anims.obj"_s},
        u"fatgraph export: --gltf: expects a .glb or .gltf file, got 'anims.obj'"_s);
    row("play --fps", {u"play"_s, u"/no/g.fgraph"_s, u"--input"_s, u"/no/i.csv"_s, u"-o"_s, u"/no/x.bvh"_s, u"--fps"_s, u"1001"_s},
        u"fatgraph play: --fps: expects a number in (0, 1000], got '1001'"_s);
    row("body --thickness", {u"body"_s, clip, u"-o"_s, u"/no/b.obj"_s, u"--thickness"_s, u"0"_s},
        u"fatgraph body: --thickness: expects a number > 0, got '0'"_s);
    row("body --frame", {u"body"_s, clip, u"-o"_s, u"/no/b.obj"_s, u"--frame"_s, u"-1"_s},
        u"fatgraph body: --frame: expects an integer >= 0, got '-1'"_s);
    row("creature --type", {u"creature"_s, u"-o"_s, u"/no/c.fgraph"_s, u"--type"_s, u"crawl"_s},
        u"fatgraph creature: --type: crawl not in {walk,fly,swim}"_s);
    row("creature --legs", {u"creature"_s, u"-o"_s, u"/no/c.fgraph"_s, u"--legs"_s, u"0"_s},
        u"fatgraph creature: --legs: expects an integer in [1, 8], got '0'"_s);
    row("creature --seed", {u"creature"_s, u"-o"_s, u"/no/c.fgraph"_s, u"--seed"_s, u"x"_s},
        u"fatgraph creature: --seed: expects a whole number from 0 to 18446744073709551615, got 'x'"_s);
    row("-o empty", {u"creature"_s, u"-o"_s, u""_s}, u"fatgraph creature: -o: expects a file name, got ''"_s);
    row("-o without value", {u"body"_s, clip, u"-o"_s}, u"fatgraph body: -o: expects BODY.obj"_s);
  }

  void valuesOutsideTheDeclarationsAreUsageErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun r = runCli(args);
    FATGRAPH_VERIFY_CLI_FAILS(r, kCliUsageError, message);
    QVERIFY(r.out.isEmpty());
  }

  void argumentsNoDeclarationTakes_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown command") << QStringList{u"frobnicate"_s, u"x"_s}
                                     << u"fatgraph: unknown command 'frobnicate' (see fatgraph --help)"_s;
    QTest::newRow("no command") << QStringList{} << u"fatgraph: missing a command (see fatgraph --help)"_s;
    QTest::newRow("unknown program option") << QStringList{u"--verbose"_s}
                                            << u"fatgraph: unknown option '--verbose' (see fatgraph --help)"_s;
    QTest::newRow("unknown option") << QStringList{u"export"_s, u"/no/p.fgproj"_s, u"--gltf=a.glb"_s, u"--glb=b.glb"_s}
                                    << u"fatgraph export: unknown option '--glb' (see --help)"_s;
    QTest::newRow("argument too many") << QStringList{u"edit"_s, u"/no/p.fgproj"_s, u"/no/e.json"_s, u"/no/f.json"_s}
                                       << u"fatgraph edit: unexpected argument '/no/f.json' (see --help)"_s;
    QTest::newRow("missing argument") << QStringList{u"play"_s, u"--input"_s, u"/no/i.csv"_s, u"-o"_s, u"/no/x.bvh"_s}
                                      << u"fatgraph play: missing GRAPH.fgraph"_s;
    QTest::newRow("missing option") << QStringList{u"convert"_s, u"/no/such.bvh"_s}
                                    << u"fatgraph convert: missing -o OUT.bvh"_s;
  }

  void argumentsNoDeclarationTakes() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    FATGRAPH_VERIFY_CLI_FAILS(runCli(args), kCliUsageError, message);
  }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "test_cli_options.moc"
