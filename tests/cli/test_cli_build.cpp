// `fatgraph build` and `fatgraph edit` as scripts use them: the JSON contract, the saved
// project, errors on one line.
#include <algorithm>
#include <QtTest>

#include "cli_run.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <cmath>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/test_support/synthetic_motion.h"

namespace {
using Run = CliRun;

QString data(const char* relative) { return QStringLiteral(FATGRAPH_DATA_DIR "/") + QString::fromUtf8(relative); }
QString s(const char* text) { return QString::fromUtf8(text); }
}  // namespace

namespace {

// The clips a build summary lists that came from files (not generated transitions).
int capturedClips(const QJsonObject& summary) {
  int n = 0;
  for (const QJsonValue& c : summary.value(QStringLiteral("clips")).toArray()) n += !c.toObject().contains(QStringLiteral("generated"));
  return n;
}

}  // namespace

class TestCliBuild : public QObject {
  Q_OBJECT
 private slots:
  void glbBuildsEveryAnimation() {
    // A .glb enters like a BVH, one clip per animation; the knight's in-place takes give a
    // small graph, but the project is whole and loads back.
    QTemporaryDir dir;
    const QString out = dir.filePath(s("knight.fgproj"));
    const Run r = runCli({s("build"), data("characters/knight.glb"), s("-o"), out, s("--json")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(capturedClips(r.json()), 12);
    // Its loops share no take: generated transitions join them into one graph, and the project
    // keeps them.
    const int generated = r.json().value(s("generated_transitions")).toInt();
    QVERIFY(generated >= 2);
    QCOMPARE(r.json().value(s("hub_groups")).toInt(), 1);
    const QJsonArray notes = r.json().value(s("notes")).toArray();
    QVERIFY(std::any_of(notes.begin(), notes.end(),
                        [](const QJsonValue& n) { return n.toString().startsWith(s("generated transition 'knight:")); }));
    const Run again = runCli({s("inspect"), out, s("--json")});
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(capturedClips(again.json()), 12);
    QCOMPARE(again.json().value(s("generated_transitions")).toInt(), generated);
    // Without them every loop is an island.
    const Run off = runCli({s("build"), data("characters/knight.glb"), s("-o"), dir.filePath(s("off.fgproj")),
                            s("--transitions"), s("off"), s("--json")});
    QCOMPARE(off.exitCode, 0);
    QCOMPARE(off.json().value(s("generated_transitions")).toInt(), 0);
    QCOMPARE(off.json().value(s("stick")).toString(), s("plane"));
    QVERIFY(off.json().value(s("hub_groups")).toInt() > 1);
    QCOMPARE(capturedClips(off.json()), 12);
  }

  // --character: the knight's own mesh (2058 vertices over its three primitives) becomes the
  // exported graph's body instead of the generated one; the fox's skeleton is not the knight's.
  void characterBecomesTheBody() {
    QTemporaryDir dir;
    const QString project = dir.filePath(s("knight.fgproj")), graph = dir.filePath(s("knight.fgraph"));
    const Run r = runCli({s("build"), data("characters/knight.glb"), s("-o"), project, s("--hubs"), s("1"),
                          s("--character"), data("characters/knight.glb")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const Run exported = runCli({s("export"), project, s("-o"), graph, s("--json")});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    QCOMPARE(exported.json().value(s("body_vertices")).toInt(), 2058);
    const Run fox = runCli({s("build"), data("characters/knight.glb"), s("-o"), project, s("--character"), data("characters/fox.glb")});
    FATGRAPH_VERIFY_CLI_FAILS(fox, kCliFailure,
                              s("fox.glb: retargeting: no joint of the character follows the clips' pelvis 'Body'"));
  }

  // A character on its own skeleton: CMU's walk retargeted onto the adventurer, the map in
  // --json, a choice from --map-joint, a map_joint edit that retargets again; mistakes named.
  void characterOnItsOwnSkeleton() {
    QTemporaryDir dir;
    const QString project = dir.filePath(s("adventurer.fgproj")), graph = dir.filePath(s("adventurer.fgraph"));
    const Run r = runCli({s("build"), data("cmu-leonardo-ono-roll/144_03.bvh"), s("-o"), project, s("--hubs"), s("1"),
                          s("--character"), data("characters/adventurer.glb"), s("--map-joint"), s("Head=Neck1,Root="),
                          s("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject character = r.json().value(s("character")).toObject();
    QCOMPARE(character.value(s("retargeted")).toBool(), true);
    QCOMPARE(character.value(s("clips_skeleton_joints")).toInt(), 31);
    auto follows = [](const QJsonObject& c, const char* joint) {
      for (const auto& m : c.value(s("joint_map")).toArray()) {
        if (m.toObject().value(s("joint")).toString() == s(joint)) return m.toObject();
      }
      return QJsonObject();
    };
    QCOMPARE(follows(character, "UpperLeg.L").value(s("follows")).toString(), s("LeftUpLeg"));
    QCOMPARE(follows(character, "UpperLeg.L").value(s("matched_by")).toString(), s("name"));
    QCOMPARE(follows(character, "Head").value(s("follows")).toString(), s("Neck1"));
    QCOMPARE(follows(character, "Head").value(s("matched_by")).toString(), s("edit"));
    QVERIFY(follows(character, "Root").value(s("follows")).isNull());
    QVERIFY2(r.json().value(s("notes")).toVariant().toStringList().join(s("\n")).contains(s("root motion scaled by 1.26 (leg lengths)")),
             qPrintable(r.out));

    writeText(dir.filePath(s("map.json")), R"([{"op": "map_joint", "joint": "Head", "follows": "Head"}])");
    const Run edited = runCli({s("edit"), project, dir.filePath(s("map.json")), s("--json")});
    QVERIFY2(edited.exitCode == 0, qPrintable(edited.err));
    const Run inspected = runCli({s("inspect"), project, s("--json")});
    QCOMPARE(follows(inspected.json().value(s("character")).toObject(), "Head").value(s("follows")).toString(), s("Head"));
    QCOMPARE(inspected.json().value(s("hubs")).toArray().size(), 1);
    const Run exported = runCli({s("export"), project, s("-o"), graph, s("--json")});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    QCOMPARE(exported.json().value(s("body_vertices")).toInt(), character.value(s("vertices")).toInt());

    const Run alone = runCli({s("build"), data("cmu-leonardo-ono-roll/144_03.bvh"), s("-o"), project, s("--map-joint"), s("Head=")});
    FATGRAPH_VERIFY_CLI_FAILS(alone, kCliUsageError, s("--map-joint requires --character"));
    const Run bad = runCli({s("build"), data("cmu-leonardo-ono-roll/144_03.bvh"), s("-o"), project, s("--character"),
                            data("characters/adventurer.glb"), s("--map-joint"), s("Head")});
    FATGRAPH_VERIFY_CLI_FAILS(bad, kCliFailure, s("a joint map entry is CHARACTER_JOINT=CLIP_JOINT"));
  }

  // --character takes an FBX character the same way: the knight.fbx mesh (its face corners
  // joined back into the glb's 2058 vertices) becomes the body.
  void fbxCharacterBecomesTheBody() {
    QTemporaryDir dir;
    const QString project = dir.filePath(s("knight.fgproj")), graph = dir.filePath(s("knight.fgraph"));
    const Run r = runCli({s("build"), data("characters/knight.fbx"), s("-o"), project, s("--hubs"), s("1"),
                          s("--character"), data("characters/knight.fbx")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const Run exported = runCli({s("export"), project, s("-o"), graph, s("--json")});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    QCOMPARE(exported.json().value(s("body_vertices")).toInt(), 2058);
  }

  void fbxBuildsLikeAGlb() {
    // An .fbx enters the same way, one clip per animation stack, and beside the .glb it was
    // made from it is the same rig: one project of both files' clips.
    QTemporaryDir dir;
    const QString out = dir.filePath(s("knight.fgproj"));
    const Run r = runCli({s("build"), data("characters/knight.fbx"), s("-o"), out, s("--json")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(capturedClips(r.json()), 2);
    const Run both = runCli({s("build"), data("characters/knight.glb"), data("characters/knight.fbx"),
                             s("-o"), dir.filePath(s("both.fgproj")), s("--json")});
    QCOMPARE(both.exitCode, 0);
    QCOMPARE(capturedClips(both.json()), 14);
  }

  void figure8Json() {
    QTemporaryDir dir;
    const QString out = dir.filePath(s("walk.fgproj"));
    const Run r = runCli({s("build"), data("cmu-leonardo-ono-roll/144_03.bvh"), s("-o"), out, s("--hubs"), s("1"), s("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json();
    QCOMPARE(o.value(s("frames")).toInt(), 1120);
    const QJsonArray hubs = o.value(s("hubs")).toArray();
    QCOMPARE(hubs.size(), 1);
    const QJsonObject hub = hubs[0].toObject();
    for (const char* key : {"name", "clip", "frame", "time_s", "match_set_size"}) QVERIFY2(hub.contains(s(key)), key);
    QCOMPARE(hub.value(s("clip")).toString(), s("144_03"));
    // The frame is in the source file at 120 fps: four times the 30 fps frame.
    QVERIFY(std::abs(hub.value(s("frame")).toInt() - 120.0 * hub.value(s("time_s")).toDouble()) <= 1.0);
    // One hub visited 1 + match_set_size times: a segment between each two consecutive visits,
    // and every segment in exactly one fat edge. (The counts themselves are checked against an
    // independent computation in syntheticWalkCounts.)
    // One match a gait cycle of the 37 s walk: 31 measured.
    QVERIFY2(hub.value(s("match_set_size")).toInt() >= 27 && hub.value(s("match_set_size")).toInt() <= 35,
             qPrintable(QString::number(hub.value(s("match_set_size")).toInt())));
    QCOMPARE(o.value(s("segments")).toInt(), hub.value(s("match_set_size")).toInt());
    const QJsonArray edges = o.value(s("fat_edges")).toArray();
    int largest = 0, inEdges = 0;
    for (const auto& e : edges) {
      const QJsonObject edge = e.toObject();
      for (const char* key : {"name", "from", "to", "segments"}) QVERIFY2(edge.contains(s(key)), key);
      largest = std::max(largest, edge.value(s("segments")).toInt());
      inEdges += edge.value(s("segments")).toInt();
    }
    QCOMPARE(inEdges, o.value(s("segments")).toInt());
    QVERIFY(largest >= 0.8 * o.value(s("segments")).toInt());
    const QJsonObject thresholds = o.value(s("thresholds")).toObject();
    // The valley between same-phase and other row minima: 0.0807 m measured; the edge's 1.5 times it.
    const double hubThreshold = thresholds.value(s("hub")).toDouble();
    QVERIFY2(hubThreshold > 0.065 && hubThreshold < 0.1, qPrintable(QString::number(hubThreshold)));
    QCOMPARE(thresholds.value(s("edge")).toDouble(), 1.5 * hubThreshold);
    const QJsonObject timings = o.value(s("timings_s")).toObject();
    for (const char* key : {"distance", "dtw", "clustering"}) QVERIFY2(timings.contains(s(key)), key);
    // Peak resident memory in bytes, per stage (sampled) and per rank (the kernel's peak):
    // a build of one real clip holds tens of megabytes, far from a kilobyte count or a whole
    // machine, and the stages' samples stay under the whole run's peak.
    const double peak = o.value(s("peak_memory_bytes")).toDouble();
    QVERIFY2(peak > 8e6 && peak < 4e9, qPrintable(QString::number(peak)));
    const QJsonArray rankPeaks = o.value(s("rank_peak_memory_bytes")).toArray();
    QCOMPARE(rankPeaks.size(), 1);
    QCOMPARE(rankPeaks[0].toDouble(), peak);
    const QJsonObject stagePeaks = o.value(s("stage_peak_memory_bytes")).toObject();
    double largestStage = 0;
    for (const char* stage : {"import", "distance", "hubs", "dtw", "clustering", "parameterization", "write"}) {
      const double v = stagePeaks.value(s(stage)).toDouble();
      QVERIFY2(v > 0 && v <= peak + 4096, stage);
      largestStage = std::max(largestStage, v);
    }
    QVERIFY2(largestStage >= 0.5 * peak, qPrintable(QString::number(largestStage / peak)));
    QVERIFY(QFile::exists(out));

    // The project reopens: inspect sees the clip, and an edit renames the dominant edge.
    const Run inspect = runCli({s("inspect"), out, s("--json")});
    QCOMPARE(inspect.exitCode, 0);
    QCOMPARE(inspect.json().value(s("clips")).toArray().size(), 1);
    const QJsonObject clip = inspect.json().value(s("clips")).toArray()[0].toObject();
    for (const char* key : {"joints", "frames", "fps", "duration_s", "root", "path_length_m", "unit_scale"}) {
      QVERIFY2(clip.contains(s(key)), key);
    }
    QCOMPARE(clip.value(s("joints")).toInt(), 31);
    QCOMPARE(clip.value(s("fps")).toDouble(), 30.0);
    QCOMPARE(inspect.json().value(s("hubs")).toArray().size(), 1);
    QCOMPARE(inspect.json().value(s("fat_edges")).toArray().size(), edges.size());
    QFile edits(dir.filePath(s("edits.json")));
    QVERIFY(edits.open(QIODevice::WriteOnly));
    edits.write(R"([{"op": "rename_hub", "hub": "hub0", "name": "step"}, {"op": "set_edge_threshold", "metres": 0.5},)"
                R"( {"op": "bind_action", "input": "pad:rightshoulder", "edge": "edge0"}])");
    edits.close();
    const QString edited = dir.filePath(s("edited.fgproj"));
    const Run e = runCli({s("edit"), out, edits.fileName(), s("-o"), edited, s("--json")});
    QCOMPARE(e.exitCode, 0);
    QCOMPARE(e.json().value(s("hubs")).toArray()[0].toObject().value(s("name")).toString(), s("step"));
    QCOMPARE(e.json().value(s("edits")).toInt(), 3);
    const QJsonArray actions = e.json().value(s("actions")).toArray();
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions[0].toObject().value(s("input")).toString(), s("pad:rightshoulder"));
    QCOMPARE(actions[0].toObject().value(s("edge")).toString(), s("edge0"));
    const Run after = runCli({s("inspect"), edited, s("--json")});
    QCOMPARE(after.json().value(s("edits")).toInt(), 3);
    QCOMPARE(after.json().value(s("actions")).toArray(), actions);  // kept in the file
    QCOMPARE(after.json().value(s("hubs")).toArray()[0].toObject().value(s("name")).toString(), s("step"));
  }

  // Exact hub and segment counts on a synthetic walk, against the generator's declaration:
  // the walk repeats every `period` seconds, a whole number of frames, so a frame's pose
  // recurs exactly at the frames with the same declared gait phase (a left turn makes the
  // recurrences differ by a rotation about the vertical and a shift on the floor, which the
  // pose distance aligns away). Poses half a cycle apart mirror left and right and stay far.
  void syntheticWalkCounts_data() {
    QTest::addColumn<double>("cycles");
    QTest::addColumn<double>("turningRate");
    QTest::newRow("8 cycles, straight") << 8.0 << 0.0;
    QTest::newRow("9.5 cycles, turning left") << 9.5 << 0.4;
    QTest::newRow("12 cycles, turning right") << 12.0 << -0.3;
  }

  void syntheticWalkCounts() {
    QFETCH(double, cycles);
    QFETCH(double, turningRate);
    fatgraph::SyntheticWalkParams params;
    params.period = 1.0;  // 30 frames at 30 fps
    params.fps = 30.0;
    params.cycles = cycles;
    params.turningRate = turningRate;
    const fatgraph::SyntheticMotion walk = fatgraph::generateBipedWalk(params);
    QTemporaryDir dir;
    const QString bvh = dir.filePath(s("walk.bvh"));
    fatgraph::exportBvh(bvh.toStdString(), walk.skeleton, walk.clip);

    // Same-phase frames have distance 0 up to rounding in the BVH text (6 decimals); the
    // nearest other poses are centimetres away, so 1 cm separates them.
    const int window = 10;
    const Run r = runCli({s("build"), bvh, s("-o"), dir.filePath(s("walk.fgproj")), s("--hubs"), s("1"),
                            s("--window"), QString::number(window), s("--hub-threshold"), s("0.01"), s("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json();
    const int frames = int(walk.truth.cyclePhases.size());
    QCOMPARE(o.value(s("frames")).toInt(), frames);

    // From the declaration: a frame has a distance row only when its window, window / 2
    // frames before it to window - 1 - window / 2 after it (pose_features.h), lies inside the
    // clip; its matches are the other such frames with the same phase.
    const int first = window / 2, last = frames - 1 - (window - 1 - window / 2);
    const auto samePhaseFrames = [&](int f) {
      int n = 0;
      for (int g = first; g <= last; ++g) {
        const double d = walk.truth.cyclePhases[size_t(g)] - walk.truth.cyclePhases[size_t(f)];
        if (g != f && std::abs(d - std::round(d)) < 1e-6) ++n;
      }
      return n;
    };
    int most = 0;
    for (int f = first; f <= last; ++f) most = std::max(most, samePhaseFrames(f));
    QCOMPARE(most, int(std::ceil((frames - window + 1) / 30.0)) - 1);  // the pigeonhole count

    const QJsonArray hubs = o.value(s("hubs")).toArray();
    QCOMPARE(hubs.size(), 1);
    const int hubFrame = hubs[0].toObject().value(s("frame")).toInt();
    QVERIFY(hubFrame >= first && hubFrame <= last);
    // The best suggestion is a frame with the most matches, and its match set is exactly its
    // same-phase frames.
    QCOMPARE(samePhaseFrames(hubFrame), most);
    QCOMPARE(hubs[0].toObject().value(s("match_set_size")).toInt(), most);
    // most + 1 visits of the hub, one segment between each two consecutive visits.
    QCOMPARE(o.value(s("segments")).toInt(), most);
  }

  void thresholdsAndHubsFromFlags() {
    QTemporaryDir dir;
    const Run r = runCli({s("build"), data("cmu-leonardo-ono-roll/144_05.bvh"), data("cmu-leonardo-ono-roll/144_06.bvh"),
                            s("-o"), dir.filePath(s("kicks.fgproj")), s("--hubs"), s("2"), s("--hub-threshold"), s("0.09"),
                            s("--edge-threshold"), s("0.2"), s("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = r.json();
    QCOMPARE(o.value(s("hubs")).toArray().size(), 2);
    QCOMPARE(o.value(s("thresholds")).toObject().value(s("hub")).toDouble(), 0.09);
    QCOMPARE(o.value(s("thresholds")).toObject().value(s("edge")).toDouble(), 0.2);
    // 144_06 starts with a reference T-pose: dropped and reported.
    QVERIFY(QJsonDocument(o.value(s("notes")).toArray()).toJson().contains("T-pose"));
  }

  void textSummary() {
    QTemporaryDir dir;
    const Run r = runCli({s("build"), data("cmu-bvh11/131_01.bvh"), s("-o"), dir.filePath(s("x.fgproj"))});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(s("hub0: 131_01 frame")));
    QVERIFY(r.out.contains(s("fat edge(s)")));
    QVERIFY(r.err.isEmpty());  // no progress bar when stderr is not a terminal
  }

  void errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no clips") << QStringList{s("build"), s("-o"), s("/tmp/x.fgproj")} << kCliUsageError << s("fatgraph build: missing CLIP.bvh|CLIPS.gltf|CLIPS.glb|CLIPS.fbx|PROJECT.fgproj...");
    QTest::newRow("no output") << QStringList{s("build"), data("cmu-bvh11/131_01.bvh")} << kCliUsageError << s("missing -o");
    QTest::newRow("different skeletons") << QStringList{s("build"), data("cmu-leonardo-ono-roll/144_05.bvh"), data("cmu-bvh11/131_01.bvh"), s("-o"), s("/tmp/x.fgproj")} << kCliFailure << s("131_01.bvh: its skeleton differs from that of");
    QTest::newRow("threshold without match") << QStringList{s("build"), data("cmu-leonardo-ono-roll/144_05.bvh"), s("-o"), s("/tmp/never.fgproj"), s("--hub-threshold"), s("0.001")} << kCliFailure << s("yields no match");
    QTest::newRow("bad bridge limit") << QStringList{s("build"), data("cmu-bvh11/131_01.bvh"), s("-o"), s("/tmp/x.fgproj"), s("--hub-bridge"), s("near")} << kCliUsageError << s("--hub-bridge: expects auto, off or a number >= 0, got 'near'");
    QTest::newRow("negative bridge limit") << QStringList{s("build"), data("cmu-bvh11/131_01.bvh"), s("-o"), s("/tmp/x.fgproj"), s("--hub-bridge"), s("-0.2")} << kCliUsageError << s("--hub-bridge: expects auto, off or a number >= 0, got '-0.2'");
    QTest::newRow("bad window") << QStringList{s("build"), data("cmu-bvh11/131_01.bvh"), s("-o"), s("/tmp/x.fgproj"), s("--window"), s("0")} << kCliUsageError << s("--window: expects an integer in [1, 1000], got '0'");
    QTest::newRow("edit missing file") << QStringList{s("edit"), s("/no/p.fgproj"), s("/no/e.json")} << kCliFailure << s("/no/e.json: cannot open file for reading");
  }

  void errors() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    FATGRAPH_VERIFY_CLI_FAILS(runCli(args), exitCode, message);
    QVERIFY(!QFile::exists(s("/tmp/never.fgproj")));  // nothing written as if it succeeded
  }

  void help() {
    for (const char* c : {"build", "edit"}) {
      const Run r = runCli({s(c), s("--help")});
      QCOMPARE(r.exitCode, 0);
      QVERIFY(r.out.startsWith(s("usage: fatgraph ") + s(c)));
    }
  }
};

QTEST_GUILESS_MAIN(TestCliBuild)
#include "test_cli_build.moc"
