// The parameter dock on a real build (144_03 through the document, so the graph is also
// parameterized): it lists the fat edges and shows the busiest, follows the graph dock's
// selection, and hovering its plot previews the edge's blend in the viewport (two plane points
// give two poses at the same time; leaving returns to the clip); the preview loops the edge.
// Graph > Export writes a runtime graph that the runtime's loader reads back.
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "app/main_window.h"
#include "docks/graph_dock.h"
#include "docks/parameter_dock.h"
#include "document/document.h"
#include "document/job_runner.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "one_hub_request.h"
#include "views/blend_preview.h"
#include "views/parameter_plot.h"
#include "views/viewport.h"

using fatgraph::editor::MainWindow;
using fatgraph::editor::ParameterDock;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

void sendMove(QWidget& widget, const QPointF& at) {
  QMouseEvent move(QEvent::MouseMove, at, widget.mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                   Qt::NoModifier);
  QCoreApplication::sendEvent(&widget, &move);
}

/// The largest distance between corresponding points (metres).
float largestDifference(const std::vector<QVector3D>& a, const std::vector<QVector3D>& b) {
  float largest = 0.0f;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    largest = std::max(largest, (a[i] - b[i]).length());
  return largest;
}

}  // namespace

class TestParameterDock : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> window_;

  ParameterDock* dock() const { return window_->parameterDock(); }
  const fatgraph::MotionGraph& graph() const { return window_->document()->graph(); }

 private slots:
  void initTestCase() {
    window_ = std::make_unique<MainWindow>();
    window_->setInteractive(false);
    auto* exportAction = window_->findChild<QAction*>(QStringLiteral("exportGraphAction"));
    QVERIFY(exportAction != nullptr);
    QVERIFY(!exportAction->isEnabled());  // no graph yet
    QCOMPARE(window_->openFiles({kRoll}), QStringList());
    QCOMPARE(window_->document()->buildGraph(oneHubRequest()), QString());
    QVERIFY(exportAction->isEnabled());
    QVERIFY(!graph().fatEdges.empty());
    QCOMPARE(graph().parameterizations.size(), graph().fatEdges.size());
  }

  void listsTheFatEdges() {
    QComboBox* chooser = dock()->edgeChooser();
    QCOMPARE(static_cast<size_t>(chooser->count()), graph().fatEdges.size());
    size_t busiest = 0;
    for (size_t i = 0; i < graph().fatEdges.size(); ++i) {
      QCOMPARE(chooser->itemText(static_cast<int>(i)),
               QString::fromStdString(graph().fatEdges[i].name));
      if (graph().fatEdges[i].segments.size() > graph().fatEdges[busiest].segments.size())
        busiest = i;
    }
    QCOMPARE(dock()->currentEdge(), static_cast<int>(busiest));
    QVERIFY(dock()->plot()->hasSpace());
    QCOMPARE(dock()->plot()->parameterization().edge, graph().fatEdges[busiest].name);
    const QString accuracy = dock()->accuracyLabel()->text();
    for (const char* part : {"mm", "samples", "grid", " s"}) {
      QVERIFY2(accuracy.contains(QString::fromUtf8(part)), qPrintable(accuracy));
    }
  }

  void followsTheGraphDock() {
    QVERIFY2(graph().fatEdges.size() >= 2, "the 144_03 build has several fat edges");
    const int other = dock()->currentEdge() == 0 ? 1 : 0;
    window_->graphDock()->edgeView()->selectRow(other);
    QCOMPARE(dock()->currentEdge(), other);
    window_->graphDock()->edgeView()->selectRow(other == 0 ? 1 : 0);
  }

  void hoverPreviewsTheBlend() {
    fatgraph::editor::ParameterPlot* plot = dock()->plot();
    plot->resize(420, 380);
    const fatgraph::WeightTriangulation& t = plot->parameterization().triangulation;
    QVERIFY2(t.hull.size() >= 2, "the busiest edge should span at least a line");
    // Two hull sites far apart along the hull: blends of different segments.
    const Eigen::Vector2d a = t.sites[static_cast<size_t>(t.hull.front())];
    const Eigen::Vector2d b = t.sites[static_cast<size_t>(t.hull[t.hull.size() / 2])];
    const fatgraph::editor::SkeletonScene& scene = window_->viewport()->scene();
    const std::vector<QVector3D> clipPose = scene.jointPositions();

    sendMove(*plot, plot->toWidget(a));
    QVERIFY(dock()->isPreviewing());
    QVERIFY(scene.showsPose());
    const std::vector<QVector3D> poseA = scene.jointPositions();
    const float timeA = dock()->preview().time();
    sendMove(*plot, plot->toWidget(b));  // synchronous: no timer tick in between
    const std::vector<QVector3D> poseB = scene.jointPositions();
    QCOMPARE(dock()->preview().time(), timeA);
    QCOMPARE(poseA.size(), clipPose.size());
    QVERIFY2(largestDifference(poseA, poseB) > 0.01f,
             qPrintable(QString::number(largestDifference(poseA, poseB))));

    QTest::qWait(120);  // the 60 Hz timer plays the edge on
    QVERIFY(dock()->preview().time() > timeA);

    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(plot, &leave);
    QVERIFY(!dock()->isPreviewing());
    QVERIFY(!scene.showsPose());
    QCOMPARE(scene.jointPositions(), clipPose);
  }

  void previewLoopsTheEdge() {
    fatgraph::editor::BlendPreview preview;
    QCOMPARE(preview.rebuild(window_->document()->project()), QString());
    QVERIFY(preview.begin(graph().fatEdges.front().name));
    float previous = preview.time();
    bool looped = false;
    for (int step = 0; step < 400 && !looped; ++step) {  // 20 s: longer than any edge here
      preview.advance(0.05);
      looped = preview.time() < previous;
      previous = preview.time();
    }
    QVERIFY(looped);
    preview.updatePose();
    for (const fatgraph::Vec3& p : preview.worldPositions()) QVERIFY(p.allFinite());
  }

  void previewStandsOnTheTerrain() {
    fatgraph::editor::BlendPreview preview;
    QCOMPARE(preview.rebuild(window_->document()->project()), QString());
    QVERIFY2(preview.hasLegLayer(), "the sample walk's runtime graph carries its legs");
    std::string error;
    const auto slope = fatgraph::terrainFromSpec("slope15", &error);
    QVERIFY(slope.has_value());
    preview.setTerrain(&*slope);
    QVERIFY(preview.begin(graph().fatEdges.front().name));
    for (int step = 0; step < 60; ++step) {  // 2 s of the edge
      preview.advance(1.0 / 30.0);
      preview.updatePose();
      for (const fatgraph::Vec3& p : preview.worldPositions()) QVERIFY(p.allFinite());
    }
    QCOMPARE(preview.legReports().size(), preview.legs().size());
    int grounded = 0;
    for (const fatgraph::LegReport& report : preview.legReports()) {
      QVERIFY(report.previousFootprint.allFinite());
      QVERIFY(report.nextFootprint.allFinite());
      const Eigen::Vector3f& next = report.nextFootprint;
      if (next.isZero()) continue;
      // The predicted footprint is grounded near the slope (within a heel's height; the leg
      // layer's own tests hold its exact placement).
      QVERIFY2(std::abs(next.y() - slope->height(next.x(), next.z())) < 0.1f,
               qPrintable(QStringLiteral("%1 vs %2").arg(next.y()).arg(
                   slope->height(next.x(), next.z()))));
      ++grounded;
    }
    qInfo("%d of %d next footprints placed", grounded, static_cast<int>(preview.legs().size()));
  }

  void exportWritesALoadableFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("roll.fgraph"));
    QSignalSpy exported(window_.get(), &MainWindow::graphExported);
    QSignalSpy errors(window_.get(), &MainWindow::errorShown);
    window_->exportGraphTo(path);
    QVERIFY(window_->document()->jobs()->waitForFinished(60000));
    QCOMPARE(errors.count(), 0);
    QCOMPARE(exported.count(), 1);
    const QString summary = exported[0][0].toString();
    QVERIFY2(summary.contains(QStringLiteral("roll.fgraph")) &&
                 summary.contains(QStringLiteral("bytes")),
             qPrintable(summary));
    const fatgraph::RuntimeGraph loaded = fatgraph::loadRuntimeGraph(path.toStdString());
    QCOMPARE(loaded.edges.size(), graph().fatEdges.size());
    QCOMPARE(loaded.hubs.size(), graph().hubs.size());
    QCOMPARE(loaded.edges.front().name, graph().fatEdges.front().name);

    window_->exportGraphTo(dir.filePath(QStringLiteral("missing/dir/roll.fgraph")));
    QVERIFY(window_->document()->jobs()->waitForFinished(60000));
    QCOMPARE(errors.count(), 1);  // shown, not thrown
    QCOMPARE(exported.count(), 1);
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestParameterDock)
#include "test_parameter_dock.moc"
