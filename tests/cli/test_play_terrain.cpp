// `fatgraph play --terrain SPEC`: every preset by name, a heightfield file by path, and the
// one-line errors for a spec that is neither or a file that does not load.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <string>

#include "fatgraph/core/model/error.h"
#include "play_terrain.h"

using fatgraph::cli::loadPlayTerrain;

class TestPlayTerrain : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;

  std::string write(const char* name, const std::string& text) {
    const std::string path = dir_.filePath(QString::fromUtf8(name)).toStdString();
    std::ofstream(path) << text;
    return path;
  }

 private slots:
  // Each preset's height at a few points, from its definition in terrain.h.
  void presets_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<float>("x");
    QTest::addColumn<float>("z");
    QTest::addColumn<float>("height");
    QTest::newRow("flat") << QStringLiteral("flat") << 3.0f << -7.0f << 0.0f;
    QTest::newRow("slope15") << QStringLiteral("slope15") << 0.0f << 2.0f << float(2.0 * std::tan(15.0 * M_PI / 180));
    QTest::newRow("slope25") << QStringLiteral("slope25") << 1.0f << -1.0f << float(-std::tan(25.0 * M_PI / 180));
    QTest::newRow("stairs15cm, step 2") << QStringLiteral("stairs15cm") << 0.0f << 0.45f << 0.30f;
    QTest::newRow("stairs15cm, below") << QStringLiteral("stairs15cm") << 0.0f << -1.0f << 0.0f;
    QTest::newRow("bumps, crest") << QStringLiteral("bumps") << 0.8f << 0.0f << 0.10f;
    QTest::newRow("bumps, trough") << QStringLiteral("bumps") << 0.0f << 0.0f << 0.0f;
  }
  void presets() {
    QFETCH(QString, spec);
    QFETCH(float, x);
    QFETCH(float, z);
    QFETCH(float, height);
    const fatgraph::Heightfield h = loadPlayTerrain(spec.toStdString());
    QVERIFY2(std::abs(h.height(x, z) - height) < 1e-4f, qPrintable(QString::number(h.height(x, z))));
  }

  void heightfieldFile() {
    const std::string path = write("ramp.txt", "fatgraph-heightfield 1\n2 2 1.0 0 0\n0 0\n0.5 0.5\n");
    const fatgraph::Heightfield h = loadPlayTerrain(path);
    QCOMPARE(h.cols(), 2);
    QVERIFY(std::abs(h.height(0.5f, 0.5f) - 0.25f) < 1e-6f);
  }

  void errors_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("message");
    const QString presets = QStringLiteral("(flat slope15 slope25 stairs15cm bumps)");
    QTest::newRow("unknown name") << QStringLiteral("hills")
                                  << QStringLiteral("--terrain 'hills' is neither a terrain preset ") + presets;
    QTest::newRow("empty") << QString() << QStringLiteral("--terrain '' is neither");
    QTest::newRow("case matters") << QStringLiteral("Flat") << QStringLiteral("'Flat' is neither");
    QTest::newRow("directory") << QStringLiteral("/") << QStringLiteral("nor a heightfield file");
  }
  void errors() {
    QFETCH(QString, spec);
    QFETCH(QString, message);
    try {
      loadPlayTerrain(spec.toStdString());
      QFAIL("no error");
    } catch (const fatgraph::Error& e) {
      const QString what = QString::fromUtf8(e.what());
      QVERIFY2(what.contains(message), qPrintable(what));
      QVERIFY(!what.contains(QLatin1Char('\n')));
    }
  }

  // A file that exists but is no heightfield: the loader's reason, with the file and line.
  void badFile() {
    const std::string path = write("bad.txt", "fatgraph-heightfield 1\n2 2 1.0 0 0\n0 0\n0.5\n");
    try {
      loadPlayTerrain(path);
      QFAIL("no error");
    } catch (const fatgraph::Error& e) {
      const QString what = QString::fromUtf8(e.what());
      QVERIFY2(what.startsWith(QStringLiteral("--terrain: ") + QString::fromStdString(path) + QStringLiteral(":4: ")),
               qPrintable(what));
    }
  }
};

QTEST_GUILESS_MAIN(TestPlayTerrain)
#include "test_play_terrain.moc"
