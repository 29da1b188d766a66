// The preview terrain: every preset builds and gives a mesh that follows its heights, a
// heightfield file loads, and a bad or missing file gives a one-line message naming it while
// the previous ground stays (in the window too: an error shown, no crash).
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include "app/main_window.h"
#include "document/terrain_choice.h"
#include "views/terrain_mesh.h"
#include "views/viewport.h"

using fatgraph::editor::TerrainChoice;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(text);
  return path;
}

/// Lowest and highest vertex heights of a mesh.
std::pair<float, float> heightRange(const fatgraph::editor::LineBatch& batch) {
  float lo = 1e9f;
  float hi = -1e9f;
  for (const auto& v : batch.vertices) {
    lo = std::min(lo, v.start[1]);
    hi = std::max(hi, v.start[1]);
  }
  return {lo, hi};
}

}  // namespace

class TestTerrainChoice : public QObject {
  Q_OBJECT

 private slots:
  void everyPresetBuilds_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<double>("minRise");  // height range over a 4 m square around the origin
    QTest::addColumn<double>("maxRise");
    QTest::newRow("flat") << QStringLiteral("flat") << 0.0 << 0.0;
    QTest::newRow("slope15") << QStringLiteral("slope15") << 1.0 << 1.3;  // 4 m * tan 15°
    QTest::newRow("slope25") << QStringLiteral("slope25") << 1.8 << 2.1;
    QTest::newRow("stairs15cm") << QStringLiteral("stairs15cm") << 0.9 << 1.1;
    QTest::newRow("bumps") << QStringLiteral("bumps") << 0.08 << 0.11;
  }
  void everyPresetBuilds() {
    QFETCH(QString, spec);
    QFETCH(double, minRise);
    QFETCH(double, maxRise);
    TerrainChoice choice;
    QSignalSpy changed(&choice, &TerrainChoice::changed);
    QVERIFY(TerrainChoice::specs().contains(spec));
    QCOMPARE(choice.select(spec), QString());
    QCOMPARE(changed.count(), 1);
    QVERIFY(choice.terrain() != nullptr);
    QCOMPARE(choice.spec(), spec);
    fatgraph::editor::LineBatch mesh;
    fatgraph::editor::addTerrainMesh(mesh, *choice.terrain(), QVector3D(0, 0, 0), 2.0f);
    QVERIFY(!mesh.empty());
    QVERIFY(mesh.vertices.size() < 6u * 50000u);  // bounded, whatever the terrain
    const auto [lo, hi] = heightRange(mesh);
    QVERIFY2(hi - lo >= minRise - 1e-3 && hi - lo <= maxRise + 1e-3,
             qPrintable(QStringLiteral("%1: rise %2").arg(spec).arg(hi - lo)));
    QCOMPARE(choice.select(QStringLiteral("none")), QString());
    QVERIFY(choice.terrain() == nullptr);
  }

  void heightfieldFileLoads() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("ramp.txt"),
                                   "fatgraph-heightfield 1\n2 2 1 0 0\n0 0\n0.5 0.5\n");
    TerrainChoice choice;
    QCOMPARE(choice.select(path), QString());
    QVERIFY(choice.terrain() != nullptr);
    QCOMPARE(choice.terrain()->height(0.5f, 0.5f), 0.25f);
    QCOMPARE(choice.spec(), path);
  }

  void badFilesGiveAMessage_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");  // in the message
    QTest::newRow("wrong tag") << QByteArray("not-a-heightfield 1\n") << QStringLiteral("expected");
    QTest::newRow("short row") << QByteArray("fatgraph-heightfield 1\n2 2 1 0 0\n0\n0 0\n")
                               << QStringLiteral("expected");
    QTest::newRow("NaN") << QByteArray("fatgraph-heightfield 1\n2 2 1 0 0\nnan 0\n0 0\n")
                         << QStringLiteral("bad.txt");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("bad.txt");
  }
  void badFilesGiveAMessage() {
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("bad.txt"), text);
    TerrainChoice choice;
    QCOMPARE(choice.select(QStringLiteral("bumps")), QString());
    QSignalSpy changed(&choice, &TerrainChoice::changed);
    const QString message = choice.select(path);
    QVERIFY2(message.startsWith(QStringLiteral("Cannot load the heightfield bad.txt: ")),
             qPrintable(message));
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY(!message.contains(QLatin1Char('\n')));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(choice.spec(), QStringLiteral("bumps"));  // the previous ground stays
    QVERIFY(choice.terrain() != nullptr);
  }

  void missingFileInTheWindow() {
    fatgraph::editor::MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.setTerrain(QStringLiteral("slope15")), QString());
    QVERIFY(!window.viewport()->terrainLines().empty());
    const QString message = window.setTerrain(QStringLiteral("/no/such/ground.txt"));
    QVERIFY2(message.contains(QStringLiteral("ground.txt")), qPrintable(message));
    QCOMPARE(window.lastError(), message);
    QCOMPARE(window.terrainChoice()->spec(), QStringLiteral("slope15"));
    QVERIFY(!window.viewport()->terrainLines().empty());
    QCOMPARE(window.setTerrain(QStringLiteral("none")), QString());
    QVERIFY(window.viewport()->terrainLines().empty());
  }
};

QTEST_MAIN(TestTerrainChoice)
#include "test_terrain_choice.moc"
