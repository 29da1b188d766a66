// `fatgraph body` as a user runs it: a Wavefront OBJ of the generated body (one object per part,
// positions, normals, faces in range) in the bind pose and skinned to a frame, compared with
// generateBody and the runtime's skinning jobs; usage errors.
#include <QtTest>

#include <QFile>
#include <QTemporaryDir>
#include <vector>

#include "cli_run.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"

using namespace fatgraph;

namespace {

const QString kClip = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

struct Obj {
  std::vector<Vec3f> positions, normals;
  std::vector<std::array<int, 3>> faces;  // 1-based position indices
  int objects = 0;
};

Obj readObj(const QString& path) {
  Obj obj;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return obj;
  while (!file.atEnd()) {
    const QList<QByteArray> t = file.readLine().simplified().split(' ');
    if (t.front() == "v" || t.front() == "vn") {
      (t.front() == "v" ? obj.positions : obj.normals)
          .emplace_back(t[1].toFloat(), t[2].toFloat(), t[3].toFloat());
    } else if (t.front() == "f") {
      obj.faces.push_back({t[1].split('/').front().toInt(), t[2].split('/').front().toInt(),
                           t[3].split('/').front().toInt()});
    } else if (t.front() == "o") {
      ++obj.objects;
    }
  }
  return obj;
}

}  // namespace

class TestCliBody : public QObject {
  Q_OBJECT

 private slots:
  void bindPose() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("body.obj"));
    const CliRun r = runCli({QStringLiteral("body"), kClip, QStringLiteral("-o"), out, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject j = r.json();
    const GeneratedBody body = generateBody(importBvh(kClip.toStdString()).skeleton);
    QCOMPARE(j.value(QStringLiteral("vertices")).toInt(), body.mesh.vertexCount());
    QCOMPARE(j.value(QStringLiteral("triangles")).toInt(), body.mesh.triangleCount());
    QCOMPARE(j.value(QStringLiteral("parts")).toInt(), static_cast<int>(body.parts.size()));

    const Obj obj = readObj(out);
    QCOMPARE(static_cast<int>(obj.positions.size()), body.mesh.vertexCount());
    QCOMPARE(static_cast<int>(obj.normals.size()), body.mesh.vertexCount());
    QCOMPARE(static_cast<int>(obj.faces.size()), body.mesh.triangleCount());
    QCOMPARE(obj.objects, static_cast<int>(body.parts.size()));
    for (size_t v = 0; v < obj.positions.size(); ++v)
      QVERIFY((obj.positions[v] - toEigen(body.mesh.positions[v])).norm() < 1e-5f);
    for (size_t f = 0; f < obj.faces.size(); ++f) {
      for (int k = 0; k < 3; ++k) {
        QVERIFY(obj.faces[f][k] >= 1 && obj.faces[f][k] <= body.mesh.vertexCount());
        QCOMPARE(static_cast<std::uint32_t>(obj.faces[f][k] - 1), body.mesh.triangles[3 * f + k]);
      }
    }
  }

  void skinnedFrame() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("frame.obj"));
    const int frame = 600;
    const CliRun r = runCli({QStringLiteral("body"), kClip, QStringLiteral("-o"), out,
                             QStringLiteral("--frame"), QString::number(frame)});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("frame 600")));

    const BvhImport bvh = importBvh(kClip.toStdString());
    const GeneratedBody body = generateBody(bvh.skeleton);
    const int n = bvh.skeleton.jointCount();
    std::vector<Quat> rotations(n);
    std::vector<Vec3> positions(n);
    clipFrameToModel(bvh.skeleton, bvh.clip, frame, rotations, positions);
    std::vector<Float3> skinned;
    skinBody(body.mesh, rotations, positions, skinned, nullptr);

    const Obj obj = readObj(out);
    QCOMPARE(obj.positions.size(), skinned.size());
    for (size_t v = 0; v < skinned.size(); ++v)
      QVERIFY((obj.positions[v] - toEigen(skinned[v])).norm() < 1e-4f);
    // The walk stands on the ground: the body's lowest point is near the lowest joint's height.
    float lowest = 1e9f;
    for (const Vec3f& p : obj.positions) lowest = std::min(lowest, p.y());
    double lowestJoint = 1e9;
    for (const Vec3& p : positions) lowestJoint = std::min(lowestJoint, p.y());
    QVERIFY(std::abs(lowest - lowestJoint) < 0.08);
  }

  // A mistake fails with its exit code and reason and writes nothing.
  void usageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString out = QStringLiteral("never.obj");
    QTest::newRow("no -o") << QStringList{QStringLiteral("body"), kClip} << kCliUsageError
                           << QStringLiteral("fatgraph body: missing -o BODY.obj");
    QTest::newRow("frame past the end")
        << QStringList{QStringLiteral("body"), kClip, QStringLiteral("-o"), out, QStringLiteral("--frame"),
                       QStringLiteral("999999")}
        << kCliUsageError << QStringLiteral("--frame: expects a frame of the clip, in [0, ");
    QTest::newRow("missing clip") << QStringList{QStringLiteral("body"), QStringLiteral("/no/such/missing.bvh"),
                                                 QStringLiteral("-o"), out}
                                  << kCliFailure << QStringLiteral("/no/such/missing.bvh: cannot open");
  }
  void usageErrors() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("never.obj"));
    args.replaceInStrings(QStringLiteral("never.obj"), out);
    FATGRAPH_VERIFY_CLI_FAILS(runCli(args), exitCode, message);
    QVERIFY(!QFile::exists(out));
  }

  void help() {
    const CliRun help = runCli({QStringLiteral("body"), QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.startsWith(QStringLiteral("usage: fatgraph body")));
    QVERIFY(help.out.contains(QStringLiteral("Wavefront OBJ")));
    QVERIFY(runCli({QStringLiteral("--help")}).out.contains(QStringLiteral("body ")));
  }
};

QTEST_GUILESS_MAIN(TestCliBody)
#include "test_cli_body.moc"
