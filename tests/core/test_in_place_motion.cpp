// In-place clips (in_place_motion.h): a synthetic walk made to stay in place gets back the
// root path it had; travelling clips (synthetic, CMU) are left bit for bit; the knight's, the
// fox's and the spider's walks are found in place and, judged by foot contacts measured as an
// outsider would (motion_contacts.h), plant their stance feet once given root motion; arms
// renamed FrontLeg that never touch the ground bear no weight. Against known ground truth
// (creatures stepping in place built here): a biped walk's stance feet are planted and its
// root never steps back, a quadruped's foot that slides while the three others stand does not
// drag the root, and a run's root keeps its speed through the flight; the knight's Walking
// never steps back.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <numbers>
#include <span>
#include <string>
#include <utility>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/io/clip_admission.h"
#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/locomotion/in_place_motion.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/locomotion/motion_contacts.h"
#include "fatgraph/test_support/synthetic_motion.h"

using namespace fatgraph;

namespace {

const std::string kData = FATGRAPH_DATA_DIR;
// A foot moving over the ground no faster than this stands (1 mm a frame at 30 fps), m/s.
constexpr double kPlantedMps = 0.03;

// The travelling walk with its root's ground travel taken away: an in-place walk.
Clip withoutRootTravel(const Clip& clip, int root) {
  Clip out = clip;
  const Vec3 start = clip.frameTranslations(0)[root];
  for (int f = 0; f < clip.frameCount(); ++f) {
    Vec3& t = out.frameTranslations(f)[root];
    t.x() = start.x();
    t.z() = start.z();
  }
  return out;
}

// World position of a limb end (its end site's, or the leaf joint's) over the clip.
std::vector<Vec3> endPath(const Skeleton& s, const Clip& clip, const LimbEnd& e) {
  std::vector<Vec3> path;
  std::vector<Quat> r(s.jointCount());
  std::vector<Vec3> p(s.jointCount()), ends(s.endSites.size());
  for (int f = 0; f < clip.frameCount(); ++f) {
    clipFrameToModel(s, clip, f, r, p);
    endSitePositions(s, r, p, ends);
    path.push_back(e.endSite >= 0 ? ends[e.endSite] : p[e.joint]);
  }
  return path;
}

// The outsider's figure: mean world horizontal speed of the feet over the frames of their
// stances, stances found from height and speed alone (motion_contacts.h, with a speed limit
// loose enough to see a sliding foot as in contact: 10 m/s).
struct StanceSpeed {
  double meanMps = 0;
  int frames = 0;
};
StanceSpeed stanceFootSpeed(const Skeleton& s, const Clip& clip, const std::vector<LimbEnd>& feet) {
  std::vector<std::vector<Vec3>> paths;
  for (const LimbEnd& e : feet) paths.push_back(endPath(s, clip, e));
  ContactRules rules;
  rules.maxHorizontalSpeed = 10.0;
  const MotionContacts contacts = measureMotionContacts(paths, clip.fps, nullptr, rules);
  StanceSpeed out;
  double sum = 0;
  for (size_t i = 0; i < paths.size(); ++i) {
    for (const FootStance& st : contacts.feet[i].stances) {
      for (int f = st.first; f < st.last; ++f) {
        Vec3 d = paths[i][f + 1] - paths[i][f];
        d.y() = 0;
        sum += d.norm() * clip.fps;
        ++out.frames;
      }
    }
  }
  out.meanMps = out.frames ? sum / out.frames : 0.0;
  return out;
}

double groundDistance(const Vec3& a, const Vec3& b) { return std::hypot(a.x() - b.x(), a.z() - b.z()); }

bool sameClip(const Clip& a, const Clip& b) { return a.rotations == b.rotations && a.translations == b.translations; }

// Ground (x, z) velocity along a path by central differences (one-sided at the ends), m/s.
Vec3 groundVelocityAt(const std::vector<Vec3>& path, int f, double fps) {
  const int a = std::max(0, f - 1), b = std::min(static_cast<int>(path.size()) - 1, f + 1);
  Vec3 d = path[b] - path[a];
  d.y() = 0;
  return b > a ? Vec3(d * fps / (b - a)) : Vec3::Zero();
}

// A creature stepping in place, built in code with its ground truth: a Body (the motion root,
// still) with a Head above it and one leaf joint per foot, each foot's local translation its
// position under the body. In stance a foot slides backwards at `speed` (the body would travel
// at `speed` with it planted), plus `slide` for `slidingFoot` (a foot that slides in the file);
// in swing it lifts on a sine arc of `stepHeight` and comes forward on a cubic that leaves and
// lands at the stance velocity, as feet under a running body do.
struct InPlaceGait {
  std::vector<Vec3> rest;       // each foot's place under the body mid-stance (x left, z forward)
  std::vector<double> landing;  // each foot's cycle phase at landing, in [0, 1)
  double duty = 0.6;            // stance fraction of the cycle
  double period = 1.0, speed = 1.0, stepHeight = 0.1;  // s, m/s, m
  double hipHeight = 0.9, headHeight = 0.8;            // m: the body is hipHeight + headHeight tall
  double fps = 30.0, cycles = 3.0;
  int slidingFoot = -1;
  Vec3 slide = Vec3::Zero();  // m/s, the sliding foot's extra ground velocity in stance
};

struct InPlaceCreature {
  Skeleton skeleton;
  Clip clip;
  std::vector<int> feet;  // joint index of each foot
};

double cyclePhase(const InPlaceGait& g, int foot, double t) {
  const double p = t / g.period - g.landing[foot];
  return p - std::floor(p);
}

bool inStance(const InPlaceGait& g, int foot, double t) { return cyclePhase(g, foot, t) < g.duty; }

// The foot's stance ground velocity under the body.
Vec3 stanceVelocity(const InPlaceGait& g, int foot) {
  return Vec3(0, 0, -g.speed) + (foot == g.slidingFoot ? g.slide : Vec3::Zero());
}

// The foot's position under the body (on the floor at y = 0) at time t.
Vec3 footPosition(const InPlaceGait& g, int foot, double t) {
  const double stance = g.duty * g.period, swing = g.period - stance;
  const Vec3 v = stanceVelocity(g, foot);
  const Vec3 landed = g.rest[foot] - 0.5 * stance * v, lifted = g.rest[foot] + 0.5 * stance * v;
  const double p = cyclePhase(g, foot, t);
  if (p < g.duty) return landed + p * g.period * v;
  const double s = (p - g.duty) / (1 - g.duty);  // cubic Hermite from lifted to landed
  const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s;
  const double h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s;
  Vec3 out = h00 * lifted + h10 * swing * v + h01 * landed + h11 * swing * v;
  out.y() = g.stepHeight * std::sin(std::numbers::pi * s);
  return out;
}

InPlaceCreature buildInPlace(const InPlaceGait& g) {
  InPlaceCreature c;
  c.skeleton.addJoint("Body", -1, Vec3(0, g.hipHeight, 0), true);
  for (size_t i = 0; i < g.rest.size(); ++i) {
    const Vec3 underBody = g.rest[i] - Vec3(0, g.hipHeight, 0);
    c.feet.push_back(c.skeleton.addJoint("Foot" + std::to_string(i), 0, underBody, true));
  }
  c.skeleton.addJoint("Head", 0, Vec3(0, g.headHeight, 0.2), false);
  const int frames = static_cast<int>(std::lround(g.cycles * g.period * g.fps)) + 1;
  c.clip.name = "in_place_gait";
  c.clip.fps = g.fps;
  c.clip.jointCount = c.skeleton.jointCount();
  c.clip.rotations.assign(static_cast<size_t>(frames) * c.clip.jointCount, Quat::Identity());
  c.clip.translations.resize(c.clip.rotations.size());
  for (int f = 0; f < frames; ++f) {
    std::span<Vec3> t = c.clip.frameTranslations(f);
    for (int j = 0; j < c.clip.jointCount; ++j) t[j] = c.skeleton.restOffsets[j];
    for (size_t i = 0; i < c.feet.size(); ++i) {
      t[c.feet[i]] = footPosition(g, static_cast<int>(i), f / g.fps) - Vec3(0, g.hipHeight, 0);
    }
  }
  return c;
}

// The motion root's world path over the clip.
std::vector<Vec3> rootPath(const Skeleton& s, const Clip& clip) { return endPath(s, clip, {s.motionRoot, -1}); }

// The gait's creature with root motion given from its feet: its clip and report.
struct FootDriven {
  InPlaceCreature creature;
  InPlaceReport report;
};
FootDriven drivenByFeet(const InPlaceGait& g) {
  FootDriven out{buildInPlace(g), {}};
  out.report = giveInPlaceRootMotion(out.creature.skeleton, out.creature.clip, true);
  return out;
}

}  // namespace

class TestInPlaceMotion : public QObject {
  Q_OBJECT
 private slots:
  // A biped walk (the synthetic one, legs by IK) made in place at a known speed: given root
  // motion from its feet, every foot is still in the world in the middle of its stances, and
  // the root keeps moving forward: it never steps back at a change of stance foot.
  void bipedWalkInPlacePlantsItsFeet_data() {
    QTest::addColumn<double>("stride");
    QTest::addColumn<double>("period");
    QTest::addColumn<double>("heelRoll");
    QTest::addColumn<double>("duty");
    QTest::newRow("relaxed walk 1.05 m/s") << 1.1 << 1.05 << 0.0 << 0.6;
    QTest::newRow("brisk walk 1.5 m/s, heel roll") << 1.5 << 1.0 << 0.4 << 0.6;
    QTest::newRow("slow walk 0.5 m/s, long double support") << 0.6 << 1.2 << 0.0 << 0.7;
  }
  void bipedWalkInPlacePlantsItsFeet() {
    QFETCH(double, stride);
    QFETCH(double, period);
    QFETCH(double, heelRoll);
    QFETCH(double, duty);
    SyntheticWalkParams p;
    p.strideLength = stride;
    p.period = period;
    p.heelRollAngle = heelRoll;
    p.dutyFactor = duty;
    const SyntheticMotion walk = generateBipedWalk(p);
    const Skeleton& s = walk.skeleton;
    Clip clip = withoutRootTravel(walk.clip, s.motionRoot);
    addRootMotionFromFeet(s, clip);
    const double speed = walk.truth.speed, fps = clip.fps;
    // Mid-stance: the middle half of each stance the clip holds whole, by the generator's
    // footprints.
    double worstFoot = 0;
    for (const SyntheticLeg& leg : walk.truth.legs) {
      const std::vector<Vec3> toe = endPath(s, clip, {s.endSites[leg.toeTip].parent, leg.toeTip});
      for (const SyntheticFootprint& fp : leg.footprints) {
        if (fp.landTime < 0 || fp.liftTime > clip.duration()) continue;
        const int quarter = (fp.lastFrame - fp.firstFrame) / 4;
        for (int f = fp.firstFrame + quarter; f <= fp.lastFrame - quarter; ++f) {
          worstFoot = std::max(worstFoot, groundVelocityAt(toe, f, fps).norm());
        }
      }
    }
    // Forward: the walk's heading (+Z, the generator's default).
    const std::vector<Vec3> root = rootPath(s, clip);
    double slowest = 1e300, mean = 0;
    for (int f = 0; f < clip.frameCount(); ++f) {
      const double forward = groundVelocityAt(root, f, fps).z();
      slowest = std::min(slowest, forward);
      mean += forward / clip.frameCount();
    }
    qInfo("%s: stance feet mid-stance at most %.4f m/s; root forward at least %.3f m/s, mean %.3f m/s (truth %.3f)",
          QTest::currentDataTag(), worstFoot, slowest, mean, speed);
    QVERIFY2(worstFoot < kPlantedMps, qPrintable(QString::number(worstFoot)));
    QVERIFY2(slowest > 0.5 * speed, qPrintable(QString::number(slowest)));
    QVERIFY2(std::abs(mean - speed) < 0.02 * speed, qPrintable(QString::number(mean)));
  }

  // A quadruped walking in place, one hind foot sliding in the file through its stances while
  // the three others stand: the root follows the standing feet, not the sliding one, and the
  // standing feet are planted. With a duty factor of 0.8 one foot swings at a time (three or
  // four down); with 0.6 the sliding foot is at times down with one other only.
  void slidingHindFootDoesNotDragTheRoot_data() {
    QTest::addColumn<double>("backward");  // the slide against the travel, m/s
    QTest::addColumn<double>("sideways");  // the slide to the left, m/s
    QTest::addColumn<double>("duty");
    QTest::newRow("slides back 0.2 m/s") << 0.2 << 0.0 << 0.8;
    QTest::newRow("slides back 0.6 m/s") << 0.6 << 0.0 << 0.8;
    QTest::newRow("slides sideways 0.3 m/s") << 0.0 << 0.3 << 0.8;
    QTest::newRow("slides back 0.4 m/s, two feet down") << 0.4 << 0.0 << 0.6;
  }
  void slidingHindFootDoesNotDragTheRoot() {
    QFETCH(double, backward);
    QFETCH(double, sideways);
    QFETCH(double, duty);
    InPlaceGait g;
    // Left hind, right hind, left front, right front; a lateral-sequence walk (LH, LF, RH, RF).
    g.rest = {Vec3(0.12, 0, -0.3), Vec3(-0.12, 0, -0.3), Vec3(0.12, 0, 0.3), Vec3(-0.12, 0, 0.3)};
    g.landing = {0.0, 0.5, 0.25, 0.75};
    g.duty = duty;
    g.period = 0.8;
    g.speed = 1.0;
    g.stepHeight = 0.08;
    g.hipHeight = 0.5;
    g.headHeight = 0.3;
    g.slidingFoot = 0;  // the left hind foot, first of the feet (and as low as the others)
    g.slide = Vec3(sideways, 0, -backward);
    const FootDriven driven = drivenByFeet(g);
    const InPlaceCreature& c = driven.creature;
    const Clip& clip = c.clip;
    const InPlaceReport& r = driven.report;
    QVERIFY(r.detected && r.applied);
    const std::vector<Vec3> root = rootPath(c.skeleton, clip);
    double worstRoot = 0, worstFoot = 0;
    for (int f = 0; f < clip.frameCount(); ++f) {
      worstRoot = std::max(worstRoot, (groundVelocityAt(root, f, g.fps) - Vec3(0, 0, g.speed)).norm());
    }
    for (size_t i = 0; i < c.feet.size(); ++i) {
      if (static_cast<int>(i) == g.slidingFoot) continue;
      const std::vector<Vec3> foot = endPath(c.skeleton, clip, {c.feet[i], -1});
      for (int f = 0; f < clip.frameCount(); ++f) {
        const double p = cyclePhase(g, static_cast<int>(i), f / g.fps);
        const bool midStance = p > 0.25 * g.duty && p < 0.75 * g.duty;
        if (midStance) worstFoot = std::max(worstFoot, groundVelocityAt(foot, f, g.fps).norm());
      }
    }
    qInfo("%s: root velocity off the standing feet's by at most %.4f m/s (%.1f %%); standing feet "
          "mid-stance at most %.4f m/s; detected %.3f m/s",
          QTest::currentDataTag(), worstRoot, 100 * worstRoot / g.speed, worstFoot, r.speedMps);
    QVERIFY2(worstRoot < 0.03 * g.speed, qPrintable(QString::number(worstRoot)));
    QVERIFY2(worstFoot < kPlantedMps, qPrintable(QString::number(worstFoot)));
  }

  // A run in place with a flight phase (no foot down for a few frames twice a cycle): the root
  // keeps its speed through the flight instead of following a swinging foot.
  void runKeepsMovingThroughItsFlight_data() {
    QTest::addColumn<double>("speed");
    QTest::addColumn<double>("duty");
    QTest::newRow("jog 2.5 m/s") << 2.5 << 0.38;
    QTest::newRow("run 4 m/s, long flight") << 4.0 << 0.3;
  }
  void runKeepsMovingThroughItsFlight() {
    QFETCH(double, speed);
    QFETCH(double, duty);
    InPlaceGait g;
    g.rest = {Vec3(0.1, 0, 0), Vec3(-0.1, 0, 0)};
    g.landing = {0.0, 0.5};
    g.duty = duty;
    g.period = 0.7;
    g.speed = speed;
    g.stepHeight = 0.3;
    const FootDriven driven = drivenByFeet(g);
    const InPlaceCreature& c = driven.creature;
    const Clip& clip = c.clip;
    const InPlaceReport& r = driven.report;
    QVERIFY(r.detected && r.applied);
    const std::vector<Vec3> root = rootPath(c.skeleton, clip);
    double slowest = 1e300, fastest = 0;
    int flight = 0;
    for (int f = 0; f < clip.frameCount(); ++f) {
      const double t = f / g.fps;
      if (inStance(g, 0, t) || inStance(g, 1, t)) continue;
      ++flight;
      const double forward = groundVelocityAt(root, f, g.fps).z();
      slowest = std::min(slowest, forward);
      fastest = std::max(fastest, forward);
    }
    const int last = clip.frameCount() - 1;
    const double mean = (root[last] - root[0]).z() / clip.duration();
    qInfo("%s: %d flight frames, root forward %.3f..%.3f m/s in flight (stance %.2f m/s); mean %.3f m/s",
          QTest::currentDataTag(), flight, slowest, fastest, speed, mean);
    QVERIFY(flight >= 3 * g.cycles);
    QVERIFY2(slowest > 0.9 * speed && fastest < 1.1 * speed, qPrintable(QString::number(slowest)));
    QVERIFY2(std::abs(mean - speed) < 0.03 * speed, qPrintable(QString::number(mean)));
  }

  // The knight's Walking as a build imports it (importClipSet applies the in-place root
  // motion): its motion root (Body) moves forward in every frame, also where the stance foot
  // changes (the single stance foot rule stepped it back there at up to 3.3 m/s).
  void knightWalkingNeverStepsBack() {
    const ClipSetImport set = importClipSet({kData + "/characters/knight.glb"}, ClipSetOptions{});
    const Project& p = set.project;
    const auto it =
        std::find_if(p.clips.begin(), p.clips.end(), [](const Clip& c) { return c.name == "knight:Walking"; });
    QVERIFY(it != p.clips.end());
    QCOMPARE(p.skeleton.names[p.skeleton.motionRoot], std::string("Body"));
    const std::vector<Vec3> root = rootPath(p.skeleton, *it);
    const int last = it->frameCount() - 1;
    Vec3 forward = root[last] - root[0];
    forward.y() = 0;
    QVERIFY(forward.norm() > 1.0);
    forward.normalize();
    double slowest = 1e300;
    int slowestFrame = 0;
    for (int f = 0; f <= last; ++f) {
      const double v = groundVelocityAt(root, f, it->fps).dot(forward);
      if (v < slowest) slowest = v, slowestFrame = f;
    }
    qInfo("knight:Walking: Body forward %.3f m/s at its slowest (frame %d of %d); travels %.2f m/s", slowest,
          slowestFrame, last + 1, (root[last] - root[0]).norm() / it->duration());
    QVERIFY2(slowest > 0, qPrintable(QString::number(slowest)));
  }

  void syntheticInPlaceWalkRecoversItsPath() {
    const SyntheticMotion walk = generateBipedWalk();
    const int root = walk.skeleton.motionRoot;
    Clip inPlace = withoutRootTravel(walk.clip, root);
    const InPlaceReport r = giveInPlaceRootMotion(walk.skeleton, inPlace, true);
    QVERIFY(r.detected);
    QVERIFY(r.applied);
    // The feet bear the weight: the toe ends, never the hands or the head.
    for (const LimbEnd& e : weightBearingEnds(walk.skeleton, walk.clip)) {
      QVERIFY2(walk.skeleton.names[e.joint].find("Toe") != std::string::npos ||
                   walk.skeleton.names[e.joint].find("Foot") != std::string::npos,
               walk.skeleton.names[e.joint].c_str());
    }
    // The recovered root path follows the original one (both from frame 0).
    const Vec3 a0 = walk.clip.frameTranslations(0)[root], b0 = inPlace.frameTranslations(0)[root];
    double worst = 0;
    for (int f = 0; f < walk.clip.frameCount(); ++f) {
      const Vec3 a = walk.clip.frameTranslations(f)[root] - a0, b = inPlace.frameTranslations(f)[root] - b0;
      worst = std::max(worst, groundDistance(a, b));
    }
    const int last = walk.clip.frameCount() - 1;
    const double travelled = groundDistance(walk.clip.frameTranslations(last)[root], a0);
    qInfo("synthetic walk: travels %.2f m; recovered path within %.3f m (speed %.2f m/s)", travelled, worst, r.speedMps);
    QVERIFY2(worst < 0.05 * travelled + 0.05, qPrintable(QString::number(worst)));
  }

  void travellingClipsAreLeftAsTheyAre() {
    const SyntheticMotion walk = generateBipedWalk();
    Clip clip = walk.clip;
    const InPlaceReport r = giveInPlaceRootMotion(walk.skeleton, clip, true);
    QVERIFY(!r.detected);
    QVERIFY(sameClip(clip, walk.clip));
    for (const char* file : {"/cmu-leonardo-ono-roll/144_03.bvh", "/cmu-bvh11/131_01.bvh"}) {
      BvhImportOptions feet = bvhAdmissionOptions();
      BvhImportOptions keep = feet;
      keep.rig.keepInPlace = true;
      const BvhImport a = importBvh(kData + file, feet), b = importBvh(kData + file, keep);
      QVERIFY2(!a.rig.inPlace.detected, file);
      QVERIFY2(sameClip(a.clip, b.clip), file);
    }
  }

  void gameCharactersWalkWithPlantedFeet_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("animation");
    QTest::addColumn<int>("minEnds");
    QTest::newRow("knight walking") << "knight.glb" << "Walking" << 2;
    QTest::newRow("knight run") << "knight.glb" << "Run" << 2;
    QTest::newRow("fox walk") << "fox.glb" << "Walk" << 4;
    QTest::newRow("fox gallop") << "fox.glb" << "Gallop" << 4;
    QTest::newRow("spider walk") << "spider.glb" << "Spider_Walk" << 8;
  }
  void gameCharactersWalkWithPlantedFeet() {
    QFETCH(QString, file);
    QFETCH(QString, animation);
    QFETCH(int, minEnds);
    const std::string path = kData + "/characters/" + file.toStdString();
    GltfImportOptions keep;
    keep.rig.keepInPlace = true;
    const GltfImport before = importGltf(path, keep), after = importGltf(path);
    int i = 0;
    while (i < static_cast<int>(after.clips.size()) && after.animationNames[i].find(animation.toStdString()) == std::string::npos) ++i;
    QVERIFY(i < static_cast<int>(after.clips.size()));
    const InPlaceReport& r = after.inPlace[i];
    QVERIFY(r.detected && r.applied);
    QVERIFY(before.inPlace[i].detected && !before.inPlace[i].applied);
    const std::vector<LimbEnd> feet = weightBearingEnds(after.skeleton, before.clips[i]);
    QVERIFY2(static_cast<int>(feet.size()) >= minEnds, qPrintable(QString::number(feet.size())));
    const StanceSpeed slid = stanceFootSpeed(before.skeleton, before.clips[i], feet);
    const StanceSpeed planted = stanceFootSpeed(after.skeleton, after.clips[i], feet);
    const Clip& c = after.clips[i];
    const double travel = groundDistance(c.frameTranslations(c.frameCount() - 1)[after.skeleton.motionRoot],
                                         c.frameTranslations(0)[after.skeleton.motionRoot]);
    qInfo("%s: %d weight-bearing ends; stance feet %.3f m/s in place, %.3f m/s with root motion "
          "(%d contact frames); travels %.2f m/s (detected %.2f m/s)",
          qPrintable(QTest::currentDataTag()), static_cast<int>(feet.size()), slid.meanMps, planted.meanMps,
          planted.frames, travel / c.duration(), r.speedMps);
    QVERIFY(planted.frames > 0);
    // The stance feet slide less than they did (four or eight feet that do not move together
    // in the file are planted only partly: the fit is their compromise), and the knight's walk
    // plants them: they move at a small part of the speed the clip now travels at.
    QVERIFY2(slid.frames == 0 || planted.meanMps < 0.6 * slid.meanMps, "the stance feet still slide");
    if (QTest::currentDataTag() == QStringLiteral("knight walking")) QVERIFY(planted.meanMps < 0.1 * travel / c.duration());
    QVERIFY2(travel / c.duration() > 0.3, "the clip does not travel");
  }

  void armsNamedLegsBearNoWeight() {
    // The CMU figure-8 walk with its arms renamed FrontLeg_L / FrontLeg_R (a mech's or a
    // dinosaur's naming): the arms never reach the ground, so only the feet bear weight.
    std::ifstream in(kData + "/cmu-leonardo-ono-roll/144_03.bvh");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"JOINT LeftArm", "JOINT FrontLeg_L"},
                                   {"JOINT RightArm", "JOINT FrontLeg_R"}}) {
      const size_t at = text.find(from);
      QVERIFY(at != std::string::npos);
      text.replace(at, from.size(), to);
    }
    const BvhImport bvh = parseBvh(text, "144_03_frontlegs.bvh", bvhAdmissionOptions());
    QVERIFY(bvh.skeleton.find("FrontLeg_L") >= 0);
    const std::vector<LimbEnd> ends = weightBearingEnds(bvh.skeleton, bvh.clip);
    QVERIFY(!ends.empty());
    for (const LimbEnd& e : ends) {
      // Each end hangs below a leg's upper joint, never below an arm.
      bool underLeg = false;
      for (int j = e.joint; j >= 0; j = bvh.skeleton.parents[j]) {
        QVERIFY2(bvh.skeleton.names[j].find("FrontLeg") == std::string::npos, bvh.skeleton.names[e.joint].c_str());
        underLeg |= bvh.skeleton.names[j] == "LeftUpLeg" || bvh.skeleton.names[j] == "RightUpLeg";
      }
      QVERIFY2(underLeg, bvh.skeleton.names[e.joint].c_str());
    }
  }

  void idleClipsStay() {
    const GltfImport g = importGltf(kData + "/characters/knight.glb");
    for (size_t i = 0; i < g.clips.size(); ++i) {
      if (g.animationNames[i].find("Idle") != std::string::npos) QVERIFY2(!g.inPlace[i].detected, g.animationNames[i].c_str());
    }
  }

  void admissionNotesAClipGivenRootMotion() {
    GltfImportOptions o = sceneAdmissionOptions(Project{});
    const GltfImport g = importGltf(kData + "/characters/knight.glb", o);
    Project p;
    int walking = 0;
    while (g.animationNames[walking].find("Walking") == std::string::npos) ++walking;
    const AdmittedClip a = admitSceneClip(p, "", g, walking, "knight.glb");
    bool noted = false;
    for (const std::string& n : a.notes) noted |= n.find("is in place") != std::string::npos && n.find("given root motion from its feet") != std::string::npos;
    QVERIFY2(noted, a.notes.empty() ? "no notes" : a.notes.back().c_str());
  }
};

QTEST_APPLESS_MAIN(TestInPlaceMotion)
#include "test_in_place_motion.moc"
