// `fatgraph build --locomotion auto|all|none` on a real walk (144_03): the JSON flags each fat
// edge with its verdict, the reason and blend, and a locomotion edge's reference cycle; a bad
// value is a usage error; set_locomotion / set_blend through `fatgraph edit` show in the JSON.
#include <QtTest>

#include "cli_run.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace {

QString s(const char* text) { return QString::fromUtf8(text); }
const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

// A small, quick build: one hub, few samples, a coarse grid.
CliRun build(const QString& out, const QString& locomotion) {
  QStringList args{s("build"), kWalk, s("-o"), out, s("--hubs"), s("1"), s("--samples"), s("20"), s("--grid"), s("4"),
                   s("--json")};
  if (!locomotion.isEmpty()) args << s("--locomotion") << locomotion;
  return runCli(args);
}

}  // namespace

class TestCliLocomotion : public QObject {
  Q_OBJECT
 private slots:
  void selection_data() {
    QTest::addColumn<QString>("locomotion");
    QTest::newRow("none") << s("none");
    QTest::newRow("all") << s("all");
    QTest::newRow("auto") << s("auto");
    QTest::newRow("default") << QString();
  }
  void selection() {
    QFETCH(QString, locomotion);
    QTemporaryDir dir;
    const CliRun r = build(dir.filePath(s("walk.fgproj")), locomotion);
    QCOMPARE(r.exitCode, 0);
    const QJsonArray edges = r.json().value(s("fat_edges")).toArray();
    QVERIFY(!edges.isEmpty());
    int walking = 0;
    for (const QJsonValue& v : edges) {
      const QJsonObject e = v.toObject();
      const bool on = e.value(s("locomotion")).toBool();
      const QString reason = e.value(s("locomotion_reason")).toString();
      QVERIFY(!reason.isEmpty());
      QCOMPARE(e.value(s("blend")).toString(), s("grid"));
      if (locomotion == s("none")) {
        QVERIFY(!on);
        QCOMPARE(reason, s("--locomotion none"));
      }
      if (locomotion == s("all")) QVERIFY2(on == (reason == s("--locomotion all")), qPrintable(reason));
      QCOMPARE(e.contains(s("cycle")), on);
      if (!on) continue;
      ++walking;
      const QJsonObject cycle = e.value(s("cycle")).toObject();
      QVERIFY(cycle.value(s("duration_s")).toDouble() > 0.3);
      QVERIFY(cycle.value(s("distance_m")).toDouble() > 0.2);  // a walk: strides of decimetres
      QVERIFY(cycle.value(s("speed_mps")).toDouble() > 0.1);
      const QJsonArray legs = cycle.value(s("legs")).toArray();
      QCOMPARE(legs.size(), 2);
      for (const QJsonValue& l : legs) {
        const QJsonObject leg = l.toObject();
        QVERIFY(!leg.value(s("name")).toString().isEmpty());
        for (const char* key : {"stance_time", "foot_strike", "foot_off"}) {
          const double t = leg.value(s(key)).toDouble(-1);
          QVERIFY2(t >= 0 && t <= 1, key);
        }
        QVERIFY(leg.value(s("stride_m")).toDouble() > 0.1);
      }
    }
    // 144_03 is a walk: every selection but none finds some locomotion edge.
    QCOMPARE(walking > 0, locomotion != s("none"));
  }

  void editsShowInTheJson() {
    QTemporaryDir dir;
    const QString project = dir.filePath(s("walk.fgproj"));
    const CliRun r = build(project, s("all"));
    QCOMPARE(r.exitCode, 0);
    const QString edge = r.json().value(s("fat_edges")).toArray().first().toObject().value(s("name")).toString();
    QFile edits(dir.filePath(s("edits.json")));
    QVERIFY(edits.open(QIODevice::WriteOnly));
    edits.write(QStringLiteral(R"([{"op": "set_locomotion", "edge": "%1", "locomotion": false},
                                   {"op": "set_blend", "edge": "%1", "blend": "polar"}])")
                    .arg(edge)
                    .toUtf8());
    edits.close();
    const CliRun e = runCli({s("edit"), project, edits.fileName(), s("--json")});
    QCOMPARE(e.exitCode, 0);
    bool found = false;
    for (const QJsonValue& v : e.json().value(s("fat_edges")).toArray()) {
      const QJsonObject o = v.toObject();
      if (o.value(s("name")).toString() != edge) continue;
      found = true;
      QVERIFY(!o.value(s("locomotion")).toBool());
      QCOMPARE(o.value(s("locomotion_reason")).toString(), s("set by edit"));
      QCOMPARE(o.value(s("blend")).toString(), s("polar"));
    }
    QVERIFY(found);
  }

  void badValueIsAUsageError() {
    QTemporaryDir dir;
    const QString out = dir.filePath(s("never.fgproj"));
    const CliRun r = build(out, s("sometimes"));
    FATGRAPH_VERIFY_CLI_FAILS(r, kCliUsageError, s("--locomotion: sometimes not in {auto,all,none}"));
    QVERIFY(!QFile::exists(out));
  }
};

QTEST_GUILESS_MAIN(TestCliLocomotion)
#include "test_cli_locomotion.moc"
