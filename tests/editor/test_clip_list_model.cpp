// The clip list model: rows follow the document (insert, remove, undo, reset), data roles,
// and renaming through setData goes through the undo stack.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "document/document.h"
#include "models/clip_list_model.h"

using fatgraph::editor::ClipListModel;
using fatgraph::editor::Document;
using fatgraph::editor::DocumentClip;

namespace {

/// A one-joint clip of `frames` frames at `fps`.
DocumentClip syntheticClip(const std::string& name, int frames, double fps) {
  DocumentClip entry;
  entry.clip.name = name;
  entry.clip.source = "/tmp/" + name + ".bvh";
  entry.clip.fps = fps;
  entry.clip.jointCount = 1;
  entry.clip.rotations.assign(static_cast<size_t>(frames), fatgraph::Quat::Identity());
  entry.clip.translations.assign(static_cast<size_t>(frames), fatgraph::Vec3::Zero());
  entry.units = QStringLiteral("cm");
  return entry;
}

}  // namespace

class TestClipListModel : public QObject {
  Q_OBJECT

 private slots:
  void rowsFollowTheDocument() {
    Document doc;
    ClipListModel model(&doc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    doc.insertClip(0, syntheticClip("walk", 121, 120.0));
    doc.insertClip(1, syntheticClip("run", 31, 30.0));
    QCOMPARE(model.rowCount(), 2);
    doc.takeClip(0);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0), ClipListModel::NameRole).toString(), QStringLiteral("run"));
    QCOMPARE(model.rowCount(model.index(0)), 0);  // a list: no children
  }

  void data_data() {
    QTest::addColumn<int>("frames");
    QTest::addColumn<double>("fps");
    QTest::addColumn<double>("duration");
    QTest::addColumn<QString>("display");
    QTest::newRow("120 fps") << 121 << 120.0 << 1.0 << QStringLiteral("clip\n121 frames · 120 fps · 1.00 s");
    QTest::newRow("30 fps") << 31 << 30.0 << 1.0 << QStringLiteral("clip\n31 frames · 30 fps · 1.00 s");
    QTest::newRow("one frame") << 1 << 30.0 << 0.0 << QStringLiteral("clip\n1 frames · 30 fps · 0.00 s");
    QTest::newRow("29.97") << 300 << 29.97 << 299 / 29.97
                           << QStringLiteral("clip\n300 frames · 29.97 fps · 9.98 s");
  }

  void data() {
    QFETCH(int, frames);
    QFETCH(double, fps);
    QFETCH(double, duration);
    QFETCH(QString, display);
    Document doc;
    ClipListModel model(&doc);
    doc.insertClip(0, syntheticClip("clip", frames, fps));
    const QModelIndex index = model.index(0);
    QCOMPARE(model.data(index, Qt::DisplayRole).toString(), display);
    QCOMPARE(model.data(index, Qt::EditRole).toString(), QStringLiteral("clip"));
    QCOMPARE(model.data(index, ClipListModel::FrameCountRole).toInt(), frames);
    QCOMPARE(model.data(index, ClipListModel::FpsRole).toDouble(), fps);
    QVERIFY(qAbs(model.data(index, ClipListModel::DurationRole).toDouble() - duration) < 1e-9);
    QCOMPARE(model.data(index, ClipListModel::SourceRole).toString(), QStringLiteral("/tmp/clip.bvh"));
    QCOMPARE(model.data(index, ClipListModel::UnitsRole).toString(), QStringLiteral("cm"));
    QVERIFY(model.data(index, Qt::ToolTipRole).toString().contains(QStringLiteral("/tmp/clip.bvh")));
    QVERIFY(!model.data(model.index(1), Qt::DisplayRole).isValid());
    QVERIFY(model.flags(index) & Qt::ItemIsEditable);
    QVERIFY(model.roleNames().contains(ClipListModel::FrameCountRole));
  }

  void renameThroughUndoStack() {
    Document doc;
    ClipListModel model(&doc);
    doc.insertClip(0, syntheticClip("walk", 10, 30.0));
    doc.insertClip(1, syntheticClip("run", 10, 30.0));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QVERIFY(model.setData(model.index(0), QStringLiteral("stroll")));
    QCOMPARE(doc.clipName(0), QStringLiteral("stroll"));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 0);
    doc.undoStack()->undo();
    QCOMPARE(model.data(model.index(0), ClipListModel::NameRole).toString(), QStringLiteral("walk"));
    QVERIFY(!model.setData(model.index(0), QStringLiteral("run")));  // duplicate
    QVERIFY(!model.setData(model.index(0), QString()));              // empty
    QVERIFY(!model.setData(model.index(0), QStringLiteral("x"), Qt::DecorationRole));
    QCOMPARE(doc.undoStack()->count(), 1);  // only the undone rename
  }

  void removeAndUndoThroughCommands() {
    Document doc;
    ClipListModel model(&doc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    doc.insertClip(0, syntheticClip("a", 10, 30.0));
    doc.insertClip(1, syntheticClip("b", 10, 30.0));
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QCOMPARE(doc.removeClip(0), QString());
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowCount(), 1);
    doc.undoStack()->undo();
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.data(model.index(0), ClipListModel::NameRole).toString(), QStringLiteral("a"));
  }
};

QTEST_MAIN(TestClipListModel)
#include "test_clip_list_model.moc"
