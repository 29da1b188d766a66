// The leg layer's data in the runtime graph (runtime_locomotion.h) on synthetic walks of a
// biped, a quadruped and a hexapod, straight and turning: key times on the edge's clock match
// the generator's declared contacts (read here only), also through a non-uniform warp; stance
// footbases equal an independent FK of the clip in the runtime's character frame; band samples
// are chord / duration; the floor is found at 0. Plus the parsers and a project whose edges
// are planned under each --locomotion selection.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "fatgraph/core/locomotion/character_heading.h"
#include "fatgraph/core/locomotion/edge_locomotion.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "fatgraph/core/locomotion/runtime_locomotion.h"
#include "fatgraph/core/model/runtime_skeleton.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/core/model/forward_kinematics.h"

using namespace fatgraph;

namespace {

// Rest-pose model positions (rest rotations are the identity).
std::vector<Vec3> restPositions(const Skeleton& s) {
  std::vector<Quat> r(s.jointCount(), Quat::Identity()), modelR(s.jointCount());
  std::vector<Vec3> modelX(s.jointCount());
  localToModel(s, r, s.restOffsets, modelR, modelX);
  return modelX;
}

// Legs from the generator's joints: the toe tip at the end site, the heel below the ankle at
// the tip's height, both in the ankle's frame.
LegSetup legsOf(const SyntheticMotion& m) {
  const Skeleton& s = m.skeleton;
  const std::vector<Vec3> rest = restPositions(s);
  LegSetup setup;
  for (const SyntheticLeg& l : m.truth.legs) {
    Leg leg;
    leg.name = l.name;
    leg.chain = {l.hip, l.knee, l.ankle};
    leg.toe = l.toe;
    const Vec3 tip = rest[s.endSites[l.toeTip].parent] + s.endSites[l.toeTip].offset;
    leg.toeTip = tip - rest[l.ankle];
    leg.heel = Vec3(0, tip.y() - rest[l.ankle].y(), 0);
    leg.length = (rest[l.knee] - rest[l.hip]).norm() + (rest[l.ankle] - rest[l.knee]).norm();
    leg.footLength = (leg.toeTip - leg.heel).norm();
    setup.legs.push_back(leg);
  }
  setup.method = "test";
  return setup;
}

enum class Creature { Biped, Quadruped, Hexapod };

// A steady walk at 30 fps with a whole number of frames per cycle.
SyntheticMotion walkOf(Creature c, double turningRate, int* framesPerCycle) {
  SyntheticWalkParams p = c == Creature::Biped       ? SyntheticWalkParams{}
                          : c == Creature::Quadruped ? SyntheticWalkParams::quadrupedDefaults()
                                                     : SyntheticWalkParams::hexapodDefaults();
  *framesPerCycle = c == Creature::Biped ? 32 : c == Creature::Quadruped ? 24 : 18;
  p.period = *framesPerCycle / 30.0;
  p.fps = 30.0;
  p.cycles = 5;
  p.turningRate = turningRate;
  p.startHeading = 0.4;
  p.startPosition = Vec3(0.5, 0.0, -1.0);
  return c == Creature::Biped ? generateBipedWalk(p) : c == Creature::Quadruped ? generateQuadrupedWalk(p)
                                                                                : generateHexapodWalk(p);
}

double cyclicDistance(double a, double b) {
  const double d = std::abs(a - b) - std::floor(std::abs(a - b));
  return std::min(d, 1.0 - d);
}

double cyclic(double t) { return t - std::floor(t); }

// Corrected eq. 4.6 written out independently: balance from the heel's and toe's heights
// (alpha 20), foot direction = the ground projection of heel -> toe at this pose.
struct Base {
  Vec3 position;
  double yaw;
};
Base footbase(const Vec3& heel, const Vec3& toe, double footLength) {
  const Vec3 h = Vec3(toe.x() - heel.x(), 0, toe.z() - heel.z()).normalized();
  const double b = 0.5 + std::atan((heel.y() - toe.y()) / footLength * 20.0) / std::numbers::pi;
  return {(1 - b) * heel + b * (toe - footLength * h), std::atan2(h.x(), h.z())};
}

struct Fixture {
  SyntheticMotion motion;
  LegSetup legs;
  RuntimeGraph graph;
  std::vector<CycleAnalysis> cycles;
  std::vector<int> firsts;
  int frames = 0;  // per cycle
  WarpMap warp;    // of segment 1 (non-uniform)
};

// One edge of three whole cycles (frames [k F, (k + 1) F] for k = 1, 2, 3), the first the
// reference; the second segment reaches the reference through a non-uniform warp.
Fixture makeFixture(Creature c, double turningRate) {
  Fixture f;
  f.motion = walkOf(c, turningRate, &f.frames);
  f.legs = legsOf(f.motion);
  const int F = f.frames;
  f.warp.from = {0.0, 0.3 * F, double(F)};
  f.warp.to = {0.0, 0.5 * F, double(F)};
  RuntimeEdgeSource source;
  source.name = "walk";
  source.fromHub = source.toHub = 0;
  for (int k = 1; k <= 3; ++k) {
    source.segments.push_back({0, k * F, (k + 1) * F, k == 2 ? f.warp : WarpMap{}});
    f.firsts.push_back(k * F);
  }
  RuntimeGraph& g = f.graph;
  g.skeleton = toRuntimeSkeleton(f.motion.skeleton);
  g.translatedJoints = runtimeTranslatedJoints(f.motion.skeleton);
  g.fps = 30.0f;
  g.legs = runtimeLegs(f.legs);
  g.hubs.resize(1);
  g.edges.push_back(buildRuntimeEdge(f.motion.skeleton, {f.motion.clip}, 30.0, source, &f.legs));
  g.hubs[0].outgoing = {0};
  g.hubs[0].defaultEdge = 0;
  g.startEdge = 0;
  for (int first : f.firsts)
    f.cycles.push_back(analyzeCycle(f.motion.skeleton, f.motion.clip, first, first + F, f.legs));
  applyLocomotion(g, g.edges[0], f.cycles, true);
  return f;
}

}  // namespace

Q_DECLARE_METATYPE(Creature)

class TestRuntimeLocomotion : public QObject {
  Q_OBJECT
 private:
  void rows() {
    QTest::addColumn<Creature>("creature");
    QTest::addColumn<double>("turningRate");
    QTest::newRow("biped straight") << Creature::Biped << 0.0;
    QTest::newRow("biped turning") << Creature::Biped << 0.5;
    QTest::newRow("quadruped straight") << Creature::Quadruped << 0.0;
    QTest::newRow("hexapod straight") << Creature::Hexapod << 0.0;
    QTest::newRow("hexapod turning") << Creature::Hexapod << -0.4;
  }

 private slots:
  void keyTimesMatchDeclaredContacts_data() { rows(); }
  void keyTimesMatchDeclaredContacts() {
    QFETCH(Creature, creature);
    QFETCH(double, turningRate);
    const Fixture f = makeFixture(creature, turningRate);
    const RuntimeEdge& e = f.graph.edges[0];
    QCOMPARE(f.graph.validate(), std::string());
    QVERIFY(e.locomotion.enabled);
    const std::size_t legs = f.legs.legs.size();
    QCOMPARE(e.locomotion.legCycles.size(), 3 * legs);
    const double F = f.frames;
    double worstStrike = 0, worstOff = 0;  // frames
    for (std::size_t s = 0; s < 3; ++s) {
      QVERIFY(f.cycles[s].valid);
      QCOMPARE(e.locomotion.cycleDuration[s], e.segments[s].duration);
      QCOMPARE(e.locomotion.cycleDistance[s], float(f.cycles[s].distance));
      for (std::size_t l = 0; l < legs; ++l) {
        const RuntimeLegCycle& c = e.locomotion.legCycles[s * legs + l];
        const SyntheticLeg& truth = f.motion.truth.legs[l];
        // Any steady footprint: they repeat every cycle, so the phase within a cycle is the same.
        const SyntheticFootprint* fp = nullptr;
        for (const SyntheticFootprint& p : truth.footprints)
          if (!p.stand && p.landTime > 0.5) { fp = &p; break; }
        QVERIFY(fp != nullptr);
        // Declared segment frames of the landing and the toe-off, onto the reference's frames
        // through the warp (segment 1) or one to one.
        const auto onEdge = [&](double clipTime) {
          const double frame = cyclic((clipTime * 30.0 - f.firsts[s]) / F) * F;
          const double reference = s == 1 ? f.warp.inverse(frame) : frame;
          return reference / F;
        };
        const double strike = cyclic(c.stanceTime + c.footStrike);
        const double off = cyclic(c.stanceTime + c.footOff);
        worstStrike = std::max(worstStrike, cyclicDistance(strike, onEdge(fp->landTime)) * F);
        worstOff = std::max(worstOff, cyclicDistance(off, onEdge(fp->liftTime)) * F);
        QVERIFY2(cyclicDistance(strike, onEdge(fp->landTime)) * F <= 2.0,
                 qPrintable(QStringLiteral("segment %1 leg %2: strike %3 vs declared %4").arg(s).arg(l)
                                .arg(strike).arg(onEdge(fp->landTime))));
        QVERIFY2(cyclicDistance(off, onEdge(fp->liftTime)) * F <= 2.0,
                 qPrintable(QStringLiteral("segment %1 leg %2: off %3 vs declared %4").arg(s).arg(l)
                                .arg(off).arg(onEdge(fp->liftTime))));
        QVERIFY(c.footLift <= c.footOff && c.footOff <= c.postFootLift && c.postFootLift <= c.preFootLand &&
                c.preFootLand <= c.footLand && c.preFootLand <= c.footStrike && c.footStrike <= 1.0f);
      }
    }
    qInfo("worst foot-strike %.2f frames, foot-off %.2f frames", worstStrike, worstOff);
  }

  void stancePositionsAreTheClipsFootbase_data() { rows(); }
  void stancePositionsAreTheClipsFootbase() {
    QFETCH(Creature, creature);
    QFETCH(double, turningRate);
    const Fixture f = makeFixture(creature, turningRate);
    const RuntimeEdge& e = f.graph.edges[0];
    const Skeleton& sk = f.motion.skeleton;
    const Clip& clip = f.motion.clip;
    const std::vector<double> heading = characterHeadings(sk, clip, f.legs);
    const std::size_t legs = f.legs.legs.size();
    const int J = sk.jointCount();
    for (std::size_t s = 0; s < 3; ++s) {
      const RuntimeSegment& seg = e.segments[s];
      const int first = f.firsts[s];
      const Vec3 root0 = clip.frameTranslations(first)[0];
      // The character frame of segment frame k in the world: the first frame's root ground
      // position and heading, moved by the stored trajectory.
      const auto characterFrame = [&](int k, Vec3& position, double& yaw) {
        const float* t = e.data.data() + seg.trajectory + 3 * k;
        position = Vec3(root0.x(), 0, root0.z()) + yawRotation(heading[first]) * Vec3(t[0], 0, t[1]);
        yaw = heading[first] + t[2];
      };
      for (std::size_t l = 0; l < legs; ++l) {
        const Leg& leg = f.legs.legs[l];
        const double u = cyclic(f.cycles[s].legs[l].stanceTime) * (seg.frameCount - 1);
        const int k0 = std::min(int(std::floor(u)), seg.frameCount - 1), k1 = std::min(k0 + 1, seg.frameCount - 1);
        Base b[2];
        for (int i = 0; i < 2; ++i) {
          const int k = i == 0 ? k0 : k1;
          std::vector<Quat> r(J);
          std::vector<Vec3> x(J);
          clipFrameToModel(sk, clip, first + k, r, x);
          Vec3 position;
          double yaw = 0;
          characterFrame(k, position, yaw);
          const Quat toCharacter = yawRotation(-yaw);
          const Vec3 heel = toCharacter * (x[leg.ankle()] + r[leg.ankle()] * leg.heel - position);
          const Vec3 toe = toCharacter * (x[leg.ankle()] + r[leg.ankle()] * leg.toeTip - position);
          b[i] = footbase(heel, toe, leg.footLength);
        }
        const double a = u - k0;
        const Vec3 expected = (1 - a) * b[0].position + a * b[1].position;
        const RuntimeLegCycle& c = e.locomotion.legCycles[s * legs + l];
        const Vec3 got(c.stancePosition[0], c.stancePosition[1], c.stancePosition[2]);
        QVERIFY2((got - expected).norm() < 1e-4,
                 qPrintable(QStringLiteral("segment %1 leg %2: off by %3 m").arg(s).arg(l).arg((got - expected).norm())));
        const double yaw = b[0].yaw + a * std::remainder(b[1].yaw - b[0].yaw, 2 * std::numbers::pi);
        QVERIFY(std::abs(std::remainder(c.stanceYaw - yaw, 2 * std::numbers::pi)) < 1e-3);
        QVERIFY(std::abs(c.strideLength - f.cycles[s].legs[l].strideLength) < 1e-5);
      }
    }
    // The floor is the lowest heel or toe point: here both ride at the toe tip's declared
    // stance height above the synthetic floor (y = 0).
    double lowest = 1e9;
    for (const SyntheticLeg& l : f.motion.truth.legs) lowest = std::min(lowest, f.motion.truth.floorHeight + l.toeHeight);
    QVERIFY2(std::abs(e.locomotion.floorHeight - lowest) < 0.002,
             qPrintable(QStringLiteral("%1 vs %2").arg(e.locomotion.floorHeight).arg(lowest)));
  }

  void bandSamplesAreChordVelocities_data() { rows(); }
  void bandSamplesAreChordVelocities() {
    QFETCH(Creature, creature);
    QFETCH(double, turningRate);
    const Fixture f = makeFixture(creature, turningRate);
    const RuntimeEdge& e = f.graph.edges[0];
    const std::vector<double> heading = characterHeadings(f.motion.skeleton, f.motion.clip, f.legs);
    QCOMPARE(e.bandSamples.size(), size_t(6));
    for (std::size_t s = 0; s < 3; ++s) {
      const int first = f.firsts[s], last = first + f.frames;
      const Vec3 a = f.motion.clip.frameTranslations(first)[0], b = f.motion.clip.frameTranslations(last)[0];
      const Vec3 chord = yawRotation(-heading[first]) * Vec3(b.x() - a.x(), 0, b.z() - a.z());
      const double duration = f.frames / 30.0;
      QVERIFY(std::abs(e.bandSamples[2 * s] - chord.x() / duration) < 1e-4);
      QVERIFY(std::abs(e.bandSamples[2 * s + 1] - chord.z() / duration) < 1e-4);
    }
    // Band modes map the stick onto the velocities: neutral at the reference's own.
    RuntimeEdge banded = e;
    applyBlendMode(banded, EdgeBlendMode::PolarBands);
    QCOMPARE(banded.blend, EdgeBlendMode::PolarBands);
    QCOMPARE(banded.joystick.neutral[1], e.bandSamples[1]);
    QVERIFY(banded.joystick.rangeMin[1] <= banded.joystick.neutral[1]);
    QVERIFY(banded.joystick.rangeMax[1] >= banded.joystick.neutral[1]);
  }

  void invalidSegmentBorrowsTheReference() {
    Fixture f = makeFixture(Creature::Biped, 0.0);
    std::vector<CycleAnalysis> cycles = f.cycles;
    cycles[2] = CycleAnalysis{};  // not valid
    std::vector<std::string> notes;
    RuntimeEdge& e = f.graph.edges[0];
    applyLocomotion(f.graph, e, cycles, true, &notes);
    QVERIFY(e.locomotion.enabled);
    QCOMPARE(notes.size(), size_t(1));
    QCOMPARE(e.locomotion.legCycles[2 * 2].stanceTime, e.locomotion.legCycles[0].stanceTime);
    cycles[0] = CycleAnalysis{};  // the reference too: off
    applyLocomotion(f.graph, e, cycles, true, &notes);
    QVERIFY(!e.locomotion.enabled);
    QVERIFY(e.locomotion.legCycles.empty());
    QCOMPARE(f.graph.validate(), std::string());
  }

  void parsers_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("selection");
    QTest::addColumn<bool>("blend");
    QTest::newRow("auto") << "auto" << true << false;
    QTest::newRow("all") << "all" << true << false;
    QTest::newRow("none") << "none" << true << false;
    QTest::newRow("grid") << "grid" << false << true;
    QTest::newRow("bands") << "bands" << false << true;
    QTest::newRow("polar") << "polar" << false << true;
    QTest::newRow("empty") << "" << false << false;
    QTest::newRow("capitals") << "AUTO" << false << false;
  }
  void parsers() {
    QFETCH(QString, text);
    QFETCH(bool, selection);
    QFETCH(bool, blend);
    LocomotionSelection s{};
    EdgeBlendMode b{};
    QCOMPARE(parseLocomotionSelection(text.toStdString(), s), selection);
    if (selection) QCOMPARE(QString::fromUtf8(locomotionSelectionName(s)), text);
    QCOMPARE(parseBlendMode(text.toStdString(), b), blend);
    if (blend) QCOMPARE(QString::fromUtf8(blendModeName(b)), text);
  }

  // With the legs detection finds, the floor is again where the feet's contact points stand:
  // the toe tip's declared stance height above the synthetic floor.
  void floorOfDetectedLegsIsTheFloor() {
    int frames = 0;
    const SyntheticMotion m = walkOf(Creature::Biped, 0.0, &frames);
    const LegSetup legs = detectLegs(m.skeleton, &m.clip);
    QVERIFY(!legs.empty());
    RuntimeGraph g;
    g.skeleton = toRuntimeSkeleton(m.skeleton);
    g.translatedJoints = runtimeTranslatedJoints(m.skeleton);
    g.legs = runtimeLegs(legs);
    RuntimeEdgeSource source;
    source.name = "walk";
    source.segments.push_back({0, frames, 2 * frames, {}});
    RuntimeEdge e = buildRuntimeEdge(m.skeleton, {m.clip}, 30.0, source, &legs);
    applyLocomotion(g, e, {analyzeCycle(m.skeleton, m.clip, frames, 2 * frames, legs)}, true);
    QVERIFY(e.locomotion.enabled);
    const double declared = m.truth.floorHeight + m.truth.legs.front().toeHeight;
    QVERIFY2(std::abs(e.locomotion.floorHeight - declared) < 0.005,
             qPrintable(QStringLiteral("%1 vs %2").arg(e.locomotion.floorHeight).arg(declared)));
  }

  void runtimeLegsCopyTheSetup() {
    const Fixture f = makeFixture(Creature::Quadruped, 0.0);
    QCOMPARE(f.graph.legs.size(), f.legs.legs.size());
    for (std::size_t l = 0; l < f.legs.legs.size(); ++l) {
      QCOMPARE(f.graph.legs[l].name, f.legs.legs[l].name);
      QCOMPARE(f.graph.legs[l].chain, f.legs.legs[l].chain);
      QCOMPARE(f.graph.legs[l].footLength, float(f.legs.legs[l].footLength));
      QCOMPARE(f.graph.legs[l].toeTip[2], float(f.legs.legs[l].toeTip.z()));
    }
  }
};

QTEST_GUILESS_MAIN(TestRuntimeLocomotion)
#include "test_runtime_locomotion.moc"
