// Body generation (body_generation.h): for every rig in data/ (the first clip of each folder),
// the synthetic biped / quadruped / hexapod and variants (renamed joints, other units): finite
// positions and unit outward normals, counter-clockwise triangles, weights >= 0 summing to 1
// with at most four influences, every vertex within its part's radius bound of its bone
// (distances computed here), no part on a zero-length bone, and the runtime's validate().
// Skinned with the runtime's jobs: the rest palette reproduces the bind pose, and a 90 degree
// knee or elbow bend keeps the rings at the joint open. Invalid skeletons throw.
#include <QtTest>

#include <QDir>
#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "fatgraph/core/body/body_generation.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/io/gltf_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/pose.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {

using SkeletonSource = std::function<Skeleton()>;

// The rig of the first clip (by name) of data/<folder>: a BVH file's, or else a glTF
// character's skin (data/characters/).
Skeleton dataRig(const QString& folder) {
  const QDir dir(QStringLiteral(FATGRAPH_DATA_DIR "/") + folder);
  const QStringList clips = dir.entryList({QStringLiteral("*.bvh")}, QDir::Files, QDir::Name);
  if (!clips.isEmpty()) return importBvh(dir.filePath(clips.front()).toStdString()).skeleton;
  const QStringList characters = dir.entryList({QStringLiteral("*.glb")}, QDir::Files, QDir::Name);
  if (characters.isEmpty()) throw Error("no clip in " + folder.toStdString());
  return importGltfCharacter(dir.filePath(characters.front()).toStdString()).skeleton;
}

QStringList dataFolders() {
  return QDir(QStringLiteral(FATGRAPH_DATA_DIR)).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

Skeleton renamed(Skeleton s) {
  for (int j = 0; j < s.jointCount(); ++j) s.names[j] = "j" + std::to_string(j);
  return s;
}

// A random tree (seeded): joints hang from random earlier joints at random offsets, a fifth
// of them zero-length pivots, leaves closed by end sites (some zero-length too).
Skeleton randomRig(unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> offset(-0.4, 0.4);
  Skeleton s;
  s.addJoint("Root", -1, Vec3(0, 1, 0), true);
  const int count = 2 + static_cast<int>(rng() % 60);
  for (int j = 1; j < count; ++j) {
    const int parent = static_cast<int>(rng() % j);
    const bool pivot = rng() % 5 == 0;
    s.addJoint("b" + std::to_string(j), parent,
               pivot ? Vec3::Zero() : Vec3(offset(rng), offset(rng), offset(rng)), false);
  }
  for (int j = 0; j < count; ++j) {
    if (s.children(j).empty())
      s.endSites.push_back({j, rng() % 4 == 0 ? Vec3::Zero() : Vec3(offset(rng), offset(rng), 0)});
  }
  return s;
}

Skeleton scaled(Skeleton s, double k) {
  for (Vec3& o : s.restOffsets) o *= k;
  for (EndSite& e : s.endSites) e.offset *= k;
  return s;
}

struct RestPoints {
  std::vector<Vec3> joints, endSites;
  double height = 0;
};

RestPoints restPoints(const Skeleton& s) {
  const Pose rest = Pose::rest(s);
  RestPoints out;
  std::vector<Quat> rotations(s.jointCount());
  out.joints.resize(s.jointCount());
  localToModel(s, rest.rotations, rest.translations, rotations, out.joints);
  out.endSites.resize(s.endSites.size());
  endSitePositions(s, rotations, out.joints, out.endSites);
  Vec3 lo = out.joints[0], hi = out.joints[0];
  for (const auto* list : {&out.joints, &out.endSites}) {
    for (const Vec3& p : *list) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
  }
  out.height = (hi - lo).maxCoeff();
  return out;
}

Vec3 nearestOnSegment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double t = std::clamp((p - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
  return a + ab * t;
}

Vec3 d(const Vec3f& v) { return v.cast<double>(); }
Vec3 d(const Float3& v) { return toEigenDouble(v); }

const BodyPart* partOf(const GeneratedBody& body, int vertex) {
  for (const BodyPart& p : body.parts) {
    if (vertex >= p.firstVertex && vertex < p.firstVertex + p.vertexCount) return &p;
  }
  return nullptr;
}

// The part of `joint` whose bone ends at `end` (rest position), or nullptr.
const BodyPart* partOfBone(const GeneratedBody& body, int joint, const Vec3& end) {
  for (const BodyPart& p : body.parts) {
    if (p.joint == joint && (d(p.boneEnd) - end).norm() < 1e-5) return &p;
  }
  return nullptr;
}

// Per vertex of `part` in the ring nearest the bone's parameter `t` (0 start, 1 end): its
// distance from `center` in the rest pose and in `skinned`.
void ringRadii(const GeneratedBody& body, const BodyPart& part, double t, const Vec3& center,
               const Vec3& skinnedCenter, const std::vector<Float3>& skinned,
               std::vector<double>& rest, std::vector<double>& bent,
               std::vector<Vec3>* bentOffsets = nullptr) {
  const Vec3 a = d(part.boneStart), b = d(part.boneEnd);
  const Vec3 axis = (b - a).normalized();
  const double target = t * (b - a).norm();
  double best = 1e30;
  for (int v = part.firstVertex; v < part.firstVertex + part.vertexCount; ++v)
    best = std::min(best, std::abs((d(body.mesh.positions[v]) - a).dot(axis) - target));
  for (int v = part.firstVertex; v < part.firstVertex + part.vertexCount; ++v) {
    const Vec3 p = d(body.mesh.positions[v]);
    if (std::abs(std::abs((p - a).dot(axis) - target) - best) > 1e-5) continue;
    rest.push_back((p - center).norm());
    bent.push_back((d(skinned[v]) - skinnedCenter).norm());
    if (bentOffsets) bentOffsets->push_back(d(skinned[v]) - skinnedCenter);
  }
}

}  // namespace

class TestBodyGeneration : public QObject {
  Q_OBJECT

 private slots:
  void invariants_data();
  void invariants();
  void restPaletteGivesBindPose();
  void unitsAndNamesDoNotMatter();
  void bendKeepsJointOpen_data();
  void bendKeepsJointOpen();
  void invalidSkeletonThrows();
};

void TestBodyGeneration::invariants_data() {
  QTest::addColumn<SkeletonSource>("source");
  for (const QString& folder : dataFolders())
    QTest::newRow(qPrintable(folder)) << SkeletonSource([folder] { return dataRig(folder); });
  QTest::newRow("synthetic biped") << SkeletonSource(syntheticBipedSkeleton);
  QTest::newRow("synthetic quadruped") << SkeletonSource(syntheticQuadrupedSkeleton);
  QTest::newRow("synthetic hexapod") << SkeletonSource(syntheticHexapodSkeleton);
  QTest::newRow("renamed cmu-bvh11")
      << SkeletonSource([] { return renamed(dataRig(QStringLiteral("cmu-bvh11"))); });
  for (unsigned seed = 1; seed <= 40; ++seed) {
    QTest::newRow(qPrintable(QStringLiteral("random %1").arg(seed)))
        << SkeletonSource([seed] { return randomRig(seed); });
  }
}

void TestBodyGeneration::invariants() {
  QFETCH(SkeletonSource, source);
  const Skeleton skeleton = source();
  const GeneratedBody body = generateBody(skeleton);
  const SkinnedMesh& mesh = body.mesh;
  const RestPoints rest = restPoints(skeleton);
  const int n = skeleton.jointCount();

  QCOMPARE(QString::fromStdString(mesh.validate(n)), QString());
  QVERIFY(mesh.vertexCount() > 0);
  QCOMPARE(mesh.jointCount(), n);
  QCOMPARE(mesh.triangles.size() % 3, size_t{0});
  for (std::uint32_t i : mesh.triangles) QVERIFY(i < static_cast<std::uint32_t>(mesh.vertexCount()));

  // Parts: contiguous, one real bone each (start at the joint, end at a child or end site).
  QVERIFY(!body.parts.empty());
  int next = 0;
  for (const BodyPart& part : body.parts) {
    QCOMPARE(part.firstVertex, next);
    next += part.vertexCount;
    QVERIFY(part.joint >= 0 && part.joint < n);
    QVERIFY((d(part.boneStart) - rest.joints[part.joint]).norm() < 1e-5 * rest.height + 1e-6);
    double endGap = 1e30;
    for (int c = 0; c < n; ++c) {
      if (skeleton.parents[c] == part.joint)
        endGap = std::min(endGap, (d(part.boneEnd) - rest.joints[c]).norm());
    }
    for (size_t e = 0; e < skeleton.endSites.size(); ++e) {
      if (skeleton.endSites[e].parent == part.joint)
        endGap = std::min(endGap, (d(part.boneEnd) - rest.endSites[e]).norm());
    }
    QVERIFY2(endGap < 1e-5 * rest.height + 1e-6, skeleton.names[part.joint].c_str());
    // Zero-length bones get no part.
    QVERIFY2((part.boneEnd - part.boneStart).norm() > 1e-3 * rest.height,
             skeleton.names[part.joint].c_str());
    QVERIFY2(part.radiusBound > 0 && part.radiusBound < 0.4 * rest.height,
             (skeleton.names[part.joint] + ": radius bound " + std::to_string(part.radiusBound) +
              " for a figure of " + std::to_string(rest.height))
                 .c_str());
  }
  QCOMPARE(next, mesh.vertexCount());

  for (int v = 0; v < mesh.vertexCount(); ++v) {
    const BodyPart* part = partOf(body, v);
    QVERIFY(part);
    const Vec3 p = d(mesh.positions[v]);
    QVERIFY(p.allFinite() && isFinite(mesh.normals[v]));
    QVERIFY(std::abs(length(mesh.normals[v]) - 1) < 1e-4);
    const Vec3 foot = nearestOnSegment(p, d(part->boneStart), d(part->boneEnd));
    QVERIFY2((p - foot).norm() <= part->radiusBound,
             (skeleton.names[part->joint] + " vertex " + std::to_string(v)).c_str());
    QVERIFY2(d(mesh.normals[v]).dot(p - foot) > 0, "normal points into the body");
    float sum = 0;
    int influences = 0;
    for (int k = 0; k < kMaxSkinInfluences; ++k) {
      QVERIFY(mesh.weights[v][k] >= 0);
      QVERIFY(mesh.joints[v][k] < n);
      sum += mesh.weights[v][k];
      influences += mesh.weights[v][k] > 0;
    }
    QVERIFY(std::abs(sum - 1) < 1e-5f);
    QVERIFY(influences >= 1 && influences <= kMaxSkinInfluences);
  }

  // Counter-clockwise seen from outside: the face normal points away from the bone.
  for (size_t t = 0; t < mesh.triangles.size(); t += 3) {
    const Vec3 a = d(mesh.positions[mesh.triangles[t]]), b = d(mesh.positions[mesh.triangles[t + 1]]),
               c = d(mesh.positions[mesh.triangles[t + 2]]);
    const BodyPart* part = partOf(body, static_cast<int>(mesh.triangles[t]));
    const Vec3 centroid = (a + b + c) / 3;
    const Vec3 foot = nearestOnSegment(centroid, d(part->boneStart), d(part->boneEnd));
    QVERIFY2((b - a).cross(c - a).dot(centroid - foot) > 0, "clockwise triangle");
  }
}

void TestBodyGeneration::restPaletteGivesBindPose() {
  const Skeleton skeleton = dataRig(QStringLiteral("cmu-leonardo-ono-roll"));
  const GeneratedBody body = generateBody(skeleton);
  const int n = skeleton.jointCount();
  const Pose rest = Pose::rest(skeleton);
  std::vector<Quat> rotations(n);
  std::vector<Vec3> positions(n);
  localToModel(skeleton, rest.rotations, rest.translations, rotations, positions);
  std::vector<Float3> skinned, normals;
  skinBody(body.mesh, rotations, positions, skinned, &normals);
  for (int v = 0; v < body.mesh.vertexCount(); ++v) {
    QVERIFY(length(skinned[v] - body.mesh.positions[v]) < 1e-5f);
    QVERIFY(length(normals[v] - body.mesh.normals[v]) < 1e-4f);
  }
}

// The same rig in centimetres or with meaningless joint names gives the same body (scaled):
// sizes come from the rig's lengths, and the names are only hints.
void TestBodyGeneration::unitsAndNamesDoNotMatter() {
  for (const QString& folder : dataFolders()) {
    const Skeleton skeleton = dataRig(folder);
    const GeneratedBody body = generateBody(skeleton);
    const GeneratedBody centimetres = generateBody(scaled(skeleton, 100));
    QCOMPARE(centimetres.mesh.vertexCount(), body.mesh.vertexCount());
    const double size = restPoints(skeleton).height;
    for (int v = 0; v < body.mesh.vertexCount(); ++v) {
      QVERIFY((d(centimetres.mesh.positions[v]) / 100 - d(body.mesh.positions[v])).norm() <
              1e-4 * size);
    }
    const GeneratedBody anonymous = generateBody(renamed(skeleton));
    QCOMPARE(anonymous.parts.size(), body.parts.size());
  }
}

void TestBodyGeneration::bendKeepsJointOpen_data() {
  QTest::addColumn<SkeletonSource>("source");
  QTest::addColumn<QString>("joint");  // the knee or elbow to bend
  const auto leonardo = [] { return dataRig(QStringLiteral("cmu-leonardo-ono-roll")); };
  const auto bvh11 = [] { return dataRig(QStringLiteral("cmu-bvh11")); };
  QTest::newRow("cmu knee") << SkeletonSource(leonardo) << QStringLiteral("LeftLeg");
  QTest::newRow("cmu elbow") << SkeletonSource(leonardo) << QStringLiteral("RightForeArm");
  QTest::newRow("bvh11 knee") << SkeletonSource(bvh11) << QStringLiteral("RightKnee");
  QTest::newRow("bvh11 elbow") << SkeletonSource(bvh11) << QStringLiteral("LeftElbow");
  QTest::newRow("synthetic knee") << SkeletonSource(syntheticBipedSkeleton) << QStringLiteral("LeftLeg");
  QTest::newRow("synthetic elbow")
      << SkeletonSource(syntheticBipedSkeleton) << QStringLiteral("LeftForeArm");
}

// A 90 degree hinge bend: the rings of the two parts nearest the joint keep >= 60% of their
// rest distance from the joint (plain linear blend at a 50/50 ring keeps cos 45 deg ~ 71%),
// and the upper part's ring turns into the plane bisecting the bend (weights blend there).
void TestBodyGeneration::bendKeepsJointOpen() {
  QFETCH(SkeletonSource, source);
  QFETCH(QString, joint);
  const Skeleton skeleton = source();
  const int j = skeleton.find(joint.toStdString());
  QVERIFY(j > 0);
  const int parent = skeleton.parents[j];
  const GeneratedBody body = generateBody(skeleton);
  const RestPoints rest = restPoints(skeleton);

  int child = -1;
  for (int c = 0; c < skeleton.jointCount(); ++c) {
    if (skeleton.parents[c] == j) child = c;
  }
  QVERIFY(child > 0);
  const Vec3 bone = rest.joints[child] - rest.joints[j];
  Vec3 hinge = bone.cross(Vec3::UnitY());
  if (hinge.norm() < 1e-3 * bone.norm()) hinge = Vec3::UnitX();
  Pose pose = Pose::rest(skeleton);
  pose.rotations[j] = Quat(Eigen::AngleAxisd(std::numbers::pi / 2, hinge.normalized()));

  const int n = skeleton.jointCount();
  std::vector<Quat> rotations(n);
  std::vector<Vec3> positions(n);
  localToModel(skeleton, pose.rotations, pose.translations, rotations, positions);
  std::vector<Float3> skinned;
  skinBody(body.mesh, rotations, positions, skinned, nullptr);

  const BodyPart* upper = partOfBone(body, parent, rest.joints[j]);
  const BodyPart* lower = partOfBone(body, j, rest.joints[child]);
  QVERIFY(upper && lower);
  std::vector<double> r0, r1;
  std::vector<Vec3> offsets;
  ringRadii(body, *upper, 1.0, rest.joints[j], positions[j], skinned, r0, r1, &offsets);
  // Smooth, not rigid: the upper part's ring at the joint turns half way, into the plane
  // bisecting the two bones (a rigid ring would stay square to the upper bone).
  const Vec3 bisector = ((rest.joints[j] - rest.joints[parent]).normalized() +
                         (positions[child] - positions[j]).normalized())
                            .normalized();
  for (size_t i = 0; i < offsets.size(); ++i)
    QVERIFY2(std::abs(offsets[i].dot(bisector)) < 0.25 * r0[i], "the ring at the joint did not turn");
  ringRadii(body, *lower, 0.0, rest.joints[j], positions[j], skinned, r0, r1);
  QVERIFY(r0.size() >= 6);
  double worst = 1e30;
  for (size_t i = 0; i < r0.size(); ++i) worst = std::min(worst, r1[i] / r0[i]);
  qInfo("%s: the rings at the joint keep >= %.0f%% of their rest radius", qPrintable(joint),
        100 * worst);
  QVERIFY2(worst >= 0.6, ("ring keeps only " + std::to_string(worst)).c_str());
}

void TestBodyGeneration::invalidSkeletonThrows() {
  Skeleton broken = syntheticBipedSkeleton();
  broken.parents[3] = 7;  // a parent after its child
  FATGRAPH_VERIFY_THROWS(Error, "body generation: invalid skeleton: joint", generateBody(broken));

  Skeleton lone;
  lone.addJoint("Root", -1, Vec3::Zero(), true);
  FATGRAPH_VERIFY_THROWS(Error, "body generation: the skeleton has no bone of non-zero length",
                         generateBody(lone));  // no bone at all

  Skeleton flat;
  const int root = flat.addJoint("Root", -1, Vec3::Zero(), true);
  flat.addJoint("Pivot", root, Vec3::Zero(), false);
  flat.endSites.push_back({1, Vec3::Zero()});
  FATGRAPH_VERIFY_THROWS(Error, "body generation: the skeleton has no bone of non-zero length",
                         generateBody(flat));  // only zero-length bones

  FATGRAPH_VERIFY_THROWS(Error, "body generation: invalid skeleton: skeleton has no joints", generateBody(Skeleton{}));
  BodyOptions options;
  options.ringSegments = 2;
  FATGRAPH_VERIFY_THROWS(Error, "body generation: ringSegments must be in [3, 256], got 2",
                         generateBody(syntheticBipedSkeleton(), options));
  options = {};
  options.thickness = std::nanf("");
  FATGRAPH_VERIFY_THROWS(Error, "body generation: thickness must be in (0, 10], got nan",
                         generateBody(syntheticBipedSkeleton(), options));
}

QTEST_GUILESS_MAIN(TestBodyGeneration)
#include "test_body_generation.moc"
