// BVH import against positions computed by hand, not by another run of the project's code: two
// small files written by hand (tests/fixtures/hand_bvh/), one per family of rig conventions,
// each joint's world position on each frame worked out on paper from the file's numbers
// (BVH's channel order is the product's order: "Zrotation Xrotation Yrotation" is Rz * Rx * Ry).
//   ystyle_zxy_additive_cm: Y up, centimetres, CMU's ZXY order, a knee with position channels
//     added to its OFFSET;
//   zup_xyz_absolute_cm: Z up (to the project's Y up by (x, y, z) -> (x, z, -y)), XYZ order
//     with Xrotation first, a spine whose position channels hold its whole translation.
// The conventions are forced: their detection is tested on real takes; this checks the
// arithmetic each one implies.
#include <QtTest>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"

using namespace fatgraph;

namespace {

struct Expected {
  int frame;
  const char* joint;
  Vec3 metres;
};

BvhImport importFixture(const QString& name, TranslationConvention translations, UpAxisChoice up) {
  BvhImportOptions options;
  options.units = BvhUnits::Centimetres;
  options.dropReferencePose = false;
  options.rig.translations = translations;
  options.rig.up = up;
  options.rig.keepInPlace = true;
  options.rig.keepLoops = true;
  const QString path = QStringLiteral(FATGRAPH_TEST_FIXTURES_DIR "/hand_bvh/") + name;
  return importBvh(path.toStdString(), options);
}

}  // namespace

class TestBvhHandFixtures : public QObject {
  Q_OBJECT

  void checkPositions(const BvhImport& in, const std::vector<Expected>& expected) {
    QCOMPARE(in.clip.frameCount(), 2);
    std::vector<Quat> rotations(size_t(in.skeleton.jointCount()));
    std::vector<Vec3> positions(size_t(in.skeleton.jointCount()));
    for (const Expected& e : expected) {
      const auto found = std::find(in.skeleton.names.begin(), in.skeleton.names.end(), e.joint);
      QVERIFY2(found != in.skeleton.names.end(), e.joint);
      clipFrameToModel(in.skeleton, in.clip, e.frame, rotations, positions);
      const Vec3 got = positions[size_t(found - in.skeleton.names.begin())];
      // Exact but for the degrees-to-radians rounding and single-precision storage.
      QVERIFY2((got - e.metres).norm() < 1e-6,
               qPrintable(QStringLiteral("frame %1, %2: expected (%3, %4, %5), got (%6, %7, %8)")
                              .arg(e.frame).arg(QString::fromUtf8(e.joint))
                              .arg(e.metres.x()).arg(e.metres.y()).arg(e.metres.z())
                              .arg(got.x()).arg(got.y()).arg(got.z())));
    }
  }

 private slots:
  void yUpZxyAdditive() {
    const BvhImport in = importFixture(QStringLiteral("ystyle_zxy_additive_cm.bvh"),
                                       TranslationConvention::Additive, UpAxisChoice::Y);
    // Frame 1: the root at (10, 100, 20) cm turned Ry(90); the knee's channel adds (0, -5, 0)
    // to its OFFSET (0, -50, 0), which Ry leaves alone; the knee's Rz(90) turns the shin
    // (0, -40, 0) to (40, 0, 0), and the root's Ry(90) that to (0, 0, -40).
    checkPositions(in, {{0, "Hips", {0, 1.0, 0}},
                        {0, "Knee", {0, 0.5, 0}},
                        {0, "Foot", {0, 0.1, 0}},
                        {1, "Hips", {0.10, 1.00, 0.20}},
                        {1, "Knee", {0.10, 0.45, 0.20}},
                        {1, "Foot", {0.10, 0.45, -0.20}}});
  }

  void zUpXyzAbsolute() {
    const BvhImport in = importFixture(QStringLiteral("zup_xyz_absolute_cm.bvh"),
                                       TranslationConvention::Absolute, UpAxisChoice::Z);
    // Z up, frame 1: the root at (0, 0, 100) turned Rx(90); the spine's channels (0, 0, 33)
    // are its whole translation (not 30 + 33), turned to (0, -33, 0): the spine at
    // (0, -33, 100). Its rotation Rx(90) * Rz(90) on top of the root's makes Rx(180) * Rz(90):
    // the arm's (10, 0, 0) becomes (0, 10, 0), then (0, -10, 0); the head's (0, 0, 20) stays
    // under Rz and becomes (0, 0, -20). Then (x, y, z) -> (x, z, -y).
    checkPositions(in, {{0, "Root", {0, 1.0, 0}},
                        {0, "Spine", {0, 1.3, 0}},
                        {0, "Head", {0, 1.5, 0}},
                        {0, "Arm", {0.1, 1.3, 0}},
                        {1, "Root", {0, 1.00, 0}},
                        {1, "Spine", {0, 1.00, 0.33}},
                        {1, "Arm", {0, 1.00, 0.43}},
                        {1, "Head", {0, 0.80, 0.33}}});
  }
};

QTEST_GUILESS_MAIN(TestBvhHandFixtures)
#include "test_bvh_hand_fixtures.moc"
