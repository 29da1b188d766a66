// `fatgraph play`'s frames: the player's character-space pose placed in the world by its
// character frame gives a clip whose forward kinematics equals the world positions the report
// uses, and which survives the BVH writer and importer.
#include <QtTest>

#include <cmath>
#include <vector>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/eigen_bridge.h"
#include "play_clip.h"

using fatgraph::Quat;
using fatgraph::Vec3;

namespace {

fatgraph::Skeleton threeJoints() {
  fatgraph::Skeleton s;
  s.addJoint("hips", -1, Vec3::Zero(), true);
  s.addJoint("spine", 0, Vec3(0, 0.2, 0), false);
  s.addJoint("head", 1, Vec3(0, 0.4, 0.05), false);
  s.endSites.push_back({2, Vec3(0, 0.15, 0)});
  return s;
}

struct FloatPose {
  std::vector<fatgraph::Quaternion> rotations;
  std::vector<fatgraph::Float3> translations, model;
};

// A character-space pose (root at x = z = 0, as the player gives it) with its FK.
FloatPose pose(const fatgraph::Skeleton& s, double bend) {
  const std::vector<Quat> rotations = {Quat(Eigen::AngleAxisd(0.3, Vec3::UnitX())),
                                       Quat(Eigen::AngleAxisd(bend, Vec3::UnitZ())),
                                       Quat(Eigen::AngleAxisd(-0.2, Vec3::UnitY()))};
  const std::vector<Vec3> translations = {Vec3(0, 0.9, 0), s.restOffsets[1], s.restOffsets[2]};
  std::vector<Quat> modelRotations(3);
  std::vector<Vec3> modelPositions(3);
  fatgraph::localToModel(s, rotations, translations, modelRotations, modelPositions);
  FloatPose p;
  for (int j = 0; j < 3; ++j) {
    p.rotations.push_back(fatgraph::toQuaternion(rotations[size_t(j)]));
    p.translations.push_back(fatgraph::toFloat3(translations[size_t(j)]));
    p.model.push_back(fatgraph::toFloat3(modelPositions[size_t(j)]));
  }
  return p;
}

}  // namespace

class TestPlayClip : public QObject {
  Q_OBJECT
 private slots:
  void rootPlacedInTheWorld() {
    const fatgraph::Skeleton s = threeJoints();
    const FloatPose p = pose(s, 0.5);
    fatgraph::CharacterFrame c;
    c.position = {1, 0, 2};
    c.yaw = 1.0f;
    fatgraph::Clip clip;
    clip.jointCount = 3;
    fatgraph::cli::appendWorldFrame(clip, s, p.rotations, p.translations, c);
    QCOMPARE(clip.frameCount(), 1);
    const Quat expectedRoot = fatgraph::yawRotation(1.0) * Quat(Eigen::AngleAxisd(0.3, Vec3::UnitX()));
    QVERIFY(fatgraph::angleBetween(clip.rotations[0], expectedRoot) < 1e-6);
    QVERIFY((clip.translations[0] - Vec3(1, 0.9, 2)).norm() < 1e-6);
    QVERIFY((clip.translations[1] - s.restOffsets[1]).norm() < 1e-6);  // others stay local

    // FK of the written frame == the world positions the metrics use.
    std::vector<Quat> rotations(3);
    std::vector<Vec3> positions(3), world(3);
    fatgraph::clipFrameToModel(s, clip, 0, rotations, positions);
    fatgraph::cli::worldPositions(c, p.model, world);
    for (int j = 0; j < 3; ++j) QVERIFY((positions[size_t(j)] - world[size_t(j)]).norm() < 1e-6);
  }

  void survivesBvh() {
    const fatgraph::Skeleton s = threeJoints();
    fatgraph::Clip clip;
    clip.jointCount = 3;
    clip.fps = 30;
    std::vector<std::vector<Vec3>> expected;
    for (int f = 0; f < 4; ++f) {
      const FloatPose p = pose(s, 0.2 * f);
      fatgraph::CharacterFrame c;
      c.position = fatgraph::toFloat3(Vec3(0.1 * f, 0, -0.05 * f));
      c.yaw = static_cast<float>(3.0 + 0.1 * f);  // crosses pi: the writer keeps Euler angles continuous
      fatgraph::cli::appendWorldFrame(clip, s, p.rotations, p.translations, c);
      std::vector<Vec3> world(3);
      fatgraph::cli::worldPositions(c, p.model, world);
      expected.push_back(world);
    }
    fatgraph::BvhImportOptions options;
    options.units = fatgraph::BvhUnits::Metres;
    options.dropReferencePose = false;
    const fatgraph::BvhImport back = fatgraph::parseBvh(fatgraph::writeBvh(s, clip), "play.bvh", options);
    QCOMPARE(back.clip.frameCount(), 4);
    QCOMPARE(back.skeleton.names, s.names);
    QCOMPARE(int(back.skeleton.endSites.size()), 1);
    std::vector<Quat> rotations(3);
    std::vector<Vec3> positions(3);
    for (int f = 0; f < 4; ++f) {
      fatgraph::clipFrameToModel(back.skeleton, back.clip, f, rotations, positions);
      for (int j = 0; j < 3; ++j) {
        QVERIFY2((positions[size_t(j)] - expected[size_t(f)][size_t(j)]).norm() < 1e-5,
                 qPrintable(QStringLiteral("frame %1 joint %2").arg(f).arg(j)));
      }
    }
  }

  void finiteness() {
    const fatgraph::Skeleton s = threeJoints();
    FloatPose p = pose(s, 0.1);
    fatgraph::CharacterFrame c;
    QVERIFY(fatgraph::cli::isFinitePose(p.rotations, p.translations, p.model, c));
    c.yaw = std::nanf("");
    QVERIFY(!fatgraph::cli::isFinitePose(p.rotations, p.translations, p.model, c));
    c.yaw = 0;
    p.model[2].x = INFINITY;
    QVERIFY(!fatgraph::cli::isFinitePose(p.rotations, p.translations, p.model, c));
  }
};

QTEST_GUILESS_MAIN(TestPlayClip)
#include "test_play_clip.moc"
