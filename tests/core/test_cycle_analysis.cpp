// Locomotion cycle analysis (Johansen ch. 4) against the synthetic generator's declared ground
// truth (never read by the analysis): key times, strides, speed, direction for bipeds and
// quadrupeds, flat feet and heel roll, 30 and 120 fps, straight and turning; one cycle of a real
// CMU walk; the locomotion classifier; bad input (a lifted leg, NaN, too short).
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/core/model/forward_kinematics.h"

using namespace fatgraph;

namespace {

constexpr double kPi = std::numbers::pi;

// Rest-pose model positions (rest rotations are the identity in fatgraph).
std::vector<Vec3> restPositions(const Skeleton& s) {
  const Pose rest = Pose::rest(s);
  std::vector<Quat> r(s.jointCount());
  std::vector<Vec3> p(s.jointCount());
  localToModel(s, rest.rotations, rest.translations, r, p);
  return p;
}

// A leg from its joints: heel below the ankle at the toe tip's height, toe tip at the end site
// (or the toe joint), both in the ankle's frame; lengths from the rest pose.
Leg makeLeg(const Skeleton& s, const std::string& name, int hip, int knee, int ankle, int toe,
            int tipSite) {
  const std::vector<Vec3> rest = restPositions(s);
  Leg leg;
  leg.name = name;
  leg.chain = {hip, knee, ankle};
  leg.toe = toe;
  const Vec3 tip = tipSite >= 0
                       ? Vec3(rest[s.endSites[tipSite].parent] + s.endSites[tipSite].offset)
                       : rest[toe];
  leg.toeTip = tip - rest[ankle];
  leg.heel = Vec3(0, tip.y() - rest[ankle].y(), 0);
  leg.length = (rest[knee] - rest[hip]).norm() + (rest[ankle] - rest[knee]).norm();
  leg.footLength = (leg.toeTip - leg.heel).norm();
  return leg;
}

LegSetup syntheticLegs(const SyntheticMotion& m) {
  LegSetup setup;
  for (const SyntheticLeg& l : m.truth.legs) {
    setup.legs.push_back(makeLeg(m.skeleton, l.name, l.hip, l.knee, l.ankle, l.toe, l.toeTip));
  }
  setup.method = "test: synthetic joints";
  return setup;
}

LegSetup legsByName(const Skeleton& s) {
  LegSetup setup;
  for (const std::string side : {"Left", "Right"}) {
    const int toe = s.find(side + "ToeBase");
    int site = -1;
    for (size_t e = 0; e < s.endSites.size(); ++e) {
      if (s.endSites[e].parent == toe) site = static_cast<int>(e);
    }
    setup.legs.push_back(makeLeg(s, side, s.find(side + "UpLeg"), s.find(side + "Leg"),
                                 s.find(side + "Foot"), toe, site));
  }
  return setup;
}

bool finite(const Vec3& v) { return v.allFinite(); }

// Every number the analysis wrote is finite.
bool allFinite(const CycleAnalysis& a) {
  bool ok = std::isfinite(a.duration) && std::isfinite(a.distance) && std::isfinite(a.speed) &&
            std::isfinite(a.turningRate) && std::isfinite(a.floorHeight) && finite(a.direction) &&
            finite(a.worldDirection);
  for (const LegCycle& l : a.legs) {
    for (const auto* v : {&l.heel, &l.toe, &l.middle, &l.footbase, &l.normalizedFootbase}) {
      for (const Vec3& p : *v) ok = ok && finite(p);
    }
    for (double b : l.balance) ok = ok && std::isfinite(b);
    const LegKeyTimes& k = l.keys;
    for (double t :
         {k.heelOff, k.toeOff, k.linearSpeedEnd, k.heelStrike, k.toeStrike, k.linearSpeedBegin,
          k.footLift, k.footOff, k.postFootLift, k.footLand, k.footStrike, k.preFootLand,
          l.stanceTime, l.dutyFactor, l.strideLength, l.footLength}) {
      ok = ok && std::isfinite(t);
    }
    ok = ok && finite(l.movementAxis) && finite(l.stancePosition) && finite(l.footDirection) &&
         finite(l.strideDisplacement) && finite(l.strideDirection);
  }
  return ok;
}

QString problems(const CycleAnalysis& a) {
  QStringList list;
  for (const std::string& p : a.problems) list << QString::fromStdString(p);
  return list.join(QStringLiteral("; "));
}

// Clip time (s) of a leg key time of cycle `a`.
double keyClipTime(const CycleAnalysis& a, const LegCycle& leg, double key, double fps) {
  double m = key + leg.stanceTime;
  m -= std::floor(m);
  return a.firstFrame / fps + m * a.duration;
}

// Frames between a clip time and the nearest declared event (steady gait: events repeat with
// the period, so the difference is taken modulo the period).
double eventError(double t, double declared, double period, double fps) {
  return std::abs(std::remainder(t - declared, period)) * fps;
}

struct Worst {
  double strike = 0, off = 0, stride = 0, legStride = 0, speed = 0, degrees = 0;
};
Worst g_worst;

}  // namespace

class TestCycleAnalysis : public QObject {
  Q_OBJECT

 private slots:
  void syntheticGroundTruth_data();
  void syntheticGroundTruth();
  void clipCycles();
  void realWalkCycle();
  void classifier();
  void halfCycle();
  void badInput();
  void cleanupTestCase();
};

void TestCycleAnalysis::syntheticGroundTruth_data() {
  QTest::addColumn<bool>("quadruped");
  QTest::addColumn<double>("heelRoll");
  QTest::addColumn<double>("fps");
  QTest::addColumn<double>("turning");
  for (bool quadruped : {false, true}) {
    for (double roll : {0.0, 0.4}) {
      for (double fps : {30.0, 120.0}) {
        for (double turn : {0.0, 0.5, -0.5}) {
          const QString name =
              QStringLiteral("%1 %2 %3fps turn %4")
                  .arg(quadruped ? QStringLiteral("quadruped") : QStringLiteral("biped"))
                  .arg(roll > 0 ? QStringLiteral("heel roll") : QStringLiteral("flat"))
                  .arg(fps)
                  .arg(turn);
          QTest::newRow(qPrintable(name)) << quadruped << roll << fps << turn;
        }
      }
    }
  }
}

void TestCycleAnalysis::syntheticGroundTruth() {
  QFETCH(bool, quadruped);
  QFETCH(double, heelRoll);
  QFETCH(double, fps);
  QFETCH(double, turning);
  SyntheticWalkParams p =
      quadruped ? SyntheticWalkParams::quadrupedDefaults() : SyntheticWalkParams{};
  if (!quadruped) p.period = 1.0;  // a whole number of frames per cycle at 30 and 120 fps
  p.fps = fps;
  p.turningRate = turning;
  p.heelRollAngle = heelRoll;
  p.cycles = 3;
  p.startHeading = 0.7;
  const SyntheticMotion m = quadruped ? generateQuadrupedWalk(p) : generateBipedWalk(p);
  const SyntheticGroundTruth& truth = m.truth;
  const int perCycle = static_cast<int>(std::lround(truth.period * fps));
  // A window at an arbitrary gait phase, one period long.
  const int first = static_cast<int>(std::lround(0.37 * truth.period * fps));
  const int last = first + perCycle;
  const CycleAnalysis a = analyzeCycle(m.skeleton, m.clip, first, last, syntheticLegs(m));
  QVERIFY2(a.valid, qPrintable(problems(a)));
  QVERIFY(allFinite(a));
  QCOMPARE(a.legs.size(), truth.legs.size());
  QCOMPARE(static_cast<int>(a.legs[0].heel.size()), 50);

  double meanLegStride = 0.0;
  for (size_t l = 0; l < a.legs.size(); ++l) {
    const LegCycle& leg = a.legs[l];
    const SyntheticLeg& declared = truth.legs[l];
    QCOMPARE(leg.stanceCount, 1);
    // A steady footprint (not clamped by the clip's ends) gives the declared times.
    const SyntheticFootprint& fp = declared.footprints[1];
    const double strikeErr =
        eventError(keyClipTime(a, leg, leg.keys.footStrike, fps), fp.landTime, truth.period, fps);
    const double offErr =
        eventError(keyClipTime(a, leg, leg.keys.footOff, fps), fp.liftTime, truth.period, fps);
    g_worst.strike = std::max(g_worst.strike, strikeErr);
    g_worst.off = std::max(g_worst.off, offErr);
    QVERIFY2(strikeErr <= 2.0, qPrintable(QStringLiteral("%1 foot-strike %2 frames off")
                                              .arg(QString::fromStdString(leg.name))
                                              .arg(strikeErr)));
    QVERIFY2(offErr <= 2.0, qPrintable(QStringLiteral("%1 foot-off %2 frames off")
                                           .arg(QString::fromStdString(leg.name))
                                           .arg(offErr)));
    QVERIFY(std::abs(leg.dutyFactor - truth.dutyFactor) <= 3.0 / perCycle);
    // The key times keep their order around the leg cycle (post-foot-lift and pre-foot-land
    // may cross when the swing is shorter than twice the minimum foot roll, 4.9 / 4.12).
    const LegKeyTimes& k = leg.keys;
    QVERIFY(k.footLift <= k.footOff + 1e-12 && k.footOff <= k.postFootLift + 1e-12);
    QVERIFY(k.preFootLand <= k.footStrike + 1e-12 && k.footStrike <= k.footLand + 1e-12);
    QVERIFY(k.footOff < k.footStrike);
    // Per leg, the stride is the distance between this leg's consecutive footprints.
    const double legStride = (declared.footprints[2].toe - declared.footprints[1].toe).norm();
    meanLegStride += legStride / a.legs.size();
    const double legStrideErr = std::abs(leg.strideLength / legStride - 1.0);
    g_worst.legStride = std::max(g_worst.legStride, legStrideErr);
    QVERIFY2(legStrideErr <= 0.02, qPrintable(QStringLiteral("%1 stride %2 m, declared %3 m")
                                                  .arg(QString::fromStdString(leg.name))
                                                  .arg(leg.strideLength)
                                                  .arg(legStride)));
    // The normalized footbase runs from (0, 0, 0) after the stance to (0, 0, 1) before it.
    QVERIFY(normalizedFootbaseAt(leg, 0.02).norm() < 0.05);
    QVERIFY((normalizedFootbaseAt(leg, 0.98) - Vec3::UnitZ()).norm() < 0.05);
    QVERIFY(std::abs(normalizedFootbaseAt(leg, 0.5 * (k.footOff + k.footStrike)).y()) >
            0.5 * p.stepHeight);
    for (double b : leg.balance) QVERIFY(b >= 0.0 && b <= 1.0);
  }
  // 4.16 averages what the feet travel. Walking straight that is the declared stride; on a
  // curve a foot away from the body's centre (a quadruped's front and hind feet) travels a
  // wider circle than the centre, so the declared footprints are the reference there.
  if (turning == 0.0) QVERIFY(std::abs(meanLegStride / truth.strideLength - 1.0) < 1e-6);
  const double strideErr = std::abs(a.distance / meanLegStride - 1.0);
  const double speedErr = std::abs(a.speed / (meanLegStride / truth.period) - 1.0);
  if (!(quadruped && turning != 0.0)) QVERIFY(std::abs(a.speed / truth.speed - 1.0) < 0.02);
  g_worst.stride = std::max(g_worst.stride, strideErr);
  g_worst.speed = std::max(g_worst.speed, speedErr);
  QVERIFY2(strideErr <= 0.02, qPrintable(QStringLiteral("distance %1").arg(a.distance)));
  QVERIFY2(speedErr <= 0.02, qPrintable(QStringLiteral("speed %1").arg(a.speed)));
  // Movement direction = the path heading at the cycle's middle; turning rate as declared.
  const double heading = truth.pathHeadings[(first + last) / 2];
  const Vec3 expected(std::sin(heading), 0.0, std::cos(heading));
  const double angle = std::acos(std::clamp(a.worldDirection.dot(expected), -1.0, 1.0));
  // Turning, a foot rolling onto its toe yaws with the body while 4.6 keeps the stance's
  // constant foot direction, so the footbase drifts sideways by up to ~1 cm: a few degrees.
  const double tolerance = (turning == 0.0 ? 1.0 : 5.0) * kPi / 180.0;
  g_worst.degrees = std::max(g_worst.degrees, angle * 180.0 / kPi);
  QVERIFY2(angle < tolerance,
           qPrintable(QStringLiteral("direction off by %1 deg").arg(angle * 180.0 / kPi)));
  QVERIFY(std::abs(a.turningRate - truth.turningRate) < 0.02);
  QVERIFY(std::abs(a.direction.y()) < 1e-9);
  QVERIFY(isLocomotionCycle(a).locomotion);
}

void TestCycleAnalysis::clipCycles() {
  SyntheticWalkParams p;
  p.period = 1.0;
  p.cycles = 4;
  const SyntheticMotion m = generateBipedWalk(p);
  const std::vector<CycleAnalysis> cycles = analyzeClipCycles(m.skeleton, m.clip, syntheticLegs(m));
  QVERIFY(cycles.size() >= 3);
  for (const CycleAnalysis& c : cycles) {
    QVERIFY2(c.valid, qPrintable(problems(c)));
    QVERIFY(std::abs(c.duration - m.truth.period) <= 1.0 / p.fps + 1e-9);
    QVERIFY(std::abs(c.speed / m.truth.speed - 1.0) < 0.02);
  }
}

void TestCycleAnalysis::realWalkCycle() {
  const std::string path = std::string(FATGRAPH_DATA_DIR) + "/cmu-leonardo-ono-roll/144_03.bvh";
  QVERIFY2(QFile::exists(QString::fromStdString(path)), "144_03.bvh is part of the repository's data/");
  BvhImportOptions options;
  options.resampleFps = 30.0;
  const BvhImport bvh = importBvh(path, options);
  const LegSetup legs = legsByName(bvh.skeleton);
  const Clip& clip = bvh.clip;
  // Left-foot strikes found here on their own: the foot's (ankle or toe, the lower) height
  // minima, at least 0.6 s apart, each preceded by a swing.
  const int frames = clip.frameCount();
  const int ankle = bvh.skeleton.find("LeftFoot"), toe = bvh.skeleton.find("LeftToeBase");
  std::vector<double> h(frames);
  std::vector<Quat> r(bvh.skeleton.jointCount());
  std::vector<Vec3> x(bvh.skeleton.jointCount());
  for (int f = 0; f < frames; ++f) {
    clipFrameToModel(bvh.skeleton, clip, f, r, x);
    h[f] = std::min(x[ankle].y(), x[toe].y());
  }
  const double lo = *std::min_element(h.begin(), h.end());
  const double hi = *std::max_element(h.begin(), h.end());
  std::vector<int> strikes;
  bool swung = false;
  for (int f = 1; f < frames; ++f) {
    if (h[f] > lo + 0.5 * (hi - lo)) swung = true;
    if (swung && h[f] < lo + 0.25 * (hi - lo)) {
      strikes.push_back(f);
      swung = false;
    }
  }
  QVERIFY(strikes.size() > 6);
  // A figure-8 walk: from the middle of the clip on, the first cycle of ordinary length
  // (0.8-1.4 s) on a straight stretch (the hips turn less than 20 degrees).
  auto yawAt = [&](int f) {
    clipFrameToModel(bvh.skeleton, clip, f, r, x);
    const Vec3 forward = r[0] * Vec3::UnitZ();
    return std::atan2(forward.x(), forward.z());
  };
  size_t pick = strikes.size();
  for (size_t i = strikes.size() / 2; i + 1 < strikes.size() && pick == strikes.size(); ++i) {
    const double seconds = (strikes[i + 1] - strikes[i]) / clip.fps;
    const double turn =
        std::abs(std::remainder(yawAt(strikes[i + 1]) - yawAt(strikes[i]), 2 * kPi));
    if (seconds > 0.8 && seconds < 1.4 && turn < 20.0 * kPi / 180.0) pick = i;
  }
  QVERIFY(pick < strikes.size());
  const CycleAnalysis a = analyzeCycle(bvh.skeleton, clip, strikes[pick], strikes[pick + 1], legs);
  QVERIFY2(a.valid, qPrintable(problems(a)));
  QVERIFY(allFinite(a));
  qInfo(
      "144_03 frames %d-%d: %.3f s, distance %.3f m, speed %.3f m/s, turning %.1f deg/s, "
      "duty %.2f / %.2f",
      a.firstFrame, a.lastFrame, a.duration, a.distance, a.speed, a.turningRate * 180 / kPi,
      a.legs[0].dutyFactor, a.legs[1].dutyFactor);
  QVERIFY(a.speed > 0.5 && a.speed < 2.0);
  QVERIFY(a.distance > 0.8 && a.distance < 1.8);
  for (const LegCycle& leg : a.legs) {
    QCOMPARE(leg.stanceCount, 1);
    QVERIFY(leg.dutyFactor > 0.5 && leg.dutyFactor < 0.75);
  }
  QVERIFY(isLocomotionCycle(a).locomotion);
}

void TestCycleAnalysis::classifier() {
  SyntheticWalkParams p;
  p.period = 1.0;
  const SyntheticMotion walk = generateBipedWalk(p);
  const LegSetup legs = syntheticLegs(walk);
  const LocomotionVerdict yes = isLocomotionCycle(walk.skeleton, walk.clip, 10, 40, legs);
  QVERIFY2(yes.locomotion, yes.reason.c_str());
  QVERIFY(QString::fromStdString(yes.reason).startsWith(QStringLiteral("locomotion")));
  // Two cycles in one window: every leg steps twice.
  const LocomotionVerdict twice = isLocomotionCycle(walk.skeleton, walk.clip, 10, 70, legs);
  QVERIFY(!twice.locomotion);
  QVERIFY2(QString::fromStdString(twice.reason).contains(QStringLiteral("2 ground contacts")),
           twice.reason.c_str());
  // Stepping on the spot: valid cycle, but it neither travels nor turns.
  p.strideLength = 0.0;
  const SyntheticMotion onSpot = generateBipedWalk(p);
  const CycleAnalysis spot = analyzeCycle(onSpot.skeleton, onSpot.clip, 10, 40, legs);
  QVERIFY2(spot.valid, qPrintable(problems(spot)));
  const LocomotionVerdict no = isLocomotionCycle(spot);
  QVERIFY(!no.locomotion);
  QVERIFY2(QString::fromStdString(no.reason).contains(QStringLiteral("in place")),
           no.reason.c_str());
  // Standing still: no foot lifts (each stands throughout), the analysis is invalid, and so
  // not locomotion.
  Clip still = walk.clip;
  for (int f = 1; f < still.frameCount(); ++f) {
    std::copy(walk.clip.frameRotations(0).begin(), walk.clip.frameRotations(0).end(),
              still.frameRotations(f).begin());
    std::copy(walk.clip.frameTranslations(0).begin(), walk.clip.frameTranslations(0).end(),
              still.frameTranslations(f).begin());
  }
  const LocomotionVerdict idle = isLocomotionCycle(walk.skeleton, still, 10, 40, legs);
  QVERIFY(!idle.locomotion);
  QVERIFY2(QString::fromStdString(idle.reason).contains(QStringLiteral("no leg lifts")),
           idle.reason.c_str());
}

// Half a gait cycle (hubs half a cycle apart): frames over the right leg's swing, while the
// left stands. The left leg stands throughout (contact over the whole window, duty factor 1),
// the right lifts and lands; the window is locomotion and its distance is the body's travel.
void TestCycleAnalysis::halfCycle() {
  SyntheticWalkParams p;
  p.period = 1.0;
  const SyntheticMotion walk = generateBipedWalk(p);
  const LegSetup legs = syntheticLegs(walk);
  const SyntheticGroundTruth& t = walk.truth;
  const SyntheticLeg& left = t.legs[0].name == "Left" ? t.legs[0] : t.legs[1];
  const SyntheticLeg& right = t.legs[0].name == "Left" ? t.legs[1] : t.legs[0];
  // The right leg's swing runs from its strike phase + duty factor to its next strike; the
  // window starts 0.05 cycles before the lift and ends 0.05 after the landing.
  const double start = right.phaseOffset + t.dutyFactor - 0.05;
  int first = -1;
  for (int f = 0; f + 1 < int(t.cyclePhases.size()); ++f) {
    const double time = f / t.fps;
    if (time < t.steadyStartTime) continue;
    const double phase = t.cyclePhases[size_t(f)] - start;
    if (phase - std::floor(phase) < 1.0 / (t.period * t.fps)) {
      first = f;
      break;
    }
  }
  QVERIFY(first >= 0);
  const int frames = int(std::lround((1.0 - t.dutyFactor + 0.1) * t.period * t.fps));
  const int last = first + frames;
  QVERIFY(last / t.fps <= t.steadyEndTime);
  // The left foot is planted over the whole window by construction.
  const double leftPhase = t.cyclePhases[size_t(first)] - left.phaseOffset;
  QVERIFY(leftPhase - std::floor(leftPhase) + frames / (t.period * t.fps) < t.dutyFactor);
  const CycleAnalysis c = analyzeCycle(walk.skeleton, walk.clip, first, last, legs);
  QVERIFY2(c.valid, qPrintable(problems(c)));
  const int l = legs.find("Left"), r = legs.find("Right");
  QVERIFY(c.legs[size_t(l)].standsThroughout);
  QVERIFY(!c.legs[size_t(r)].standsThroughout);
  QCOMPARE(c.legs[size_t(l)].dutyFactor, 1.0);
  QCOMPARE(c.legs[size_t(l)].stanceCount, 1);
  const LocomotionVerdict v = isLocomotionCycle(c);
  QVERIFY2(v.locomotion, v.reason.c_str());
  const double travel = t.speed * frames / t.fps;
  qInfo("half cycle: %d frames, distance %.3f m, body travel %.3f m", frames, c.distance, travel);
  QVERIFY2(std::abs(c.distance - travel) < 0.1 * travel, qPrintable(QString::number(c.distance)));
}

void TestCycleAnalysis::badInput() {
  SyntheticWalkParams p;
  p.period = 1.0;
  const SyntheticMotion m = generateBipedWalk(p);
  const LegSetup legs = syntheticLegs(m);
  auto expectInvalid = [](const CycleAnalysis& a, const char* what) {
    QVERIFY(!a.valid);
    QVERIFY(allFinite(a));
    QVERIFY2(problems(a).contains(QString::fromUtf8(what)), qPrintable(problems(a)));
  };
  // The left leg held up in front for the whole clip: its foot never comes down.
  Clip lifted = m.clip;
  const Quat raise(Eigen::AngleAxisd(-1.3, Vec3::UnitX()));
  for (int f = 0; f < lifted.frameCount(); ++f) {
    lifted.frameRotations(f)[m.truth.legs[0].hip] = raise;
    lifted.frameRotations(f)[m.truth.legs[0].knee] = Quat::Identity();
  }
  expectInvalid(analyzeCycle(m.skeleton, lifted, 10, 40, legs), "never touches the ground");
  // Non-finite rotation inside the range.
  Clip broken = m.clip;
  broken.frameRotations(20)[3].coeffs().setConstant(std::numeric_limits<double>::quiet_NaN());
  expectInvalid(analyzeCycle(m.skeleton, broken, 10, 40, legs), "non-finite");
  // A two-frame range, a range outside the clip, no legs.
  expectInvalid(analyzeCycle(m.skeleton, m.clip, 10, 12, legs), "spans 2 frames");
  expectInvalid(analyzeCycle(m.skeleton, m.clip, -5, 40, legs), "outside the clip");
  expectInvalid(analyzeCycle(m.skeleton, m.clip, 10, 40, LegSetup{}), "no legs");
  LegSetup badToe = legs;
  badToe.legs[1].toe = -7;
  expectInvalid(analyzeCycle(m.skeleton, m.clip, 10, 40, badToe), "toe joint outside");
  CycleAnalysisOptions badOptions;
  badOptions.balanceSharpness = std::numeric_limits<double>::quiet_NaN();
  expectInvalid(analyzeCycle(m.skeleton, m.clip, 10, 40, legs, badOptions), "options");
  badOptions = {};
  badOptions.samples = 0;
  expectInvalid(analyzeCycle(m.skeleton, m.clip, 10, 40, legs, badOptions), "samples");
  QVERIFY(!isLocomotionCycle(m.skeleton, broken, 10, 40, legs).locomotion);
  QVERIFY(normalizedFootbaseAt(LegCycle{}, 0.5).allFinite());
}

void TestCycleAnalysis::cleanupTestCase() {
  qInfo(
      "worst synthetic errors: foot-strike %.2f frames, foot-off %.2f frames, cycle distance "
      "%.2f %%, leg stride %.2f %%, speed %.2f %%, direction %.2f deg",
      g_worst.strike, g_worst.off, 100 * g_worst.stride, 100 * g_worst.legStride,
      100 * g_worst.speed, g_worst.degrees);
}

QTEST_GUILESS_MAIN(TestCycleAnalysis)
#include "test_cycle_analysis.moc"
