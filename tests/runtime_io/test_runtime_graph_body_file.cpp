// The optional /body group of a .fgraph file (issue #14): core's writer and runtime_io's loader
// agree bit for bit on a skinned mesh, a file without the group loads with no body, and a
// damaged group is refused with one line naming the file, the object and what is wrong.
#include <QtTest>

#include <hdf5.h>

#include <cstring>
#include <filesystem>
#include <limits>

#include "fatgraph/core/io/runtime_graph_export.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/pose.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "fgraph_tampering.h"

using namespace fatgraph;
using fatgraph::test::loadError;
using fatgraph::test::replaceDataset;

namespace {

// The smallest valid graph: a skeleton and nothing to play (no hubs, no edges), so the body is
// all there is to write.
RuntimeGraph graphWithBody() {
  Skeleton skeleton;
  skeleton.addJoint("hip", -1, Vec3(0, 0.9, 0), true);
  skeleton.addJoint("knee", 0, Vec3(0.1, -0.45, 0.02), false);
  skeleton.addJoint("ankle", 1, Vec3(0, -0.43, -0.01), false);
  RuntimeGraph g;
  g.skeleton = toRuntimeSkeleton(skeleton);
  g.translatedJoints = {0};
  SkinnedMesh& m = g.body;
  // Awkward floats on purpose: a load must give exactly these bits back (-0, a denormal,
  // values with no short decimal form).
  m.positions = {Float3{-0.0f, 0.9f, 0.1f}, Float3{1e-40f, 0.45f, 1.0f / 3.0f},
                 Float3{0.1f, 0.02f, -0.123456789f}, Float3{0.2f, 0.5f, 0.05f}};
  m.normals = {Float3{0, 0, 1}, Float3{0.6f, 0, 0.8f}, Float3{-0.0f, -1, 0}, Float3{1, 0, 0}};
  m.joints = {{0, 0, 0, 0}, {0, 1, 0, 0}, {2, 1, 0, 0}, {1, 2, 0, 0}};
  m.weights = {{1, 0, 0, 0}, {0.7f, 0.3f, 0, 0}, {0.25f, 0.75f, 0, 0}, {0.1f, 0.2f, 0.3f, 0.4f}};
  m.triangles = {0, 1, 2, 2, 1, 3};
  std::vector<Quat> r(3);
  std::vector<Vec3> x(3);
  Pose bind = Pose::rest(skeleton);
  bind.rotations[1] = Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()));  // a turned bind pose
  localToModel(skeleton, bind.rotations, bind.translations, r, x);
  std::vector<Quaternion> bindRotations;
  std::vector<Float3> bindPositions;
  for (int j = 0; j < 3; ++j) {
    bindRotations.push_back(toQuaternion(r[j]));
    bindPositions.push_back(toFloat3(x[j]));
  }
  m.inverseBind.resize(3);
  inverseBindMatrices(bindRotations, bindPositions, m.inverseBind);
  return g;
}

bool sameBits(const void* a, const void* b, std::size_t n) { return std::memcmp(a, b, n) == 0; }

// The first difference between two bodies, or empty.
std::string bodyDifference(const SkinnedMesh& a, const SkinnedMesh& b) {
  if (a.vertexCount() != b.vertexCount() || a.normals.size() != b.normals.size() ||
      a.joints.size() != b.joints.size() || a.weights.size() != b.weights.size())
    return "vertex count";
  for (int v = 0; v < a.vertexCount(); ++v) {
    if (!sameBits(&a.positions[v], &b.positions[v], sizeof(Float3))) return "position " + std::to_string(v);
    if (!sameBits(&a.normals[v], &b.normals[v], sizeof(Float3))) return "normal " + std::to_string(v);
    if (a.joints[v] != b.joints[v]) return "joints " + std::to_string(v);
    if (!sameBits(a.weights[v].data(), b.weights[v].data(), sizeof a.weights[v])) return "weights " + std::to_string(v);
  }
  if (a.triangles != b.triangles) return "triangles";
  if (a.inverseBind.size() != b.inverseBind.size()) return "inverse bind count";
  for (std::size_t j = 0; j < a.inverseBind.size(); ++j)
    if (!sameBits(a.inverseBind[j].m, b.inverseBind[j].m, sizeof a.inverseBind[j].m))
      return "inverse bind " + std::to_string(j);
  return {};
}


void unlink(const std::string& file, const char* path) {
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  H5Ldelete(f, path, H5P_DEFAULT);
  H5Fclose(f);
}

}  // namespace

class TestRuntimeGraphBodyFile : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  RuntimeGraph graph_ = graphWithBody();
  std::string exported_;

  std::string path(const char* name) const { return dir_.filePath(QString::fromUtf8(name)).toStdString(); }

 private slots:
  void initTestCase() {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    QCOMPARE(graph_.validate(), std::string());
    exported_ = path("body.fgraph");
    const ExportSummary summary = writeRuntimeGraph(graph_, exported_);
    QCOMPARE(summary.bodyVertices, 4);
    QCOMPARE(summary.bodyTriangles, 2);
  }

  void roundTripIsBitExact() {
    const RuntimeGraph loaded = loadRuntimeGraph(exported_);
    QCOMPARE(bodyDifference(graph_.body, loaded.body), std::string());
  }

  void inverseBindIsStoredAsWrittenInMaths() {
    // Row-major in the file: element [j][r][c] is row r, column c of B_j^-1, so its last
    // column (the translation) is entries [r][3].
    const hid_t f = H5Fopen(exported_.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    const hid_t ds = H5Dopen2(f, "/body/inverse_bind", H5P_DEFAULT);
    std::vector<float> v(3 * 16);
    QVERIFY(H5Dread(ds, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()) >= 0);
    H5Dclose(ds);
    H5Fclose(f);
    // Joint 0 rests at (0, 0.9, 0) unturned: B^-1 moves it back to the origin.
    QCOMPARE(v[3], 0.0f);
    QCOMPARE(v[7], -0.9f);
    QCOMPARE(v[11], 0.0f);
    QCOMPARE(v[12], 0.0f);
    QCOMPARE(v[15], 1.0f);
    QCOMPARE(v[16 + 12], 0.0f);  // bottom row of joint 1: (0, 0, 0, 1)
    QCOMPARE(v[16 + 15], 1.0f);
  }

  void fileWithoutBodyLoadsWithNone() {
    const std::string p = path("no_body.fgraph");
    RuntimeGraph g = graph_;
    g.body = {};
    const ExportSummary summary = writeRuntimeGraph(g, p);
    QCOMPARE(summary.bodyVertices, 0);
    QVERIFY(loadRuntimeGraph(p).body.empty());
    // So does an older file, which never had the group: the same file with it deleted.
    const std::string old = path("old.fgraph");
    std::filesystem::copy_file(exported_, old, std::filesystem::copy_options::overwrite_existing);
    unlink(old, "/body");
    QVERIFY(loadRuntimeGraph(old).body.empty());
  }

  void damagedBody_data() {
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("message");  // expected after "<file>: "
    QTest::newRow("missing weights") << QStringLiteral("unlink weights") << QStringLiteral("/body");
    QTest::newRow("weights of 3 columns") << QStringLiteral("weights shape") << QStringLiteral("/body/weights: ");
    QTest::newRow("zero weights") << QStringLiteral("zero weights")
                                  << QStringLiteral("inconsistent graph: body: vertex 0: weights sum to 0");
    QTest::newRow("joint out of range") << QStringLiteral("joint 40")
                                        << QStringLiteral("inconsistent graph: body: vertex 0: joint index 40 out of range");
    QTest::newRow("joint beyond uint16") << QStringLiteral("joint 70000")
                                         << QStringLiteral("/body/joints: vertex 0: joint index 70000 out of range");
    QTest::newRow("triangle out of range") << QStringLiteral("triangle 9")
                                           << QStringLiteral("inconsistent graph: body: triangle 0: vertex index 9 out of range");
    QTest::newRow("NaN position") << QStringLiteral("nan") << QStringLiteral("inconsistent graph: body: vertex 0: position is not finite");
    QTest::newRow("matrix per joint missing") << QStringLiteral("two matrices") << QStringLiteral("/body/inverse_bind: ");
    QTest::newRow("normals of other count") << QStringLiteral("normals") << QStringLiteral("/body/normals: ");
  }
  void damagedBody() {
    QFETCH(QString, damage);
    QFETCH(QString, message);
    const std::string p = path("damaged.fgraph");
    std::filesystem::copy_file(exported_, p, std::filesystem::copy_options::overwrite_existing);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> positions;
    for (const Float3& x : graph_.body.positions) positions.insert(positions.end(), {x.x, x.y, x.z});
    if (damage == QStringLiteral("unlink weights")) unlink(p, "/body/weights");
    if (damage == QStringLiteral("weights shape"))
      replaceDataset<float>(p, "/body/weights", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {4, 3}, std::vector<float>(12, 0.25f));
    if (damage == QStringLiteral("zero weights"))
      replaceDataset<float>(p, "/body/weights", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {4, 4}, std::vector<float>(16, 0.0f));
    if (damage == QStringLiteral("joint 40") || damage == QStringLiteral("joint 70000")) {
      std::vector<std::uint32_t> joints(16, 0);
      joints[0] = damage == QStringLiteral("joint 40") ? 40 : 70000;
      replaceDataset<std::uint32_t>(p, "/body/joints", H5T_STD_U32LE, H5T_NATIVE_UINT32, {4, 4}, joints);
    }
    if (damage == QStringLiteral("triangle 9"))
      replaceDataset<std::uint32_t>(p, "/body/triangles", H5T_STD_U32LE, H5T_NATIVE_UINT32, {1, 3}, {9, 0, 1});
    if (damage == QStringLiteral("nan")) {
      positions[0] = nan;
      replaceDataset<float>(p, "/body/positions", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {4, 3}, positions);
    }
    if (damage == QStringLiteral("two matrices"))
      replaceDataset<float>(p, "/body/inverse_bind", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {2, 4, 4}, std::vector<float>(32, 0.0f));
    if (damage == QStringLiteral("normals"))
      replaceDataset<float>(p, "/body/normals", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {3, 3}, std::vector<float>(9, 0.0f));
    const QString error = QString::fromStdString(loadError(p));
    const QString expected = QString::fromStdString(p) + QStringLiteral(": ") + message;
    QVERIFY2(error.startsWith(expected), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
  }
};

QTEST_GUILESS_MAIN(TestRuntimeGraphBodyFile)
#include "test_runtime_graph_body_file.moc"
