// Skinning: the palette is the identity in the bind pose, a two-bone bend skins vertices to
// positions and normals worked out by hand from the geometry, and validate() refuses broken
// meshes.
#include <QtTest>

#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <random>

#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/pose.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/skinning.h"

using namespace fatgraph;
using Matrix = Eigen::Matrix4f;

Q_DECLARE_METATYPE(Vec3f)
Q_DECLARE_METATYPE(Vec3)
Q_DECLARE_METATYPE(Quat)

namespace {

constexpr double kQuarter = std::numbers::pi / 2;

// A chain of `n` joints, each 0.3 m above its parent.
Skeleton chainSkeleton(int n) {
  Skeleton s;
  for (int i = 0; i < n; ++i) s.addJoint("j" + std::to_string(i), i - 1, Vec3(0, i == 0 ? 0.9 : 0.3, 0), i == 0);
  return s;
}

// A root with `n` children spread around it.
Skeleton starSkeleton(int n) {
  Skeleton s;
  s.addJoint("root", -1, Vec3(0, 1, 0), true);
  for (int i = 0; i < n; ++i) {
    const double a = 2 * std::numbers::pi * i / n;
    s.addJoint("arm" + std::to_string(i), 0, Vec3(0.4 * std::cos(a), 0.1, 0.4 * std::sin(a)), false);
  }
  return s;
}

// The CMU rig's shape: 31 joints (hips, two 5-joint legs, 7-joint spine to the head, two
// 7-joint arms), lengths roughly a person's.
Skeleton humanoidSkeleton() {
  Skeleton s;
  const int hips = s.addJoint("Hips", -1, Vec3(0, 0.95, 0), true);
  for (int side : {1, -1}) {
    int j = s.addJoint(side > 0 ? "LHipJoint" : "RHipJoint", hips, Vec3(0, 0, 0), false);
    j = s.addJoint(side > 0 ? "LeftUpLeg" : "RightUpLeg", j, Vec3(0.09 * side, -0.05, 0), false);
    j = s.addJoint(side > 0 ? "LeftLeg" : "RightLeg", j, Vec3(0, -0.42, 0), false);
    j = s.addJoint(side > 0 ? "LeftFoot" : "RightFoot", j, Vec3(0, -0.41, 0), false);
    s.addJoint(side > 0 ? "LeftToeBase" : "RightToeBase", j, Vec3(0, -0.05, 0.12), false);
  }
  int spine = s.addJoint("LowerBack", hips, Vec3(0, 0, 0), false);
  spine = s.addJoint("Spine", spine, Vec3(0, 0.12, 0), false);
  spine = s.addJoint("Spine1", spine, Vec3(0, 0.12, 0), false);
  int head = s.addJoint("Neck", spine, Vec3(0, 0.1, 0), false);
  head = s.addJoint("Neck1", head, Vec3(0, 0.08, 0), false);
  s.addJoint("Head", head, Vec3(0, 0.08, 0), false);
  for (int side : {1, -1}) {
    int j = s.addJoint(side > 0 ? "LeftShoulder" : "RightShoulder", spine, Vec3(0, 0.08, 0), false);
    j = s.addJoint(side > 0 ? "LeftArm" : "RightArm", j, Vec3(0.17 * side, 0, 0), false);
    j = s.addJoint(side > 0 ? "LeftForeArm" : "RightForeArm", j, Vec3(0.28 * side, 0, 0), false);
    j = s.addJoint(side > 0 ? "LeftHand" : "RightHand", j, Vec3(0.25 * side, 0, 0), false);
    s.addJoint(side > 0 ? "LeftFingerBase" : "RightFingerBase", j, Vec3(0.04 * side, 0, 0), false);
    s.addJoint(side > 0 ? "LFingers" : "RFingers", j, Vec3(0.06 * side, 0, 0), false);
    s.addJoint(side > 0 ? "LThumb" : "RThumb", j, Vec3(0.03 * side, 0, 0.03), false);
  }
  return s;
}

struct ModelPose {
  std::vector<Quat> rotations;
  std::vector<Vec3> positions;
};

ModelPose modelPose(const Skeleton& s, const Pose& p) {
  ModelPose m{std::vector<Quat>(s.jointCount()), std::vector<Vec3>(s.jointCount())};
  localToModel(s, p.rotations, p.translations, m.rotations, m.positions);
  return m;
}

// The runtime's jobs on the double poses the tests build with core's forward kinematics, as a
// caller converts them (the jobs take the player's float pose).
std::vector<Float4x4> inverseBinds(const ModelPose& bind) {
  std::vector<Quaternion> r;
  std::vector<Float3> x;
  for (size_t j = 0; j < bind.rotations.size(); ++j) {
    r.push_back(toQuaternion(bind.rotations[j]));
    x.push_back(toFloat3(bind.positions[j]));
  }
  std::vector<Float4x4> out(r.size());
  inverseBindMatrices(r, x, out);
  return out;
}

std::vector<Float4x4> paletteOf(const ModelPose& now, const std::vector<Float4x4>& inverseBind) {
  std::vector<Quaternion> r;
  std::vector<Float3> x;
  for (size_t j = 0; j < now.rotations.size(); ++j) {
    r.push_back(toQuaternion(now.rotations[j]));
    x.push_back(toFloat3(now.positions[j]));
  }
  std::vector<Float4x4> palette(r.size());
  const bool ran = SkinningPaletteJob{r, x, inverseBind, palette}.run();
  Q_ASSERT(ran);
  return palette;
}

// Skinned positions (and normals unless null) as Eigen vectors.
std::vector<Vec3f> skin(const SkinnedMesh& mesh, const std::vector<Float4x4>& palette,
                        std::vector<Vec3f>* normals) {
  std::vector<Float3> p(mesh.vertexCount()), n(normals ? mesh.vertexCount() : 0);
  const bool ran = SkinVerticesJob{&mesh, palette, p, n}.run();
  Q_ASSERT(ran);
  std::vector<Vec3f> out;
  for (const Float3& v : p) out.push_back(toEigen(v));
  if (normals) {
    normals->clear();
    for (const Float3& v : n) normals->push_back(toEigen(v));
  }
  return out;
}

Matrix rigid(const Quat& q, const Vec3& t) { return toEigen(rigidMatrix(toQuaternion(q), toFloat3(t))); }

// The bent leg: hip (joint 0) at the origin, upper bone up +Y to the knee (joint 1) at y = 1,
// lower bone on to the ankle (joint 2) at y = 2.
Skeleton legSkeleton() {
  Skeleton s;
  s.addJoint("hip", -1, Vec3(0, 0, 0), true);
  s.addJoint("knee", 0, Vec3(0, 1, 0), false);
  s.addJoint("ankle", 1, Vec3(0, 1, 0), false);
  return s;
}

// Five vertices around the knee, one influence set each (joint, weight pairs).
SkinnedMesh legMesh(const Skeleton& s) {
  SkinnedMesh m;
  auto add = [&m](Float3 p, Float3 n, std::array<std::uint16_t, 4> j, std::array<float, 4> w) {
    m.positions.push_back(p);
    m.normals.push_back(n);
    m.joints.push_back(j);
    m.weights.push_back(w);
  };
  add({0.1f, 0.5f, 0}, {1, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0});          // thigh only
  add({0.1f, 1.5f, 0}, {1, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0});          // shin only
  add({0.1f, 1.0f, 0}, {1, 0, 0}, {0, 1, 0, 0}, {0.5f, 0.5f, 0, 0});    // knee, half/half
  add({-0.1f, 1.2f, 0}, {-1, 0, 0}, {0, 1, 0, 0}, {0.25f, 0.75f, 0, 0});  // mostly shin
  add({0, 2.0f, 0.1f}, {0, 0, 1}, {2, 0, 0, 0}, {1, 0, 0, 0});           // foot
  m.triangles = {0, 1, 2, 2, 3, 4};
  const Pose rest = Pose::rest(s);
  m.inverseBind = inverseBinds(modelPose(s, rest));
  return m;
}

bool near(const Vec3f& a, const Vec3f& b, float tol = 1e-5f) { return (a - b).norm() < tol; }

QString text(const Vec3f& v) { return QStringLiteral("(%1, %2, %3)").arg(v.x()).arg(v.y()).arg(v.z()); }

}  // namespace

class TestSkinning : public QObject {
  Q_OBJECT
 private slots:
  void paletteIsIdentityInBindPose_data() {
    QTest::addColumn<int>("shape");
    QTest::addColumn<bool>("posedBind");
    QTest::newRow("chain of 3, rest") << 0 << false;
    QTest::newRow("chain of 12, posed") << 1 << true;
    QTest::newRow("star of 7, posed") << 2 << true;
    QTest::newRow("humanoid of 31, rest") << 3 << false;
    QTest::newRow("humanoid of 31, posed") << 3 << true;
  }
  void paletteIsIdentityInBindPose() {
    QFETCH(int, shape);
    QFETCH(bool, posedBind);
    const Skeleton s = shape == 0 ? chainSkeleton(3)
                       : shape == 1 ? chainSkeleton(12)
                       : shape == 2 ? starSkeleton(6)
                                    : humanoidSkeleton();
    if (shape == 3) QCOMPARE(s.jointCount(), 31);
    QVERIFY(s.validate().empty());
    // The bind pose may be any pose, not only the rest pose.
    Pose p = Pose::rest(s);
    std::mt19937 rng(7);
    std::normal_distribution<double> n(0.0, 1.0);
    if (posedBind)
      for (Quat& q : p.rotations) q = Quat(n(rng), n(rng), n(rng), n(rng)).normalized();
    const ModelPose bind = modelPose(s, p);
    const std::vector<Float4x4> inverseBind = inverseBinds(bind);
    const std::vector<Float4x4> palette = paletteOf(bind, inverseBind);
    for (int j = 0; j < s.jointCount(); ++j) {
      // B_j^-1 undoes B_j, and the palette of the bind pose moves nothing.
      const Matrix bindMatrix = rigid(bind.rotations[j], bind.positions[j]);
      QVERIFY2((bindMatrix * toEigen(inverseBind[j]) - Matrix::Identity()).cwiseAbs().maxCoeff() < 1e-5f,
               qPrintable(QStringLiteral("joint %1: B * B^-1 is not the identity").arg(j)));
      QVERIFY2((toEigen(palette[j]) - Matrix::Identity()).cwiseAbs().maxCoeff() < 1e-5f,
               qPrintable(QStringLiteral("joint %1: palette is not the identity").arg(j)));
    }
  }

  void skinMatrixLayout() {
    // Column-major like a GL mat4: rotation in the top-left block, translation in column 3.
    const Float4x4 m = rigidMatrix(toQuaternion(Quat(Eigen::AngleAxisd(kQuarter, Vec3::UnitZ()))), {1, 2, 3});
    const float* d = m.m;
    QCOMPARE(d[12], 1.0f);
    QCOMPARE(d[13], 2.0f);
    QCOMPARE(d[14], 3.0f);
    QCOMPARE(d[15], 1.0f);
    QVERIFY(std::abs(d[1] - 1.0f) < 1e-6f);  // x axis -> +y: column 0 is (0, 1, 0)
    QVERIFY(std::abs(d[4] + 1.0f) < 1e-6f);  // y axis -> -x: column 1 is (-1, 0, 0)
    QCOMPARE(d[3], 0.0f);
  }

  // Knee bent 90 deg about +Z: the shin turns from +Y to -X, so the ankle goes to (-1, 1, 0)
  // and a point (x, y) of the shin goes to the knee + (-(y - 1), x). Each row gives the whole
  // figure a root rotation and position on top; the expected numbers follow from that alone.
  void twoBoneBend_data() {
    QTest::addColumn<Quat>("rootRotation");
    QTest::addColumn<Vec3>("rootPosition");
    QTest::addColumn<QList<Vec3f>>("positions");
    QTest::addColumn<QList<Vec3f>>("normals");
    const float h = std::sqrt(0.5f);
    const float a = 0.25f / std::sqrt(0.625f), b = 0.75f / std::sqrt(0.625f);
    // thigh point unmoved; shin point (0.1, 1.5) -> (0, 1) + (-0.5, 0.1); the knee point blends
    // (0.1, 1) and (0, 1.1) half and half; the last blends (-0.1, 1.2) and (-0.2, 0.9) 1:3;
    // the foot point rides the ankle to (-1, 1, 0.1). Normals: (1,0,0) turns to (0,1,0) on
    // the shin; half/half gives (1,1,0)/sqrt2; (-1,0,0) 1:3 gives (-0.25,-0.75,0)/|.|.
    QTest::newRow("knee only")
        << Quat::Identity() << Vec3(0, 0, 0)
        << QList<Vec3f>{{0.1f, 0.5f, 0}, {-0.5f, 1.1f, 0}, {0.05f, 1.05f, 0}, {-0.175f, 0.975f, 0}, {-1, 1, 0.1f}}
        << QList<Vec3f>{{1, 0, 0}, {0, 1, 0}, {h, h, 0}, {-a, -b, 0}, {0, 0, 1}};
    // Turned 180 deg about +Y ((x, y, z) -> (-x, y, -z)) and moved to (2, 0, 3).
    QTest::newRow("knee, body turned and moved")
        << Quat(Eigen::AngleAxisd(std::numbers::pi, Vec3::UnitY())) << Vec3(2, 0, 3)
        << QList<Vec3f>{{1.9f, 0.5f, 3}, {2.5f, 1.1f, 3}, {1.95f, 1.05f, 3}, {2.175f, 0.975f, 3}, {3, 1, 2.9f}}
        << QList<Vec3f>{{-1, 0, 0}, {0, 1, 0}, {-h, h, 0}, {a, -b, 0}, {0, 0, -1}};
  }
  void twoBoneBend() {
    QFETCH(Quat, rootRotation);
    QFETCH(Vec3, rootPosition);
    QFETCH(QList<Vec3f>, positions);
    QFETCH(QList<Vec3f>, normals);
    const Skeleton s = legSkeleton();
    const SkinnedMesh mesh = legMesh(s);
    QCOMPARE(QString::fromStdString(mesh.validate(s.jointCount())), QString());
    Pose p = Pose::rest(s);
    p.rotations[0] = rootRotation;
    p.translations[0] = rootPosition;
    p.rotations[1] = Quat(Eigen::AngleAxisd(kQuarter, Vec3::UnitZ()));
    const ModelPose now = modelPose(s, p);
    const std::vector<Float4x4> palette = paletteOf(now, mesh.inverseBind);
    std::vector<Vec3f> outNormals;
    const std::vector<Vec3f> outPositions = skin(mesh, palette, &outNormals);
    for (int v = 0; v < mesh.vertexCount(); ++v) {
      QVERIFY2(near(outPositions[v], positions[v]),
               qPrintable(QStringLiteral("vertex %1 at %2, expected %3").arg(v).arg(text(outPositions[v]), text(positions[v]))));
      QVERIFY2(near(outNormals[v], normals[v]),
               qPrintable(QStringLiteral("normal %1 is %2, expected %3").arg(v).arg(text(outNormals[v]), text(normals[v]))));
      QVERIFY(std::abs(outNormals[v].norm() - 1.0f) < 1e-6f);
    }
    // Normals may be skipped; positions come out the same.
    const std::vector<Vec3f> positionsOnly = skin(mesh, palette, nullptr);
    for (int v = 0; v < mesh.vertexCount(); ++v) QCOMPARE(positionsOnly[v], outPositions[v]);
  }

  void normalsStayUnitUnderAnyPose() {
    // Random poses of the humanoid, a mesh with random 4-way weights: every skinned normal is
    // unit, even where the influences' rotations disagree strongly.
    const Skeleton s = humanoidSkeleton();
    std::mt19937 rng(3);
    std::normal_distribution<double> n(0.0, 1.0);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::uniform_int_distribution<int> joint(0, s.jointCount() - 1);
    SkinnedMesh mesh;
    for (int v = 0; v < 200; ++v) {
      mesh.positions.push_back(toFloat3(Vec3f(u(rng), u(rng) * 1.8f, u(rng))));
      mesh.normals.push_back(toFloat3(Vec3f(u(rng) - 0.5f, u(rng) - 0.5f, u(rng) - 0.5f).normalized()));
      std::array<float, 4> w{u(rng), u(rng), u(rng), u(rng)};
      const float sum = w[0] + w[1] + w[2] + w[3];
      for (float& x : w) x /= sum;
      mesh.weights.push_back(w);
      mesh.joints.push_back({std::uint16_t(joint(rng)), std::uint16_t(joint(rng)),
                             std::uint16_t(joint(rng)), std::uint16_t(joint(rng))});
    }
    mesh.triangles = {0, 1, 2};
    mesh.inverseBind = inverseBinds(modelPose(s, Pose::rest(s)));
    QCOMPARE(QString::fromStdString(mesh.validate(s.jointCount())), QString());
    std::vector<Vec3f> normals;
    for (int trial = 0; trial < 20; ++trial) {
      Pose p = Pose::rest(s);
      for (Quat& q : p.rotations) q = Quat(n(rng), n(rng), n(rng), n(rng)).normalized();
      const ModelPose now = modelPose(s, p);
      const std::vector<Vec3f> positions = skin(mesh, paletteOf(now, mesh.inverseBind), &normals);
      for (int v = 0; v < mesh.vertexCount(); ++v) {
        QVERIFY(positions[v].allFinite());
        QVERIFY2(std::abs(normals[v].norm() - 1.0f) < 1e-5f, qPrintable(QStringLiteral("trial %1 vertex %2").arg(trial).arg(v)));
      }
    }
  }

  void cancellingNormalsStayUnit() {
    // Half on a bone turned +90 deg and half on one turned -90 deg about Z: the blended normal
    // (1, 0, 0) -> (0, 1, 0) + (0, -1, 0) vanishes; the result is still a unit normal.
    const Skeleton s = starSkeleton(2);
    SkinnedMesh mesh;
    mesh.positions = {Float3{0, 1, 0}};
    mesh.normals = {Float3{1, 0, 0}};
    mesh.joints = {{1, 2, 0, 0}};
    mesh.weights = {{0.5f, 0.5f, 0, 0}};
    mesh.triangles = {0, 0, 0};
    mesh.inverseBind.assign(3, Float4x4{});
    const std::vector<Float4x4> palette{
        Float4x4{}, toFloat4x4(rigid(Quat(Eigen::AngleAxisd(kQuarter, Vec3::UnitZ())), Vec3::Zero())),
        toFloat4x4(rigid(Quat(Eigen::AngleAxisd(-kQuarter, Vec3::UnitZ())), Vec3::Zero()))};
    std::vector<Vec3f> n;
    const std::vector<Vec3f> p = skin(mesh, palette, &n);
    QVERIFY(n[0].allFinite());
    QVERIFY(std::abs(n[0].norm() - 1.0f) < 1e-6f);
    QVERIFY(near(p[0], Vec3f(0, 0, 0)));  // (-1, 0, 0) and (1, 0, 0) halfway
  }

  void paletteFromFiniteInputIsFinite_data() {
    QTest::addColumn<Quat>("rotation");
    QTest::addColumn<Quat>("expected");  // the rotation the palette must hold
    const Quat turn(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
    QTest::newRow("unit") << turn << turn;
    QTest::newRow("scaled by 3") << Quat(turn.coeffs() * 3.0) << turn;
    QTest::newRow("tiny") << Quat(turn.coeffs() * 1e-30) << turn;
    QTest::newRow("zero") << Quat(0, 0, 0, 0) << Quat::Identity();
  }
  void paletteFromFiniteInputIsFinite() {
    QFETCH(Quat, rotation);
    QFETCH(Quat, expected);
    const ModelPose pose{{rotation}, {Vec3(0.5, 1, -2)}};
    const std::vector<Float4x4> palette = paletteOf(pose, {Float4x4{}});
    QVERIFY(toEigen(palette[0]).allFinite());
    const Matrix want = rigid(expected, pose.positions[0]);
    QVERIFY((toEigen(palette[0]) - want).cwiseAbs().maxCoeff() < 1e-6f);
  }

  void validateCatchesDamage_data() {
    QTest::addColumn<int>("damage");
    QTest::addColumn<QString>("problem");
    const QStringList problems = damageProblems();
    for (int i = 0; i < problems.size(); ++i)
      QTest::addRow("%d: %s", i, qPrintable(problems[i])) << i << problems[i];
  }
  void validateCatchesDamage() {
    QFETCH(int, damage);
    QFETCH(QString, problem);
    const Skeleton s = legSkeleton();
    SkinnedMesh mesh = legMesh(s);
    QVERIFY(mesh.validate(s.jointCount()).empty());
    damages()[damage](mesh);
    const QString found = QString::fromStdString(mesh.validate(s.jointCount()));
    QVERIFY2(found.contains(problem), qPrintable(found));
  }

  void emptyMeshIsNoBody() {
    QVERIFY(SkinnedMesh{}.validate(31).empty());
    QVERIFY(SkinnedMesh{}.empty());
    SkinnedMesh onlyMatrices;
    onlyMatrices.inverseBind.assign(3, Float4x4{});
    QVERIFY(QString::fromStdString(onlyMatrices.validate(3)).contains(QStringLiteral("no vertices")));
  }

 private:
  // One broken mesh per entry of damageProblems(), same order.
  static std::vector<std::function<void(SkinnedMesh&)>> damages() {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    return {
        [](SkinnedMesh& m) { m.weights[2] = {0.5f, 0, 0, 0}; },
        [](SkinnedMesh& m) { for (auto& w : m.weights) w = {0, 0, 0, 0}; },
        [](SkinnedMesh& m) { m.weights[1] = {1.5f, -0.5f, 0, 0}; },
        [nan](SkinnedMesh& m) { m.weights[3][1] = nan; },
        [](SkinnedMesh& m) { m.joints[4][0] = 3; },
        [](SkinnedMesh& m) { m.triangles[5] = 5; },
        [](SkinnedMesh& m) { m.triangles.pop_back(); },
        [](SkinnedMesh& m) { m.triangles.clear(); },
        [](SkinnedMesh& m) { m.normals.pop_back(); },
        [](SkinnedMesh& m) { m.weights.push_back({1, 0, 0, 0}); },
        [](SkinnedMesh& m) { m.inverseBind.pop_back(); },
        [nan](SkinnedMesh& m) { m.positions[0].x = nan; },
        [](SkinnedMesh& m) { m.normals[0] = Float3{2, 0, 0}; },
        [nan](SkinnedMesh& m) { m.inverseBind[1].m[4 * 3 + 0] = nan; },  // row 0, column 3
        [](SkinnedMesh& m) { m.inverseBind[1].m[0] = 2; },
        [](SkinnedMesh& m) { m.inverseBind[2].m[3] = 0.5f; },  // row 3, column 0
    };
  }
  static QStringList damageProblems() {
    return {QStringLiteral("vertex 2: weights sum to 0.5"),
            QStringLiteral("vertex 0: weights sum to 0.0"),
            QStringLiteral("vertex 1: weight 1 is negative"),
            QStringLiteral("vertex 3: weight 1 is negative or not finite"),
            QStringLiteral("vertex 4: joint index 3 out of range"),
            QStringLiteral("triangle 1: vertex index 5 out of range"),
            QStringLiteral("not a multiple of 3"),
            QStringLiteral("has no triangles"),
            QStringLiteral("per-vertex arrays disagree"),
            QStringLiteral("per-vertex arrays disagree"),
            QStringLiteral("2 inverse bind matrices for a skeleton of 3"),
            QStringLiteral("vertex 0: position is not finite"),
            QStringLiteral("vertex 0: normal is not unit"),
            QStringLiteral("inverse bind matrix 1 is not finite"),
            QStringLiteral("inverse bind matrix 1 is not a rotation with a uniform scale"),
            QStringLiteral("inverse bind matrix 2 is not a rotation with a uniform scale")};
  }
};

QTEST_GUILESS_MAIN(TestSkinning)
#include "test_skinning.moc"
