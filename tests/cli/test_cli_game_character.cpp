// A game character's own clips (the knight: idle, walk and run loops in place, feet as IK bones
// beside the legs) built, exported and played with no options, as a game plays it: generated
// transitions join the loops, the graph records that its stick means velocity, and forward
// stick walks it from standing, full stick runs, and a released stick brings it back to an idle
// loop. The paper's stick on the plane (`--stick plane`) keeps it on its first edge: the
// difference is what the graph's choice is for. Its legs (thigh and shin, each foot an IK bone
// hanging from the root beside them) are found from the clips and planted by the leg layer.
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "cli_run.h"

namespace {

QString s(const char* text) { return QString::fromUtf8(text); }
QString data(const char* relative) { return QStringLiteral(FATGRAPH_DATA_DIR "/") + QString::fromUtf8(relative); }

// Stand 1 s, half stick forward 8 s, full stick 5 s, released 6 s.
constexpr char kScript[] =
    "t,x,y,action\n0,0,0,\n1,0,0,\n1.01,0,0.5,\n9,0,0.5,\n9.01,0,1,\n14,0,1,\n14.01,0,0,\n20,0,0,\n";

// The captured loops of a clip in a build summary: fat edges from one of the clip's hubs back to
// it that are not generated transitions.
QStringList edgesOfHubClip(const QJsonObject& summary, const QString& clip) {
  QStringList hubs;
  for (const QJsonValue& h : summary.value(s("hubs")).toArray()) {
    if (h.toObject().value(s("clip")).toString() == clip) hubs << h.toObject().value(s("name")).toString();
  }
  QStringList edges;
  for (const QJsonValue& e : summary.value(s("fat_edges")).toArray()) {
    const QJsonObject o = e.toObject();
    if (hubs.contains(o.value(s("from")).toString()) && o.value(s("from")) == o.value(s("to")) &&
        !o.value(s("generated")).toBool()) {
      edges << o.value(s("name")).toString();
    }
  }
  return edges;
}

}  // namespace

class TestCliGameCharacter : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString graph_, input_;
  QJsonObject summary_;

 private slots:
  void initTestCase() {
    const QString project = dir_.filePath(s("knight.fgproj"));
    const CliRun built = runCli({s("build"), data("characters/knight.glb"), s("-o"), project, s("--json")});
    QVERIFY2(built.exitCode == 0, qPrintable(built.err));
    summary_ = built.json();
    QCOMPARE(summary_.value(s("hub_groups")).toInt(), 1);
    QCOMPARE(summary_.value(s("stick")).toString(), s("velocity"));
    QStringList generated;
    for (const QJsonValue& c : summary_.value(s("clips")).toArray()) {
      if (c.toObject().contains(s("generated"))) generated << c.toObject().value(s("name")).toString();
    }
    for (const char* name : {"knight:Idle > knight:Walking", "knight:Walking > knight:Run", "knight:Run > knight:Walking",
                             "knight:Run_swordAttack > knight:Run", "knight:Idle_swordLeft > knight:Idle"}) {
      QVERIFY2(generated.contains(s(name)), qPrintable(generated.join(u", ")));
    }
    // Between two runs a generated transition is a gait cycle the legs follow.
    int betweenGaits = 0;
    for (const QJsonValue& e : summary_.value(s("fat_edges")).toArray())
      betweenGaits += e.toObject().value(s("generated")).toBool() && e.toObject().value(s("locomotion")).toBool();
    QVERIFY(betweenGaits >= 2);
    graph_ = dir_.filePath(s("knight.fgraph"));
    const CliRun exported = runCli({s("export"), project, s("-o"), graph_});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    input_ = dir_.filePath(s("stick.csv"));
    QFile f(input_);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kScript);
  }

  void theGraphsStickWalksRunsAndStops() {
    const CliRun r = runCli({s("play"), graph_, s("--input"), input_, s("-o"), dir_.filePath(s("v.bvh")), s("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = r.json();
    QCOMPARE(j.value(s("stick")).toString(), s("velocity"));
    QCOMPARE(j.value(s("nan_frames")).toInt(), 0);
    QStringList played;
    for (const QJsonValue& e : j.value(s("edges_played")).toArray()) played << e.toString();
    // Standing, then a generated transition into the walk loop, a run loop, and an idle loop at
    // the end.
    const QStringList walk = edgesOfHubClip(summary_, s("knight:Walking"));
    QVERIFY2(!walk.isEmpty(), "no walk loop");
    QVERIFY2(std::any_of(walk.begin(), walk.end(), [&](const QString& e) { return played.count(e) >= 3; }),
             qPrintable(played.join(u' ')));
    const QStringList idle = edgesOfHubClip(summary_, s("knight:Idle_swordRight")) + edgesOfHubClip(summary_, s("knight:Idle")) +
                             edgesOfHubClip(summary_, s("knight:Idle_swordLeft"));
    QVERIFY2(idle.contains(played.first()) && idle.contains(played.last()), qPrintable(played.join(u' ')));
    // The plain run, not a variant with a sword: the plain clips join among themselves first,
    // each variant hangs off its own clip.
    const QStringList run = edgesOfHubClip(summary_, s("knight:Run"));
    QVERIFY2(std::any_of(run.begin(), run.end(), [&](const QString& e) { return played.contains(e); }),
             qPrintable(played.join(u' ')));
    // 8 s of half stick and 5 s of full stick: well beyond the 0.1 m the plane stick gives.
    QVERIFY2(j.value(s("root_travel_m")).toDouble() > 20.0, qPrintable(QString::number(j.value(s("root_travel_m")).toDouble())));
    // Two legs, each ending at its foot bone, stepping: the layer's gait clock puts each foot
    // down in every cycle of the walk and run loops played (but for the two it fades into
    // from a transition; a run's stance is a fifth of its cycle), and the outsider sees
    // stances in the motion.
    QCOMPARE(j.value(s("legs")).toInt(), 2);
    const QJsonObject perLeg = j.value(s("events")).toObject().value(s("per_leg")).toObject();
    const auto cycles = std::count_if(played.begin(), played.end(), [&](const QString& e) { return walk.contains(e) || run.contains(e); });
    QVERIFY2(cycles >= 8, qPrintable(played.join(u' ')));
    for (const char* leg : {"Left", "Right"})
      QVERIFY2(perLeg.value(s(leg)).toObject().value(s("foot_strike")).toInt() >= cycles - 2, qPrintable(QJsonDocument(perLeg).toJson()));
    QVERIFY(j.value(s("motion_contacts")).toObject().value(s("stances")).toInt() >= 4);
    QVERIFY(j.value(s("leg_overextension_mm")).toDouble() < 1.0);
  }

  // From standing, a stick to the side turns the character to face that way in the world
  // (right faces -X, left +X) and it walks off there: the idle loops cannot turn, so it leaves
  // them for an edge whose steps carry the steered turn.
  void sideStickTurnsItThatWay_data() {
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("yaw");
    QTest::newRow("right") << 0.6 << -M_PI / 2;
    QTest::newRow("left") << -0.6 << M_PI / 2;
  }
  void sideStickTurnsItThatWay() {
    QFETCH(double, x);
    QFETCH(double, yaw);
    const QString input = dir_.filePath(QString::fromUtf8(QTest::currentDataTag()) + s(".csv"));
    QFile f(input);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QStringLiteral("t,x,y,action\n0,0,0,\n1,0,0,\n1.01,%1,0,\n6,%1,0,\n").arg(x).toUtf8());
    f.close();
    const CliRun r = runCli({s("play"), graph_, s("--input"), input, s("-o"), dir_.filePath(s("turn.bvh")), s("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const double turned = r.json().value(s("final_yaw_rad")).toDouble();
    QVERIFY2(std::abs(turned - yaw) < 0.2, qPrintable(QString::number(turned)));
    QVERIFY2(r.json().value(s("root_travel_m")).toDouble() > 1.0, "it turned but did not walk off");
  }

  void planeStickKeepsItsFirstEdge() {
    const CliRun r = runCli({s("play"), graph_, s("--input"), input_, s("-o"), dir_.filePath(s("p.bvh")), s("--stick"),
                             s("plane"), s("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(r.json().value(s("stick")).toString(), s("plane"));
    QVERIFY(r.json().value(s("root_travel_m")).toDouble() < 1.0);
  }

  // The fox and the spider, built with no options: their feet are IK bones with nothing below
  // them, measured on the mesh that moves with them, so their walk loops are locomotion and
  // half stick walks them with every foot put down, cycle after cycle.
  void creaturesWalkOnTheirFeet_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("walkClip");
    QTest::addColumn<int>("standingTransitions");  // generated out of or into a clip that stands
    QTest::newRow("fox") << s("characters/fox.glb") << s("fox:Walk") << 1;
    QTest::newRow("spider") << s("characters/spider.glb") << s("spider:Spider_Walk") << 0;
  }
  void creaturesWalkOnTheirFeet() {
    QFETCH(QString, file);
    QFETCH(QString, walkClip);
    QFETCH(int, standingTransitions);
    const QString tag = QString::fromUtf8(QTest::currentDataTag());
    const QString project = dir_.filePath(tag + s(".fgproj")), graph = dir_.filePath(tag + s(".fgraph"));
    const CliRun built = runCli({s("build"), data(file.toUtf8().constData()), s("-o"), project, s("--json")});
    QVERIFY2(built.exitCode == 0, qPrintable(built.err));
    const QJsonObject summary = built.json();
    QCOMPARE(summary.value(s("locomotion_hub_groups")).toInt(), 1);
    const QStringList walk = edgesOfHubClip(summary, walkClip);
    bool walkIsLocomotion = false;
    for (const QJsonValue& e : summary.value(s("fat_edges")).toArray()) {
      if (walk.contains(e.toObject().value(s("name")).toString())) walkIsLocomotion |= e.toObject().value(s("locomotion")).toBool();
    }
    QVERIFY2(walkIsLocomotion, qPrintable(walk.join(u' ')));
    QCOMPARE(runCli({s("export"), project, s("-o"), graph}).exitCode, 0);
    const QString input = dir_.filePath(tag + s("_walk.csv"));
    QFile f(input);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("t,x,y,action\n0,0,0.5,\n8,0,0.5,\n");
    f.close();
    const CliRun r = runCli({s("play"), graph, s("--input"), input, s("-o"), dir_.filePath(tag + s(".bvh")), s("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = r.json();
    QCOMPARE(j.value(s("nan_frames")).toInt(), 0);
    QStringList played;
    for (const QJsonValue& e : j.value(s("edges_played")).toArray()) played << e.toString();
    const auto cycles = std::count_if(played.begin(), played.end(), [&](const QString& e) { return walk.contains(e); });
    QVERIFY2(cycles >= 4, qPrintable(played.join(u' ')));
    const QJsonObject perLeg = j.value(s("events")).toObject().value(s("per_leg")).toObject();
    QVERIFY(perLeg.size() >= 4);
    for (const QString& leg : perLeg.keys())
      QVERIFY2(perLeg.value(leg).toObject().value(s("foot_strike")).toInt() >= cycles - 2, qPrintable(QJsonDocument(perLeg).toJson()));

    // Full stick from standing: out of the idle through a generated transition into the
    // fastest gait. A transition from an idle is no gait cycle, so the leg layer does not hold
    // its feet on stances the blend only seems to have (the fox's paws went 0.28 units into
    // the ground in its idle's transition into its gallop).
    QStringList fromStanding;
    for (const QJsonValue& e : summary.value(s("fat_edges")).toArray()) {
      const QJsonObject o = e.toObject();
      if (o.value(s("locomotion_reason")).toString().contains(s("which stands"))) fromStanding << o.value(s("name")).toString();
    }
    QVERIFY2(fromStanding.size() >= standingTransitions, qPrintable(fromStanding.join(u' ')));
    f.setFileName(dir_.filePath(tag + s("_full.csv")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("t,x,y,action\n0,0,1,\n6,0,1,\n");
    f.close();
    const CliRun full = runCli({s("play"), graph, s("--input"), f.fileName(), s("-o"), dir_.filePath(tag + s("_full.bvh")), s("--json")});
    QVERIFY2(full.exitCode == 0, qPrintable(full.err));
    QCOMPARE(full.json().value(s("nan_frames")).toInt(), 0);
    QVERIFY2(full.json().value(s("penetration_mm")).toDouble() < 5.0, qPrintable(QString::number(full.json().value(s("penetration_mm")).toDouble())));
  }

  void badStickIsAUsageError() {
    const CliRun r = runCli({s("play"), graph_, s("--input"), input_, s("-o"), dir_.filePath(s("x.bvh")), s("--stick"),
                             s("joystick")});
    QVERIFY(cliFailedWith(r, kCliUsageError, s("--stick: joystick not in {plane,velocity}"), __FILE__, __LINE__));
  }
};

QTEST_GUILESS_MAIN(TestCliGameCharacter)
#include "test_cli_game_character.moc"
