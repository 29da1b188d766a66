// The hubs dock's edits, each one undo step, on the sample walk's one-hub graph: accepting the
// top suggestion and another one, rejecting one, making the timeline's frame a hub, toggling
// and moving a match of the selected hub. The project is checked after each edit, after its
// undo and after its redo.
#include <QItemSelectionModel>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

#include "docks/hubs_dock.h"
#include "document/document.h"
#include "document/frame_distances.h"
#include "document/job_runner.h"
#include "document/selection.h"
#include "fatgraph/core/graph/hub_ranking.h"
#include "models/hub_suggestion_list.h"
#include "one_hub_request.h"

using fatgraph::FrameRef;
using fatgraph::editor::Document;
using fatgraph::editor::HubsDock;
using fatgraph::editor::Selection;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

bool hasMatch(const fatgraph::Hub& hub, FrameRef f) {
  return std::find(hub.matchSet.begin(), hub.matchSet.end(), f) != hub.matchSet.end();
}

/// The frame of clip 0 farthest from the hub and every match (inside the clip's windows).
int lonelyFrame(const fatgraph::Hub& hub, int frameCount) {
  int best = -1, bestGap = -1;
  for (int f = 20; f < frameCount - 20; ++f) {
    int gap = std::abs(hub.frame.frame - f);
    for (const FrameRef& m : hub.matchSet) gap = std::min(gap, std::abs(m.frame - f));
    if (gap > bestGap) {
      best = f;
      bestGap = gap;
    }
  }
  return best;
}

}  // namespace

class TestHubsDock : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    project_ = dir_.filePath(QStringLiteral("walk.fgproj"));
    QCOMPARE(doc.saveProjectAs(project_), QString());
  }

  void init() {
    doc_ = std::make_unique<Document>();
    QCOMPARE(doc_->openFile(project_), QString());
    lastError_.clear();
    connect(doc_.get(), &Document::errorOccurred, this, [this](const QString& m) { lastError_ = m; });
    selection_ = std::make_unique<Selection>(doc_.get());
    dock_ = std::make_unique<HubsDock>(doc_.get(), selection_.get());
    dock_->suggestions()->waitForRanking();
  }

  void cleanup() {
    dock_.reset();
    selection_.reset();
    doc_.reset();
  }

  void acceptTopSuggestion() {
    QVERIFY(dock_->suggestions()->rowCount() >= 2);
    const fatgraph::RankedHubSuggestion top = dock_->suggestions()->suggestion(0);
    QVERIFY(top.matchCount > 0);
    QVERIFY(dock_->acceptButton()->isEnabled());
    const int before0 = index();
    QTest::mouseClick(dock_->acceptButton(), Qt::LeftButton);
    edited(before0);
    QCOMPARE(doc_->graph().hubs.size(), size_t(2));
    QCOMPARE(doc_->graph().hubs[1].frame, (FrameRef{top.clip, top.frame}));
    QCOMPARE(static_cast<int>(doc_->graph().hubs[1].matchSet.size()), top.matchCount);
    QCOMPARE(doc_->undo(), QString());
    QCOMPARE(doc_->graph().hubs.size(), size_t(1));
    QCOMPARE(doc_->redo(), QString());
    QCOMPARE(doc_->graph().hubs[1].frame, (FrameRef{top.clip, top.frame}));
  }

  void acceptAnotherSuggestion() {
    const fatgraph::RankedHubSuggestion second = dock_->suggestions()->suggestion(1);
    dock_->suggestionView()->selectionModel()->setCurrentIndex(
        dock_->suggestions()->index(1, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(dock_->chosenSuggestion(), 1);
    const int before1 = index();
    dock_->acceptSuggestion();
    edited(before1);
    QCOMPARE(doc_->graph().hubs.size(), size_t(2));
    QCOMPARE(doc_->graph().hubs[1].frame, (FrameRef{second.clip, second.frame}));
    QCOMPARE(doc_->undo(), QString());
    QCOMPARE(doc_->graph().hubs.size(), size_t(1));
  }

  void rejectSuggestion() {
    const fatgraph::RankedHubSuggestion top = dock_->suggestions()->suggestion(0);
    QVERIFY(fatgraph::rejectedHubFrames(doc_->project()).empty());
    const int before2 = index();
    dock_->rejectSuggestion();
    edited(before2);
    QCOMPARE(doc_->graph().hubs.size(), size_t(1));
    QCOMPARE(fatgraph::rejectedHubFrames(doc_->project()), std::vector<int>{top.globalFrame});
    dock_->suggestions()->waitForRanking();
    QVERIFY(dock_->suggestions()->rowCount() > 0);
    const int window = doc_->project().settings.window;
    QVERIFY(std::abs(dock_->suggestions()->suggestion(0).globalFrame - top.globalFrame) >= window);
    QCOMPARE(doc_->undo(), QString());
    QVERIFY(fatgraph::rejectedHubFrames(doc_->project()).empty());
    QCOMPARE(doc_->redo(), QString());
    QCOMPARE(fatgraph::rejectedHubFrames(doc_->project()), std::vector<int>{top.globalFrame});
  }

  void makeCurrentFrameAHub() {
    dock_->setCurrentFrame(0, 700);
    QVERIFY(dock_->makeHubButton()->isEnabled());
    const int before3 = index();
    QTest::mouseClick(dock_->makeHubButton(), Qt::LeftButton);
    edited(before3);
    QCOMPARE(doc_->graph().hubs.size(), size_t(2));
    QCOMPARE(doc_->graph().hubs[1].frame, (FrameRef{0, 700}));
    QCOMPARE(doc_->undo(), QString());
    QCOMPARE(doc_->graph().hubs.size(), size_t(1));
    QCOMPARE(doc_->redo(), QString());
    QCOMPARE(doc_->graph().hubs[1].frame, (FrameRef{0, 700}));
  }

  void toggleAndMoveMatches() {
    selection_->setHub(0);
    const fatgraph::Hub before = doc_->graph().hubs[0];
    // Add a frame that is no match.
    const FrameRef added{0, lonelyFrame(before, doc_->clip(0).frameCount())};
    const int before4 = index();
    dock_->toggleMatch(added.clip, added.frame);
    edited(before4);
    QVERIFY(hasMatch(doc_->graph().hubs[0], added));
    QCOMPARE(doc_->graph().hubs[0].matchSet.size(), before.matchSet.size() + 1);
    QCOMPARE(doc_->undo(), QString());
    QCOMPARE(doc_->graph().hubs[0].matchSet, before.matchSet);
    QCOMPARE(doc_->redo(), QString());
    QVERIFY(hasMatch(doc_->graph().hubs[0], added));
    QCOMPARE(doc_->undo(), QString());

    // Remove an existing match.
    const FrameRef removed = before.matchSet.front();
    const int before5 = index();
    dock_->toggleMatch(removed.clip, removed.frame);
    edited(before5);
    QVERIFY(!hasMatch(doc_->graph().hubs[0], removed));
    QCOMPARE(doc_->graph().hubs[0].matchSet.size(), before.matchSet.size() - 1);
    QCOMPARE(doc_->undo(), QString());
    QCOMPARE(doc_->graph().hubs[0].matchSet, before.matchSet);

    // Move one: a single undo step however the drag went.
    const FrameRef moved = before.matchSet.back();
    const int before6 = index();
    dock_->moveMatch(moved.clip, moved.frame, moved.frame - 3);
    edited(before6);
    QVERIFY(!hasMatch(doc_->graph().hubs[0], moved));
    QVERIFY(hasMatch(doc_->graph().hubs[0], {moved.clip, moved.frame - 3}));
    QCOMPARE(doc_->graph().hubs[0].matchSet.size(), before.matchSet.size());
    QCOMPARE(doc_->undo(), QString());
    QCOMPARE(doc_->graph().hubs[0].matchSet, before.matchSet);
    QCOMPARE(doc_->redo(), QString());
    QVERIFY(hasMatch(doc_->graph().hubs[0], {moved.clip, moved.frame - 3}));
  }

  void curveFollowsTheSelectedHub() {
    selection_->setHub(0);
    dock_->distances()->waitForRow();
    QVERIFY(dock_->distances()->row());
    QCOMPARE(dock_->distances()->row()->frame, doc_->graph().hubs[0].frame);
    selection_->setHub(-1);
    dock_->setCurrentFrame(0, 333);
    dock_->distances()->waitForRow();
    QCOMPARE(dock_->distances()->row()->frame, (FrameRef{0, 333}));
  }

 private:
  /// Waits for the edit's worker job, then checks it made exactly one step on the undo stack
  /// (the stack's index was `indexBefore` when the edit started).
  void edited(int indexBefore) {
    QVERIFY(doc_->jobs()->waitForFinished(-1));
    QVERIFY2(lastError_.isEmpty(), qPrintable(lastError_));
    QCOMPARE(doc_->undoStack()->index(), indexBefore + 1);
    QCOMPARE(doc_->undoStack()->count(), indexBefore + 1);
  }
  int index() const { return doc_->undoStack()->index(); }

  QTemporaryDir dir_;
  QString project_;
  QString lastError_;
  std::unique_ptr<Document> doc_;
  std::unique_ptr<Selection> selection_;
  std::unique_ptr<HubsDock> dock_;
};

QTEST_MAIN(TestHubsDock)
#include "test_hubs_dock.moc"
