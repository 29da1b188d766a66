// The legs dock: it lists the legs detected for a sample clip (names, chains, lengths, how
// they were found), follows set_legs edits, and its "Detect legs" runs core's detect_legs as
// one undoable command on the worker; the gait line follows the clip's analysis.
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include "docks/legs_dock.h"
#include "document/document.h"
#include "document/job_runner.h"
#include "document/leg_analysis_cache.h"

using fatgraph::editor::Document;
using fatgraph::editor::GraphEditRequest;
using fatgraph::editor::LegAnalysisCache;
using fatgraph::editor::LegsDock;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

QStringList legNames(const LegsDock& dock) {
  QStringList names;
  for (int i = 0; i < dock.legList()->topLevelItemCount(); ++i) {
    names << dock.legList()->topLevelItem(i)->text(0);
  }
  return names;
}

}  // namespace

class TestLegsDock : public QObject {
  Q_OBJECT

 private slots:
  void listsDetectedLegs() {
    Document doc;
    LegsDock dock(&doc, nullptr);
    QVERIFY(!dock.detectButton()->isEnabled());  // no skeleton yet
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(legNames(dock), (QStringList{QStringLiteral("Left"), QStringLiteral("Right")}));
    const QTreeWidgetItem* left = dock.legList()->topLevelItem(0);
    QVERIFY2(left->text(3).startsWith(QStringLiteral("LeftUpLeg")), qPrintable(left->text(3)));
    QVERIFY(left->text(3).contains(QStringLiteral("LeftFoot · LeftToeBase")));
    QVERIFY(left->text(1).endsWith(QStringLiteral(" cm")));
    QVERIFY(left->text(2).endsWith(QStringLiteral(" cm")));
    QVERIFY2(dock.methodLabel()->text().contains(QStringLiteral("names")),
             qPrintable(dock.methodLabel()->text()));
    QVERIFY(dock.detectButton()->isEnabled());
    doc.undoStack()->undo();  // the clip, and with it the skeleton and its legs, go
    QVERIFY(legNames(dock).isEmpty());
    QVERIFY(doc.project().legs.empty());
    doc.undoStack()->redo();
    QCOMPARE(legNames(dock).size(), 2);
  }

  void detectLegsIsUndoable() {
    Document doc;
    LegsDock dock(&doc, nullptr);
    QCOMPARE(doc.openFile(kRoll), QString());
    // Keep only the left leg by an edit, so detection has something to bring back.
    const QString onlyLeft = QStringLiteral(
        R"({"op":"set_legs","legs":[{"name":"Left","chain":["LeftUpLeg","LeftLeg","LeftFoot"]}]})");
    QCOMPARE(doc.applyGraphEdit({onlyLeft, QStringLiteral("Set legs"), false}), QString());
    QCOMPARE(legNames(dock), QStringList{QStringLiteral("Left")});
    QVERIFY(dock.methodLabel()->text().startsWith(QStringLiteral("Edited")));
    const int before = doc.undoStack()->index();

    dock.detectButton()->click();  // on the worker
    QVERIFY(doc.jobs()->waitForFinished(-1));
    QCOMPARE(doc.undoStack()->index(), before + 1);
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Detect legs"));
    QCOMPARE(legNames(dock), (QStringList{QStringLiteral("Left"), QStringLiteral("Right")}));
    QVERIFY(doc.project().legs.automatic);

    doc.undoStack()->undo();
    QCOMPARE(legNames(dock), QStringList{QStringLiteral("Left")});
    QVERIFY(!doc.project().legs.automatic);
    doc.undoStack()->redo();
    QCOMPARE(doc.project().legs.legs.size(), size_t{2});
    QCOMPARE(legNames(dock).size(), 2);
  }

  void gaitLineFollowsTheAnalysis() {
    Document doc;
    LegAnalysisCache analysis(&doc);
    LegsDock dock(&doc, &analysis);
    QSignalSpy changed(&analysis, &LegAnalysisCache::changed);
    QCOMPARE(doc.openFile(kRoll), QString());
    analysis.waitForCurrent();
    QVERIFY(analysis.current() != nullptr);
    QVERIFY2(!analysis.current()->empty(), qPrintable(analysis.current()->message));
    QVERIFY2(dock.gaitLabel()->text().contains(QStringLiteral("gait cycles")),
             qPrintable(dock.gaitLabel()->text()));
    // Changing the legs drops the cached result and analyses again.
    const QString onlyLeft = QStringLiteral(
        R"({"op":"set_legs","legs":[{"name":"Left","chain":["LeftUpLeg","LeftLeg","LeftFoot"]}]})");
    QCOMPARE(doc.applyGraphEdit({onlyLeft, QStringLiteral("Set legs"), false}), QString());
    analysis.waitForCurrent();
    QVERIFY(analysis.current() != nullptr);
    QCOMPARE(analysis.current()->legs.size(), size_t{1});
  }
};

QTEST_MAIN(TestLegsDock)
#include "test_legs_dock.moc"
