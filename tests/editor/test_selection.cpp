// One selection reaches every view: in the main window on the sample walk's graph of two
// hubs, selecting a hub (from code, the graph view or the graph dock's table) shows its table
// row, its distance curve, its ghost poses, its frame and marks on the timeline and its disc
// in the graph view; selecting a fat edge shows its row, its disc-to-disc edge and its
// parameter plane. The selection keeps its hub across edits (a rename too) and their undo.
#include <QItemSelectionModel>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include "app/main_window.h"
#include "docks/graph_dock.h"
#include "docks/graph_view_dock.h"
#include "docks/hubs_dock.h"
#include "docks/parameter_dock.h"
#include "document/document.h"
#include "document/frame_distances.h"
#include "document/job_runner.h"
#include "document/selection.h"
#include "one_hub_request.h"
#include "views/distance_curve_view.h"
#include "views/graph_view.h"
#include "views/timeline_marks.h"
#include "views/timeline_widget.h"
#include "views/viewport.h"

using namespace fatgraph::editor;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

}  // namespace

class TestSelection : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    window_ = std::make_unique<MainWindow>();
    window_->setInteractive(false);
    QVERIFY(window_->openFiles({kRoll}).isEmpty());
    Document* doc = window_->document();
    QCOMPARE(doc->buildGraph(oneHubRequest()), QString());
    QCOMPARE(doc->applyGraphEdit(GraphEditRequest::acceptHub()), QString());
    QCOMPARE(doc->graph().hubs.size(), size_t(2));
    QVERIFY(doc->graph().fatEdges.size() >= 2);
    selection_ = window_->findChild<Selection*>();
    hubsDock_ = window_->findChild<HubsDock*>();
    graphView_ = window_->findChild<GraphViewDock*>()->view();
    QVERIFY(selection_ && hubsDock_ && graphView_);
    graphView_->resize(600, 500);
  }

  void hubReachesEveryView() {
    Document* doc = window_->document();
    const fatgraph::Hub& hub = doc->graph().hubs[1];
    selection_->setHub(1);
    QCOMPARE(window_->graphDock()->hubView()->selectionModel()->currentIndex().row(), 1);
    QCOMPARE(graphView_->selectedHub(), 1);
    QCOMPARE(doc->currentClip(), hub.frame.clip);
    QCOMPARE(window_->timeline()->frame(), hub.frame.frame);
    QCOMPARE(window_->timeline()->marks()->hubFrame(), hub.frame.frame);
    QCOMPARE(window_->timeline()->marks()->matches().size(), hub.matchSet.size());  // one clip
    // One ghost skeleton for the hub and one per match: six vertices a bone, a bone for every
    // joint with a parent and every end site.
    const fatgraph::Skeleton& skeleton = doc->skeleton();
    size_t bones = skeleton.endSites.size();
    for (int parent : skeleton.parents) bones += parent >= 0 ? 1 : 0;
    QCOMPARE(window_->viewport()->ghostLines().vertices.size(), 6 * bones * (1 + hub.matchSet.size()));
    hubsDock_->distances()->waitForRow();
    QCOMPARE(hubsDock_->distances()->row()->frame, hub.frame);
    QCOMPARE(hubsDock_->curve()->selectedHub(), 1);

    selection_->setHub(-1);
    QVERIFY(window_->viewport()->ghostLines().empty());
    QCOMPARE(window_->timeline()->marks()->hubFrame(), -1);
    QCOMPARE(graphView_->selectedHub(), -1);
  }

  void graphViewAndTableSelect() {
    // A click on a disc selects its hub everywhere.
    const QPointF disc = graphView_->layout().nodes[0].centre;
    QTest::mouseClick(graphView_, Qt::LeftButton, {}, disc.toPoint());
    QCOMPARE(selection_->hub(), 0);
    QCOMPARE(window_->graphDock()->hubView()->selectionModel()->currentIndex().row(), 0);
    // The table's row selects too.
    QTableView* table = window_->graphDock()->hubView();
    table->selectionModel()->setCurrentIndex(table->model()->index(1, 0),
                                             QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(selection_->hub(), 1);
    QCOMPARE(graphView_->selectedHub(), 1);
  }

  void fatEdgeReachesEveryView() {
    const int last = static_cast<int>(window_->document()->graph().fatEdges.size()) - 1;
    selection_->setFatEdge(last);
    QCOMPARE(window_->graphDock()->edgeView()->selectionModel()->currentIndex().row(), last);
    QCOMPARE(window_->parameterDock()->currentEdge(), last);
    QCOMPARE(graphView_->selectedEdge(), last);
    // A click on an edge of the graph view selects it.
    const QPointF anchor = graphView_->layout().edges[0].labelAnchor;
    const int clicked = graphView_->edgeAt(anchor);
    QVERIFY(clicked >= 0);
    QTest::mouseClick(graphView_, Qt::LeftButton, {}, anchor.toPoint());
    QCOMPARE(selection_->fatEdge(), clicked);
    QCOMPARE(window_->parameterDock()->currentEdge(), clicked);
    QCOMPARE(window_->graphDock()->edgeView()->selectionModel()->currentIndex().row(), clicked);
  }

  // Ctrl+click on the timeline's marks removes the selected hub's match there (one undo step).
  void timelineMarksEditMatches() {
    Document* doc = window_->document();
    selection_->setHub(0);
    const fatgraph::Hub before = doc->graph().hubs[0];
    TimelineMarks* marks = window_->timeline()->marks();
    marks->resize(1200, marks->height());  // the window is not shown: give the strip a width
    QCOMPARE(marks->matches().size(), before.matchSet.size());
    const int match = before.matchSet[1].frame;
    const int index = doc->undoStack()->index();
    QTest::mouseClick(marks, Qt::LeftButton, Qt::ControlModifier,
                      QPoint(qRound(marks->xOf(match)), marks->height() / 2));
    QVERIFY(doc->jobs()->waitForFinished(-1));
    QCOMPARE(doc->undoStack()->index(), index + 1);
    QCOMPARE(doc->graph().hubs[0].matchSet.size(), before.matchSet.size() - 1);
    QCOMPARE(marks->matches().size(), before.matchSet.size() - 1);
    QCOMPARE(doc->undo(), QString());
    QCOMPARE(doc->graph().hubs[0].matchSet, before.matchSet);
    QCOMPARE(marks->matches().size(), before.matchSet.size());
    // A plain click moves the timeline.
    QTest::mouseClick(marks, Qt::LeftButton, {}, QPoint(qRound(marks->xOf(match)), marks->height() / 2));
    QCOMPARE(window_->timeline()->frame(), match);
  }

  void keptByNameAcrossEdits() {
    Document* doc = window_->document();
    selection_->setHub(1);
    const QString name = selection_->hubName();
    QCOMPARE(doc->applyGraphEdit(GraphEditRequest::renameHub(name, QStringLiteral("stand"))), QString());
    QCOMPARE(selection_->hub(), 1);  // renamed: found by its frame
    QCOMPARE(selection_->hubName(), QStringLiteral("stand"));
    QCOMPARE(doc->undo(), QString());
    QCOMPARE(selection_->hubName(), name);
    QCOMPARE(doc->applyGraphEdit(GraphEditRequest::removeHub(QStringLiteral("hub0"))), QString());
    QCOMPARE(selection_->hubName(), name);  // the same hub at its new index
    QCOMPARE(selection_->hub(), 0);
    QCOMPARE(doc->undo(), QString());
    QCOMPARE(selection_->hub(), 1);
  }

 private:
  std::unique_ptr<MainWindow> window_;
  Selection* selection_ = nullptr;
  HubsDock* hubsDock_ = nullptr;
  GraphView* graphView_ = nullptr;
};

QTEST_MAIN(TestSelection)
#include "test_selection.moc"
