// The editor document: opening real BVH, glTF and FBX files, refusing another skeleton,
// admitting a file of the same rig in another joint order, clips stored at the working rate
// from import on, undo/redo of clip edits, errors that leave the document unchanged, and the
// project round trip.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "core/joint_order_fixtures.h"
#include "document/document.h"
#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/forward_kinematics.h"

using fatgraph::editor::Document;

namespace {

QString dataFile(const char* relative) {
  return QStringLiteral(FATGRAPH_DATA_DIR "/") + QString::fromUtf8(relative);
}
const QString kKick = dataFile("cmu-leonardo-ono-roll/144_05.bvh");
const QString kKick2 = dataFile("cmu-leonardo-ono-roll/144_06.bvh");
const QString kOtherRig = dataFile("cmu-bvh11/131_01.bvh");
const QString kKnightGlb = dataFile("characters/knight.glb");
const QString kKnightFbx = dataFile("characters/knight.fbx");

/// What must not change when an edit fails.
struct Snapshot {
  int clips;
  int current;
  int undoCount;
  std::vector<std::string> jointNames;
  QStringList clipNames;

  explicit Snapshot(const Document& d)
      : clips(d.clipCount()),
        current(d.currentClip()),
        undoCount(d.undoStack()->count()),
        jointNames(d.skeleton().names) {
    for (int i = 0; i < d.clipCount(); ++i) clipNames << d.clipName(i);
  }
  bool operator==(const Snapshot&) const = default;
};

void writeFile(const QString& path, const QByteArray& bytes) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(bytes);
}

/// `path` rewritten with every joint's children listed in reverse order (the same rig as an
/// exporter that appends children the other way round would write it), all frames kept.
QByteArray reversedChildOrderBvh(const QString& path) {
  fatgraph::BvhImportOptions keepAll;
  keepAll.dropReferencePose = false;
  const fatgraph::BvhImport in = fatgraph::importBvh(path.toStdString(), keepAll);
  const auto [reversed, clip] =
      fatgraph::joint_order_fixtures::reversedChildOrder(in.skeleton, in.clip);
  return QByteArray::fromStdString(fatgraph::writeBvh(reversed, clip));
}

/// Model-space joint positions of a clip frame on the document's skeleton.
std::vector<fatgraph::Vec3> positions(const Document& doc, int clip, int frame) {
  const auto n = static_cast<size_t>(doc.skeleton().jointCount());
  std::vector<fatgraph::Quat> r(n);
  std::vector<fatgraph::Vec3> p(n);
  fatgraph::clipFrameToModel(doc.skeleton(), doc.clip(clip), frame, r, p);
  return p;
}

}  // namespace

class TestDocument : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    for (const QString& path : {kKick, kKick2, kOtherRig}) QVERIFY2(QFile::exists(path), qPrintable(path));
  }

  void firstBvhLoads() {
    Document doc;
    QSignalSpy current(&doc, &Document::currentClipChanged);
    QCOMPARE(doc.openFile(kKick), QString());
    QCOMPARE(doc.clipCount(), 1);
    QCOMPARE(doc.currentClip(), 0);
    QCOMPARE(current.count(), 1);
    QCOMPARE(doc.clipName(0), QStringLiteral("144_05"));
    QCOMPARE(doc.skeleton().jointCount(), 31);
    QVERIFY(doc.clip(0).frameCount() > 100);
    QVERIFY(doc.clipUnits(0).startsWith(QStringLiteral("cmu")));
    QCOMPARE(doc.skeletonSource(), kKick);
    QVERIFY(doc.isModified());
    QCOMPARE(doc.undoStack()->count(), 1);
  }

  void sceneFilesEnterLikeBvh() {
    // One predicate for open, import and drag and drop; a glTF and an FBX file of the same
    // rig each bring every animation, in one undo step; a BVH rig beside them is refused and
    // a scene file beside a BVH rig too, leaving the document as it was.
    for (const char* name : {"a.bvh", "a.GLB", "a.gltf", "a.fbx", "a.fgproj"}) QVERIFY(Document::isSupportedFile(QString::fromUtf8(name)));
    QVERIFY(!Document::isSupportedFile(QStringLiteral("a.obj")));
    Document doc;
    QCOMPARE(doc.openFile(kKnightGlb), QString());
    QCOMPARE(doc.clipCount(), 12);
    QCOMPARE(doc.skeleton().jointCount(), 31);
    QCOMPARE(doc.clipUnits(0), QStringLiteral("m"));
    QSignalSpy notices(&doc, &Document::notice);
    QCOMPARE(doc.openFile(kKnightFbx), QString());
    QCOMPARE(doc.clipCount(), 14);
    QCOMPARE(doc.clipName(13), QStringLiteral("knight:Walking (2)"));
    QCOMPARE(doc.clip(13).fps, doc.project().settings.fps);
    QVERIFY(notices.count() > 0);  // renamed, and its 6-digit bones retargeted
    doc.undoStack()->undo();
    QCOMPARE(doc.clipCount(), 12);
    const Snapshot before(doc);
    QVERIFY(!doc.openFile(kKick).isEmpty());
    QVERIFY(Snapshot(doc) == before);
    Document bvh;
    QCOMPARE(bvh.openFile(kKick), QString());
    const Snapshot bvhBefore(bvh);
    const QString error = bvh.openFile(kKnightFbx);
    QVERIFY2(error.contains(QStringLiteral("knight.fbx")) && error.contains(QStringLiteral("144_05")), qPrintable(error));
    QVERIFY(Snapshot(bvh) == bvhBefore);
  }

  void otherSkeletonIsRefused() {
    Document doc;
    QCOMPARE(doc.openFile(kKick), QString());
    const Snapshot before(doc);
    QSignalSpy errors(&doc, &Document::errorOccurred);
    const QString error = doc.openFile(kOtherRig);
    QVERIFY(!error.isEmpty());
    QVERIFY2(error.contains(QStringLiteral("131_01")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("144_05")), qPrintable(error));
    QCOMPARE(errors.count(), 1);
    QCOMPARE(errors.at(0).at(0).toString(), error);
    QVERIFY(Snapshot(doc) == before);
  }

  void otherParentIsRefusedNamingTheJoint() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile real(kKick);
    QVERIFY(real.open(QIODevice::ReadOnly));
    QByteArray text = real.readAll();
    // LeftHipJoint's first child renamed: a joint of 144_05 is missing in the other file.
    const qsizetype at = text.indexOf("JOINT LeftUpLeg");
    QVERIFY(at > 0);
    text.replace(at, 15, "JOINT LeftThigh");
    const QString other = dir.filePath(QStringLiteral("renamed.bvh"));
    writeFile(other, text);
    Document doc;
    QCOMPARE(doc.openFile(kKick), QString());
    const Snapshot before(doc);
    const QString error = doc.openFile(other);
    for (const char* part : {"renamed.bvh", "144_05", "joint 'LeftUpLeg' of"}) {
      QVERIFY2(error.contains(QString::fromUtf8(part)), qPrintable(error));
    }
    QVERIFY(Snapshot(doc) == before);
  }

  void reorderedJointsAreAdmitted() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString reordered = dir.filePath(QStringLiteral("144_05_reordered.bvh"));
    writeFile(reordered, reversedChildOrderBvh(kKick));
    Document doc;
    QSignalSpy notices(&doc, &Document::notice);
    QCOMPARE(doc.openFiles({kKick, reordered}), QStringList());
    QCOMPARE(doc.clipCount(), 2);
    QCOMPARE(doc.clipName(1), QStringLiteral("144_05_reordered"));
    bool noted = false;
    for (const QList<QVariant>& n : notices) {
      noted |= n.at(0).toString().contains(QStringLiteral("reordered to"));
    }
    QVERIFY(noted);
    // Both clips hold the same motion: the same world positions on the project's skeleton.
    QCOMPARE(doc.clip(1).frameCount(), doc.clip(0).frameCount());
    double worst = 0;
    for (int f = 0; f < doc.clip(0).frameCount(); f += 7) {
      const auto a = positions(doc, 0, f), b = positions(doc, 1, f);
      for (size_t j = 0; j < a.size(); ++j) worst = std::max(worst, (a[j] - b[j]).norm());
    }
    QVERIFY2(worst < 1e-4, qPrintable(QString::number(worst)));
    doc.undoStack()->undo();
    QCOMPARE(doc.clipCount(), 1);
  }

  void clipsAreStoredAtTheWorkingRate() {
    Document doc;
    QCOMPARE(doc.project().settings.fps, 30.0);  // the default until a build sets another
    QSignalSpy notices(&doc, &Document::notice);
    QCOMPARE(doc.openFile(kKick), QString());
    fatgraph::BvhImport file = fatgraph::importBvh(kKick.toStdString());
    QCOMPARE(file.clip.fps, 120.0);
    QCOMPARE(doc.clip(0).fps, 30.0);
    // 120 -> 30 fps keeps every fourth frame.
    QCOMPARE(doc.clip(0).frameCount(), (file.clip.frameCount() - 1) / 4 + 1);
    QVERIFY(doc.clip(0).frameRotations(5)[3].isApprox(file.clip.frameRotations(20)[3], 1e-9));
    bool noted = false;
    for (const QList<QVariant>& n : notices) {
      noted |= n.at(0).toString().contains(QStringLiteral("resampled from 120 to 30 fps"));
    }
    QVERIFY(noted);
  }

  void sameSkeletonIsAdded() {
    Document doc;
    QCOMPARE(doc.openFiles({kKick, kKick2}), QStringList());
    QCOMPARE(doc.clipCount(), 2);
    QCOMPARE(doc.currentClip(), 1);  // the clip just added is shown
    QCOMPARE(doc.undoStack()->count(), 2);
  }

  void sameFileTwiceGetsAUniqueName() {
    Document doc;
    QCOMPARE(doc.openFiles({kKick, kKick}), QStringList());
    QCOMPARE(doc.clipName(0), QStringLiteral("144_05"));
    QCOMPARE(doc.clipName(1), QStringLiteral("144_05 (2)"));
  }

  void removeClipUndoRedo() {
    Document doc;
    QCOMPARE(doc.openFiles({kKick, kKick2}), QStringList());
    doc.setCurrentClip(0);
    const int frames0 = doc.clip(0).frameCount();
    QSignalSpy current(&doc, &Document::currentClipChanged);
    QCOMPARE(doc.removeClip(0), QString());
    QCOMPARE(doc.clipCount(), 1);
    QCOMPARE(doc.clipName(0), QStringLiteral("144_06"));
    QCOMPARE(doc.currentClip(), 0);  // the next clip is shown
    QCOMPARE(current.count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.clipCount(), 2);
    QCOMPARE(doc.clipName(0), QStringLiteral("144_05"));
    QCOMPARE(doc.clip(0).frameCount(), frames0);
    QCOMPARE(doc.currentClip(), 0);
    doc.undoStack()->redo();
    QCOMPARE(doc.clipCount(), 1);
    QCOMPARE(doc.clipName(0), QStringLiteral("144_06"));
    QCOMPARE(doc.removeClip(5).isEmpty(), false);
  }

  void removeLastClipThenUndo() {
    Document doc;
    QCOMPARE(doc.openFile(kKick), QString());
    QCOMPARE(doc.removeClip(0), QString());
    QCOMPARE(doc.clipCount(), 0);
    QCOMPARE(doc.currentClip(), -1);
    doc.undoStack()->undo();
    QCOMPARE(doc.clipCount(), 1);
    QCOMPARE(doc.currentClip(), 0);
  }

  void undoFirstClipForgetsItsSkeleton() {
    Document doc;
    QCOMPARE(doc.openFile(kKick), QString());
    doc.undoStack()->undo();
    QCOMPARE(doc.clipCount(), 0);
    QCOMPARE(doc.skeleton().jointCount(), 0);
    QCOMPARE(doc.openFile(kOtherRig), QString());  // an empty document takes any skeleton
    QCOMPARE(doc.skeletonSource(), kOtherRig);
  }

  void renameClipUndoRedo() {
    Document doc;
    QCOMPARE(doc.openFiles({kKick, kKick2}), QStringList());
    QSignalSpy changed(&doc, &Document::clipChanged);
    QCOMPARE(doc.renameClip(0, QStringLiteral("  front kick ")), QString());
    QCOMPARE(doc.clipName(0), QStringLiteral("front kick"));
    QCOMPARE(changed.count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.clipName(0), QStringLiteral("144_05"));
    doc.undoStack()->redo();
    QCOMPARE(doc.clipName(0), QStringLiteral("front kick"));
    const int commands = doc.undoStack()->count();
    QVERIFY(!doc.renameClip(0, QString()).isEmpty());
    QVERIFY(!doc.renameClip(0, QStringLiteral("144_06")).isEmpty());  // taken
    QCOMPARE(doc.undoStack()->count(), commands);
  }

  void badFileLeavesDocumentUnchanged_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("contents");  // empty name: the file is not created
    QFile real(kKick);
    QVERIFY(real.open(QIODevice::ReadOnly));
    const QByteArray full = real.readAll();
    QTest::newRow("missing") << QStringLiteral("missing.bvh") << QByteArray();
    QTest::newRow("empty") << QStringLiteral("empty.bvh") << QByteArray("");
    QTest::newRow("garbage") << QStringLiteral("garbage.bvh") << QByteArray("hello, world\n");
    QTest::newRow("header only") << QStringLiteral("header.bvh")
                                 << QByteArray("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0");
    QTest::newRow("truncated motion") << QStringLiteral("truncated.bvh")
                                      << full.left(full.size() * 2 / 3);
    QTest::newRow("garbage fbx") << QStringLiteral("garbage.fbx") << QByteArray("hello, world\n");
    QTest::newRow("truncated glb") << QStringLiteral("cut.glb") << QByteArray("glTF\x02\0\0\0", 8);
    QTest::newRow("corrupt project") << QStringLiteral("corrupt.fgproj")
                                     << QByteArray("\x89HDF\r\n\x1a\nnot really");
  }

  void badFileLeavesDocumentUnchanged() {
    QFETCH(QString, name);
    QFETCH(QByteArray, contents);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(name);
    if (QTest::currentDataTag() != QByteArrayLiteral("missing")) writeFile(path, contents);

    Document doc;
    QCOMPARE(doc.openFile(kKick), QString());
    const Snapshot before(doc);
    QSignalSpy errors(&doc, &Document::errorOccurred);
    const QString error = doc.openFile(path);
    QVERIFY(!error.isEmpty());
    QVERIFY2(error.contains(name), qPrintable(error));  // names the file
    QCOMPARE(errors.count(), 1);
    QVERIFY(Snapshot(doc) == before);
  }

  void saveAndReopenProject() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("kicks.fgproj"));
    Document doc;
    QCOMPARE(doc.openFiles({kKick, kKick2}), QStringList());
    QCOMPARE(doc.renameClip(1, QStringLiteral("second kick")), QString());
    QCOMPARE(doc.saveProjectAs(path), QString());
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.filePath(), path);

    Document reopened;
    QCOMPARE(reopened.openFile(kOtherRig), QString());  // replaced by the project
    QCOMPARE(reopened.openFile(path), QString());
    QCOMPARE(reopened.clipCount(), 2);
    QCOMPARE(reopened.clipName(1), QStringLiteral("second kick"));
    QCOMPARE(reopened.clip(0).frameCount(), doc.clip(0).frameCount());
    QVERIFY(reopened.skeleton().sameTopology(doc.skeleton()));
    QCOMPARE(reopened.currentClip(), 0);
    QVERIFY(!reopened.isModified());
    QCOMPARE(reopened.undoStack()->count(), 0);
    QCOMPARE(reopened.filePath(), path);
    // A BVH of the project's skeleton adds to it; another rig names the project file.
    QCOMPARE(reopened.openFile(kKick), QString());
    QCOMPARE(reopened.clipCount(), 3);
    const QString error = reopened.openFile(kOtherRig);
    QVERIFY2(error.contains(QStringLiteral("kicks.fgproj")), qPrintable(error));
  }

  void saveFailureKeepsDocument() {
    Document doc;
    QCOMPARE(doc.openFile(kKick), QString());
    const QString error = doc.saveProjectAs(QStringLiteral("/no/such/dir/x.fgproj"));
    QVERIFY(!error.isEmpty());
    QVERIFY(doc.isModified());
    QCOMPARE(doc.filePath(), QString());
    QCOMPARE(doc.clipCount(), 1);
  }
};

QTEST_MAIN(TestDocument)
#include "test_document.moc"
