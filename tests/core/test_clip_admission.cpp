// Clip admission (clip_admission.h): files that list a joint's children in another order are
// one skeleton (reordered, same world motion), rigs that differ are refused naming both files
// and the first difference, other bone lengths are retargeted after reordering, clips are
// resampled to the working rate and uniquely named; importClipSet follows the same rules for
// BVH files and merged projects. Fixtures are written here; real clips come from data/.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>
#include <string>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/project_store.h"
#include "core/joint_order_fixtures.h"
#include "fatgraph/core/model/forward_kinematics.h"

using namespace fatgraph;
using namespace fatgraph::joint_order_fixtures;

namespace {

const std::string kData = FATGRAPH_DATA_DIR;

BvhImport parse(const std::string& text, const std::string& file) {
  BvhImportOptions o = bvhAdmissionOptions({BvhUnits::Metres, true, {}});
  // The fixtures' sine channels come back to where they began after 21 frames, a loop by the
  // motion; loops are test_looping_clips's concern, admission's here.
  o.rig.keepLoops = true;
  return parseBvh(text, file, o);
}

// Model-space joint positions of a frame, by joint name.
std::map<std::string, Vec3> positionsByName(const Skeleton& s, const Clip& c, int frame) {
  std::vector<Quat> r(s.jointCount());
  std::vector<Vec3> p(s.jointCount());
  clipFrameToModel(s, c, frame, r, p);
  std::map<std::string, Vec3> out;
  for (int j = 0; j < s.jointCount(); ++j) out[s.names[j]] = p[j];
  return out;
}

double largestGap(const Skeleton& sa, const Clip& a, const Skeleton& sb, const Clip& b) {
  double worst = 0;
  for (int f = 0; f < a.frameCount(); ++f) {
    const auto pa = positionsByName(sa, a, f), pb = positionsByName(sb, b, f);
    for (const auto& [name, x] : pa) worst = std::max(worst, (x - pb.at(name)).norm());
  }
  return worst;
}

// Adds an admitted clip as importClipSet and the editor do.
void take(Project& p, AdmittedClip a) {
  if (a.skeleton) p.skeleton = std::move(*a.skeleton);
  p.clips.push_back(std::move(a.clip));
}

QString joined(const std::vector<std::string>& notes) {
  QStringList l;
  for (const std::string& n : notes) l << QString::fromStdString(n);
  return l.join(QStringLiteral(" | "));
}

const std::vector<std::string> kReversed = {"Spine", "RightUpLeg", "LeftUpLeg"};

}  // namespace

class TestClipAdmission : public QObject {
  Q_OBJECT

 private slots:
  void reorderedChildrenCombine() {
    const BvhImport a = parse(rigBvh(smallRig(), {}, 12, 1.0 / 30), "A.bvh");
    const BvhImport b = parse(rigBvh(smallRig(), kReversed, 12, 1.0 / 30), "B.bvh");
    QVERIFY(!b.skeleton.sameTopology(a.skeleton));  // really another order
    Project p;
    take(p, admitBvh(p, "", a, "A.bvh"));
    const AdmittedClip admitted = admitBvh(p, "A.bvh", b, "B.bvh");
    QVERIFY(!admitted.skeleton);
    const QString notes = joined(admitted.notes);
    QVERIFY2(notes.contains(QStringLiteral("B.bvh: joints listed in another order")),
             qPrintable(notes));
    QVERIFY(!notes.contains(QStringLiteral("retargeted")));
    QCOMPARE(admitted.clip.frameCount(), 12);
    QVERIFY(admitted.clip.validate(p.skeleton).empty());
    // Same world motion as the file in its own order, and as file A (same channel values).
    QVERIFY(largestGap(p.skeleton, admitted.clip, b.skeleton, b.clip) < 1e-12);
    QVERIFY(largestGap(p.skeleton, admitted.clip, a.skeleton, a.clip) < 1e-12);
    for (int f = 0; f < 12; ++f) {
      for (int j = 0; j < p.skeleton.jointCount(); ++j) {
        QVERIFY(admitted.clip.frameRotations(f)[j].isApprox(a.clip.frameRotations(f)[j], 1e-12));
      }
    }
  }

  void realClipRewrittenInAnotherOrder() {
    const BvhImport original = importBvh(kData + "/cmu-leonardo-ono-roll/144_05.bvh");
    const Skeleton& s = original.skeleton;
    const auto [permuted, clip] = reversedChildOrder(s, original.clip);
    QVERIFY(!permuted.sameTopology(s));
    const BvhImport rewritten = parse(writeBvh(permuted, clip), "144_05_reordered.bvh");

    Project p;
    p.settings.fps = original.clip.fps;  // no resampling: frame-by-frame comparison
    take(p, admitBvh(p, "", original, "144_05.bvh"));
    const AdmittedClip admitted = admitBvh(p, "144_05.bvh", rewritten, "144_05_reordered.bvh");
    QCOMPARE(admitted.clip.frameCount(), original.clip.frameCount());
    QCOMPARE(admitted.clip.name, std::string("144_05_reordered"));
    const double gap = largestGap(p.skeleton, admitted.clip, s, original.clip);
    QVERIFY2(gap < 1e-4, qPrintable(QString::number(gap)));  // 6 decimals in the text
  }

  void differentRigsAreRefused_data() {
    QTest::addColumn<QString>("edit");  // how file B differs from A
    QTest::addColumn<QString>("message");
    QTest::newRow("missing joint") << QStringLiteral("no Head")
                                   << QStringLiteral("joint 'Head' of A.bvh is missing in B.bvh");
    QTest::newRow("extra joint") << QStringLiteral("extra Neck")
                                 << QStringLiteral("joint 'Neck' of B.bvh is missing in A.bvh");
    QTest::newRow("renamed joint") << QStringLiteral("Spine is Chest")
                                   << QStringLiteral("joint 'Spine' of A.bvh is missing in B.bvh");
    QTest::newRow("other parent") << QStringLiteral("LeftFoot under RightUpLeg")
                                  << QStringLiteral("joint 'LeftFoot' has parent 'LeftUpLeg' in "
                                                    "A.bvh but 'RightUpLeg' in B.bvh");
  }

  void differentRigsAreRefused() {
    QFETCH(QString, edit);
    QFETCH(QString, message);
    std::vector<RigJoint> rig = smallRig();
    if (edit == QStringLiteral("no Head")) rig.pop_back();
    if (edit == QStringLiteral("extra Neck")) rig.push_back({"Neck", "Spine", {0, 0.2, 0}});
    if (edit == QStringLiteral("Spine is Chest")) {
      rig[5].name = "Chest";
      rig[6].parent = "Chest";
    }
    if (edit == QStringLiteral("LeftFoot under RightUpLeg")) rig[2].parent = "RightUpLeg";
    Project p;
    take(p, admitBvh(p, "", parse(rigBvh(smallRig(), {}, 4, 1.0 / 30), "A.bvh"), "A.bvh"));
    const Project before = p;
    try {
      admitBvh(p, "A.bvh", parse(rigBvh(rig, kReversed, 4, 1.0 / 30), "B.bvh"), "B.bvh");
      QFAIL("expected a refusal");
    } catch (const Error& e) {
      const QString m = QString::fromStdString(e.what());
      QVERIFY2(m.startsWith(QStringLiteral("B.bvh: its skeleton differs from that of A.bvh")),
               qPrintable(m));
      QVERIFY2(m.contains(message), qPrintable(m));
    }
    QCOMPARE(p.clips.size(), before.clips.size());
  }

  void retargetsAfterReordering() {
    std::vector<RigJoint> tall = smallRig();
    for (RigJoint& j : tall) j.offset *= 1.2;
    const BvhImport a = parse(rigBvh(smallRig(), {}, 6, 1.0 / 30), "A.bvh");
    const BvhImport b = parse(rigBvh(tall, kReversed, 6, 1.0 / 30, 1.2), "tall.bvh");
    Project p;
    take(p, admitBvh(p, "", a, "A.bvh"));
    const AdmittedClip admitted = admitBvh(p, "A.bvh", b, "tall.bvh");
    const QString notes = joined(admitted.notes);
    QVERIFY2(notes.contains(QStringLiteral("reordered")), qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("retargeted")), qPrintable(notes));
    // Hip heights by hand: 0.55 m vs 0.66 m, so root motion scales by 1/1.2; every other
    // joint keeps its rotation and takes the project's offsets.
    const int head = p.skeleton.find("Head"), bHead = b.skeleton.find("Head");
    for (int f = 0; f < 6; ++f) {
      const Vec3 root(0.1 * f, 0.9 + 0.01 * std::sin(f), 0.05 * f);  // channel values, metres
      QVERIFY((admitted.clip.frameTranslations(f)[0] - root / 1.2).norm() < 1e-6);
      QVERIFY((admitted.clip.frameTranslations(f)[head] - Vec3(0, 0.4, 0)).norm() < 1e-12);
      const Quat& expected = b.clip.frameRotations(f)[bHead];
      QVERIFY(admitted.clip.frameRotations(f)[head].isApprox(expected, 1e-12));
    }
  }

  void realClipOfAnotherSubjectRetargetsInAnyOrder() {
    // 90_05 (subject 90) has other bone lengths than 144_05: the same rig, retargeted.
    const BvhImport kick = importBvh(kData + "/cmu-leonardo-ono-roll/144_05.bvh");
    const BvhImport other = importBvh(kData + "/cmu-leonardo-ono-roll/90_05.bvh");
    Project p;
    take(p, admitBvh(p, "", kick, "144_05.bvh"));
    const AdmittedClip plain = admitBvh(p, "144_05.bvh", other, "90_05.bvh");
    QVERIFY(joined(plain.notes).contains(QStringLiteral("retargeted")));
    // The same file with its joints listed in reverse order.
    const auto [reversed, clip] = reversedChildOrder(other.skeleton, other.clip);
    const AdmittedClip moved = admitClip(p, "144_05.bvh", reversed, clip, "90_05.bvh");
    QCOMPARE(moved.clip.frameCount(), plain.clip.frameCount());
    QVERIFY(largestGap(p.skeleton, moved.clip, p.skeleton, plain.clip) < 1e-9);
  }

  void resamplesToTheWorkingRate() {
    const BvhImport a = parse(rigBvh(smallRig(), {}, 21, 1.0 / 60), "A60.bvh");
    QCOMPARE(a.clip.fps, 60.0);
    Project p;  // default working rate: 30 fps
    const AdmittedClip admitted = admitBvh(p, "", a, "A60.bvh");
    QCOMPARE(admitted.clip.fps, 30.0);
    QCOMPARE(admitted.clip.frameCount(), 11);
    const QString notes = joined(admitted.notes);
    QVERIFY2(notes.contains(QStringLiteral("A60.bvh: resampled from 60 to 30 fps")),
             qPrintable(notes));
    for (int f = 0; f < 11; ++f) {  // 30 fps frame f is 60 fps frame 2f
      for (int j = 0; j < a.skeleton.jointCount(); ++j) {
        QVERIFY(admitted.clip.frameRotations(f)[j].isApprox(a.clip.frameRotations(2 * f)[j], 1e-9));
      }
    }
  }

  void namesAreUnique() {
    const BvhImport a = parse(rigBvh(smallRig(), {}, 4, 1.0 / 30), "walk.bvh");
    Project p;
    QStringList names;
    for (int k = 0; k < 3; ++k) {
      AdmittedClip admitted = admitBvh(p, "walk.bvh", a, "walk.bvh");
      if (k > 0) QVERIFY(joined(admitted.notes).contains(QStringLiteral("renamed")));
      names << QString::fromStdString(admitted.clip.name);
      take(p, std::move(admitted));
    }
    QCOMPARE(names, (QStringList{QStringLiteral("walk"), QStringLiteral("walk (2)"),
                                 QStringLiteral("walk (3)")}));
  }

  void emptyClipIsRefused() {
    BvhImport a = parse(rigBvh(smallRig(), {}, 1, 1.0 / 30), "one.bvh");
    a.clip = subClip(a.clip, 0, 0);
    Project p;
    try {
      admitBvh(p, "", a, "one.bvh");
      QFAIL("expected a refusal");
    } catch (const FileError& e) {
      QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("one.bvh"));
    }
  }

  void clipSetCombinesFilesAndProjects() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto write = [&](const std::string& name, const std::string& text) {
      const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
      QFile f(QString::fromStdString(path));
      if (!f.open(QIODevice::WriteOnly)) return std::string();
      f.write(text.data(), qint64(text.size()));
      return path;
    };
    const std::string a = write("A.bvh", rigBvh(smallRig(), {}, 8, 1.0 / 30));
    const std::string b = write("B.bvh", rigBvh(smallRig(), kReversed, 8, 1.0 / 30));
    std::vector<RigJoint> odd = smallRig();
    odd[2].parent = "RightUpLeg";
    const std::string c = write("C.bvh", rigBvh(odd, {}, 8, 1.0 / 30));
    ClipSetOptions o;
    o.units = BvhUnits::Metres;
    o.keepReferencePose = true;
    const ClipSetImport both = importClipSet({a, b}, o);
    QCOMPARE(int(both.project.clips.size()), 2);
    QVERIFY(both.project.validate().empty());
    QVERIFY(largestGap(both.project.skeleton, both.project.clips[1], both.project.skeleton,
                       both.project.clips[0]) < 1e-12);
    // A project in B's order merged after A: its clips are reordered too.
    const std::string project = dir.filePath(QStringLiteral("b.fgproj")).toStdString();
    saveProject(importClipSet({b}, o).project, project);
    const ClipSetImport merged = importClipSet({a, project}, o);
    QCOMPARE(int(merged.project.clips.size()), 2);
    QVERIFY(merged.project.validate().empty());
    QVERIFY(joined(merged.notes).contains(QString::fromStdString(project + ": joints listed")));
    try {
      importClipSet({project, c}, o);
      QFAIL("expected a refusal");
    } catch (const Error& e) {
      const QString m = QString::fromStdString(e.what());
      QVERIFY2(m.contains(QString::fromStdString(project)) &&
                   m.contains(QString::fromStdString(c)) &&
                   m.contains(QStringLiteral("joint 'LeftFoot' has parent 'LeftUpLeg'")),
               qPrintable(m));
    }
  }
};

QTEST_GUILESS_MAIN(TestClipAdmission)
#include "test_clip_admission.moc"
