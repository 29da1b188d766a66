// The graph dock and its models: hub and fat edge rows after a build, renaming through the
// models (undo commands), the thresholds with their method, and selections that ask for a
// hub's or a fat edge's frame; in the main window they move the timeline.
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include "one_hub_request.h"
#include "document/document.h"
#include "document/job_runner.h"
#include "app/main_window.h"
#include "docks/graph_dock.h"
#include "models/fat_edge_table_model.h"
#include "models/hub_table_model.h"
#include "views/timeline_widget.h"

using fatgraph::editor::FatEdgeTableModel;
using fatgraph::editor::GraphDock;
using fatgraph::editor::HubTableModel;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

}  // namespace

class TestGraphDock : public QObject {
  Q_OBJECT

 private slots:
  void emptyUntilBuilt() {
    fatgraph::editor::Document doc;
    GraphDock dock(&doc);
    QCOMPARE(dock.hubModel()->rowCount(), 0);
    QCOMPARE(dock.edgeModel()->rowCount(), 0);
    QCOMPARE(dock.hubModel()->columnCount(), int{HubTableModel::ColumnCount});
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    QCOMPARE(dock.hubModel()->rowCount(), 1);
    doc.undoStack()->undo();
    QCOMPARE(dock.hubModel()->rowCount(), 0);
    QCOMPARE(dock.edgeModel()->rowCount(), 0);
  }

  void rowsAfterBuild() {
    fatgraph::editor::Document doc;
    GraphDock dock(&doc);
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    const fatgraph::MotionGraph& graph = doc.graph();

    HubTableModel* hubs = dock.hubModel();
    QCOMPARE(hubs->rowCount(), 1);
    auto hub = [hubs](int column, int role = Qt::DisplayRole) {
      return hubs->index(0, column).data(role);
    };
    QCOMPARE(hub(HubTableModel::NameColumn).toString(), QStringLiteral("hub0"));
    QCOMPARE(hub(HubTableModel::ClipColumn).toString(), QStringLiteral("144_03"));
    QVERIFY(hub(HubTableModel::MatchSetColumn).toInt() >= 28);
    QCOMPARE(hub(0, HubTableModel::ClipIndexRole).toInt(), 0);
    QCOMPARE(hub(0, HubTableModel::ClipFrameRole).toInt(), graph.hubs[0].frame.frame);
    // The frame column is the frame in the 120 fps file, as reports give it.
    const int source = hub(HubTableModel::FrameColumn).toInt();
    QCOMPARE(source, static_cast<int>(std::lround(doc.clip(0).sourceFrame(graph.hubs[0].frame.frame))));
    QVERIFY(std::abs(source - 4 * graph.hubs[0].frame.frame) <= 4);

    FatEdgeTableModel* edges = dock.edgeModel();
    QCOMPARE(edges->rowCount(), static_cast<int>(graph.fatEdges.size()));
    int segments = 0;
    for (int row = 0; row < edges->rowCount(); ++row) {
      QCOMPARE(edges->index(row, FatEdgeTableModel::HubsColumn).data().toString(),
               QStringLiteral("hub0 → hub0"));
      segments += edges->index(row, FatEdgeTableModel::SegmentsColumn).data().toInt();
      QCOMPARE(edges->index(row, 0).data(FatEdgeTableModel::ReferenceClipRole).toInt(), 0);
    }
    QCOMPARE(segments, static_cast<int>(graph.segments.size()));

    QVERIFY(dock.hubMethodLabel()->text().startsWith(QStringLiteral("automatic")));
    QVERIFY(dock.edgeMethodLabel()->text().contains(QStringLiteral("1.5")));
    QCOMPARE(dock.hubThresholdSpin()->value(), std::round(graph.hubThreshold.rms * 1000) / 1000);
  }

  void renameThroughTheModels() {
    fatgraph::editor::Document doc;
    GraphDock dock(&doc);
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    const int commands = doc.undoStack()->count();
    QVERIFY(dock.edgeModel()->setData(dock.edgeModel()->index(0, 0), QStringLiteral(" step ")));
    QCOMPARE(dock.edgeModel()->index(0, 0).data().toString(), QStringLiteral("step"));
    QVERIFY(dock.hubModel()->setData(dock.hubModel()->index(0, 0), QStringLiteral("ready")));
    QCOMPARE(dock.edgeModel()->index(0, 1).data().toString(), QStringLiteral("ready → ready"));
    QCOMPARE(doc.undoStack()->count(), commands + 2);
    QVERIFY(!dock.edgeModel()->setData(dock.edgeModel()->index(0, 1), QStringLiteral("x")));
    QVERIFY(!dock.edgeModel()->setData(dock.edgeModel()->index(1, 0), QStringLiteral("step")));
    QCOMPARE(doc.undoStack()->count(), commands + 2);  // a taken name is refused
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(dock.edgeModel()->index(0, 0).data().toString(), QStringLiteral("edge0"));
  }

  void thresholdButtonsPushEdits() {
    fatgraph::editor::Document doc;
    GraphDock dock(&doc);
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(doc.buildGraph(oneHubRequest()), QString());
    dock.edgeThresholdSpin()->setValue(0.25);
    dock.applyEdgeThreshold();
    QVERIFY(doc.jobs()->waitForFinished(-1));
    QCOMPARE(doc.graph().edgeThreshold.rms, 0.25);
    QCOMPARE(dock.edgeMethodLabel()->text(), QStringLiteral("set by the user"));
  }

  void selectingMovesTheTimeline() {
    fatgraph::editor::MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kRoll}), QStringList());
    window.startBuildGraph(oneHubRequest());
    QVERIFY(window.document()->jobs()->waitForFinished(-1));
    QCOMPARE(window.document()->graph().hubs.size(), size_t{1});
    const int hubFrame = window.document()->graph().hubs[0].frame.frame;
    QSignalSpy requested(window.graphDock(), &GraphDock::frameRequested);
    QTableView* hubs = window.graphDock()->hubView();
    hubs->setCurrentIndex(hubs->model()->index(0, 0));
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(1).toInt(), hubFrame);
    QCOMPARE(window.timeline()->frame(), hubFrame);

    QTableView* edges = window.graphDock()->edgeView();
    edges->setCurrentIndex(edges->model()->index(1, 0));
    const int first = edges->model()->index(1, 0).data(FatEdgeTableModel::ReferenceFrameRole).toInt();
    QCOMPARE(window.timeline()->frame(), first);
  }
};

QTEST_MAIN(TestGraphDock)
#include "test_graph_dock.moc"
