// The editor's command line: files, --screenshot, --frame, --build-graph, --view and --body,
// and rejected arguments.
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
