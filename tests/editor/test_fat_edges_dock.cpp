// The fat edges dock on the figure-8 walk (one hub): the live threshold preview while the
// slider drags (the document untouched), one set_edge_threshold edit on release (several
// issued in one drag merge into one step), a segment dropped onto another edge (move_segment)
// and its undo, split, merge and remove through the buttons, renaming in place, and in the
// main window, playing a segment loops the timeline over its frames and playing an edge's
// blend starts the parameter dock's preview of it.
#include <QAbstractItemModel>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

#include <algorithm>
#include <memory>
#include <set>

#include "one_hub_request.h"
#include "app/main_window.h"
#include "docks/fat_edges_dock.h"
#include "docks/parameter_dock.h"
#include "document/document.h"
#include "document/job_runner.h"
#include "fatgraph/core/graph/fat_edge_clustering.h"
#include "fatgraph/core/graph/fat_edge_edits.h"
#include "models/segment_tree_model.h"
#include "views/segment_loop.h"
#include "views/timeline_widget.h"

using fatgraph::editor::Document;
using fatgraph::editor::FatEdgesDock;
using fatgraph::editor::SegmentTreeModel;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

/// The first fat edge with at least two segments, -1 when none.
int edgeWithTwoSegments(const fatgraph::MotionGraph& graph) {
  for (size_t e = 0; e < graph.fatEdges.size(); ++e) {
    if (graph.fatEdges[e].segments.size() >= 2) return static_cast<int>(e);
  }
  return -1;
}

/// The number of edges core's clustering makes of the document's segments at `metres`.
size_t clusteredEdges(const fatgraph::MotionGraph& graph, double metres) {
  return fatgraph::clusterFatEdges(graph.segments, graph.segmentDistances, metres,
                                   fatgraph::Linkage::Complete)
      .size();
}

}  // namespace

class TestFatEdgesDock : public QObject {
  Q_OBJECT

 private:
  Document doc_;
  std::unique_ptr<FatEdgesDock> dock_;
  int built_ = 0;

  void select(const QModelIndex& index, QItemSelectionModel::SelectionFlags flags =
                                            QItemSelectionModel::ClearAndSelect) {
    dock_->tree()->selectionModel()->setCurrentIndex(index, flags | QItemSelectionModel::Rows);
  }

 private slots:
  void initTestCase() {
    QCOMPARE(doc_.openFile(kRoll), QString());
    QCOMPARE(doc_.buildGraph(oneHubRequest()), QString());
    built_ = doc_.undoStack()->index();
    dock_ = std::make_unique<FatEdgesDock>(&doc_);
    QVERIFY(doc_.graph().fatEdges.size() >= 2);
    QVERIFY(edgeWithTwoSegments(doc_.graph()) >= 0);
  }

  void init() {
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    doc_.undoStack()->setIndex(built_);
  }

  void cleanupTestCase() { dock_.reset(); }

  void treeListsEdgesAndSegments() {
    const fatgraph::MotionGraph& graph = doc_.graph();
    SegmentTreeModel* model = dock_->model();
    QCOMPARE(model->rowCount(), static_cast<int>(graph.fatEdges.size()));
    for (int e = 0; e < model->rowCount(); ++e) {
      const fatgraph::FatEdge& edge = graph.fatEdges[static_cast<size_t>(e)];
      const QModelIndex row = model->index(e, 0);
      QCOMPARE(row.data().toString(), QString::fromStdString(edge.name));
      QCOMPARE(model->rowCount(row), static_cast<int>(edge.segments.size()));
      for (int i = 0; i < model->rowCount(row); ++i) {
        const fatgraph::Segment& s = graph.segments[static_cast<size_t>(edge.segments[static_cast<size_t>(i)])];
        const QModelIndex child = model->index(i, 0, row);
        QCOMPARE(child.data(SegmentTreeModel::SegmentRole).toInt(), edge.segments[static_cast<size_t>(i)]);
        QCOMPARE(child.data(SegmentTreeModel::FirstFrameRole).toInt(), s.first);
        QCOMPARE(model->index(i, SegmentTreeModel::DurationColumn, row).data().toString(),
                 QString::number((s.last - s.first) / 30.0, 'f', 2));
        // The reference is at distance 0; the others at sqrt of their eq. 1 distance to it.
        const double expected = std::sqrt(graph.segmentDistances(edge.segments[static_cast<size_t>(i)], edge.reference));
        QCOMPARE(model->index(i, SegmentTreeModel::DistanceColumn, row).data().toString(),
                 QString::number(expected, 'f', 3));
      }
    }
    QCOMPARE(dock_->thresholdSpin()->value(), std::round(graph.edgeThreshold.rms * 1000) / 1000);
  }

  void previewWhileDraggingLeavesTheDocument() {
    const fatgraph::MotionGraph& graph = doc_.graph();
    const size_t edges = graph.fatEdges.size();
    const int commands = doc_.undoStack()->index();
    QSignalSpy changed(&doc_, &Document::graphChanged);
    QSlider* slider = dock_->thresholdSlider();
    slider->setSliderDown(true);
    // A threshold far below the built one parts segments: more edges in the preview.
    const int narrow = std::max(1, static_cast<int>(graph.edgeThreshold.rms * 250));
    slider->setValue(narrow);
    QVERIFY(dock_->isPreviewing());
    QCOMPARE(dock_->model()->rowCount(), static_cast<int>(clusteredEdges(graph, narrow / 1000.0)));
    QVERIFY(dock_->model()->rowCount() > static_cast<int>(edges));
    QVERIFY(dock_->summaryLabel()->text().contains(QStringLiteral("Preview")));
    const int wide = std::min(slider->maximum(), static_cast<int>(graph.edgeThreshold.rms * 4000));
    slider->setValue(wide);
    QCOMPARE(dock_->model()->rowCount(), static_cast<int>(clusteredEdges(graph, wide / 1000.0)));
    // The document has not moved.
    QCOMPARE(changed.count(), 0);
    QCOMPARE(doc_.undoStack()->index(), commands);
    QCOMPARE(doc_.graph().fatEdges.size(), edges);
    QVERIFY(!doc_.isBusy());
    // Released: one edit, on the worker; the tree shows the document again.
    slider->setValue(narrow);
    slider->setSliderDown(false);
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    QCOMPARE(doc_.undoStack()->index(), commands + 1);
    QCOMPARE(doc_.graph().edgeThreshold.rms, narrow / 1000.0);
    QVERIFY(!dock_->isPreviewing());
    QCOMPARE(dock_->model()->rowCount(), static_cast<int>(doc_.graph().fatEdges.size()));
    QCOMPARE(doc_.graph().fatEdges.size(), clusteredEdges(graph, narrow / 1000.0));
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().fatEdges.size(), edges);
  }

  // A pause in the middle of a drag issues the value so far; the release issues the last one:
  // both are one undo step that goes back to the threshold before the drag.
  void pauseAndReleaseOfOneDragAreOneStep() {
    const double before = doc_.graph().edgeThreshold.rms;
    const int commands = doc_.undoStack()->index();
    QSlider* slider = dock_->thresholdSlider();
    slider->setSliderDown(true);
    slider->setValue(static_cast<int>(before * 2000));
    dock_->commitThreshold();  // what the pause timer does
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    QCOMPARE(doc_.undoStack()->index(), commands + 1);
    slider->setValue(static_cast<int>(before * 3000));
    slider->setSliderDown(false);
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    QCOMPARE(doc_.undoStack()->index(), commands + 1);
    QCOMPARE(doc_.graph().edgeThreshold.rms, static_cast<int>(before * 3000) / 1000.0);
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().edgeThreshold.rms, before);
  }

  void dropSegmentOnAnotherEdgeMovesIt() {
    const fatgraph::MotionGraph& graph = doc_.graph();
    const int from = edgeWithTwoSegments(graph);
    const int to = from == 0 ? 1 : 0;
    const int segment = graph.fatEdges[static_cast<size_t>(from)].segments.back();
    const std::string target = graph.fatEdges[static_cast<size_t>(to)].name;
    SegmentTreeModel* model = dock_->model();
    std::unique_ptr<QMimeData> mime(model->mimeData({model->segmentIndex(segment)}));
    QVERIFY(mime != nullptr);
    QVERIFY(!model->canDropMimeData(mime.get(), Qt::MoveAction, -1, -1, model->edgeIndex(from)));
    QVERIFY(model->canDropMimeData(mime.get(), Qt::MoveAction, -1, -1, model->edgeIndex(to)));
    model->dropMimeData(mime.get(), Qt::MoveAction, -1, -1, model->edgeIndex(to));
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    const auto& edges = doc_.graph().fatEdges;
    QCOMPARE(fatgraph::fatEdgeOfSegment(edges, segment), fatgraph::findFatEdge(edges, target));
    QVERIFY(doc_.undoStack()->undoText().contains(QStringLiteral("Move segment")));
    // The tree follows: the segment sits under its new edge.
    QCOMPARE(model->segmentIndex(segment).parent().data().toString(), QString::fromStdString(target));
    doc_.undoStack()->undo();
    QCOMPARE(fatgraph::fatEdgeOfSegment(doc_.graph().fatEdges, segment), from);
  }

  void splitMergeAndRemove() {
    const size_t edges = doc_.graph().fatEdges.size();
    const int from = edgeWithTwoSegments(doc_.graph());
    const int segment = doc_.graph().fatEdges[static_cast<size_t>(from)].segments.front();
    SegmentTreeModel* model = dock_->model();

    select(model->segmentIndex(segment));
    QCOMPARE(dock_->selectedSegments(), QList<int>{segment});
    QVERIFY(dock_->splitButton()->isEnabled());
    dock_->splitSelected();
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    QCOMPARE(doc_.graph().fatEdges.size(), edges + 1);
    QCOMPARE(doc_.graph().fatEdges.back().segments, std::vector<int>{segment});
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().fatEdges.size(), edges);

    select(model->edgeIndex(0));
    select(model->edgeIndex(1), QItemSelectionModel::Select);
    QCOMPARE(dock_->selectedEdges().size(), 2);
    const size_t merged = doc_.graph().fatEdges[0].segments.size() + doc_.graph().fatEdges[1].segments.size();
    const std::string kept = doc_.graph().fatEdges[0].name;
    dock_->mergeSelected();
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    QCOMPARE(doc_.graph().fatEdges.size(), edges - 1);
    QCOMPARE(doc_.graph().fatEdges[0].name, kept);
    QCOMPARE(doc_.graph().fatEdges[0].segments.size(), merged);
    doc_.undoStack()->undo();
    QCOMPARE(doc_.graph().fatEdges.size(), edges);

    select(model->segmentIndex(segment));
    dock_->removeSelectedSegment();
    QVERIFY(doc_.jobs()->waitForFinished(-1));
    QCOMPARE(fatgraph::fatEdgeOfSegment(doc_.graph().fatEdges, segment), -1);
    QCOMPARE(model->unassignedSegments(), std::vector<int>{segment});
    QCOMPARE(model->rowCount(), static_cast<int>(doc_.graph().fatEdges.size()) + 1);  // "Unassigned"
    // Dragged back from the unassigned row onto its edge.
    std::unique_ptr<QMimeData> mime(model->mimeData({model->segmentIndex(segment)}));
    // (Its edge had two segments, so it is still there at the same row.)
    QVERIFY(model->canDropMimeData(mime.get(), Qt::MoveAction, -1, -1, model->edgeIndex(from)));
    doc_.undoStack()->undo();
    QCOMPARE(fatgraph::fatEdgeOfSegment(doc_.graph().fatEdges, segment), from);
    QCOMPARE(model->rowCount(), static_cast<int>(edges));
  }

  void renameInPlace() {
    SegmentTreeModel* model = dock_->model();
    QVERIFY(model->flags(model->edgeIndex(0)) & Qt::ItemIsEditable);
    QVERIFY(model->setData(model->edgeIndex(0), QStringLiteral("stride")));
    QCOMPARE(doc_.graph().fatEdges[0].name, std::string("stride"));
    QCOMPARE(model->edgeIndex(0).data().toString(), QStringLiteral("stride"));
    doc_.undoStack()->undo();
    QCOMPARE(model->edgeIndex(0).data().toString(), QString::fromStdString(doc_.graph().fatEdges[0].name));
  }

  void playSegmentLoopsTheTimeline() {
    fatgraph::editor::MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kRoll}), QStringList());
    QCOMPARE(window.document()->buildGraph(oneHubRequest()), QString());
    auto* dock = window.findChild<FatEdgesDock*>();
    auto* loop = window.findChild<fatgraph::editor::SegmentLoop*>();
    QVERIFY(dock != nullptr);
    QVERIFY(loop != nullptr);
    const fatgraph::MotionGraph& graph = window.document()->graph();
    const int segment = graph.fatEdges[0].segments.back();
    const fatgraph::Segment s = graph.segments[static_cast<size_t>(segment)];
    dock->tree()->selectionModel()->setCurrentIndex(
        dock->model()->segmentIndex(segment),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(window.timeline()->frame(), s.first);  // picking shows its first frame
    window.timeline()->setFrame(0);
    QVERIFY(dock->playSegmentButton()->isEnabled());
    dock->playSelectedSegment();
    fatgraph::editor::TimelineWidget* timeline = window.timeline();
    QCOMPARE(timeline->frame(), s.first);
    QVERIFY(timeline->isPlaying());
    QVERIFY(loop->isActive());
    // Played past its last frame: back at its first, never outside the segment.
    std::set<int> seen;
    for (int step = 0; step < 3 * s.frameCount(); ++step) {
      timeline->advance(1.0 / 30.0);
      QVERIFY2(timeline->frame() >= s.first && timeline->frame() <= s.last,
               qPrintable(QString::number(timeline->frame())));
      seen.insert(timeline->frame());
    }
    QVERIFY(seen.count(s.first) == 1 && seen.count(s.last) == 1);
    timeline->pause();
    QVERIFY(!loop->isActive());

    // Play Blend: the parameter dock shows that edge and plays its blend at the plane's centre.
    const int edge = static_cast<int>(graph.fatEdges.size()) - 1;
    dock->tree()->selectionModel()->setCurrentIndex(
        dock->model()->edgeIndex(edge), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QVERIFY(dock->playBlendButton()->isEnabled());
    dock->playSelectedBlend();
    QCOMPARE(window.parameterDock()->currentEdge(), edge);
    window.parameterDock()->waitForPreviewGraph();  // built on the pool
    QVERIFY(window.parameterDock()->isPreviewing());
  }
};

QTEST_MAIN(TestFatEdgesDock)
#include "test_fat_edges_dock.moc"
