// `fatgraph creature` and `fatgraph play` on what it writes, as a user runs them: the issue's
// six-legged seed 7 walking over bumps with planted feet (judged from the written frames by the
// outside contact measure), a flyer and a swimmer played to glTF and BVH, the same seed giving
// the same creature, the body as OBJ, and usage errors by their messages.
#include <QtTest>

#include <QFile>
#include <QTemporaryDir>
#include <cmath>

#include "cli_run.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/creature/creature_generation.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "gltf_validator.h"

using namespace fatgraph;

namespace {

QString s(const char* text) { return QString::fromUtf8(text); }

// Forward at full stick for `walk` seconds, then turning left while walking, then stopped.
QByteArray walkTurnStop(double walk) {
  return QStringLiteral("t,x,y,action\n0,0,1,\n%1,0,1,\n%2,-0.6,1,\n%3,0,0,\n%4,0,0,\n")
      .arg(walk).arg(walk + 0.01).arg(walk + 3).arg(walk + 5).toUtf8();
}

}  // namespace

class TestCliCreature : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString path(const char* name) const { return dir_.filePath(QString::fromUtf8(name)); }

  CliRun creature(const QStringList& args) { return runCli(QStringList{s("creature")} + args); }
  CliRun play(const QString& graph, const QByteArray& csv, const QString& out, const QStringList& extra) {
    writeText(path("in.csv"), csv);
    return runCli(QStringList{s("play"), graph, s("--input"), path("in.csv"), s("-o"), out, s("--json")} + extra);
  }

 private slots:
  // The "done when": a six-legged creature walking over bumps with planted feet.
  void sixLeggedSeedSevenWalksOverBumps() {
    const QString bug = path("bug.fgraph");
    const CliRun made = creature({s("--type"), s("walk"), s("--legs"), s("3"), s("--seed"), s("7"), s("-o"), bug, s("--json")});
    QVERIFY2(made.exitCode == 0, qPrintable(made.err));
    const QJsonObject c = made.json();
    QCOMPARE(c.value(s("legs")).toInt(), 6);
    QCOMPARE(c.value(s("type")).toString(), s("walk"));
    QCOMPARE(c.value(s("seed")).toInt(), 7);
    QVERIFY(c.value(s("generation_ms")).toDouble() < 500.0);
    const RuntimeGraph graph = loadRuntimeGraph(bug.toStdString());
    QVERIFY(graph.procedural());
    QCOMPARE(graph.legs.size(), std::size_t(6));
    QCOMPARE(graph.formatVersion, kRuntimeGraphFormatVersion);

    const CliRun run = play(bug, walkTurnStop(8), path("bug.bvh"), {s("--terrain"), s("bumps"), s("--fps"), s("60")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject j = run.json();
    QCOMPARE(j.value(s("nan_frames")).toInt(), 0);
    const QJsonObject contacts = j.value(s("motion_contacts")).toObject();
    qInfo("seed 7 on bumps: %d stances, mid-stance skate %.3f mm, penetration %.3f mm, travel %.2f m",
          contacts.value(s("stances")).toInt(), contacts.value(s("skate_mid_mm_median")).toDouble(),
          contacts.value(s("penetration_mm")).toDouble(), j.value(s("root_travel_m")).toDouble());
    // Measured 2026-12-07: 148 stances, mid-stance skate 0.002 mm, penetration 0.000 mm. Four
    // fifths of the stances; 0.05 mm for both figures (null, no stance, fails).
    QVERIFY(contacts.value(s("stances")).toInt() >= 118);
    QVERIFY(contacts.value(s("skate_mid_mm_median")).toDouble(NAN) <= 0.05);
    QVERIFY(contacts.value(s("penetration_mm")).toDouble(NAN) <= 0.05);
    // Eight seconds at the base speed and three more turning: the body covers about 11 v.
    const double v = c.value(s("base_speed_m_s")).toDouble();
    QVERIFY(j.value(s("root_travel_m")).toDouble() > 9.0 * v);
    QVERIFY(j.value(s("root_travel_m")).toDouble() < 12.0 * v);
    QVERIFY(j.value(s("final_yaw_rad")).toDouble() > 1.0);  // it turned left
    // Every leg struck the ground, named by the graph's legs.
    const QJsonObject perLeg = j.value(s("events")).toObject().value(s("per_leg")).toObject();
    QCOMPARE(perLeg.size(), 6);
    for (const QString& leg : perLeg.keys()) {
      QVERIFY2(leg.startsWith(s("leg_")), qPrintable(leg));
      QVERIFY(perLeg.value(leg).toObject().value(s("foot_strike")).toInt() >= 6);
      QVERIFY(perLeg.value(leg).toObject().value(s("foot_off")).toInt() >= 6);
    }
    // The BVH reads back with the creature's skeleton.
    const BvhImport back = importBvh(path("bug.bvh").toStdString());
    QCOMPARE(back.skeleton.jointCount(), graph.jointCount());
  }

  void flyerAndSwimmerPlayToGltf() {
    const std::optional<GltfValidator> validator = findGltfValidator();
    for (const char* type : {"fly", "swim"}) {
      const QString graph = path("c.fgraph");
      const CliRun made = creature({s("--type"), s(type), s("--seed"), s("3"), s("-o"), graph, s("--json")});
      QVERIFY2(made.exitCode == 0, qPrintable(made.err));
      const QString take = path("c.glb");
      const CliRun run = play(graph, walkTurnStop(4), take, {s("--terrain"), s("bumps")});
      QVERIFY2(run.exitCode == 0, qPrintable(run.err));
      const QJsonObject j = run.json();
      QCOMPARE(j.value(s("nan_frames")).toInt(), 0);
      QVERIFY(j.value(s("root_travel_m")).toDouble() > 3.0 * made.json().value(s("base_speed_m_s")).toDouble());
      if (validator) {
        const GltfValidation v = validateGltf(*validator, take);
        QVERIFY2(v.ran && v.errors == 0, qPrintable(v.report));
      }
    }
    if (!validator) qInfo("glTF not validated: %s", gltfValidatorMissingReason().c_str());
  }

  void sameSeedSameCreatureAndItsBody() {
    const QString a = path("a.fgraph"), b = path("b.fgraph"), obj = path("a.obj");
    QCOMPARE(creature({s("--seed"), s("12345"), s("-o"), a, s("--obj"), obj}).exitCode, 0);
    QCOMPARE(creature({s("--seed"), s("12345"), s("-o"), b}).exitCode, 0);
    const RuntimeGraph ga = loadRuntimeGraph(a.toStdString()), gb = loadRuntimeGraph(b.toStdString());
    QCOMPARE(ga.body.positions.size(), gb.body.positions.size());
    for (std::size_t i = 0; i < ga.body.positions.size(); ++i)
      QVERIFY(ga.body.positions[i].x == gb.body.positions[i].x && ga.body.positions[i].y == gb.body.positions[i].y &&
              ga.body.positions[i].z == gb.body.positions[i].z);
    QCOMPARE(ga.creature.restPositions.size(), gb.creature.restPositions.size());
    QFile f(obj);
    QVERIFY(f.open(QIODevice::ReadOnly));
    int vertices = 0, faces = 0;
    while (!f.atEnd()) {
      const QByteArray line = f.readLine();
      vertices += line.startsWith("v ") ? 1 : 0;
      faces += line.startsWith("f ") ? 1 : 0;
    }
    QCOMPARE(vertices, ga.body.vertexCount());
    QCOMPARE(faces, ga.body.triangleCount());
  }

  void usageErrorsSayWhat() {
    struct Case {
      QStringList args;
      int exitCode;
      const char* message;
    };
    const QString out = path("x.fgraph");
    const Case cases[] = {
        {{s("--type"), s("crawl"), s("-o"), out}, kCliUsageError, "--type: crawl not in {walk,fly,swim}"},
        {{s("--legs"), s("9"), s("-o"), out}, kCliUsageError, "--legs: expects an integer in [1, 8], got '9'"},
        {{s("--seed"), s("-3"), s("-o"), out}, kCliUsageError, "--seed: expects a whole number from 0 to 18446744073709551615, got '-3'"},
        // Options each valid that the generator refuses together: a failure, not a usage error.
        {{s("--type"), s("swim"), s("--legs"), s("2"), s("-o"), out}, kCliFailure,
         "creature seed 1 (swim): swimmers have fins, not legs; leave the leg pairs at 0"},
        {{s("--seed"), s("4")}, kCliUsageError, "missing -o CREATURE.fgraph"},
        // A walker that would tip over is not written, and the message names its seed.
        {{s("--seed"), s("547"), s("-o"), out}, kCliFailure, "creature seed 547 (walk) would tip over: its centre of mass lies"},
    };
    for (const Case& c : cases) {
      const CliRun r = creature(c.args);
      QVERIFY2(cliFailedWith(r, c.exitCode, s(c.message), __FILE__, __LINE__), qPrintable(c.args.join(' ')));
      QVERIFY(!QFile::exists(out));
    }
  }
};

QTEST_GUILESS_MAIN(TestCliCreature)
#include "test_cli_creature.moc"
