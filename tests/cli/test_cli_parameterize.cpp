// `fatgraph build` parameterizes every fat edge and `fatgraph edit` keeps it so: the JSON keys
// of the contract (docs/DESIGN.md), finite errors, --no-refine, and bad values refused on one
// line with nothing written.
#include <QtTest>

#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <cmath>

namespace {
QString s(const char* text) { return QString::fromUtf8(text); }
QString walk() { return s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"); }

// The fat edge with the most segments.
QJsonObject dominant(const QJsonObject& j) {
  QJsonObject best;
  for (const auto& v : j.value(s("fat_edges")).toArray()) {
    if (v.toObject().value(s("segments")).toInt() > best.value(s("segments")).toInt(-1)) best = v.toObject();
  }
  return best;
}
}  // namespace

class TestCliParameterize : public QObject {
  Q_OBJECT
 private slots:
  void buildReportsParameterization() {
    QTemporaryDir dir;
    const QString out = dir.filePath(s("walk.fgproj"));
    const CliRun r = runCli({s("build"), walk(), s("-o"), out, s("--hubs"), s("1"), s("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = r.json();
    QVERIFY(j.value(s("timings_s")).toObject().value(s("parameterization")).toDouble(-1) >= 0);
    const QJsonArray edges = j.value(s("fat_edges")).toArray();
    QVERIFY(!edges.isEmpty());
    for (const auto& v : edges) {
      const QJsonObject e = v.toObject();
      for (const char* key : {"param_error_median_m", "param_error_p95_m", "param_error_median_m_unrefined",
                              "param_dimension", "param_joint", "param_time_s", "locomotion", "blend"}) {
        QVERIFY2(e.contains(s(key)), key);
      }
      QCOMPARE(e.value(s("blend")).toString(), s("grid"));
      QVERIFY(e.value(s("locomotion")).isBool());  // the verdict itself: test_cli_locomotion
      QVERIFY(!e.value(s("locomotion_reason")).toString().isEmpty());
      QVERIFY(!e.value(s("param_joint")).toString().isEmpty());
      for (const char* key : {"param_error_median_m", "param_error_p95_m", "param_error_median_m_unrefined",
                              "param_time_s"}) {
        const double x = e.value(s(key)).toDouble(std::nan(""));
        QVERIFY2(std::isfinite(x) && x >= 0, key);
      }
    }
    const QJsonObject d = dominant(j);
    QCOMPARE(d.value(s("param_dimension")).toInt(), 2);
    QCOMPARE(d.value(s("param_joint")).toString(), s("Hips"));  // a walk: the root at the end
    for (const char* key : {"param_error_median_m", "param_error_p95_m", "param_error_median_m_unrefined"}) {
      const double x = d.value(s(key)).toDouble(std::nan(""));
      QVERIFY2(std::isfinite(x) && x >= 0, key);
    }
    QVERIFY(d.value(s("param_error_median_m")).toDouble() <= d.value(s("param_error_median_m_unrefined")).toDouble());
    // In the plane the stick controls, the error is at most the 3D one (a projection) and
    // refinement lowers it too.
    const double plane = d.value(s("param_error_plane_median_m")).toDouble(std::nan(""));
    const double planePlain = d.value(s("param_error_plane_median_m_unrefined")).toDouble(std::nan(""));
    QVERIFY(std::isfinite(plane) && std::isfinite(planePlain));
    QVERIFY(planePlain <= d.value(s("param_error_median_m_unrefined")).toDouble() + 1e-12);
    QVERIFY(plane < planePlain);

    // edit: a joint and time for the dominant edge, reported the same way.
    const QString edits = dir.filePath(s("edits.json"));
    QFile f(edits);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QStringLiteral(R"([{"op": "set_edge_parameters", "edge": "%1", "joint": "LeftFoot", "grid": 16}])")
                .arg(d.value(s("name")).toString())
                .toUtf8());
    f.close();
    const CliRun e = runCli({s("edit"), out, edits, s("--json")});
    QVERIFY2(e.exitCode == 0, qPrintable(e.err));
    const QJsonObject ed = dominant(e.json());
    QCOMPARE(ed.value(s("param_joint")).toString(), s("LeftFoot"));
    QVERIFY(std::isfinite(ed.value(s("param_error_median_m")).toDouble(std::nan(""))));
  }

  void noRefineReportsOneGrid() {
    QTemporaryDir dir;
    const CliRun r = runCli({s("build"), walk(), s("-o"), dir.filePath(s("w.fgproj")), s("--hubs"), s("1"),
                             s("--no-refine"), s("--samples"), s("100"), s("--grid"), s("12"), s("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject d = dominant(r.json());
    QCOMPARE(d.value(s("param_error_median_m")).toDouble(), d.value(s("param_error_median_m_unrefined")).toDouble());
  }

  void badValuesRefused_data() {
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("message");
    QTest::newRow("grid 1") << QStringList{s("--grid"), s("1")} << s("--grid: expects an integer in [2, 1024], got '1'");
    QTest::newRow("samples 0") << QStringList{s("--samples"), s("0")} << s("--samples: expects an integer in [1, 100000], got '0'");
    QTest::newRow("samples text") << QStringList{s("--samples"), s("many")} << s("--samples: expects an integer in [1, 100000], got 'many'");
    QTest::newRow("grid text") << QStringList{s("--grid"), s("3.5")} << s("--grid: expects an integer in [2, 1024], got '3.5'");
  }
  void badValuesRefused() {
    QFETCH(QStringList, extra);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString out = dir.filePath(s("x.fgproj"));
    FATGRAPH_VERIFY_CLI_FAILS(runCli(QStringList{s("build"), walk(), s("-o"), out} + extra), kCliUsageError, message);
    QVERIFY(!QFile::exists(out));
  }
};

QTEST_GUILESS_MAIN(TestCliParameterize)
#include "test_cli_parameterize.moc"
