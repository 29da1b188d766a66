// Retargeting (joint_roles.h, retargeting.h, project_character.h): joint names of the common
// conventions read as the same roles; a synthetic character with known ground truth (a CMU
// skeleton renamed the Mixamo way, 1.3 times larger, its arms lowered into an A-pose and every
// joint's frame turned at random, its unnamed joints found by geometry) follows the mocap to
// 1e-6 of its height; CMU walks on the Quaternius adventurer and knight keep their foot
// contacts and stride-to-leg-length ratio by an outsider's contact measure; user choices
// override the map; a quadruped is refused, saying why.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_coverage.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/locomotion/motion_contacts.h"
#include "fatgraph/core/io/project_character.h"
#include "fatgraph/core/retarget/retargeting.h"
#include "verify_throws.h"

using namespace fatgraph;

Q_DECLARE_METATYPE(JointRole)
Q_DECLARE_METATYPE(JointSide)

namespace {

std::string dataFile(const std::string& name) { return std::string(FATGRAPH_DATA_DIR) + "/" + name; }

Project cmuWalk(int frames) {
  ClipSetOptions o;
  ClipSetImport imported = importClipSet({dataFile("cmu-leonardo-ono-roll/144_03.bvh")}, o);
  Project p = std::move(imported.project);
  p.clips[0] = subClip(p.clips[0], 0, frames);
  return p;
}

std::vector<Vec3> worldPositions(const Skeleton& s, const Clip& c, int frame) {
  std::vector<Quat> r(s.jointCount());
  std::vector<Vec3> p(s.jointCount());
  clipFrameToModel(s, c, frame, r, p);
  return p;
}

// Foot paths of the named joints over a clip.
std::vector<std::vector<Vec3>> paths(const Skeleton& s, const Clip& c, const std::vector<std::string>& names) {
  std::vector<int> joints;
  for (const std::string& n : names) joints.push_back(s.find(n));
  return jointPaths(s, c, joints);
}

// The largest distance any joint moves between two frames (metres), and which joint.
std::pair<double, std::string> largestJump(const Skeleton& s, const Clip& c) {
  std::pair<double, std::string> worst{0, ""};
  std::vector<Vec3> before = worldPositions(s, c, 0);
  for (int f = 1; f < c.frameCount(); ++f) {
    const std::vector<Vec3> now = worldPositions(s, c, f);
    for (int j = 0; j < s.jointCount(); ++j) {
      if ((now[j] - before[j]).norm() > worst.first) worst = {(now[j] - before[j]).norm(), s.names[j] + " frame " + std::to_string(f)};
    }
    before = now;
  }
  return worst;
}

// Mean horizontal distance between successive stances' middles of each foot (metres).
double meanStride(const MotionContacts& contacts, const std::vector<std::vector<Vec3>>& feet) {
  double sum = 0;
  int n = 0;
  for (size_t f = 0; f < feet.size(); ++f) {
    const auto& st = contacts.feet[f].stances;
    for (size_t i = 1; i < st.size(); ++i) {
      const Vec3 a = feet[f][(st[i - 1].first + st[i - 1].last) / 2];
      const Vec3 b = feet[f][(st[i].first + st[i].last) / 2];
      sum += std::hypot(b.x() - a.x(), b.z() - a.z());
      ++n;
    }
  }
  return n ? sum / n : 0;
}

// Hip to knee to ankle at rest (metres): the leg length strides are measured against.
double legLength(const Skeleton& s, const Clip* rest, const char* hip, const char* knee, const char* ankle) {
  std::vector<Quat> q(s.jointCount());
  std::vector<Vec3> p(s.jointCount());
  const Pose pose = rest ? rest->pose(0) : Pose::rest(s);
  localToModel(s, pose.rotations, pose.translations, q, p);
  return (p[s.find(knee)] - p[s.find(hip)]).norm() + (p[s.find(ankle)] - p[s.find(knee)]).norm();
}

const std::map<std::string, std::string> kMixamoNames = {
    {"Hips", "mixamorig:Hips"},          {"LeftUpLeg", "mixamorig:LeftUpLeg"},
    {"LeftLeg", "mixamorig:LeftLeg"},    {"LeftFoot", "mixamorig:LeftFoot"},
    {"LeftToeBase", "mixamorig:LeftToeBase"}, {"RightUpLeg", "mixamorig:RightUpLeg"},
    {"RightLeg", "mixamorig:RightLeg"},  {"RightFoot", "mixamorig:RightFoot"},
    {"RightToeBase", "mixamorig:RightToeBase"}, {"LowerBack", "mixamorig:Spine"},
    {"Spine", "mixamorig:Spine1"},       {"Spine1", "mixamorig:Spine2"},
    {"Neck", "mixamorig:Neck"},          {"Head", "mixamorig:Head"},
    {"LeftShoulder", "mixamorig:LeftShoulder"}, {"LeftArm", "mixamorig:LeftArm"},
    {"LeftForeArm", "mixamorig:LeftForeArm"},   {"LeftHand", "mixamorig:LeftHand"},
    {"RightShoulder", "mixamorig:RightShoulder"}, {"RightArm", "mixamorig:RightArm"},
    {"RightForeArm", "mixamorig:RightForeArm"},   {"RightHand", "mixamorig:RightHand"},
};

// The synthetic character of the file comment: returns its rest skeleton. Joint j's frame is
// F_j relative to the source's; the rest pose is the source's T-pose with the upper arms
// swung 40 degrees down; positions are 1.3 times the source's.
RestSkeleton syntheticCharacter(const Skeleton& s, double scale) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  const int n = s.jointCount();
  std::vector<Quat> frame(n), apose(n, Quat::Identity());
  for (int j = 0; j < n; ++j) frame[j] = Quat(u(rng), u(rng), u(rng), u(rng) + 1.5).normalized();
  for (const char* arm : {"LeftArm", "RightArm"}) {
    const int j = s.find(arm);
    const Vec3 bone = s.restOffsets[s.children(j).front()];
    const Vec3 axis = bone.cross(Vec3::UnitY()).normalized();
    apose[j] = Quat(Eigen::AngleAxisd(-40 * M_PI / 180, axis));  // the bone towards -Y
  }
  RestSkeleton t;
  for (int j = 0; j < n; ++j) {
    const int p = s.parents[j];
    const auto it = kMixamoNames.find(s.names[j]);
    const std::string name = it != kMixamoNames.end() ? it->second : "x" + std::to_string(j);
    const Quat parentFrame = p < 0 ? Quat::Identity() : frame[p];
    t.skeleton.addJoint(name, p, parentFrame.conjugate() * (scale * s.restOffsets[j]), p < 0);
    t.rest.rotations.push_back((parentFrame.conjugate() * apose[j] * frame[j]).normalized());
    t.rest.translations.push_back(t.skeleton.restOffsets[j]);
  }
  for (const EndSite& e : s.endSites) t.skeleton.endSites.push_back({e.parent, frame[e.parent].conjugate() * (scale * e.offset)});
  return t;
}

}  // namespace

class TestRetargeting : public QObject {
  Q_OBJECT

 private slots:
  void namesOfConventions_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<JointRole>("role");
    QTest::addColumn<JointSide>("side");
    QTest::newRow("CMU thigh") << "LeftUpLeg" << JointRole::Thigh << JointSide::Left;
    QTest::newRow("CMU shin") << "RightLeg" << JointRole::Shin << JointSide::Right;
    QTest::newRow("CMU hip joint") << "LHipJoint" << JointRole::None << JointSide::Left;
    QTest::newRow("CMU lower back") << "LowerBack" << JointRole::Spine << JointSide::Centre;
    QTest::newRow("CMU neck 1") << "Neck1" << JointRole::Neck << JointSide::Centre;
    QTest::newRow("CMU fingers") << "LeftHandIndex1" << JointRole::None << JointSide::Left;
    QTest::newRow("Mixamo upper arm") << "mixamorig:LeftArm" << JointRole::UpperArm << JointSide::Left;
    QTest::newRow("Mixamo forearm") << "mixamorig:RightForeArm" << JointRole::LowerArm << JointSide::Right;
    QTest::newRow("Mixamo toe") << "mixamorig:LeftToeBase" << JointRole::Toe << JointSide::Left;
    QTest::newRow("Mixamo head end") << "mixamorig:HeadTop_End" << JointRole::None << JointSide::Centre;
    QTest::newRow("Unreal pelvis") << "pelvis" << JointRole::Pelvis << JointSide::Centre;
    QTest::newRow("Unreal spine") << "spine_02" << JointRole::Spine << JointSide::Centre;
    QTest::newRow("Unreal clavicle") << "clavicle_l" << JointRole::Clavicle << JointSide::Left;
    QTest::newRow("Unreal calf") << "calf_r" << JointRole::Shin << JointSide::Right;
    QTest::newRow("Unreal ball") << "ball_l" << JointRole::Toe << JointSide::Left;
    QTest::newRow("Unreal twist") << "upperarm_twist_01_l" << JointRole::None << JointSide::Left;
    QTest::newRow("Unreal IK foot") << "ik_foot_r" << JointRole::None << JointSide::Right;
    QTest::newRow("Blender upper arm") << "UpperArm.L" << JointRole::UpperArm << JointSide::Left;
    QTest::newRow("Blender palm") << "Palm.R" << JointRole::Hand << JointSide::Right;
    QTest::newRow("Blender DEF thigh") << "DEF-thigh.R" << JointRole::Thigh << JointSide::Right;
    QTest::newRow("CC thigh") << "CC_Base_L_Thigh" << JointRole::Thigh << JointSide::Left;
    QTest::newRow("Biped calf") << "Bip01 R Calf" << JointRole::Shin << JointSide::Right;
    QTest::newRow("ASF femur") << "lfemur" << JointRole::Thigh << JointSide::Left;
    QTest::newRow("ASF humerus") << "rhumerus" << JointRole::UpperArm << JointSide::Right;
    QTest::newRow("no role") << "Tail3" << JointRole::None << JointSide::Centre;
  }

  void namesOfConventions() {
    QFETCH(QString, name);
    QFETCH(JointRole, role);
    QFETCH(JointSide, side);
    const JointIdentity id = identifyJointName(name.toStdString());
    QCOMPARE(roleName(id.role), roleName(role));
    if (role != JointRole::None) QCOMPARE(static_cast<int>(id.side), static_cast<int>(side));
  }

  // The knight's legs hang from "Body", above its "Hips": Body is the pelvis, Hips the spine.
  void pelvisIsWhereTheLegsHang() {
    const GltfImport knight = importGltfCharacter(dataFile("characters/knight.glb"));
    const std::vector<JointIdentity> ids = identifyJoints(knight.skeleton);
    QCOMPARE(roleName(ids[knight.skeleton.find("Body")].role), std::string("pelvis"));
    QCOMPARE(roleName(ids[knight.skeleton.find("Hips")].role), std::string("spine"));
  }

  // Ground truth: every joint of the synthetic character is where 1.3 times the source's is.
  void syntheticCharacterFollowsExactly() {
    const Project source = cmuWalk(120);
    const double scale = 1.3;
    RestSkeleton target = syntheticCharacter(source.skeleton, scale);
    const RestSkeleton from{source.skeleton, Pose::rest(source.skeleton)};
    JointMap map = mapJoints(from, target);
    int byName = 0, byGeometry = 0;
    for (int j = 0; j < target.skeleton.jointCount(); ++j) {
      byName += map.how[j] == JointMatch::Name;
      byGeometry += map.how[j] == JointMatch::Geometry;
      QVERIFY2(map.source[j] == j, qPrintable(QString::fromStdString(target.skeleton.names[j] + " follows " +
                                                                  (map.source[j] < 0 ? std::string("nothing") : source.skeleton.names[map.source[j]]))));
    }
    QCOMPARE(byName, 22);
    QCOMPARE(byGeometry, source.skeleton.jointCount() - 22);
    const Retargeter r = makeRetargeter(from, target, map, detectLegs(target.skeleton, nullptr));
    QVERIFY2(std::abs(r.scale - scale) < 1e-9, qPrintable(QString::number(r.scale)));
    const Clip moved = retargetMotion(r, source.clips[0]);
    double worst = 0;
    std::string where;
    for (int f = 0; f < moved.frameCount(); f += 7) {
      const std::vector<Vec3> a = worldPositions(source.skeleton, source.clips[0], f);
      const std::vector<Vec3> b = worldPositions(target.skeleton, moved, f);
      for (int j = 0; j < target.skeleton.jointCount(); ++j) {
        const double e = (b[j] - scale * a[j]).norm();
        if (e > worst) {
          worst = e;
          where = source.skeleton.names[j] + " frame " + std::to_string(f);
        }
      }
    }
    QVERIFY2(worst < 1e-6 * 2.3, qPrintable(QString("largest joint error %1 m at %2").arg(worst).arg(QString::fromStdString(where))));
  }

  // Item 6 of the issue on real data: CMU's figure-8 walk on the adventurer (another skeleton,
  // an A-pose, no toes). Contacts by the outsider's measure on the ankles of both.
  void walkOnAdventurerKeepsContactsAndStride() {
    Project project = cmuWalk(600);
    const Project source = project;
    const std::vector<std::string> notes = setProjectCharacter(project, dataFile("characters/adventurer.glb"));
    QVERIFY(project.character.retargeted());
    QCOMPARE(project.skeleton.names[project.skeleton.motionRoot], std::string("Hips"));
    QCOMPARE(project.character.follows[project.skeleton.find("UpperLeg.L")], std::string("LeftUpLeg"));
    QCOMPARE(project.character.follows[project.skeleton.find("Hand.R")], std::string("RightHand"));
    QCOMPARE(project.character.follows[project.skeleton.find("Root")], std::string());
    QVERIFY(project.validate().empty());
    QCOMPARE(project.legs.legs.size(), size_t(2));

    const auto sourceFeet = paths(source.skeleton, source.clips[0], {"LeftFoot", "RightFoot"});
    const auto targetFeet = paths(project.skeleton, project.clips[0], {"Foot.L", "Foot.R"});
    const MotionContacts a = measureMotionContacts(sourceFeet, 30.0);
    const MotionContacts b = measureMotionContacts(targetFeet, 30.0);
    const GltfImport adventurer = importGltfCharacter(dataFile("characters/adventurer.glb"));
    const double legSource = legLength(source.skeleton, nullptr, "LeftUpLeg", "LeftLeg", "LeftFoot");
    const double legTarget = legLength(adventurer.skeleton, &adventurer.restPose, "UpperLeg.L", "LowerLeg.L", "Foot.L");
    const double strideSource = meanStride(a, sourceFeet) / legSource;
    const double strideTarget = meanStride(b, targetFeet) / legTarget;
    qInfo("stances %d -> %d; stride/leg %.3f -> %.3f; mid-stance skate %.1f -> %.1f mm; penetration %.1f mm",
          a.stances, b.stances, strideSource, strideTarget, 1000 * a.midSkateMedian.value_or(-1),
          1000 * b.midSkateMedian.value_or(-1), 1000 * b.penetration);
    const auto jumpSource = largestJump(source.skeleton, source.clips[0]);
    const auto jumpTarget = largestJump(project.skeleton, project.clips[0]);
    qInfo("largest joint step per frame %.3f m (%s) -> %.3f m (%s)", jumpSource.first, jumpSource.second.c_str(),
          jumpTarget.first, jumpTarget.second.c_str());
    QVERIFY(jumpTarget.first < 1.5 * jumpSource.first);
    QCOMPARE(b.stances, a.stances);
    QVERIFY(std::abs(strideTarget / strideSource - 1) < 0.05);
    QVERIFY(b.midSkateMedian.value_or(1) <= a.midSkateMedian.value_or(0) * 1.2 + 0.002);
  }

  // Item 6's graph measure: the graph built on the character is the source's (over the joints
  // the character follows) within stated tolerances: coverage within 2 points, as many fat
  // edges within one; given the source's hub frames and its threshold scaled by the leg ratio,
  // its match sets hold the same frames (within a frame; Jaccard >= 0.8) and it has as many
  // segments within 10 %.
  void graphOnCharacterMatchesSource() {
    Project source = cmuWalk(1120);
    Project character = source;
    setProjectCharacter(character, dataFile("characters/adventurer.glb"));
    // Like with like: the source's distances over the joints the character follows, as the
    // character's are over the joints that follow the source.
    source.settings.jointWeights.assign(source.skeleton.jointCount(), 0.0);
    for (const std::string& name : character.character.follows) {
      if (!name.empty()) source.settings.jointWeights[source.skeleton.find(name)] = 1.0;
    }
    buildMotionGraph(source);
    buildMotionGraph(character);
    auto nearSource = [&](const FrameRef& f) {
      for (const Hub& sh : source.graph.hubs) {
        if (std::abs(sh.frame.frame - f.frame) <= 2) return true;
        for (const FrameRef& m : sh.matchSet) {
          if (std::abs(m.frame - f.frame) <= 2) return true;
        }
      }
      return false;
    };
    int near = 0;
    for (const Hub& h : character.graph.hubs) near += nearSource(h.frame);
    const double coverageSource = graphCoverage(source.graph, {source.clips[0].frameCount()}).overall;
    const double coverageCharacter = graphCoverage(character.graph, {character.clips[0].frameCount()}).overall;
    const double ownThreshold = character.graph.hubThreshold.rms;
    const double scale = legLength(character.skeleton, nullptr, "UpperLeg.L", "LowerLeg.L", "Foot.L") /
                         legLength(source.skeleton, nullptr, "LeftUpLeg", "LeftLeg", "LeftFoot");

    // The source's hubs on the character: added at their frames, the character's own removed.
    const Clip& clip = source.clips[0];
    const std::vector<std::string> own = [&] {
      std::vector<std::string> names;
      for (const Hub& h : character.graph.hubs) names.push_back(h.name);
      return names;
    }();
    for (size_t i = 0; i < source.graph.hubs.size(); ++i) {
      const int frame = static_cast<int>(std::lround(clip.sourceFrame(source.graph.hubs[i].frame.frame)));
      applyGraphEdit(character, R"({"op": "add_hub", "clip": "144_03", "frame": )" + std::to_string(frame) +
                                    R"(, "name": "source)" + std::to_string(i) + R"("})");
    }
    for (const std::string& name : own) applyGraphEdit(character, R"({"op": "remove_hub", "hub": ")" + name + R"("})");
    // Distances on the character are longer by its size: the source's threshold, scaled.
    applyGraphEdit(character, R"({"op": "set_hub_threshold", "metres": )" +
                                  std::to_string(scale * source.graph.hubThreshold.rms) + "}");
    double worstJaccard = 1;
    for (size_t i = 0; i < source.graph.hubs.size(); ++i) {
      const Hub& a = source.graph.hubs[i];
      const Hub& b = character.graph.hubs[character.graph.findHub("source" + std::to_string(i))];
      auto within = [](const std::vector<FrameRef>& set, const FrameRef& f) {
        return std::any_of(set.begin(), set.end(), [&](const FrameRef& g) { return std::abs(g.frame - f.frame) <= 1; });
      };
      int both = 0;
      for (const FrameRef& f : a.matchSet) both += within(b.matchSet, f);
      const double jaccard = double(both) / double(a.matchSet.size() + b.matchSet.size() - both);
      qInfo("hub %zu at %d: match sets %zu and %zu, %d shared; thresholds %.3f and %.3f", i, a.frame.frame, a.matchSet.size(),
            b.matchSet.size(), both, source.graph.hubThreshold.rms, character.graph.hubThreshold.rms);
      worstJaccard = std::min(worstJaccard, jaccard);
    }
    qInfo("own hubs %zu -> %zu (%d near a source hub or match), coverage %.3f -> %.3f; with the source's hubs: "
          "match sets' Jaccard >= %.2f, segments %zu -> %zu, fat edges %zu -> %zu",
          source.graph.hubs.size(), character.graph.hubs.size(), near, coverageSource, coverageCharacter,
          worstJaccard, source.graph.segments.size(), character.graph.segments.size(), source.graph.fatEdges.size(),
          character.graph.fatEdges.size());
    // The automatic threshold and hub are the data's own choices (the hub a near tie among a
    // walk's phases): reported, not compared.
    qInfo("automatic hub thresholds %.4f -> %.4f m (leg ratio %.3f)", source.graph.hubThreshold.rms, ownThreshold, scale);
    QVERIFY(std::abs(coverageCharacter - coverageSource) < 0.02);
    QVERIFY(std::abs(int(character.graph.fatEdges.size()) - int(source.graph.fatEdges.size())) <= 1);
    QVERIFY(worstJaccard >= 0.8);
    QVERIFY(std::abs(double(character.graph.segments.size()) / double(source.graph.segments.size()) - 1) <= 0.1);
  }

  // The map is kept with the project and changes by a map_joint edit: the hubs stay at their
  // frames, the clips follow the new map, a bad edit changes nothing.
  void mapIsSavedAndEdited() {
    Project project = cmuWalk(600);
    setProjectCharacter(project, dataFile("characters/adventurer.glb"), {}, {{"Neck", "Neck1"}});
    buildMotionGraph(project);
    QTemporaryDir dir;
    const std::string path = dir.filePath("adventurer.fgproj").toStdString();
    saveProject(project, path);
    Project loaded = loadProject(path);
    QCOMPARE(loaded.character.follows, project.character.follows);
    QVERIFY(loaded.character.matchedBy == project.character.matchedBy);
    QCOMPARE(loaded.character.jointMapChoices, project.character.jointMapChoices);
    QCOMPARE(loaded.character.sourceClips.size(), size_t(1));
    QCOMPARE(loaded.character.clipsSkeleton.skeleton.names, project.character.clipsSkeleton.skeleton.names);
    QCOMPARE(loaded.skeleton.names[loaded.skeleton.motionRoot], std::string("Hips"));

    const int head = loaded.skeleton.find("Head");
    const Quat before = loaded.clips[0].frameRotations(100)[head];
    const FrameRef hub = loaded.graph.hubs[0].frame;
    applyGraphEdit(loaded, R"({"op": "map_joint", "joint": "Head"})");
    QCOMPARE(loaded.character.follows[head], std::string());
    QVERIFY(loaded.graph.hubs[0].frame == hub);
    QVERIFY(!loaded.graph.fatEdges.empty());
    QCOMPARE(loaded.edits.size(), size_t(1));
    // The head no longer follows the clips' head: 0.391 rad away at frame 100.
    const double headTurn = angleBetween(before, loaded.clips[0].frameRotations(100)[head]);
    QVERIFY2(headTurn > 0.3 && headTurn < 0.5, qPrintable(QString::number(headTurn)));

    const Project kept = loaded;
    try {
      applyGraphEdit(loaded, R"({"op": "map_joint", "joint": "Head", "follows": "Nose"})");
      QFAIL("a map onto a joint the clips lack was taken");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains("the clips' skeleton has no joint 'Nose'"), e.what());
    }
    QCOMPARE(loaded.character.follows, kept.character.follows);
    QVERIFY(loaded.clips[0].rotations == kept.clips[0].rotations);
    QCOMPARE(loaded.edits.size(), size_t(1));
  }

  // The knight's feet are IK bones under its root: carried to where its shins end.
  void knightFeetAreCarriedByTheShins() {
    Project project = cmuWalk(90);
    setProjectCharacter(project, dataFile("characters/knight.glb"));
    const Skeleton& s = project.skeleton;
    QCOMPARE(s.names[s.motionRoot], std::string("Body"));
    const int foot = s.find("Foot.L"), shin = s.find("LowerLeg.L");
    QCOMPARE(project.character.follows[foot], std::string("LeftFoot"));
    const GltfImport knight = importGltfCharacter(dataFile("characters/knight.glb"));
    const std::vector<Vec3> rest = worldPositions(knight.skeleton, knight.restPose, 0);
    const double restGap = (rest[knight.skeleton.find("Foot.L")] - rest[knight.skeleton.find("LowerLeg.L")]).norm();
    double lowest = 1e9;
    for (int f = 0; f < project.clips[0].frameCount(); ++f) {
      const std::vector<Vec3> p = worldPositions(s, project.clips[0], f);
      QVERIFY(std::abs((p[foot] - p[shin]).norm() - restGap) < 1e-6);
      lowest = std::min(lowest, p[foot].y());
    }
    // Planted at the height it stands at in the knight's own rest pose (no leg IK: its feet
    // are no leg chain), within a tenth of its hip height.
    const double hips = rest[knight.skeleton.find("Body")].y();
    QVERIFY2(std::abs(lowest - rest[knight.skeleton.find("Foot.L")].y()) < 0.1 * hips,
             qPrintable(QString("lowest foot %1 m, at rest %2 m").arg(lowest).arg(rest[knight.skeleton.find("Foot.L")].y())));
  }

  void choicesOverrideTheMap() {
    Project project = cmuWalk(30);
    setProjectCharacter(project, dataFile("characters/adventurer.glb"), {}, {{"Head", ""}, {"Neck", "Head"}});
    QCOMPARE(project.character.follows[project.skeleton.find("Head")], std::string());
    QCOMPARE(project.character.follows[project.skeleton.find("Neck")], std::string("Head"));
    QVERIFY(project.character.matchedBy[project.skeleton.find("Neck")] == JointMatch::Edit);
    Project unchanged = cmuWalk(30);
    try {
      setProjectCharacter(unchanged, dataFile("characters/adventurer.glb"), {}, {{"Tail", "Head"}});
      QFAIL("a choice of a joint the character lacks was taken");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains("the character has no joint 'Tail'"), e.what());
    }
    QCOMPARE(unchanged.skeleton.jointCount(), 31);
    QCOMPARE(parseJointMapChoice("Hand.L=LeftHand"), (JointMapChoice{"Hand.L", "LeftHand"}));
    QCOMPARE(parseJointMapChoice("Root="), (JointMapChoice{"Root", ""}));
    FATGRAPH_VERIFY_THROWS(Error, "a joint map entry is CHARACTER_JOINT=CLIP_JOINT (or CHARACTER_JOINT= for none), got 'Hand.L'",
                           parseJointMapChoice("Hand.L"));
  }

  // A fox has no pelvis a biped's clips can drive: refused, the project kept.
  void quadrupedIsRefused() {
    Project project = cmuWalk(30);
    try {
      setProjectCharacter(project, dataFile("characters/fox.glb"));
      QFAIL("CMU walks were put on a fox");
    } catch (const FileError& e) {
      QVERIFY2(QString(e.what()).contains("fox.glb") && QString(e.what()).contains("no joint of the character follows the clips' pelvis 'Hips'"),
               e.what());
    }
    QCOMPARE(project.skeleton.jointCount(), 31);
    QVERIFY(project.character.empty());
  }
};

QTEST_GUILESS_MAIN(TestRetargeting)
#include "test_retargeting.moc"
