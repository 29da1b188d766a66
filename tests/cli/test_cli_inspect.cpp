// `fatgraph inspect` and `fatgraph convert` as a user runs them: text, JSON, errors, --help;
// BVH, glTF and FBX inputs.
#include <QtTest>

#include "cli_run.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace {
using Run = CliRun;
Run fatgraph(const QStringList& args) { return runCli(args); }

QString data(const char* relative) {
  return QStringLiteral(FATGRAPH_DATA_DIR "/") + QString::fromUtf8(relative);
}
}  // namespace

class TestCliInspect : public QObject {
  Q_OBJECT
 private slots:
  void jsonForFigure8Walk() {
    const Run r = fatgraph({QStringLiteral("inspect"), data("cmu-leonardo-ono-roll/144_03.bvh"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.isEmpty());
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("frames")).toInt(), 4479);
    QCOMPARE(o.value(QStringLiteral("fps")).toDouble(), 120.0);
    QCOMPARE(o.value(QStringLiteral("joints")).toInt(), 31);
    QCOMPARE(o.value(QStringLiteral("root")).toString(), QStringLiteral("Hips"));
    QVERIFY(std::abs(o.value(QStringLiteral("duration_s")).toDouble() - 37.325) < 0.01);
    QVERIFY(std::abs(o.value(QStringLiteral("path_length_m")).toDouble() - 26.4) < 0.3);
    QVERIFY(std::abs(o.value(QStringLiteral("unit_scale")).toDouble() - 0.0564444) < 1e-6);
  }

  void jsonReportsReferencePoseButKeepsFileFrameCount() {
    const Run r = fatgraph({QStringLiteral("inspect"), data("cmu-leonardo-ono-roll/144_06.bvh"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("frames")).toInt(), 3634);
    QVERIFY(o.value(QStringLiteral("reference_pose")).toObject().value(QStringLiteral("detected")).toBool());
  }

  void textSummary() {
    const Run r = fatgraph({QStringLiteral("inspect"), data("cmu-bvh11/131_01.bvh")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("31 (+7 end sites), root Hips")));
    QVERIFY(r.out.contains(QStringLiteral("994 at 120.000 fps")));
    QVERIFY(r.out.contains(QStringLiteral("cmu")));
  }

  void glbListsEveryAnimation() {
    const Run r = fatgraph({QStringLiteral("inspect"), data("characters/knight.glb"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("type")).toString(), QStringLiteral("gltf"));
    QCOMPARE(o.value(QStringLiteral("joints")).toInt(), 31);
    const QJsonArray clips = o.value(QStringLiteral("clips")).toArray();
    QCOMPARE(clips.size(), 12);
    QStringList names;
    for (const QJsonValue& c : clips) names << c.toObject().value(QStringLiteral("name")).toString();
    QVERIFY2(names.contains(QStringLiteral("knight:Walking")), qPrintable(names.join(", ")));
    QCOMPARE(o.value(QStringLiteral("rig")).toObject().value(QStringLiteral("translations")).toString(),
             QStringLiteral("absolute"));
    const Run text = fatgraph({QStringLiteral("inspect"), data("characters/knight.glb")});
    QCOMPARE(text.exitCode, 0);
    // The run is one cycle whose last frame repeats the first: repeated to two, and said so;
    // `--loops keep` leaves it as the file has it.
    QVERIFY2(text.out.contains(QStringLiteral("knight:Run: 51 frames")), qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("'knight:Run' loops (25 frames per cycle, its last frame repeats the first")) &&
                 text.out.contains(QStringLiteral("repeated to 51 frames so each pose occurs twice")),
             qPrintable(text.out));
    const Run kept = fatgraph({QStringLiteral("inspect"), data("characters/knight.glb"), QStringLiteral("--loops"), QStringLiteral("keep")});
    QCOMPARE(kept.exitCode, 0);
    QVERIFY2(kept.out.contains(QStringLiteral("knight:Run: 26 frames")) && kept.out.contains(QStringLiteral("kept as one cycle (--loops keep)")),
             qPrintable(kept.out));
    const Run bad = fatgraph({QStringLiteral("inspect"), data("characters/knight.glb"), QStringLiteral("--loops"), QStringLiteral("twice")});
    FATGRAPH_VERIFY_CLI_FAILS(bad, kCliUsageError, QStringLiteral("--loops: twice not in {repeat,keep}"));
  }

  void fbxListsItsStacksAndFrame() {
    // An FBX enters inspect as a glTF does: joints, one clip per animation stack, and the
    // frame it declared (a Z-up file is turned, a centimetre file scaled).
    const Run r = fatgraph({QStringLiteral("inspect"), data("characters/knight.fbx"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json();
    QCOMPARE(o.value(QStringLiteral("type")).toString(), QStringLiteral("fbx"));
    QCOMPARE(o.value(QStringLiteral("joints")).toInt(), 31);
    QCOMPARE(o.value(QStringLiteral("root")).toString(), QStringLiteral("Bone"));
    QCOMPARE(o.value(QStringLiteral("unit_scale")).toDouble(), 1.0);
    QStringList names;
    for (const QJsonValue& c : o.value(QStringLiteral("clips")).toArray()) names << c.toObject().value(QStringLiteral("name")).toString();
    QCOMPARE(names, (QStringList{QStringLiteral("knight:Run"), QStringLiteral("knight:Walking")}));
    const Run zup = fatgraph({QStringLiteral("inspect"), QStringLiteral(FATGRAPH_TEST_FIXTURES_DIR "/fbx/knight_walk_zup.fbx"), QStringLiteral("--json")});
    QCOMPARE(zup.exitCode, 0);
    QCOMPARE(zup.json().value(QStringLiteral("axes")).toObject().value(QStringLiteral("up")).toString(), QStringLiteral("+Z"));
    QCOMPARE(zup.json().value(QStringLiteral("notes")).toArray().size(), 1);
    const Run text = fatgraph({QStringLiteral("inspect"), QStringLiteral(FATGRAPH_TEST_FIXTURES_DIR "/fbx/knight_walk_cm.fbx")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral("0.0100 m per unit")) && text.out.contains(QStringLiteral("knight_walk_cm:Walking: 77 frames")),
             qPrintable(text.out));
  }

  void convertWritesAnFbxAnimationAsBvh() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("walk.bvh"));
    const Run r = fatgraph({QStringLiteral("convert"), data("characters/knight.fbx"), QStringLiteral("-o"), out,
                            QStringLiteral("--animation"), QStringLiteral("knight:Walking"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.json().value(QStringLiteral("animation")).toString(), QStringLiteral("HumanArmature|Walking"));
    QCOMPARE(r.json().value(QStringLiteral("frames")).toInt(), 77);  // one cycle of 38, repeated
    const Run i = fatgraph({QStringLiteral("inspect"), out, QStringLiteral("--json")});
    QCOMPARE(i.exitCode, 0);
    QCOMPARE(i.json().value(QStringLiteral("joints")).toInt(), 31);
    QCOMPARE(i.json().value(QStringLiteral("frames")).toInt(), 77);  // two cycles already: not repeated again
  }

  void glbInPlaceWalksTravelWithTheirFeet() {
    // The knight's Walking stays in place in the file: found, given root motion, reported.
    auto walking = [](const QJsonObject& o) {
      for (const QJsonValue& c : o.value(QStringLiteral("clips")).toArray()) {
        if (c.toObject().value(QStringLiteral("name")).toString() == QStringLiteral("knight:Walking")) return c.toObject();
      }
      return QJsonObject();
    };
    const Run feet = fatgraph({QStringLiteral("inspect"), data("characters/knight.glb"), QStringLiteral("--json")});
    QCOMPARE(feet.exitCode, 0);
    const QJsonObject moved = walking(QJsonDocument::fromJson(feet.out.toUtf8()).object());
    const QJsonObject inPlace = moved.value(QStringLiteral("in_place")).toObject();
    QVERIFY(inPlace.value(QStringLiteral("detected")).toBool());
    QVERIFY(inPlace.value(QStringLiteral("applied")).toBool());
    QVERIFY(inPlace.value(QStringLiteral("speed_mps")).toDouble() > 1.0);
    QVERIFY(moved.value(QStringLiteral("path_length_m")).toDouble() > 2.0);
    const Run keep = fatgraph({QStringLiteral("inspect"), data("characters/knight.glb"), QStringLiteral("--in-place"), QStringLiteral("keep"), QStringLiteral("--json")});
    QCOMPARE(keep.exitCode, 0);
    const QJsonObject kept = walking(QJsonDocument::fromJson(keep.out.toUtf8()).object());
    QVERIFY(kept.value(QStringLiteral("in_place")).toObject().value(QStringLiteral("detected")).toBool());
    QVERIFY(!kept.value(QStringLiteral("in_place")).toObject().value(QStringLiteral("applied")).toBool());
    QVERIFY(kept.value(QStringLiteral("path_length_m")).toDouble() < 0.2);
    const Run text = fatgraph({QStringLiteral("inspect"), data("characters/knight.glb")});
    QVERIFY2(text.out.contains(QStringLiteral("'knight:Walking' is in place")), qPrintable(text.out));
    // A CMU take travels by itself: not in place.
    const Run cmu = fatgraph({QStringLiteral("inspect"), data("cmu-leonardo-ono-roll/144_03.bvh"), QStringLiteral("--json")});
    const QJsonObject rig = QJsonDocument::fromJson(cmu.out.toUtf8()).object().value(QStringLiteral("rig")).toObject();
    QVERIFY(!rig.value(QStringLiteral("in_place")).toObject().value(QStringLiteral("detected")).toBool());
    const Run bad = fatgraph({QStringLiteral("inspect"), data("characters/knight.glb"), QStringLiteral("--in-place"), QStringLiteral("slide")});
    FATGRAPH_VERIFY_CLI_FAILS(bad, kCliUsageError, QStringLiteral("--in-place: slide not in {feet,keep}"));
  }

  void errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing file") << QStringList{QStringLiteral("inspect"), QStringLiteral("/no/such.bvh")} << kCliFailure << QStringLiteral("/no/such.bvh: cannot open");
    QTest::newRow("no file") << QStringList{QStringLiteral("inspect")} << kCliUsageError << QStringLiteral("fatgraph inspect: missing FILE");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("inspect"), QStringLiteral("--yaml"), QStringLiteral("x")} << kCliUsageError << QStringLiteral("unknown option '--yaml'");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << kCliUsageError << QStringLiteral("unknown command 'frobnicate'");
    QTest::newRow("corrupt file") << QStringList{QStringLiteral("inspect"), QStringLiteral(FATGRAPH_TEST_FIXTURES_DIR "/bvh/truncated_frames.bvh")} << kCliFailure << QStringLiteral("truncated_frames.bvh:11: file ends after 1 of 3 frames");
    QTest::newRow("convert without -o") << QStringList{QStringLiteral("convert"), data("cmu-bvh11/131_01.bvh")} << kCliUsageError << QStringLiteral("missing -o");
    QTest::newRow("fbx without animation") << QStringList{QStringLiteral("inspect"), QStringLiteral(FATGRAPH_TEST_FIXTURES_DIR "/fbx/knight_no_animation.fbx")} << kCliFailure << QStringLiteral("knight_no_animation.fbx: has no animation stack, so no clip to import");
    QTest::newRow("convert unknown animation") << QStringList{QStringLiteral("convert"), data("characters/knight.fbx"), QStringLiteral("-o"), QStringLiteral("/tmp/x.bvh"), QStringLiteral("--animation"), QStringLiteral("Swim")} << kCliFailure << QStringLiteral("knight.fbx: has no animation 'Swim' (it has HumanArmature|Run, HumanArmature|Walking)");
    QTest::newRow("convert bad units") << QStringList{QStringLiteral("convert"), data("cmu-bvh11/131_01.bvh"), QStringLiteral("-o"), QStringLiteral("/tmp/x.bvh"), QStringLiteral("--units"), QStringLiteral("furlong")} << kCliUsageError << QStringLiteral("--units: furlong not in {auto,m,cm,cmu,in,mm}");
  }

  void errors() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = fatgraph(args);
    FATGRAPH_VERIFY_CLI_FAILS(r, exitCode, message);
    QVERIFY(r.out.isEmpty());
  }

  void corruptFileNamesLine() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cut.bvh"));
    QFile in(data("cmu-bvh11/131_02.bvh"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(in.read(200000));  // cut in the middle of a frame
    out.close();
    const Run r = fatgraph({QStringLiteral("inspect"), path});
    FATGRAPH_VERIFY_CLI_FAILS(r, kCliFailure, path + QLatin1Char(':'));
    QVERIFY2(r.err.contains(QStringLiteral("values, expected 96")) || r.err.contains(QStringLiteral("file ends after")), qPrintable(r.err));
  }

  void helpForEveryCommand_data() {
    QTest::addColumn<QString>("command");
    QTest::newRow("inspect") << QStringLiteral("inspect");
    QTest::newRow("convert") << QStringLiteral("convert");
  }

  void helpForEveryCommand() {
    QFETCH(QString, command);
    const Run r = fatgraph({command, QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith(QStringLiteral("usage: fatgraph ") + command));
    const Run top = fatgraph({QStringLiteral("--help")});
    QCOMPARE(top.exitCode, 0);
    QVERIFY(top.out.contains(command));
  }

  void convertRoundTripsThroughCli() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("walk30.bvh"));
    const Run r = fatgraph({QStringLiteral("convert"), data("cmu-leonardo-ono-roll/144_06.bvh"), QStringLiteral("-o"), out,
                            QStringLiteral("--fps"), QStringLiteral("30"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(o.value(QStringLiteral("reference_pose")).toObject().value(QStringLiteral("dropped")).toBool());
    const Run i = fatgraph({QStringLiteral("inspect"), out, QStringLiteral("--json")});
    const QJsonObject oi = QJsonDocument::fromJson(i.out.toUtf8()).object();
    QCOMPARE(oi.value(QStringLiteral("fps")).toDouble(), 30.0);
    QCOMPARE(oi.value(QStringLiteral("units")).toString(), QStringLiteral("m"));
    QCOMPARE(oi.value(QStringLiteral("frames")).toInt(), o.value(QStringLiteral("frames")).toInt());
  }
};

QTEST_GUILESS_MAIN(TestCliInspect)
#include "test_cli_inspect.moc"
