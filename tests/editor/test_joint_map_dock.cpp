// The joint map dock: empty without a character or with one on the clips' skeleton; after
// File > Character… with the adventurer over CMU's walk it lists the map core made (joints,
// the clips' joint each follows, how it was matched); Map changes one joint through core's
// map_joint (the clips retargeted again) as one undo step; a refusal leaves the map as it was.
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include "docks/joint_map_dock.h"
#include "document/document.h"

using fatgraph::editor::Document;
using fatgraph::editor::JointMapDock;

namespace {

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
const QString kAdventurer = QStringLiteral(FATGRAPH_DATA_DIR "/characters/adventurer.glb");
const QString kKnight = QStringLiteral(FATGRAPH_DATA_DIR "/characters/knight.glb");

QTreeWidgetItem* row(const JointMapDock& dock, const QString& joint) {
  const auto found = dock.mapList()->findItems(joint, Qt::MatchExactly, 0);
  return found.isEmpty() ? nullptr : found.first();
}

}  // namespace

class TestJointMapDock : public QObject {
  Q_OBJECT

 private slots:
  void emptyWithoutARetargetedCharacter() {
    Document doc;
    JointMapDock dock(&doc);
    QCOMPARE(dock.mapList()->topLevelItemCount(), 0);
    QVERIFY(dock.summaryLabel()->text().contains(QStringLiteral("No character")));
    QCOMPARE(doc.openFile(kKnight), QString());
    QCOMPARE(doc.setCharacter(kKnight), QString());
    QCOMPARE(dock.mapList()->topLevelItemCount(), 0);
    QVERIFY(dock.summaryLabel()->text().contains(QStringLiteral("the clips' own skeleton")));
    QVERIFY(!dock.mapButton()->isEnabled());
  }

  void showsAndEditsTheMap() {
    Document doc;
    JointMapDock dock(&doc);
    QCOMPARE(doc.openFile(kWalk), QString());
    QCOMPARE(doc.setCharacter(kAdventurer), QString());
    QCOMPARE(dock.mapList()->topLevelItemCount(), 49);
    QVERIFY2(dock.summaryLabel()->text().startsWith(QStringLiteral("20 of the character's 49 joints follow the clips' 31")),
             qPrintable(dock.summaryLabel()->text()));
    QCOMPARE(row(dock, QStringLiteral("UpperLeg.L"))->text(1), QStringLiteral("LeftUpLeg"));
    QCOMPARE(row(dock, QStringLiteral("UpperLeg.L"))->text(2), QStringLiteral("name"));
    QCOMPARE(row(dock, QStringLiteral("Root"))->text(1), QStringLiteral("rest pose"));
    QCOMPARE(dock.followsBox()->count(), 32);  // rest pose + the clips' 31 joints

    const int steps = doc.undoStack()->count();
    dock.mapList()->setCurrentItem(row(dock, QStringLiteral("Head")));
    QCOMPARE(dock.followsBox()->currentText(), QStringLiteral("Head"));
    dock.followsBox()->setCurrentIndex(0);  // rest pose
    QVERIFY(dock.mapButton()->isEnabled());
    dock.mapButton()->click();
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QCOMPARE(row(dock, QStringLiteral("Head"))->text(1), QStringLiteral("rest pose"));
    QCOMPARE(row(dock, QStringLiteral("Head"))->text(2), QStringLiteral("chosen"));
    QCOMPARE(doc.project().character.jointMapChoices.size(), size_t(1));
    doc.undoStack()->undo();
    QCOMPARE(row(dock, QStringLiteral("Head"))->text(1), QStringLiteral("Head"));
    QVERIFY(doc.project().character.jointMapChoices.empty());
    doc.undoStack()->redo();
    QCOMPARE(row(dock, QStringLiteral("Head"))->text(1), QStringLiteral("rest pose"));
  }

  void refusalKeepsTheMap() {
    Document doc;
    JointMapDock dock(&doc);
    QCOMPARE(doc.openFile(kWalk), QString());
    QCOMPARE(doc.setCharacter(kAdventurer), QString());
    const int steps = doc.undoStack()->count();
    QSignalSpy errors(&doc, &Document::errorOccurred);
    QVERIFY(!doc.mapJoint(QStringLiteral("Tail"), QStringLiteral("Head")).isEmpty());
    QCOMPARE(errors.count(), 1);
    QVERIFY2(errors.first().first().toString().contains(QStringLiteral("the character has no joint 'Tail'")),
             qPrintable(errors.first().first().toString()));
    QCOMPARE(doc.undoStack()->count(), steps);
    QCOMPARE(row(dock, QStringLiteral("Head"))->text(1), QStringLiteral("Head"));
  }
};

QTEST_MAIN(TestJointMapDock)
#include "test_joint_map_dock.moc"
