// The editor's command line: files, --screenshot, --frame, --build-graph, --view, --body and
// --creature, and rejected arguments (each message naming what to fix).
#include <QTest>

#include "app/launch_options.h"

using fatgraph::editor::LaunchOptions;
using fatgraph::editor::parseLaunchOptions;

class TestLaunchOptions : public QObject {
  Q_OBJECT

 private slots:
  void parse_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QString>("screenshot");
    QTest::addColumn<int>("frame");
    QTest::addColumn<bool>("valid");
    const QString a = QStringLiteral("a.bvh");
    const QString b = QStringLiteral("b.fgproj");
    const QString png = QStringLiteral("out.png");
    QTest::newRow("nothing") << QStringList{} << QStringList{} << QString() << 0 << true;
    QTest::newRow("files") << QStringList{a, b} << QStringList{a, b} << QString() << 0 << true;
    QTest::newRow("screenshot") << QStringList{a, QStringLiteral("--screenshot"), png,
                                               QStringLiteral("--frame"), QStringLiteral("600")}
                                << QStringList{a} << png << 600 << true;
    QTest::newRow("screenshot, frame 0") << QStringList{QStringLiteral("--screenshot=out.png"), a}
                                         << QStringList{a} << png << 0 << true;
    QTest::newRow("negative frame") << QStringList{a, QStringLiteral("--screenshot"), png,
                                                   QStringLiteral("--frame"), QStringLiteral("-3")}
                                    << QStringList{a} << png << -3 << false;
    QTest::newRow("frame not a number")
        << QStringList{QStringLiteral("--screenshot"), png, QStringLiteral("--frame"),
                       QStringLiteral("ten")}
        << QStringList{} << png << 0 << false;
    QTest::newRow("frame without screenshot")
        << QStringList{a, QStringLiteral("--frame"), QStringLiteral("3")} << QStringList{a}
        << QString() << 3 << false;
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--bogus")} << QStringList{}
                                    << QString() << 0 << false;
    QTest::newRow("screenshot without path") << QStringList{QStringLiteral("--screenshot")}
                                             << QStringList{} << QString() << 0 << false;
  }

  void parse() {
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, files);
    QFETCH(QString, screenshot);
    QFETCH(int, frame);
    QFETCH(bool, valid);
    arguments.prepend(QStringLiteral("fatgraph-editor"));
    const LaunchOptions options = parseLaunchOptions(arguments);
    QCOMPARE(options.error.isEmpty(), valid);
    if (!valid) return;
    QCOMPARE(options.files, files);
    QCOMPARE(options.screenshotPath, screenshot);
    QCOMPARE(options.screenshotMode(), !screenshot.isEmpty());
    QCOMPARE(options.frame, frame);
  }

  void terrainAndFraming() {
    const LaunchOptions options = parseLaunchOptions(
        {QStringLiteral("fatgraph-editor"), QStringLiteral("a.bvh"), QStringLiteral("--terrain"),
         QStringLiteral("bumps"), QStringLiteral("--screenshot"), QStringLiteral("out.png"),
         QStringLiteral("--frame-character")});
    QCOMPARE(options.error, QString());
    QCOMPARE(options.terrain, QStringLiteral("bumps"));
    QVERIFY(options.frameCharacter);
    // Framing only matters for a screenshot.
    QVERIFY(!parseLaunchOptions({QStringLiteral("fatgraph-editor"), QStringLiteral("a.bvh"),
                                 QStringLiteral("--frame-character")})
                 .error.isEmpty());
  }

  void buildGraph_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("buildGraph");
    QTest::addColumn<bool>("valid");
    const QString a = QStringLiteral("a.bvh");
    const QString build = QStringLiteral("--build-graph");
    QTest::newRow("not asked") << QStringList{a} << false << true;
    QTest::newRow("interactive") << QStringList{a, build} << true << true;
    QTest::newRow("screenshot") << QStringList{a, build, QStringLiteral("--screenshot"),
                                               QStringLiteral("out.png"), QStringLiteral("--frame"),
                                               QStringLiteral("600")}
                                << true << true;
    QTest::newRow("before the file") << QStringList{build, a} << true << true;
    QTest::newRow("nothing to build") << QStringList{build} << true << false;
    QTest::newRow("with a value") << QStringList{a, QStringLiteral("--build-graph=yes")} << true
                                  << false;
  }

  void buildGraph() {
    QFETCH(QStringList, arguments);
    QFETCH(bool, buildGraph);
    QFETCH(bool, valid);
    arguments.prepend(QStringLiteral("fatgraph-editor"));
    const LaunchOptions options = parseLaunchOptions(arguments);
    QCOMPARE(options.error.isEmpty(), valid);
    if (valid) QCOMPARE(options.buildGraph, buildGraph);
  }

  void viewEdgeSize_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("edge");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("valid");
    const QString a = QStringLiteral("a.bvh");
    const QStringList shot{a, QStringLiteral("--screenshot"), QStringLiteral("out.png")};
    auto with = [&](std::initializer_list<const char*> extra) {
      QStringList args = shot;
      for (const char* e : extra) args << QString::fromLatin1(e);
      return args;
    };
    QTest::newRow("window") << shot << QString() << QString() << QSize() << true;
    for (const QString& v : LaunchOptions::views()) {
      QTest::newRow(qPrintable(v)) << (QStringList(shot) << QStringLiteral("--view") << v) << v
                                   << QString() << QSize() << true;
    }
    QTest::newRow("parameters of an edge")
        << with({"--view", "parameters", "--edge", "walk", "--size", "800x600"})
        << QStringLiteral("parameters") << QStringLiteral("walk") << QSize(800, 600) << true;
    QTest::newRow("window size") << with({"--size", "1280X800"}) << QString() << QString()
                                 << QSize(1280, 800) << true;
    QTest::newRow("unknown view") << with({"--view", "timeline"}) << QString() << QString()
                                  << QSize() << false;
    QTest::newRow("edge of the heat map") << with({"--view", "heatmap", "--edge", "walk"})
                                          << QString() << QString() << QSize() << false;
    QTest::newRow("size not WxH") << with({"--size", "800"}) << QString() << QString() << QSize()
                                  << false;
    QTest::newRow("size too small") << with({"--size", "10x10"}) << QString() << QString()
                                    << QSize() << false;
    QTest::newRow("view without screenshot")
        << QStringList{a, QStringLiteral("--view"), QStringLiteral("graph")} << QString()
        << QString() << QSize() << false;
    QTest::newRow("view without file")
        << QStringList{QStringLiteral("--screenshot"), QStringLiteral("out.png"),
                       QStringLiteral("--view"), QStringLiteral("graph")}
        << QString() << QString() << QSize() << false;
  }

  void viewEdgeSize() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, view);
    QFETCH(QString, edge);
    QFETCH(QSize, size);
    QFETCH(bool, valid);
    arguments.prepend(QStringLiteral("fatgraph-editor"));
    const LaunchOptions options = parseLaunchOptions(arguments);
    QCOMPARE(options.error.isEmpty(), valid);
    if (!valid) return;
    QCOMPARE(options.view, view);
    QCOMPARE(options.edge, edge);
    QCOMPARE(options.size, size);
  }

  void body_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("body");
    QTest::addColumn<bool>("valid");
    const QStringList shot{QStringLiteral("a.bvh"), QStringLiteral("--screenshot"),
                           QStringLiteral("out.png")};
    QTest::newRow("not given") << shot << QString() << true;
    for (const char* mode : {"bones", "body", "both"}) {
      const QString name = QString::fromLatin1(mode);
      QTest::newRow(mode) << (QStringList(shot) << QStringLiteral("--body") << name) << name
                          << true;
    }
    QTest::newRow("interactive")
        << QStringList{QStringLiteral("a.bvh"), QStringLiteral("--body=body")}
        << QStringLiteral("body") << true;
    QTest::newRow("unknown mode") << (QStringList(shot) << QStringLiteral("--body")
                                                        << QStringLiteral("skin"))
                                  << QString() << false;
    QTest::newRow("capitalised") << (QStringList(shot) << QStringLiteral("--body")
                                                       << QStringLiteral("Body"))
                                 << QString() << false;
    QTest::newRow("no value") << (QStringList(shot) << QStringLiteral("--body")) << QString()
                              << false;
  }

  void body() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, body);
    QFETCH(bool, valid);
    arguments.prepend(QStringLiteral("fatgraph-editor"));
    const LaunchOptions options = parseLaunchOptions(arguments);
    QCOMPARE(options.error.isEmpty(), valid);
    if (valid) {
      QCOMPARE(options.body, body);
    } else {
      // The message names the option so the user knows what to fix.
      QVERIFY2(options.error.contains(QStringLiteral("body")), qPrintable(options.error));
    }
  }

  void creature_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("type");
    QTest::addColumn<int>("seed");
    QTest::addColumn<int>("pairs");
    QTest::addColumn<QString>("error");  // empty: valid
    const QString c = QStringLiteral("--creature");
    const QStringList shot{QStringLiteral("--screenshot"), QStringLiteral("out.png")};
    QTest::newRow("type only") << QStringList{c, QStringLiteral("fly")} << "fly" << 7 << 0 << "";
    QTest::newRow("seed and pairs") << QStringList{c, QStringLiteral("walk:12:3")} << "walk" << 12
                                    << 3 << "";
    QTest::newRow("screenshot of its viewport, no file")
        << (QStringList(shot) << c << QStringLiteral("swim:4") << QStringLiteral("--view")
                              << QStringLiteral("viewport") << QStringLiteral("--frame")
                              << QStringLiteral("90"))
        << "swim" << 4 << 0 << "";
    QTest::newRow("on a preset") << QStringList{c, QStringLiteral("walk"), QStringLiteral("--terrain"),
                                                QStringLiteral("stairs15cm")}
                                 << "walk" << 7 << 0 << "";
    QTest::newRow("unknown type") << QStringList{c, QStringLiteral("crawl")} << "" << 0 << 0
                                  << "--creature expects TYPE[:SEED[:PAIRS]]";
    QTest::newRow("seed not a number") << QStringList{c, QStringLiteral("walk:x")} << "" << 0 << 0
                                       << "got 'walk:x'";
    QTest::newRow("nine pairs") << QStringList{c, QStringLiteral("walk:1:9")} << "" << 0 << 0
                                << "PAIRS from 0 to 8";
    QTest::newRow("too many parts") << QStringList{c, QStringLiteral("walk:1:2:3")} << "" << 0 << 0
                                    << "--creature expects";
    QTest::newRow("a heightfield file") << QStringList{c, QStringLiteral("walk"), QStringLiteral("--terrain"),
                                                       QStringLiteral("ground.txt")}
                                        << "" << 0 << 0 << "--terrain with --creature expects one of flat, bumps";
    QTest::newRow("another view") << (QStringList(shot) << c << QStringLiteral("walk")
                                                        << QStringLiteral("--view")
                                                        << QStringLiteral("heatmap"))
                                  << "" << 0 << 0 << "--view with --creature expects viewport";
  }

  void creature() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, type);
    QFETCH(int, seed);
    QFETCH(int, pairs);
    QFETCH(QString, error);
    arguments.prepend(QStringLiteral("fatgraph-editor"));
    const LaunchOptions options = parseLaunchOptions(arguments);
    if (!error.isEmpty()) {
      QVERIFY2(options.error.contains(error), qPrintable(options.error));
      return;
    }
    QCOMPARE(options.error, QString());
    QVERIFY(options.creatureMode());
    QCOMPARE(options.creatureType, type);
    QCOMPARE(options.creatureSeed, seed);
    QCOMPARE(options.creatureLegPairs, pairs);
  }

  void helpIsUsage() {
    const LaunchOptions options =
        parseLaunchOptions({QStringLiteral("fatgraph-editor"), QStringLiteral("--help")});
    QVERIFY(options.error.contains(QStringLiteral("--screenshot")));
    QVERIFY(options.error.contains(QStringLiteral("--build-graph")));
    QVERIFY(options.error.contains(QStringLiteral("--body")));
  }
};

QTEST_GUILESS_MAIN(TestLaunchOptions)
#include "test_launch_options.moc"
