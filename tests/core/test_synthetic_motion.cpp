// The synthetic walk generator against its own declared ground truth, through forward
// kinematics: planted feet, swing height, stride per cycle, turning rate and circle radius,
// periodicity, gait phases of four legs, the shared stand pose, edge parameters, bad input;
// the hexapod's six legs (planted feet, stride, tripod support).
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/core/model/forward_kinematics.h"

using namespace fatgraph;

Q_DECLARE_METATYPE(fatgraph::SyntheticWalkParams)

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kDeg = kPi / 180.0;

SyntheticMotion generate(bool quadruped, const SyntheticWalkParams& p) {
  return quadruped ? generateQuadrupedWalk(p) : generateBipedWalk(p);
}

SyntheticWalkParams base(bool quadruped) {
  return quadruped ? SyntheticWalkParams::quadrupedDefaults() : SyntheticWalkParams{};
}

template <class Edit>
SyntheticWalkParams with(bool quadruped, Edit edit) {
  SyntheticWalkParams p = base(quadruped);
  edit(p);
  return p;
}

// World (= model) transforms of every frame.
struct World {
  int joints = 0, ends = 0;
  std::vector<Vec3> pos, endPos;
  std::vector<Quat> rot;
  const Vec3& p(int f, int j) const { return pos[static_cast<size_t>(f) * joints + j]; }
  const Quat& r(int f, int j) const { return rot[static_cast<size_t>(f) * joints + j]; }
  const Vec3& e(int f, int k) const { return endPos[static_cast<size_t>(f) * ends + k]; }
};

World world(const SyntheticMotion& m) {
  World w;
  w.joints = m.skeleton.jointCount();
  w.ends = static_cast<int>(m.skeleton.endSites.size());
  const int n = m.clip.frameCount();
  w.pos.resize(static_cast<size_t>(n) * w.joints);
  w.rot.resize(static_cast<size_t>(n) * w.joints);
  w.endPos.resize(static_cast<size_t>(n) * w.ends);
  for (int f = 0; f < n; ++f) {
    std::span<Quat> r(w.rot.data() + static_cast<size_t>(f) * w.joints, w.joints);
    std::span<Vec3> p(w.pos.data() + static_cast<size_t>(f) * w.joints, w.joints);
    clipFrameToModel(m.skeleton, m.clip, f, r, p);
    endSitePositions(m.skeleton, r, p,
                     std::span<Vec3>(w.endPos.data() + static_cast<size_t>(f) * w.ends, w.ends));
  }
  return w;
}

double yawOf(const Quat& q) {
  const Vec3 f = q * Vec3::UnitZ();
  return std::atan2(f.x(), f.z());
}

double wrap(double a) { return std::remainder(a, 2.0 * kPi); }

// Foot contact statistics over a whole clip.
struct FootStats {
  double toeDrift = 0, tipDrift = 0, ankleDrift = 0;  // m, worst stance drift
  double stanceHeightError = 0;     // m, worst |height - declared| while planted
  double minSwingRise = 1e9;        // m, lowest toe rise strictly inside a swing
  double peakError = 0;             // m, worst |swing peak - stepHeight| (whole swings)
  double penetration = 0;           // m, deepest toe/tip below its stance height
  int stanceFrames = 0, swings = 0;
  int badPeaks = 0;                 // swings whose sampled peak misses stepHeight
  int badBounds = 0;                // footprints with inconsistent frame or time bounds
};

// Checks every declared stance through FK; returns the measured numbers.
FootStats checkFeet(const SyntheticMotion& m, const World& w) {
  FootStats s;
  const SyntheticGroundTruth& t = m.truth;
  const int n = m.clip.frameCount();
  for (const SyntheticLeg& leg : t.legs) {
    const double toeY = t.floorHeight + leg.toeHeight;
    const double ankleY = t.floorHeight + leg.ankleHeight;
    for (size_t k = 0; k < leg.footprints.size(); ++k) {
      const SyntheticFootprint& fp = leg.footprints[k];
      if (fp.firstFrame < 0 || fp.lastFrame >= n || fp.heelLastFrame > fp.lastFrame ||
          fp.landTime > fp.heelOffTime || fp.heelOffTime > fp.liftTime)
        ++s.badBounds;
      s.stanceHeightError = std::max(s.stanceHeightError, std::abs(fp.toe.y() - toeY));
      s.stanceHeightError = std::max(s.stanceHeightError, std::abs(fp.ankle.y() - ankleY));
      for (int f = fp.firstFrame; f <= fp.lastFrame; ++f) {
        ++s.stanceFrames;
        s.toeDrift = std::max(s.toeDrift, (w.p(f, leg.toe) - fp.toe).norm());
        s.tipDrift = std::max(s.tipDrift, (w.e(f, leg.toeTip) - fp.toeTip).norm());
        s.stanceHeightError = std::max(s.stanceHeightError, std::abs(w.p(f, leg.toe).y() - toeY));
        if (f <= fp.heelLastFrame) {
          s.ankleDrift = std::max(s.ankleDrift, (w.p(f, leg.ankle) - fp.ankle).norm());
          s.stanceHeightError =
              std::max(s.stanceHeightError, std::abs(w.p(f, leg.ankle).y() - ankleY));
        }
      }
      if (k + 1 == leg.footprints.size()) continue;
      const SyntheticFootprint& next = leg.footprints[k + 1];
      double peak = 0;
      for (int f = fp.lastFrame + 1; f < next.firstFrame && f < n; ++f) {
        const double rise = w.p(f, leg.toe).y() - toeY;
        peak = std::max(peak, rise);
        s.minSwingRise = std::min(s.minSwingRise, rise);
      }
      if (fp.liftTime >= 0 && next.landTime <= t.duration && next.firstFrame - fp.lastFrame > 2) {
        // The arc 16 u^2 (1 - u)^2 peaks at u = 1/2; the nearest frame lies within half a
        // frame step du / 2 of it, where the arc is at least (1 - du^2)^2.
        const double du = 1.0 / ((next.landTime - fp.liftTime) * t.fps);
        const double lowest = t.stepHeight * (1.0 - du * du) * (1.0 - du * du);
        ++s.swings;
        s.peakError = std::max(s.peakError, std::abs(peak - t.stepHeight));
        if (peak < lowest - 1e-9 || peak > t.stepHeight + 1e-9) ++s.badPeaks;
      }
    }
    for (int f = 0; f < n; ++f) {
      s.penetration = std::max(s.penetration, toeY - w.p(f, leg.toe).y());
      s.penetration = std::max(s.penetration, toeY - w.e(f, leg.toeTip).y());
    }
  }
  return s;
}

// Compares two frames up to the root's horizontal position and heading.
double poseDifference(const SyntheticMotion& a, int fa, const SyntheticMotion& b, int fb) {
  double worst = 0;
  const int root = a.truth.root;
  for (int j = 0; j < a.clip.jointCount; ++j) {
    Quat qa = a.clip.frameRotations(fa)[j], qb = b.clip.frameRotations(fb)[j];
    if (j == root) {
      qa = yawRotation(-a.truth.pathHeadings[fa]) * qa;
      qb = yawRotation(-b.truth.pathHeadings[fb]) * qb;
      const double ha = a.clip.frameTranslations(fa)[j].y() - a.truth.floorHeight;
      const double hb = b.clip.frameTranslations(fb)[j].y() - b.truth.floorHeight;
      worst = std::max(worst, std::abs(ha - hb));
    } else {
      worst = std::max(worst,
                       (a.clip.frameTranslations(fa)[j] - b.clip.frameTranslations(fb)[j]).norm());
    }
    worst = std::max(worst, angleBetween(qa, qb));
  }
  return worst;
}

}  // namespace

class TestSyntheticMotion : public QObject {
  Q_OBJECT

 private slots:
  void skeletons_data();
  void skeletons();
  void plantedFeet_data();
  void plantedFeet();
  void straightWalkPeriodic_data();
  void straightWalkPeriodic();
  void turning_data();
  void turning();
  void stancePhases_data();
  void stancePhases();
  void quadrupedStrikeOrder();
  void commonPose_data();
  void commonPose();
  void steadyGaitIndependentOfClip_data();
  void steadyGaitIndependentOfClip();
  void floorHeight_data();
  void floorHeight();
  void edgeParameters_data();
  void edgeParameters();
  void invalidParameters_data();
  void invalidParameters();
  void hexapodWalk_data();
  void hexapodWalk();
};

void TestSyntheticMotion::skeletons_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<int>("joints");
  QTest::addColumn<int>("legs");
  QTest::addColumn<double>("rootHeight");
  QTest::newRow("biped") << false << 19 << 2 << 0.97;
  QTest::newRow("quadruped") << true << 23 << 4 << 0.59;
}

void TestSyntheticMotion::skeletons() {
  QFETCH(bool, quadruped);
  QFETCH(int, joints);
  QFETCH(int, legs);
  QFETCH(double, rootHeight);
  const Skeleton s = quadruped ? syntheticQuadrupedSkeleton() : syntheticBipedSkeleton();
  QVERIFY2(s.validate().empty(), s.validate().c_str());
  QCOMPARE(s.jointCount(), joints);
  QCOMPARE(s.names[0], std::string("Hips"));
  QVERIFY(s.animatedTranslation[0]);
  QCOMPARE(std::count(s.animatedTranslation.begin(), s.animatedTranslation.end(), true), 1L);
  QVERIFY(std::abs(s.restOffsets[0].y() - rootHeight) < 1e-12);
  const auto names = quadruped ? std::vector<std::string>{"LeftFrontUpLeg", "LeftFrontToe",
                                                          "RightHindFoot", "Chest", "Head", "Tail1"}
                               : std::vector<std::string>{"LeftUpLeg", "LeftLeg", "LeftFoot",
                                                          "LeftToeBase", "RightToeBase", "Spine1",
                                                          "Neck", "Head", "LeftForeArm",
                                                          "RightHand"};
  for (const std::string& name : names) QVERIFY2(s.find(name) >= 0, name.c_str());

  // Rest pose: feet flat on y = 0 side by side, the generated truth matches the skeleton.
  const SyntheticMotion m = generate(quadruped, base(quadruped));
  QVERIFY(m.skeleton.sameTopology(s));
  QCOMPARE(int(m.truth.legs.size()), legs);
  const Pose rest = Pose::rest(s);
  std::vector<Quat> r(s.jointCount());
  std::vector<Vec3> p(s.jointCount()), e(s.endSites.size());
  localToModel(s, rest.rotations, rest.translations, r, p);
  endSitePositions(s, r, p, e);
  for (const SyntheticLeg& leg : m.truth.legs) {
    QVERIFY(std::abs(p[leg.ankle].y() - leg.ankleHeight) < 1e-12);
    QVERIFY(std::abs(p[leg.toe].y() - leg.toeHeight) < 1e-12);
    QVERIFY(std::abs(e[leg.toeTip].y() - leg.toeHeight) < 1e-12);
    QVERIFY(leg.toeHeight > 0 && leg.toeHeight < 0.05);
    QVERIFY(std::abs((p[leg.hip] - p[leg.knee]).norm() + (p[leg.knee] - p[leg.ankle]).norm() -
                     leg.length) < 1e-12);
  }
  if (!quadruped) {
    const SyntheticLeg& left = m.truth.legs[0];
    QCOMPARE(left.name, std::string("Left"));
    QVERIFY(p[left.hip].x() > 0);  // the character's left is +X
    const double footLength = e[left.toeTip].z() - p[left.ankle].z();
    QVERIFY(std::abs(footLength - 0.2) < 1e-12);
    QVERIFY(p[0].y() > 0.85 && p[0].y() < 1.0);  // hip height ~0.9 m
    double top = 0;
    for (const Vec3& x : e) top = std::max(top, x.y());
    QVERIFY(top > 1.65 && top < 1.85);
  }
}

void TestSyntheticMotion::plantedFeet_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<SyntheticWalkParams>("params");
  QTest::newRow("biped default") << false << base(false);
  QTest::newRow("biped turn left") << false << with(false, [](auto& p) { p.turningRate = 0.5; });
  QTest::newRow("biped turn right")
      << false << with(false, [](auto& p) { p.turningRate = -0.8; p.startHeading = 2.0; });
  QTest::newRow("biped heel roll") << false << with(false, [](auto& p) {
    p.heelRollAngle = 0.5;
    p.heelOffFraction = 0.35;
    p.strideLength = 1.3;
  });
  QTest::newRow("biped common pose turning") << false << with(false, [](auto& p) {
    p.commonPose = true;
    p.turningRate = 0.4;
    p.heelRollAngle = 0.3;
  });
  QTest::newRow("biped crouch arms up") << false << with(false, [](auto& p) {
    p.crouch = 0.12;
    p.armRaise = 0.8;
    p.hipSway = 0.05;
  });
  QTest::newRow("biped floor 0.37 fps 120")
      << false << with(false, [](auto& p) { p.floorHeight = 0.37; p.fps = 120; });
  QTest::newRow("biped long fast") << false << with(false, [](auto& p) {
    p.strideLength = 1.5;
    p.period = 0.95;
    p.stepHeight = 0.12;
  });
  QTest::newRow("quadruped default") << true << base(true);
  QTest::newRow("quadruped turning") << true << with(true, [](auto& p) { p.turningRate = -0.6; });
  QTest::newRow("quadruped common pose") << true << with(true, [](auto& p) {
    p.commonPose = true;
    p.turningRate = 0.3;
    p.heelRollAngle = 0.4;
  });
}

void TestSyntheticMotion::plantedFeet() {
  QFETCH(bool, quadruped);
  QFETCH(SyntheticWalkParams, params);
  const SyntheticMotion m = generate(quadruped, params);
  QVERIFY2(m.skeleton.validate().empty(), m.skeleton.validate().c_str());
  const std::string clipProblem = m.clip.validate(m.skeleton);
  QVERIFY2(clipProblem.empty(), clipProblem.c_str());
  const World w = world(m);
  const FootStats s = checkFeet(m, w);
  qInfo("toe drift %.2e m, tip %.2e m, ankle %.2e m, stance height err %.2e m, "
        "swing peak err %.2e m over %d swings, min swing rise %.2e m, %d stance frames",
        s.toeDrift, s.tipDrift, s.ankleDrift, s.stanceHeightError, s.peakError, s.swings,
        s.minSwingRise, s.stanceFrames);
  QVERIFY(s.stanceFrames > 0);
  QVERIFY(s.toeDrift < 1e-6);  // planted to floating-point precision (1 mm is the spec)
  QVERIFY(s.tipDrift < 1e-6);
  QVERIFY(s.ankleDrift < 1e-6);
  QVERIFY(s.stanceHeightError < 1e-6);
  QVERIFY(s.minSwingRise > 0);  // strictly above the floor between stances
  QVERIFY(s.swings > 0);
  // The arc peaks at stepHeight at mid-swing (sampled: see checkFeet).
  QCOMPARE(s.badPeaks, 0);
  QCOMPARE(s.badBounds, 0);
  QVERIFY(s.penetration < 1e-9);

  // With heel roll the ankle leaves its footprint during heel-off (the toe stays planted).
  if (params.heelRollAngle > 0) {
    double maxMove = 0;
    for (const SyntheticLeg& leg : m.truth.legs) {
      for (const SyntheticFootprint& fp : leg.footprints) {
        if (fp.stand) continue;
        QVERIFY(fp.heelOffTime < fp.liftTime);
        QCOMPARE(fp.toeOffPitch, params.heelRollAngle);
        for (int f = std::max(fp.heelLastFrame + 1, fp.firstFrame); f <= fp.lastFrame; ++f)
          maxMove = std::max(maxMove, (w.p(f, leg.ankle) - fp.ankle).norm());
      }
    }
    QVERIFY(maxMove > 0.02);
  }
}

void TestSyntheticMotion::straightWalkPeriodic_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<SyntheticWalkParams>("params");
  QTest::newRow("biped 1.0 s 30 fps") << false << with(false, [](auto& p) { p.period = 1.0; });
  QTest::newRow("biped heel roll crouch") << false << with(false, [](auto& p) {
    p.period = 1.0;
    p.heelRollAngle = 0.4;
    p.crouch = 0.1;
    p.startHeading = -2.5;
    p.startPosition = Vec3(4, 0, -7);
  });
  QTest::newRow("biped 0.75 s 120 fps short stride") << false << with(false, [](auto& p) {
    p.period = 0.75;
    p.fps = 120;
    p.strideLength = 0.6;
  });
  QTest::newRow("quadruped 0.8 s 30 fps") << true << base(true);
  QTest::newRow("quadruped trot") << true << with(true, [](auto& p) {
    p.legPhaseOffsets = {0.0, 0.5, 0.5, 0.0};
    p.dutyFactor = 0.5;
    p.period = 0.6;
    p.fps = 60;
  });
}

void TestSyntheticMotion::straightWalkPeriodic() {
  QFETCH(bool, quadruped);
  QFETCH(SyntheticWalkParams, params);
  const SyntheticMotion m = generate(quadruped, params);
  const int P = static_cast<int>(std::lround(params.period * params.fps));
  QVERIFY(std::abs(P - params.period * params.fps) < 1e-9);
  const int n = m.clip.frameCount();
  QCOMPARE(n, static_cast<int>(std::lround(params.cycles * P)) + 1);
  const Vec3 stride =
      yawRotation(params.startHeading) * Vec3(0, 0, params.strideLength);
  const int root = m.truth.root;
  double rotErr = 0, transErr = 0, strideErr = 0;
  for (int f = 0; f + P < n; ++f) {
    for (int j = 0; j < m.clip.jointCount; ++j) {
      rotErr = std::max(rotErr, angleBetween(m.clip.frameRotations(f)[j],
                                             m.clip.frameRotations(f + P)[j]));
      const Vec3 d = m.clip.frameTranslations(f + P)[j] - m.clip.frameTranslations(f)[j];
      if (j == root) {
        transErr = std::max(transErr, (d - stride).norm());
        strideErr = std::max(strideErr, std::abs(d.norm() / params.strideLength - 1.0));
      } else {
        transErr = std::max(transErr, d.norm());
      }
    }
  }
  qInfo("period %d frames: rotation err %.2e rad, translation err %.2e m, stride err %.2e",
        P, rotErr, transErr, strideErr);
  QVERIFY(rotErr < 1e-9);
  QVERIFY(transErr < 1e-9);
  QVERIFY(strideErr < 0.01);  // spec: +-1 %

  // The truth agrees: constant heading, footprints of a leg one stride apart.
  for (double h : m.truth.pathHeadings) QVERIFY(std::abs(h - params.startHeading) < 1e-12);
  QCOMPARE(m.truth.speed, params.strideLength / params.period);
  for (const SyntheticLeg& leg : m.truth.legs) {
    QVERIFY(leg.footprints.size() >= 4);
    for (size_t k = 1; k < leg.footprints.size(); ++k) {
      QVERIFY(((leg.footprints[k].ankle - leg.footprints[k - 1].ankle) - stride).norm() < 1e-9);
      QVERIFY(std::abs(leg.footprints[k].landTime - leg.footprints[k - 1].landTime -
                       params.period) < 1e-9);
    }
  }
}

void TestSyntheticMotion::turning_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<SyntheticWalkParams>("params");
  QTest::newRow("biped left 0.4") << false << with(false, [](auto& p) {
    p.turningRate = 0.4;
    p.period = 1.0;
  });
  QTest::newRow("biped right 0.6") << false << with(false, [](auto& p) {
    p.turningRate = -0.6;
    p.period = 1.0;
    p.startHeading = 0.7;
    p.startPosition = Vec3(-3, 0, 2);
  });
  QTest::newRow("biped tight 1.2") << false << with(false, [](auto& p) {
    p.turningRate = 1.2;
    p.period = 1.0;
    p.strideLength = 0.9;
    p.cycles = 6;
  });
  QTest::newRow("quadruped left 0.5") << true << with(true, [](auto& p) { p.turningRate = 0.5; });
  QTest::newRow("quadruped right 0.8") << true << with(true, [](auto& p) {
    p.turningRate = -0.8;
    p.cycles = 5;
  });
}

void TestSyntheticMotion::turning() {
  QFETCH(bool, quadruped);
  QFETCH(SyntheticWalkParams, params);
  const double omega = params.turningRate;
  const double v = params.strideLength / params.period;
  const double radius = v / std::abs(omega);
  const SyntheticMotion m = generate(quadruped, params);
  const SyntheticGroundTruth& t = m.truth;
  const int n = m.clip.frameCount();
  QVERIFY(std::abs(t.duration - params.cycles * params.period) < 1e-9);
  QVERIFY(std::abs(t.turnRadius - radius) < 1e-12);

  // Heading: declared and measured from the root rotation (its wobble repeats per cycle).
  QVERIFY(std::abs(t.pathHeadings.back() - t.pathHeadings.front() - omega * t.duration) < 1e-9);
  double yaw = yawOf(m.clip.frameRotations(0)[t.root]);
  const double yaw0 = yaw;
  for (int f = 1; f < n; ++f) yaw += wrap(yawOf(m.clip.frameRotations(f)[t.root]) - yaw);
  const double turnErrDeg = std::abs((yaw - yaw0) - omega * t.duration) / kDeg;
  // Root path: a circle of radius v / omega about the declared centre.
  double pathErr = 0, rootErr = 0, rootMean = 0;
  for (int f = 0; f < n; ++f) {
    pathErr = std::max(pathErr, std::abs((t.pathPositions[f] - t.turnCentre).norm() - radius));
    Vec3 root = m.clip.frameTranslations(f)[t.root] - t.turnCentre;
    root.y() = 0;
    rootErr = std::max(rootErr, std::abs(root.norm() - radius));
    rootMean += root.norm() / n;
  }
  qInfo("heading change err %.3g deg, path radius err %.2e m, root radius err %.3g m "
        "(hip sway %.3g m), mean root radius %.4f m vs %.4f m",
        turnErrDeg, pathErr, rootErr, params.hipSway, rootMean, radius);
  QVERIFY(turnErrDeg < 1.0);
  QVERIFY(pathErr < 1e-9);
  QVERIFY(rootErr <= params.hipSway + 1e-9);  // the pelvis sways about the path
  QVERIFY(std::abs(rootMean - radius) < 0.01 * radius);

  // Footprints: each leg walks its own circle (inner legs on the turning side).
  std::vector<double> track;
  for (const SyntheticLeg& leg : t.legs) {
    const Vec3 d0 = leg.footprints.front().ankle - t.turnCentre;
    const double r = std::hypot(d0.x(), d0.z());
    for (const SyntheticFootprint& fp : leg.footprints) {
      const Vec3 d = fp.ankle - t.turnCentre;
      QVERIFY(std::abs(std::hypot(d.x(), d.z()) - r) < 1e-9);
    }
    track.push_back(r);
  }
  // Leg 0 is a left leg: inside when turning left.
  QCOMPARE(track[0] < track[1], omega > 0);

  // The DESIGN heading (perpendicular of the left->right hip line), averaged over each full
  // cycle, follows the path tangent: the pelvis wobble cancels.
  if (!quadruped) {
    const World w = world(m);
    const int P = static_cast<int>(std::lround(params.period * params.fps));
    double worst = 0;
    for (int f0 = 0; f0 + P < n; f0 += P) {
      double mean = 0;
      for (int f = f0; f < f0 + P; ++f) {
        const Vec3 lr = w.p(f, t.legs[1].hip) - w.p(f, t.legs[0].hip);
        const Vec3 fwd = Vec3::UnitY().cross(lr);
        mean += wrap(std::atan2(fwd.x(), fwd.z()) - t.pathHeadings[f]) / P;
      }
      worst = std::max(worst, std::abs(mean));
    }
    qInfo("hip-line heading vs path tangent, per-cycle mean: worst %.3g deg", worst / kDeg);
    QVERIFY(worst < 0.5 * kDeg);
  }
}

void TestSyntheticMotion::stancePhases_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<SyntheticWalkParams>("params");
  QTest::newRow("biped") << false << base(false);
  QTest::newRow("biped duty 0.7 phase 0.3")
      << false << with(false, [](auto& p) { p.dutyFactor = 0.7; p.startPhase = 0.3; });
  QTest::newRow("quadruped walk") << true << base(true);
  QTest::newRow("quadruped trot turning") << true << with(true, [](auto& p) {
    p.legPhaseOffsets = {0.0, 0.5, 0.5, 0.0};
    p.dutyFactor = 0.55;
    p.turningRate = 0.4;
  });
  QTest::newRow("quadruped custom offsets") << true << with(true, [](auto& p) {
    p.legPhaseOffsets = {0.1, 0.6, 0.35, 0.85};
    p.dutyFactor = 0.7;
  });
}

void TestSyntheticMotion::stancePhases() {
  QFETCH(bool, quadruped);
  QFETCH(SyntheticWalkParams, params);
  const SyntheticMotion m = generate(quadruped, params);
  const SyntheticGroundTruth& t = m.truth;
  const World w = world(m);
  const int n = m.clip.frameCount();
  const double duty = params.dutyFactor;
  const double margin = 1.5 / (params.period * params.fps);  // cycles: 1.5 frames
  double plantedMove = 0, swingMinMove = 1e9;
  for (size_t l = 0; l < t.legs.size(); ++l) {
    const SyntheticLeg& leg = t.legs[l];
    if (!params.legPhaseOffsets.empty()) QCOMPARE(leg.phaseOffset, params.legPhaseOffsets[l]);
    for (const SyntheticFootprint& fp : leg.footprints) {
      // Strikes at phase offset (mod 1), lifts duty * period later.
      const double landPhase = params.startPhase + fp.landTime / params.period - leg.phaseOffset;
      QVERIFY(std::abs(landPhase - std::round(landPhase)) < 1e-9);
      QVERIFY(std::abs(fp.liftTime - fp.landTime - duty * params.period) < 1e-9);
    }
    // The toe is still exactly when the phase says stance, and moves when it says swing.
    for (int f = 0; f + 1 < n; ++f) {
      const double c0 = t.cyclePhases[f] - leg.phaseOffset;
      const double c1 = t.cyclePhases[f + 1] - leg.phaseOffset;
      const double a = c0 - std::floor(c0), b = c1 - std::floor(c1);
      const double move = (w.p(f + 1, leg.toe) - w.p(f, leg.toe)).norm();
      const bool bothStance = a <= duty && b <= duty && b >= a;
      const bool bothSwing = a > duty + margin && b < 1 - margin && b > a;
      if (bothStance) plantedMove = std::max(plantedMove, move);
      if (bothSwing) swingMinMove = std::min(swingMinMove, move);
      QCOMPARE(leg.stanceAtFrame(f) != nullptr, a <= duty + 1e-9 || a >= 1 - 1e-9);
    }
  }
  qInfo("toe motion per frame: planted max %.2e m, swing min %.2e m", plantedMove, swingMinMove);
  QVERIFY(plantedMove < 1e-9);
  QVERIFY(swingMinMove > 1e-4);
}

void TestSyntheticMotion::quadrupedStrikeOrder() {
  const SyntheticWalkParams p = base(true);
  const SyntheticMotion m = generateQuadrupedWalk(p);
  std::vector<std::pair<double, std::string>> strikes;
  for (const SyntheticLeg& leg : m.truth.legs) {
    for (const SyntheticFootprint& fp : leg.footprints)
      if (fp.landTime >= 0 && fp.landTime <= m.truth.duration) strikes.push_back({fp.landTime, leg.name});
  }
  std::sort(strikes.begin(), strikes.end());
  QVERIFY(strikes.size() >= 12);
  const std::vector<std::string> order = {"LeftHind", "LeftFront", "RightHind", "RightFront"};
  const auto first = std::find(order.begin(), order.end(), strikes[0].second) - order.begin();
  for (size_t k = 0; k < strikes.size(); ++k) {
    QCOMPARE(strikes[k].second, order[(first + k) % 4]);
    if (k > 0) QVERIFY(std::abs(strikes[k].first - strikes[k - 1].first - p.period / 4) < 1e-9);
  }
  // Between two and three feet on the ground at every frame (duty 0.6, 4 legs).
  const World w = world(m);
  for (int f = 0; f < m.clip.frameCount(); ++f) {
    int planted = 0;
    for (const SyntheticLeg& leg : m.truth.legs) planted += leg.stanceAtFrame(f) != nullptr;
    QVERIFY(planted >= 2 && planted <= 3);
  }
}

void TestSyntheticMotion::commonPose_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<SyntheticWalkParams>("a");
  QTest::addColumn<SyntheticWalkParams>("b");
  QTest::newRow("biped crouch vs arms up") << false << with(false, [](auto& p) {
    p.commonPose = true;
    p.crouch = 0.1;
    p.strideLength = 1.0;
    p.turningRate = 0.3;
  }) << with(false, [](auto& p) {
    p.commonPose = true;
    p.armRaise = 0.7;
    p.hipSway = 0.05;
    p.strideLength = 1.25;
    p.turningRate = -0.2;
    p.startHeading = 1.0;
    p.startPosition = Vec3(3, 0, -2);
    p.heelRollAngle = 0.3;
    p.standDuration = 0.8;
  });
  QTest::newRow("quadruped crouch vs head up") << true << with(true, [](auto& p) {
    p.commonPose = true;
    p.crouch = 0.04;
  }) << with(true, [](auto& p) {
    p.commonPose = true;
    p.armRaise = 0.4;
    p.strideLength = 0.5;
    p.turningRate = 0.5;
    p.floorHeight = -0.3;
  });
}

void TestSyntheticMotion::commonPose() {
  QFETCH(bool, quadruped);
  QFETCH(SyntheticWalkParams, a);
  QFETCH(SyntheticWalkParams, b);
  const SyntheticMotion ma = generate(quadruped, a), mb = generate(quadruped, b);
  const int na = ma.clip.frameCount(), nb = mb.clip.frameCount();
  for (const SyntheticMotion* m : {&ma, &mb}) {
    const SyntheticGroundTruth& t = m->truth;
    QVERIFY(t.commonPose);
    QVERIFY(t.walkStartTime < t.steadyStartTime && t.steadyStartTime < t.steadyEndTime);
    QVERIFY(t.steadyEndTime < t.walkStopTime && t.walkStopTime <= t.settleTime);
    QVERIFY(t.settleTime < t.duration);
    QCOMPARE(t.speedFactors.front(), 0.0);
    QCOMPARE(t.speedFactors.back(), 0.0);
    // Stand holds: every frame before walk start equals frame 0, after settle the last one.
    const int n = m->clip.frameCount();
    for (int f = 0; f < n; ++f) {
      const double time = f / t.fps;
      if (time <= t.walkStartTime) QVERIFY(poseDifference(*m, f, *m, 0) < 1e-12);
      if (time >= t.settleTime) QVERIFY(poseDifference(*m, f, *m, n - 1) < 1e-12);
    }
    // Every foot starts and ends in a stand stance.
    for (const SyntheticLeg& leg : t.legs) {
      QVERIFY(leg.footprints.front().stand && leg.footprints.front().firstFrame == 0);
      QVERIFY(leg.footprints.back().stand && leg.footprints.back().lastFrame == n - 1);
    }
    const FootStats s = checkFeet(*m, world(*m));
    QVERIFY(s.toeDrift < 1e-6 && s.ankleDrift < 1e-6);
  }
  // The same stand at both ends of both motions, up to root position and heading.
  const double startEnd = poseDifference(ma, 0, ma, na - 1);
  const double across = poseDifference(ma, 0, mb, 0);
  const double acrossEnd = poseDifference(ma, na - 1, mb, nb - 1);
  // ... but different motions in between.
  double middle = 0;
  const int fa = static_cast<int>(std::lround(0.5 * (ma.truth.steadyStartTime + ma.truth.steadyEndTime) * a.fps));
  const int fb = static_cast<int>(std::lround(0.5 * (mb.truth.steadyStartTime + mb.truth.steadyEndTime) * b.fps));
  for (int j = 0; j < ma.clip.jointCount; ++j)
    middle = std::max(middle, angleBetween(ma.clip.frameRotations(fa)[j], mb.clip.frameRotations(fb)[j]));
  qInfo("stand pose differences: start-end %.2e, across motions %.2e / %.2e; mid-walk %.3f rad",
        startEnd, across, acrossEnd, middle);
  QVERIFY(startEnd < 1e-9);
  QVERIFY(across < 1e-9);
  QVERIFY(acrossEnd < 1e-9);
  QVERIFY(middle > 0.1);
}

void TestSyntheticMotion::steadyGaitIndependentOfClip_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<SyntheticWalkParams>("params");
  QTest::newRow("biped straight") << false << with(false, [](auto& p) { p.period = 1.0; });
  QTest::newRow("biped turning heel roll") << false << with(false, [](auto& p) {
    p.period = 1.0;
    p.turningRate = 0.5;
    p.heelRollAngle = 0.3;
  });
  QTest::newRow("quadruped turning") << true << with(true, [](auto& p) { p.turningRate = -0.3; });
}

// Steady walking is the same gait whatever the lead-in, clip length or start: a frame in the
// middle of a common-pose clip equals the frame of the same phase of a plain clip, up to the
// root's position and heading.
void TestSyntheticMotion::steadyGaitIndependentOfClip() {
  QFETCH(bool, quadruped);
  QFETCH(SyntheticWalkParams, params);
  SyntheticWalkParams lead = params;
  lead.commonPose = true;
  lead.cycles = 5;
  const SyntheticMotion a = generate(quadruped, lead);
  const int P = static_cast<int>(std::lround(params.period * params.fps));
  const int f0 = static_cast<int>(std::ceil((a.truth.steadyStartTime + params.period) * params.fps));
  QVERIFY((f0 + 2 * P) / params.fps < a.truth.steadyEndTime - params.period);
  SyntheticWalkParams plain = params;
  plain.startPhase = a.truth.cyclePhases[f0];
  plain.cycles = 2;
  plain.startHeading = 0.4;
  plain.startPosition = Vec3(1, 0, 2);
  const SyntheticMotion b = generate(quadruped, plain);
  plain.cycles = 1.3;
  const SyntheticMotion c = generate(quadruped, plain);
  double leadErr = 0, lengthErr = 0;
  for (int k = 0; k < 2 * P; ++k) leadErr = std::max(leadErr, poseDifference(a, f0 + k, b, k));
  for (int k = 0; k < c.clip.frameCount(); ++k) {
    lengthErr = std::max(lengthErr, poseDifference(b, k, c, k));
    lengthErr = std::max(lengthErr, (b.clip.frameTranslations(k)[0] - c.clip.frameTranslations(k)[0]).norm());
  }
  qInfo("steady frames vs plain clip %.2e, 2 cycles vs 1.3 cycles %.2e", leadErr, lengthErr);
  QVERIFY(leadErr < 1e-9);
  QVERIFY(lengthErr < 1e-12);
}

void TestSyntheticMotion::floorHeight_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<double>("floor");
  QTest::newRow("biped 0") << false << 0.0;
  QTest::newRow("biped 0.37") << false << 0.37;
  QTest::newRow("biped -1.2") << false << -1.2;
  QTest::newRow("quadruped 0.5") << true << 0.5;
}

void TestSyntheticMotion::floorHeight() {
  QFETCH(bool, quadruped);
  QFETCH(double, floor);
  const SyntheticWalkParams p = with(quadruped, [floor](auto& q) { q.floorHeight = floor; });
  const SyntheticMotion m = generate(quadruped, p);
  const World w = world(m);
  QCOMPARE(m.truth.floorHeight, floor);
  for (const SyntheticLeg& leg : m.truth.legs) {
    double toeMin = 1e9, ankleMin = 1e9;
    for (int f = 0; f < m.clip.frameCount(); ++f) {
      toeMin = std::min(toeMin, w.p(f, leg.toe).y());
      ankleMin = std::min(ankleMin, w.p(f, leg.ankle).y());
    }
    QVERIFY(std::abs(toeMin - (floor + leg.toeHeight)) < 1e-9);
    QVERIFY(std::abs(ankleMin - (floor + leg.ankleHeight)) < 1e-9);
  }
  for (const Vec3& x : m.truth.pathPositions) QCOMPARE(x.y(), floor);
  // Raising the floor moves the whole motion up and changes nothing else.
  const SyntheticMotion flat = generate(quadruped, base(quadruped));
  for (int f = 0; f < m.clip.frameCount(); ++f) {
    QVERIFY(std::abs(m.clip.frameTranslations(f)[0].y() - flat.clip.frameTranslations(f)[0].y() -
                     floor) < 1e-12);
  }
}

void TestSyntheticMotion::edgeParameters_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<SyntheticWalkParams>("params");
  QTest::newRow("turning 0") << false << with(false, [](auto& p) { p.turningRate = 0; });
  QTest::newRow("turning 1e-9") << false << with(false, [](auto& p) { p.turningRate = 1e-9; });
  QTest::newRow("stride 1e-4") << false << with(false, [](auto& p) { p.strideLength = 1e-4; });
  QTest::newRow("stride 0 turn in place")
      << false << with(false, [](auto& p) { p.strideLength = 0; p.turningRate = 0.8; });
  QTest::newRow("1 cycle") << false << with(false, [](auto& p) { p.cycles = 1; });
  QTest::newRow("0.37 cycles") << false << with(false, [](auto& p) { p.cycles = 0.37; });
  QTest::newRow("fps 120") << false << with(false, [](auto& p) { p.fps = 120; });
  QTest::newRow("fps 7") << false << with(false, [](auto& p) { p.fps = 7; });
  QTest::newRow("duty 0.9") << false << with(false, [](auto& p) { p.dutyFactor = 0.9; p.strideLength = 0.6; });
  QTest::newRow("duty 0.3 short swing steps")
      << false << with(false, [](auto& p) { p.dutyFactor = 0.3; });
  QTest::newRow("step height 0") << false << with(false, [](auto& p) { p.stepHeight = 0; });
  QTest::newRow("common pose stride 0 one cycle") << false << with(false, [](auto& p) {
    p.commonPose = true;
    p.strideLength = 0;
    p.cycles = 1;
    p.standDuration = 0;
  });
  QTest::newRow("quadruped 1 cycle 120 fps")
      << true << with(true, [](auto& p) { p.cycles = 1; p.fps = 120; });
  QTest::newRow("quadruped common pose tiny stride") << true << with(true, [](auto& p) {
    p.commonPose = true;
    p.strideLength = 1e-3;
    p.turningRate = -1.5;
  });
}

void TestSyntheticMotion::edgeParameters() {
  QFETCH(bool, quadruped);
  QFETCH(SyntheticWalkParams, params);
  SyntheticMotion m;
  try {
    m = generate(quadruped, params);
  } catch (const Error& e) {
    QFAIL(e.what());
  }
  const std::string problem = m.clip.validate(m.skeleton);
  QVERIFY2(problem.empty(), problem.c_str());
  double normErr = 0;
  for (const Quat& q : m.clip.rotations) normErr = std::max(normErr, std::abs(q.norm() - 1.0));
  QVERIFY(normErr < 1e-12);
  const int n = m.clip.frameCount();
  QVERIFY(n >= 2);
  QCOMPARE(int(m.truth.pathPositions.size()), n);
  QCOMPARE(int(m.truth.cyclePhases.size()), n);
  QVERIFY(std::abs(m.truth.duration - (n - 1) / params.fps) < 1e-12);
  for (int f = 0; f < n; ++f) {
    QVERIFY(m.truth.pathPositions[f].allFinite());
    QVERIFY(std::isfinite(m.truth.pathHeadings[f]) && std::isfinite(m.truth.cyclePhases[f]));
  }
  const FootStats s = checkFeet(m, world(m));
  qInfo("frames %d, toe drift %.2e m, ankle drift %.2e m", n, s.toeDrift, s.ankleDrift);
  QVERIFY(s.toeDrift < 1e-6 && s.ankleDrift < 1e-6 && s.penetration < 1e-9);
}

void TestSyntheticMotion::invalidParameters_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<SyntheticWalkParams>("params");
  QTest::addColumn<QString>("expected");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  QTest::newRow("period 0") << false << with(false, [](auto& p) { p.period = 0; }) << "period";
  QTest::newRow("period -1") << false << with(false, [](auto& p) { p.period = -1; }) << "period";
  QTest::newRow("period nan") << false << with(false, [nan](auto& p) { p.period = nan; })
                              << "period";
  QTest::newRow("fps 0") << false << with(false, [](auto& p) { p.fps = 0; }) << "fps";
  QTest::newRow("fps -30") << true << with(true, [](auto& p) { p.fps = -30; }) << "fps";
  QTest::newRow("fps inf") << false << with(false, [inf](auto& p) { p.fps = inf; }) << "fps";
  QTest::newRow("cycles 0") << false << with(false, [](auto& p) { p.cycles = 0; }) << "cycles";
  QTest::newRow("duty 0") << false << with(false, [](auto& p) { p.dutyFactor = 0; })
                          << "dutyFactor";
  QTest::newRow("duty 1") << true << with(true, [](auto& p) { p.dutyFactor = 1; })
                          << "dutyFactor";
  QTest::newRow("stride -0.5") << false << with(false, [](auto& p) { p.strideLength = -0.5; })
                               << "strideLength";
  QTest::newRow("stride 4 unreachable")
      << false << with(false, [](auto& p) { p.strideLength = 4; }) << "strideLength";
  QTest::newRow("quadruped stride 2 unreachable")
      << true << with(true, [](auto& p) { p.strideLength = 2; }) << "strideLength";
  QTest::newRow("crouch too deep") << false << with(false, [](auto& p) { p.crouch = 0.7; })
                                   << "crouch";
  QTest::newRow("phase offsets count")
      << true << with(true, [](auto& p) { p.legPhaseOffsets = {0, 0.5}; }) << "legPhaseOffsets";
  QTest::newRow("heel roll 2 rad") << false << with(false, [](auto& p) { p.heelRollAngle = 2; })
                                   << "heelRollAngle";
  QTest::newRow("step height -0.1") << false << with(false, [](auto& p) { p.stepHeight = -0.1; })
                                    << "stepHeight";
  QTest::newRow("turning nan") << false << with(false, [nan](auto& p) { p.turningRate = nan; })
                               << "turningRate";
  QTest::newRow("too many frames") << false << with(false, [](auto& p) {
    p.fps = 1e6;
    p.cycles = 100;
  }) << "frames";
}

void TestSyntheticMotion::invalidParameters() {
  QFETCH(bool, quadruped);
  QFETCH(SyntheticWalkParams, params);
  QFETCH(QString, expected);
  try {
    generate(quadruped, params);
    QFAIL("no error thrown");
  } catch (const Error& e) {
    const QString what = QString::fromUtf8(e.what());
    QVERIFY2(what.contains(expected), qPrintable(what));
    QVERIFY2(what.startsWith(quadruped ? QStringLiteral("generateQuadrupedWalk: ")
                                       : QStringLiteral("generateBipedWalk: ")),
             qPrintable(what));
  }
}

// The hexapod keeps the biped's and quadruped's guarantees with six legs: every planted foot
// is world-stationary through FK, footprints of a leg lie one declared stride apart on a
// straight walk and the root covers one stride per period; the default tripod gait always
// has at least three feet on the ground.
void TestSyntheticMotion::hexapodWalk_data() {
  QTest::addColumn<SyntheticWalkParams>("params");
  QTest::addColumn<bool>("straight");
  SyntheticWalkParams p = SyntheticWalkParams::hexapodDefaults();
  QTest::newRow("tripod") << p << true;
  SyntheticWalkParams wave = p;
  wave.legPhaseOffsets = {0.5, 0.0, 0.25, 0.75, 0.0, 0.5};
  wave.dutyFactor = 0.75;
  wave.fps = 60;
  QTest::newRow("wave gait 60 fps") << wave << true;
  SyntheticWalkParams turn = p;
  turn.turningRate = 0.6;
  turn.heelRollAngle = 0.3;
  QTest::newRow("tripod turning, heel roll") << turn << false;
  SyntheticWalkParams stand = p;
  stand.commonPose = true;
  stand.floorHeight = 0.3;
  QTest::newRow("tripod common pose raised floor") << stand << false;
}

void TestSyntheticMotion::hexapodWalk() {
  QFETCH(SyntheticWalkParams, params);
  QFETCH(bool, straight);
  const SyntheticMotion m = generateHexapodWalk(params);
  QVERIFY2(m.skeleton.validate().empty(), m.skeleton.validate().c_str());
  QVERIFY2(m.clip.validate(m.skeleton).empty(), m.clip.validate(m.skeleton).c_str());
  QCOMPARE(m.skeleton.jointCount(), 29);
  QCOMPARE(syntheticHexapodSkeleton().jointCount(), 29);
  const std::vector<std::string> names = {"LeftFront",   "RightFront", "LeftMiddle",
                                          "RightMiddle", "LeftHind",   "RightHind"};
  QCOMPARE(m.truth.legs.size(), names.size());
  for (size_t l = 0; l < names.size(); ++l) {
    const SyntheticLeg& leg = m.truth.legs[l];
    QCOMPARE(leg.name, names[l]);
    QCOMPARE(m.skeleton.names[leg.hip], leg.name + "UpLeg");
    QCOMPARE(m.skeleton.names[leg.toe], leg.name + "Toe");
  }
  const World w = world(m);
  const FootStats s = checkFeet(m, w);
  qInfo("toe drift %.2e m, tip %.2e m, ankle %.2e m over %d stance frames", s.toeDrift,
        s.tipDrift, s.ankleDrift, s.stanceFrames);
  QVERIFY(s.stanceFrames > 0);
  QVERIFY(s.toeDrift < 1e-6);
  QVERIFY(s.tipDrift < 1e-6);
  QVERIFY(s.ankleDrift < 1e-6);
  QVERIFY(s.stanceHeightError < 1e-6);
  QCOMPARE(s.badBounds, 0);
  QVERIFY(s.penetration < 1e-9);

  if (straight) {
    const Vec3 stride = yawRotation(params.startHeading) * Vec3(0, 0, params.strideLength);
    for (const SyntheticLeg& leg : m.truth.legs) {
      QVERIFY(leg.footprints.size() >= 4);
      for (size_t k = 1; k < leg.footprints.size(); ++k) {
        QVERIFY(((leg.footprints[k].ankle - leg.footprints[k - 1].ankle) - stride).norm() < 1e-9);
      }
    }
    const int P = static_cast<int>(std::lround(params.period * params.fps));
    const int root = m.truth.root;
    for (int f = 0; f + P < m.clip.frameCount(); ++f) {
      const Vec3 d = m.clip.frameTranslations(f + P)[root] - m.clip.frameTranslations(f)[root];
      QVERIFY((d - stride).norm() < 1e-9);
    }
  }
  if (params.legPhaseOffsets.empty()) {  // the tripod: three feet or more always down
    int fewest = 6;
    for (int f = 0; f < m.clip.frameCount(); ++f) {
      int planted = 0;
      for (const SyntheticLeg& leg : m.truth.legs) planted += leg.stanceAtFrame(f) != nullptr;
      fewest = std::min(fewest, planted);
    }
    QVERIFY2(fewest >= 3, std::to_string(fewest).c_str());
  }
}

QTEST_GUILESS_MAIN(TestSyntheticMotion)
#include "test_synthetic_motion.moc"
