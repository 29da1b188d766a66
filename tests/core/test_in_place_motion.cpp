// In-place clips (in_place_motion.h): a synthetic walk made to stay in place gets back the
// root path it had; travelling clips (synthetic, CMU) are left bit for bit; the knight's, the
// fox's and the spider's walks are found in place and, judged by foot contacts measured as an
// outsider would (motion_contacts.h), plant their stance feet once given root motion; arms
// renamed FrontLeg that never touch the ground bear no weight.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <iterator>
#include <utility>
#include <string>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/io/clip_admission.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/locomotion/in_place_motion.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/locomotion/motion_contacts.h"
#include "fatgraph/test_support/synthetic_motion.h"

using namespace fatgraph;

namespace {

const std::string kData = FATGRAPH_DATA_DIR;

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

}  // namespace

class TestInPlaceMotion : public QObject {
  Q_OBJECT
 private slots:
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
    // The stance feet slide less than they did (the lowest foot leads; with four or eight
    // feet it changes often, and they are planted only partly), and the knight's walk plants
    // them: they move at a small part of the speed the clip now travels at.
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
