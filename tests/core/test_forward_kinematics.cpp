// Forward kinematics against hand-computed chains.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "fatgraph/core/model/forward_kinematics.h"

using namespace fatgraph;

namespace {
// root (at 1,0,0) -> a (offset 0,1,0) -> b (offset 0,1,0), with an end site (0,0,1) on b.
Skeleton chain() {
  Skeleton s;
  s.addJoint("root", -1, Vec3(1, 0, 0), true);
  s.addJoint("a", 0, Vec3(0, 1, 0), false);
  s.addJoint("b", 1, Vec3(0, 1, 0), false);
  s.endSites.push_back({2, Vec3(0, 0, 1)});
  return s;
}
}  // namespace

class TestForwardKinematics : public QObject {
  Q_OBJECT
 private slots:
  void restPoseStacksOffsets() {
    const Skeleton s = chain();
    const Pose p = Pose::rest(s);
    std::vector<Quat> r(3);
    std::vector<Vec3> x(3), e(1);
    localToModel(s, p.rotations, p.translations, r, x);
    endSitePositions(s, r, x, e);
    QVERIFY((x[0] - Vec3(1, 0, 0)).norm() < 1e-12);
    QVERIFY((x[1] - Vec3(1, 1, 0)).norm() < 1e-12);
    QVERIFY((x[2] - Vec3(1, 2, 0)).norm() < 1e-12);
    QVERIFY((e[0] - Vec3(1, 2, 1)).norm() < 1e-12);
  }

  void rotationsCompose() {
    // Root turned 90 deg about Z: its +Y child axis points to -X. Joint a bends another 90 deg
    // about Z: b's offset points to -Y in model space. The end site (0,0,1) is unaffected by
    // rotations about Z.
    const Skeleton s = chain();
    Pose p = Pose::rest(s);
    const double h = std::numbers::pi / 2;
    p.rotations[0] = Quat(Eigen::AngleAxisd(h, Vec3::UnitZ()));
    p.rotations[1] = Quat(Eigen::AngleAxisd(h, Vec3::UnitZ()));
    std::vector<Quat> r(3);
    std::vector<Vec3> x(3), e(1);
    localToModel(s, p.rotations, p.translations, r, x);
    endSitePositions(s, r, x, e);
    QVERIFY((x[1] - Vec3(0, 0, 0)).norm() < 1e-12);
    QVERIFY((x[2] - Vec3(0, -1, 0)).norm() < 1e-12);
    QVERIFY((e[0] - Vec3(0, -1, 1)).norm() < 1e-12);
    QVERIFY(angleBetween(r[2], Quat(Eigen::AngleAxisd(2 * h, Vec3::UnitZ()))) < 1e-12);
  }

  void worldPlacement() {
    const Skeleton s = chain();
    const Pose p = Pose::rest(s);
    std::vector<Quat> r(3);
    std::vector<Vec3> x(3);
    localToModel(s, p.rotations, p.translations, r, x);
    RigidTransform place{yawRotation(std::numbers::pi), Vec3(5, 0, 5)};
    modelToWorld(place, r, x);
    QVERIFY((x[2] - Vec3(4, 2, 5)).norm() < 1e-12);
    const RigidTransform id = place * place.inverse();
    QVERIFY(id.translation.norm() < 1e-12);
    QVERIFY(rotationAngle(id.rotation) < 1e-12);
  }

  void translationChannelsBelowRoot() {
    // A joint with animated translation moves its subtree in its parent's frame.
    Skeleton s = chain();
    s.animatedTranslation[1] = true;
    Pose p = Pose::rest(s);
    p.translations[1] = Vec3(0, 1, 0) + Vec3(0.5, 0, 0);
    p.rotations[0] = yawRotation(std::numbers::pi / 2);  // root's +X -> -Z
    std::vector<Quat> r(3);
    std::vector<Vec3> x(3);
    localToModel(s, p.rotations, p.translations, r, x);
    QVERIFY((x[1] - Vec3(1, 1, -0.5)).norm() < 1e-12);
    QVERIFY((x[2] - Vec3(1, 2, -0.5)).norm() < 1e-12);
  }
};

QTEST_GUILESS_MAIN(TestForwardKinematics)
#include "test_forward_kinematics.moc"
