// BVH import golden cases: one clip per rig from data/, and a fixture with the CC_Base quirks
// (centimetres, root OFFSET, position channels below the root, Xrotation-first orders, tabs)
// checked against hand-computed world positions.
#include <QtTest>

#include <cmath>
#include <string>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/motion_summary.h"
#include "fatgraph/core/model/forward_kinematics.h"

using namespace fatgraph;

namespace {
const std::string kData = FATGRAPH_DATA_DIR;
const std::string kFixture = std::string(FATGRAPH_TEST_FIXTURES_DIR) + "/bvh/ccbase_quirks_cm_xyz.bvh";

std::string readFile(const std::string& path) {
  QFile f(QString::fromStdString(path));
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll().toStdString();
}

struct WorldPose {
  std::vector<Vec3> joints, ends;
};
WorldPose world(const BvhImport& b, int frame) {
  const int n = b.skeleton.jointCount();
  std::vector<Quat> r(n);
  WorldPose w{std::vector<Vec3>(n), std::vector<Vec3>(b.skeleton.endSites.size())};
  clipFrameToModel(b.skeleton, b.clip, frame, r, w.joints);
  endSitePositions(b.skeleton, r, w.joints, w.ends);
  return w;
}

void checkQuirksFixture(const BvhImport& b) {
  QCOMPARE(b.units, BvhUnits::Centimetres);
  QVERIFY(b.unitsDetected);
  QCOMPARE(b.skeleton.jointCount(), 5);
  QCOMPARE(int(b.skeleton.endSites.size()), 2);
  QCOMPARE(b.clip.frameCount(), 2);
  QCOMPARE(b.clip.fps, 60.0);  // 0.0166667 s snaps to 60 fps
  QVERIFY(b.skeleton.animatedTranslation[1]);   // position channels below the root
  QVERIFY(!b.skeleton.animatedTranslation[2]);
  const WorldPose rest = world(b, 0);
  QVERIFY((rest.joints[0] - Vec3(0, 1.0, 0)).norm() < 1e-12);   // root OFFSET counts
  QVERIFY((rest.ends[0] - Vec3(0, 2.0, 0)).norm() < 1e-12);
  QVERIFY((rest.ends[1] - Vec3(0.10, 0.05, 0.15)).norm() < 1e-12);
  // Frame 1, computed by hand (cm): root at (10,95,20) turned Rx(90); spine translated by
  // (1,2,3) and turned Ry(90); thigh turned Ry(90) through its X-Z-Y channel order.
  const WorldPose w = world(b, 1);
  QVERIFY((w.joints[0] - Vec3(0.10, 0.95, 0.20)).norm() < 1e-12);
  QVERIFY((w.joints[1] - Vec3(0.11, 0.92, 0.72)).norm() < 1e-12);
  QVERIFY((w.joints[2] - Vec3(0.11, 0.92, 1.02)).norm() < 1e-12);
  QVERIFY((w.joints[3] - Vec3(0.20, 0.95, 0.15)).norm() < 1e-12);
  QVERIFY((w.joints[4] - Vec3(0.20, 0.95, -0.75)).norm() < 1e-12);
  QVERIFY((w.ends[1] - Vec3(0.35, 0.95, -0.75)).norm() < 1e-12);
}
}  // namespace

class TestBvhImport : public QObject {
  Q_OBJECT
 private slots:
  void cmuMotionBuilderRig() {
    const BvhImport b = importBvh(kData + "/cmu-leonardo-ono-roll/144_03.bvh");
    QCOMPARE(b.skeleton.jointCount(), 31);
    QCOMPARE(int(b.skeleton.endSites.size()), 7);
    QCOMPARE(b.fileFrames, 4479);
    QCOMPARE(b.clip.frameCount(), 4479);
    QVERIFY(std::abs(b.fileFps - 120.0) < 1e-2);
    QCOMPARE(b.units, BvhUnits::CmuUnits);
    QVERIFY(!b.referencePoseDetected);
    QCOMPARE(b.skeleton.names[0], std::string("Hips"));
    QCOMPARE(b.skeleton.names[b.skeleton.parents[b.skeleton.find("LeftFoot")]], std::string("LeftLeg"));
    // a 26.4 m path that ends near its start.
    QVERIFY(std::abs(rootPathLength(b.skeleton, b.clip) - 26.4) < 0.3);
    // Hips about 0.9 m above the ground in the first frame (15.758 CMU units).
    QVERIFY(std::abs(b.clip.frameTranslations(0)[0].y() - 15.7581 * 0.0254 / 0.45) < 1e-9);
  }

  void cmuMaxRigWithMixedOrders() {
    const BvhImport b = importBvh(kData + "/cmu-bvh11/131_01.bvh");
    QCOMPARE(b.skeleton.jointCount(), 31);
    QCOMPARE(b.fileFrames, 994);
    QVERIFY(b.skeleton.find("LeftHip") >= 0);
    QVERIFY(!b.referencePoseDetected);
    // Every joint's local rotation is unit and every translation finite.
    QVERIFY(b.clip.validate(b.skeleton).empty());
  }

  void referencePoseDroppedAndReported() {
    const BvhImport dropped = importBvh(kData + "/cmu-leonardo-ono-roll/144_06.bvh");
    QVERIFY(dropped.referencePoseDetected);
    QVERIFY(dropped.referencePoseDropped);
    QCOMPARE(dropped.fileFrames, 3634);
    QCOMPARE(dropped.clip.frameCount(), 3633);
    QCOMPARE(dropped.clip.sourceFirstFrame, 1);
    QVERIFY(dropped.referencePoseJumpDeg > 90);
    BvhImportOptions keep;
    keep.dropReferencePose = false;
    const BvhImport kept = importBvh(kData + "/cmu-leonardo-ono-roll/144_06.bvh", keep);
    QVERIFY(kept.referencePoseDetected);
    QVERIFY(!kept.referencePoseDropped);
    QCOMPARE(kept.clip.frameCount(), 3634);
  }

  void resampleTo30() {
    BvhImportOptions o;
    o.resampleFps = 30;
    const BvhImport b = importBvh(kData + "/cmu-leonardo-ono-roll/144_03.bvh", o);
    QCOMPARE(b.clip.fps, 30.0);
    QCOMPARE(b.clip.frameCount(), (4479 - 1) / 4 + 1);
    BvhImportOptions raw;
    const BvhImport full = importBvh(kData + "/cmu-leonardo-ono-roll/144_03.bvh", raw);
    // Frame k at 30 fps is frame 4k at 120 fps (the frame time is 0.0083333, not exactly
    // 1/120, so allow a sub-frame difference).
    const Vec3 a = b.clip.frameTranslations(100)[0], c = full.clip.frameTranslations(400)[0];
    QVERIFY((a - c).norm() < 5e-3);
    QVERIFY(std::abs(b.clip.sourceFrame(100) - 400.0) < 0.01);
  }

  void unitOverride() {
    BvhImportOptions o;
    o.units = BvhUnits::Inches;
    const BvhImport b = importBvh(kData + "/cmu-leonardo-ono-roll/144_05.bvh", o);
    QVERIFY(!b.unitsDetected);
    QCOMPARE(b.unitScale, 0.0254);
    QVERIFY(std::abs(b.clip.frameTranslations(0)[0].y() / 0.0254 -
                     importBvh(kData + "/cmu-leonardo-ono-roll/144_05.bvh").clip.frameTranslations(0)[0].y() /
                         (0.0254 / 0.45)) < 1e-9);
  }

  void quirksFixtureLf() { checkQuirksFixture(importBvh(kFixture)); }

  void quirksFixtureCrlf() {
    std::string text = readFile(kFixture);
    QVERIFY(!text.empty());
    std::string crlf;
    for (char c : text) {
      if (c == '\n') crlf += '\r';
      crlf += c;
    }
    checkQuirksFixture(parseBvh(crlf, "crlf.bvh"));
  }

  void anglesBeyond180() {
    // 540 deg about Y equals 180 deg; -450 deg equals -90 deg.
    const std::string text =
        "HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n"
        " End Site\n {\n  OFFSET 0 1.5 0\n }\n}\nMOTION\nFrames: 2\nFrame Time: 0.5\n"
        "0 0 0 0 540 0\n0 0 0 -450 0 0\n";
    BvhImportOptions o;
    o.units = BvhUnits::Metres;
    const BvhImport b = parseBvh(text, "wide.bvh", o);
    QVERIFY(angleBetween(b.clip.frameRotations(0)[0], Quat(Eigen::AngleAxisd(M_PI, Vec3::UnitY()))) < 1e-12);
    QVERIFY(angleBetween(b.clip.frameRotations(1)[0], Quat(Eigen::AngleAxisd(-M_PI / 2, Vec3::UnitZ()))) < 1e-12);
  }

  void frameRates_data() {
    QTest::addColumn<QString>("frameTime");
    QTest::addColumn<double>("fps");
    QTest::newRow("120 printed short") << QStringLiteral(".0083333") << 120.0;
    QTest::newRow("30") << QStringLiteral("0.033333") << 30.0;
    QTest::newRow("25") << QStringLiteral("0.04") << 25.0;
    QTest::newRow("NTSC 29.97 kept") << QStringLiteral("0.0333667") << 1.0 / 0.0333667;
    QTest::newRow("exact 1/60") << QStringLiteral("0.016666666666666666") << 60.0;
  }

  void frameRates() {
    QFETCH(QString, frameTime);
    QFETCH(double, fps);
    const std::string text = "HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS 3 Xposition Yposition Zposition\n"
                             " End Site\n {\n  OFFSET 0 1.7 0\n }\n}\nMOTION\nFrames: 1\nFrame Time: " +
                             frameTime.toStdString() + "\n0 0 0\n";
    const BvhImport b = parseBvh(text, "rate.bvh");
    QVERIFY2(std::abs(b.fileFps - fps) < 1e-9, qPrintable(QString::number(b.fileFps, 'g', 12)));
  }

  void severalRootsAndSpacedNames() {
    // Two figures in one file, joint names with spaces: both survive export and re-import.
    const std::string text =
        "HIERARCHY\nROOT Left Figure\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
        " JOINT Left Arm\n {\n  OFFSET 0.3 1.4 0\n  CHANNELS 3 Yrotation Zrotation Xrotation\n"
        "  End Site\n  {\n   OFFSET 0.5 0 0\n  }\n }\n}\n"
        "ROOT Right Figure\n{\n OFFSET 2 0 0\n CHANNELS 6 Xposition Yposition Zposition Xrotation Yrotation Zrotation\n"
        " End Site\n {\n  OFFSET 0 1.8 0\n }\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n"
        "0 0 0 10 20 30 40 50 60 1 2 3 70 80 90\n0.1 0 0 11 21 31 41 51 61 1 2 3 71 81 91\n";
    const BvhImport b = parseBvh(text, "two.bvh");
    QCOMPARE(b.skeleton.jointCount(), 3);
    QCOMPARE(b.skeleton.names[1], std::string("Left Arm"));
    QCOMPARE(b.skeleton.parents[2], -1);
    QCOMPARE(b.units, BvhUnits::Metres);
    const BvhImport again = parseBvh(writeBvh(b.skeleton, b.clip), "two-exported.bvh");
    QVERIFY(again.skeleton.sameTopology(b.skeleton));
    for (int f = 0; f < 2; ++f) {
      const WorldPose x = world(b, f), y = world(again, f);
      for (int j = 0; j < 3; ++j) QVERIFY((x.joints[j] - y.joints[j]).norm() < 1e-6);
      for (size_t e = 0; e < x.ends.size(); ++e) QVERIFY((x.ends[e] - y.ends[e]).norm() < 1e-6);
    }
  }

  void missingFileNamed() {
    try {
      importBvh("/nonexistent/dir/walk.bvh");
      QFAIL("expected an error");
    } catch (const FileError& e) {
      QVERIFY(std::string(e.what()).find("/nonexistent/dir/walk.bvh") != std::string::npos);
    }
  }
};

QTEST_GUILESS_MAIN(TestBvhImport)
#include "test_bvh_import.moc"
