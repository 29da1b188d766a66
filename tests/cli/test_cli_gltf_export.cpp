// glTF export from the command line (docs/PLAY.md, docs/RUNTIME_GRAPH.md): 144_03 built and
// exported with `--gltf`, whose animations are every fat edge's segments, named after their
// edges; `play -o take.glb` and `.gltf` read back by the project's importer to the world
// positions of the BVH that `play -o take.bvh` writes for the same input (the BVH path is the
// independent reference), within 1e-4 m on every joint and frame; usage errors and a take
// that cannot be written.
#include <QtTest>

#include "cli_run.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <map>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/gltf_import.h"

using namespace fatgraph;

namespace {
QString s(const char* text) { return QString::fromUtf8(text); }

// The largest distance between the joints of `a` and the joints of the same name in `b`, over
// every frame (the clips must have the same frame count).
double largestWorldDistance(const Skeleton& a, const Clip& ca, const Skeleton& b, const Clip& cb) {
  const size_t na = size_t(a.jointCount()), nb = size_t(b.jointCount());
  std::vector<Quat> ra(na), rb(nb);
  std::vector<Vec3> pa(na), pb(nb);
  double largest = 0;
  for (int f = 0; f < ca.frameCount(); ++f) {
    clipFrameToModel(a, ca, f, ra, pa);
    clipFrameToModel(b, cb, f, rb, pb);
    for (size_t j = 0; j < na; ++j) {
      const int k = b.find(a.names[j]);
      if (k < 0) return std::numeric_limits<double>::infinity();
      largest = std::max(largest, (pa[j] - pb[size_t(k)]).norm());
    }
  }
  return largest;
}
}  // namespace

class TestCliGltfExport : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString project_, graph_;
  int segments_ = 0;  // over every fat edge
  QStringList edgeNames_;

  QString path(const char* name) const { return dir_.filePath(s(name)); }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    project_ = path("walk.fgproj");
    const CliRun build =
        runCli({s("build"), s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"), s("-o"), project_, s("--json")});
    QVERIFY2(build.exitCode == 0, qPrintable(build.err));
    graph_ = path("walk.fgraph");
    const CliRun exported =
        runCli({s("export"), project_, s("-o"), graph_, s("--gltf"), path("anims.glb"), s("--json")});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    const QJsonObject o = exported.json();
    for (const QJsonValue e : o.value(s("fat_edges")).toArray()) {
      segments_ += e.toObject().value(s("segments")).toInt();
      edgeNames_ << e.toObject().value(s("name")).toString();
    }
    QVERIFY(segments_ > 1);
    const QJsonObject gltf = o.value(s("gltf")).toObject();
    QCOMPARE(gltf.value(s("output")).toString(), path("anims.glb"));
    QCOMPARE(gltf.value(s("animations")).toInt(), segments_);
    QCOMPARE(o.value(s("output")).toString(), graph_);
  }

  // One animation per segment, edge by edge, each named after its edge and its clip's frames;
  // the skeleton is the project's.
  void segmentsAsAnimations() {
    const GltfImport in = importGltf(path("anims.glb").toStdString());
    QCOMPARE(int(in.clips.size()), segments_);
    QVERIFY(in.animationNames.front().rfind(edgeNames_.front().toStdString() + "/segment0: 144_03 ", 0) == 0);
    std::map<std::string, int> perEdge;
    for (const std::string& name : in.animationNames) ++perEdge[name.substr(0, name.find('/'))];
    QCOMPARE(int(perEdge.size()), edgeNames_.size());
  }

  // --gltf alone writes the glTF without a runtime graph.
  void gltfAlone() {
    const CliRun r = runCli({s("export"), project_, s("--gltf"), path("alone.gltf"), s("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.json().value(s("output")).isNull());
    QCOMPARE(r.json().value(s("gltf")).toObject().value(s("animations")).toInt(), segments_);
    QVERIFY(QFileInfo::exists(path("alone.gltf")));
  }

  void usageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no output") << QStringList{} << s("missing -o GRAPH.fgraph (or --gltf ANIMS.glb)");
    QTest::newRow("extension") << QStringList{s("--gltf"), s("anims.fbx")}
                               << s("--gltf: expects a .glb or .gltf file, got 'anims.fbx'");
  }

  void usageErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun r = runCli(QStringList{s("export"), project_} + args);
    FATGRAPH_VERIFY_CLI_FAILS(r, kCliUsageError, message);
  }

  // A take that cannot be written fails with the file named, and writes nothing.
  void unwritableTake() {
    writeText(path("still.csv"), "t,x,y,action\n0,0,0,\n1,0,0,\n");
    const QString out = path("no/such/dir/take.glb");
    const CliRun r = runCli({s("play"), graph_, s("--input"), path("still.csv"), s("-o"), out});
    FATGRAPH_VERIFY_CLI_FAILS(r, kCliFailure, out);
    QVERIFY(!QFileInfo::exists(out));
  }

  void playTake_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("glb") << s("take.glb");
    QTest::newRow("gltf") << s("take.gltf");
  }

  // A steered walk with a turn written both ways: the glTF take, read back by the importer,
  // puts every joint where the BVH take does.
  void playTake() {
    QFETCH(QString, name);
    writeText(path("in.csv"), "t,x,y,action\n0,0,0,\n3,0.8,0.3,\n6,-0.5,0.6,\n8,0,0,\n");
    const CliRun bvh = runCli({s("play"), graph_, s("--input"), path("in.csv"), s("-o"), path("take.bvh")});
    QVERIFY2(bvh.exitCode == 0, qPrintable(bvh.err));
    const QString out = dir_.filePath(name);
    const CliRun gltf = runCli({s("play"), graph_, s("--input"), path("in.csv"), s("-o"), out, s("--json")});
    QVERIFY2(gltf.exitCode == 0, qPrintable(gltf.err));
    QCOMPARE(gltf.json().value(s("format")).toString(), s("gltf"));
    QCOMPARE(gltf.json().value(s("animations")).toInt(), 1);

    BvhImportOptions bvhOptions;
    bvhOptions.dropReferencePose = false;
    const BvhImport reference = importBvh(path("take.bvh").toStdString(), bvhOptions);
    GltfImportOptions options;
    options.fps = reference.fileFps;
    const GltfImport take = importGltf(out.toStdString(), options);
    QCOMPARE(take.animationNames, std::vector<std::string>{"take"});
    QCOMPARE(take.clips.front().frameCount(), reference.clip.frameCount());
    const double distance =
        largestWorldDistance(reference.skeleton, reference.clip, take.skeleton, take.clips.front());
    qInfo("largest world distance to the BVH take: %.3g m over %d frames", distance, reference.clip.frameCount());
    QVERIFY2(distance < 1e-4, qPrintable(QString::number(distance)));
  }
};

QTEST_GUILESS_MAIN(TestCliGltfExport)
#include "test_cli_gltf_export.moc"
