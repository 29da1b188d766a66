// The parameter dock on a real build (144_03 through the document, so the graph is also
// parameterized): it lists the fat edges and shows the busiest, follows the graph dock's
// selection, and hovering its plot previews the edge's blend in the viewport (two plane points
// give two poses at the same time; leaving returns to the clip); the preview loops the edge.
// Pressing holds a point: the preview stays after leaving and lists the segments' weights.
// The edge's controls (locomotion, blend, joint and time, joystick mapping, a range handle
// dragged on the plot) each make one undo step that changes the project and undoes.
// Graph > Export writes a runtime graph that the runtime's loader reads back, and its summary
// states what that file holds.
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include "app/main_window.h"
#include "docks/edge_parameter_controls.h"
#include "docks/graph_dock.h"
#include "docks/parameter_dock.h"
#include "document/document.h"
#include "document/export_report.h"
#include "document/job_runner.h"
#include "fatgraph/core/param/edge_joystick.h"
#include "fatgraph/core/locomotion/edge_locomotion.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "one_hub_request.h"
#include "views/blend_preview.h"
#include "views/joystick_mapping_editor.h"
#include "views/parameter_plot.h"
#include "views/response_curve_plot.h"
#include "views/viewport.h"

using fatgraph::editor::MainWindow;
using fatgraph::editor::ParameterDock;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

void sendMove(QWidget& widget, const QPointF& at, Qt::MouseButtons held = Qt::NoButton) {
  QMouseEvent move(QEvent::MouseMove, at, widget.mapToGlobal(at), Qt::NoButton, held,
                   Qt::NoModifier);
  QCoreApplication::sendEvent(&widget, &move);
}

void sendButton(QWidget& widget, QEvent::Type type, const QPointF& at) {
  const Qt::MouseButtons held = type == QEvent::MouseButtonPress ? Qt::LeftButton : Qt::NoButton;
  QMouseEvent event(type, at, widget.mapToGlobal(at), Qt::LeftButton, held, Qt::NoModifier);
  QCoreApplication::sendEvent(&widget, &event);
}

/// Picks item `index` of `combo` as a user does (activated is what the controls follow).
void choose(QComboBox* combo, int index) {
  combo->setCurrentIndex(index);
  emit combo->activated(index);
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
  const fatgraph::Project& project() const { return window_->document()->project(); }
  QUndoStack* undoStack() const { return window_->document()->undoStack(); }
  std::string edgeName() const {
    return graph().fatEdges[static_cast<size_t>(dock()->currentEdge())].name;
  }

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
    dock()->waitForPreviewGraph();  // the runtime graph is built on the pool
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
      QVERIFY(fatgraph::isFinite(report.previousFootprint));
      QVERIFY(fatgraph::isFinite(report.nextFootprint));
      const Eigen::Vector3f next = fatgraph::toEigen(report.nextFootprint);
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

  void heldPointKeepsThePreview() {
    fatgraph::editor::ParameterPlot* plot = dock()->plot();
    plot->resize(420, 380);
    const fatgraph::WeightTriangulation& t = plot->parameterization().triangulation;
    const Eigen::Vector2d a = t.sites[static_cast<size_t>(t.hull.front())];
    sendButton(*plot, QEvent::MouseButtonPress, plot->toWidget(a));
    sendButton(*plot, QEvent::MouseButtonRelease, plot->toWidget(a));
    dock()->waitForPreviewGraph();
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(plot, &leave);
    QVERIFY(dock()->isPreviewing());
    QVERIFY(window_->viewport()->scene().showsPose());
    // The runtime's weights at the held point, listed heaviest first.
    float sum = 0.0f;
    for (float w : dock()->preview().weights()) sum += w;
    QVERIFY(std::abs(sum - 1.0f) < 1e-4f);
    const QString listed = dock()->weightsLabel()->text();
    QVERIFY2(listed.contains(QStringLiteral("s")) && listed.contains(QStringLiteral("Held")),
             qPrintable(listed));
    QVERIFY(dock()->clearPointButton()->isEnabled());
    dock()->clearPointButton()->click();
    QVERIFY(!dock()->isPreviewing());
    QVERIFY(dock()->weightsLabel()->text().isEmpty());
  }

  void locomotionChoiceIsAnUndoStep() {
    const int edge = dock()->currentEdge();
    const std::string name = edgeName();
    const int steps = undoStack()->index();
    const fatgraph::EdgeLocomotionPlan before =
        fatgraph::planEdgeLocomotion(project(), static_cast<size_t>(edge), false);
    QComboBox* chooser = dock()->controls()->locomotionChooser();
    QCOMPARE(chooser->currentIndex(), 0);  // automatic
    choose(chooser, before.locomotion ? 2 : 1);  // the opposite of the verdict: off / on
    QCOMPARE(undoStack()->index(), steps + 1);
    const fatgraph::EdgeLocomotionChoice* choice =
        fatgraph::findLocomotionChoice(project().settings, name);
    QVERIFY(choice != nullptr && choice->locomotion == !before.locomotion);
    if (before.locomotion) {  // forced off: core's verdict follows the edit
      const fatgraph::EdgeLocomotionPlan after =
          fatgraph::planEdgeLocomotion(project(), static_cast<size_t>(edge), false);
      QVERIFY(!after.locomotion);
      QVERIFY2(dock()->controls()->locomotionReason()->text().contains(
                   QString::fromStdString(after.reason)),
               qPrintable(dock()->controls()->locomotionReason()->text()));
    }
    QCOMPARE(chooser->currentIndex(), before.locomotion ? 2 : 1);
    undoStack()->undo();
    QVERIFY(fatgraph::findLocomotionChoice(project().settings, name) == nullptr);
    QCOMPARE(chooser->currentIndex(), 0);
  }

  void blendChoiceIsAnUndoStep() {
    const int edge = dock()->currentEdge();
    const int steps = undoStack()->index();
    QVERIFY(dock()->plot()->joystick().has_value());  // grid: the ranges are on the plane
    QComboBox* chooser = dock()->controls()->blendChooser();
    choose(chooser, chooser->findData(QStringLiteral("bands")));
    QCOMPARE(undoStack()->index(), steps + 1);
    QCOMPARE(fatgraph::planEdgeLocomotion(project(), static_cast<size_t>(edge), false).blend,
             fatgraph::EdgeBlendMode::CartesianBands);
    QVERIFY(!dock()->plot()->joystick().has_value());  // bands map onto velocities instead
    undoStack()->undo();
    QCOMPARE(fatgraph::planEdgeLocomotion(project(), static_cast<size_t>(edge), false).blend,
             fatgraph::EdgeBlendMode::Grid);
    QCOMPARE(chooser->currentData().toString(), QStringLiteral("grid"));
    QVERIFY(dock()->plot()->joystick().has_value());
  }

  void jointAndTimeReparameterize() {
    const int edge = dock()->currentEdge();
    const fatgraph::EdgeParameterization automatic =
        graph().parameterizations[static_cast<size_t>(edge)];
    QVERIFY(automatic.jointAutomatic && automatic.timeAutomatic);
    const int steps = undoStack()->index();
    QComboBox* joint = dock()->controls()->jointChooser();
    const int leftFoot = joint->findText(QStringLiteral("LeftFoot"));
    QVERIFY(leftFoot > 0);
    choose(joint, leftFoot);
    QVERIFY(window_->document()->jobs()->waitForFinished(-1));  // slow: on the worker
    QCOMPARE(undoStack()->index(), steps + 1);
    const fatgraph::EdgeParameterization& byFoot =
        graph().parameterizations[static_cast<size_t>(edge)];
    QCOMPARE(byFoot.joint, project().skeleton.find("LeftFoot"));
    QVERIFY(!byFoot.jointAutomatic);
    QCOMPARE(joint->currentIndex(), leftFoot);

    QDoubleSpinBox* time = dock()->controls()->timeChooser();
    QVERIFY(time->maximum() > 0.3);  // within the reference segment
    time->setValue(0.3);
    QVERIFY(window_->document()->jobs()->waitForFinished(-1));
    QCOMPARE(undoStack()->index(), steps + 2);
    const fatgraph::EdgeParameterization& atTime =
        graph().parameterizations[static_cast<size_t>(edge)];
    QVERIFY(!atTime.timeAutomatic);
    QVERIFY(std::abs(atTime.referenceTime - 0.3) < 1e-6);
    QCOMPARE(atTime.joint, byFoot.joint);

    undoStack()->undo();
    undoStack()->undo();
    const fatgraph::EdgeParameterization& back =
        graph().parameterizations[static_cast<size_t>(edge)];
    QVERIFY(back.jointAutomatic && back.timeAutomatic);
    QCOMPARE(back.joint, automatic.joint);
    QCOMPARE(joint->currentIndex(), 0);
    QCOMPARE(time->value(), time->minimum());  // "automatic"
  }

  void joystickEditIsLive() {
    const std::string name = edgeName();
    const int steps = undoStack()->index();
    fatgraph::editor::JoystickMappingEditor* editor = dock()->joystickEditor();
    QVERIFY(editor->isEnabled());
    editor->deadZoneBox()->setValue(0.3);
    QCOMPARE(undoStack()->index(), steps + 1);
    QVERIFY(std::abs(fatgraph::effectiveJoystickMapping(project(), name).deadZone - 0.3f) < 1e-6f);
    QVERIFY(std::abs(editor->curve()->mapping().deadZone - 0.3f) < 1e-6f);  // the live plot
    undoStack()->undo();
    QVERIFY(fatgraph::findJoystickChoice(project().settings, name) == nullptr);
    QCOMPARE(editor->curve()->mapping().deadZone,
             fatgraph::automaticJoystickMapping(project(), name).deadZone);
  }

  void rangeDragIsOneUndoStep() {
    const std::string name = edgeName();
    fatgraph::editor::ParameterPlot* plot = dock()->plot();
    plot->resize(420, 380);
    QVERIFY(plot->joystick().has_value());
    const fatgraph::JoystickMapping before = *plot->joystick();
    const int steps = undoStack()->index();
    // The right handle dragged in three steps towards the neutral.
    const double neutral = before.neutral[0], reach = before.rangeMax[0];
    QVERIFY(reach > neutral);
    sendButton(*plot, QEvent::MouseButtonPress, plot->rangeHandle(0, 1));
    double target = reach;
    for (double f : {0.9, 0.8, 0.7}) {
      target = neutral + f * (reach - neutral);
      sendMove(*plot, plot->toWidget({target, before.neutral[1]}), Qt::LeftButton);
    }
    sendButton(*plot, QEvent::MouseButtonRelease, plot->toWidget({target, before.neutral[1]}));
    QCOMPARE(undoStack()->index(), steps + 1);  // three edits, one step
    const fatgraph::JoystickMapping after = fatgraph::effectiveJoystickMapping(project(), name);
    QVERIFY2(std::abs(after.rangeMax[0] - target) < 1e-4,
             qPrintable(QStringLiteral("%1 vs %2").arg(after.rangeMax[0]).arg(target)));
    QCOMPARE(after.rangeMin[0], before.rangeMin[0]);
    QVERIFY(std::abs(plot->joystick()->rangeMax[0] - target) < 1e-4);
    undoStack()->undo();
    QVERIFY(fatgraph::findJoystickChoice(project().settings, name) == nullptr);
    QCOMPARE(fatgraph::effectiveJoystickMapping(project(), name).rangeMax[0], before.rangeMax[0]);
  }

  void exportWritesALoadableFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("roll.fgraph"));
    QSignalSpy exported(window_.get(), &MainWindow::graphExported);
    QSignalSpy errors(window_.get(), &MainWindow::errorShown);
    window_->exportGraphTo(path);
    QVERIFY(window_->document()->jobs()->waitForFinished(-1));
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
    // The summary states what the file holds: the same report made from the file read back.
    fatgraph::ExportSummary written;
    written.bytes = static_cast<std::uint64_t>(QFileInfo(path).size());
    const fatgraph::editor::ExportReport fromFile =
        fatgraph::editor::ExportReport::of(loaded, written, path);
    QCOMPARE(summary, fromFile.text());
    int locomotion = 0, grids = 0;
    for (const fatgraph::RuntimeEdge& e : loaded.edges) {
      locomotion += e.locomotion.enabled ? 1 : 0;
      grids += e.parameters.gridResolution > 0 ? 1 : 0;
      QVERIFY2(summary.contains(QStringLiteral("%1: ").arg(QString::fromStdString(e.name))),
               qPrintable(summary));
    }
    QCOMPARE(fromFile.joints, loaded.skeleton.jointCount());
    QCOMPARE(fromFile.locomotionEdges(), locomotion);
    QCOMPARE(fromFile.parameterGrids(), grids);
    QCOMPARE(fromFile.legs.size(), static_cast<qsizetype>(loaded.legs.size()));
    QVERIFY2(summary.contains(QStringLiteral("%1 joints").arg(loaded.skeleton.jointCount())),
             qPrintable(summary));
    QVERIFY(grids > 0 && !loaded.legs.empty());  // the walk is parameterized and has legs

    window_->exportGraphTo(dir.filePath(QStringLiteral("missing/dir/roll.fgraph")));
    QVERIFY(window_->document()->jobs()->waitForFinished(-1));
    QCOMPARE(errors.count(), 1);  // shown, not thrown
    QCOMPARE(exported.count(), 1);
  }

  void cleanupTestCase() { window_.reset(); }
};

QTEST_MAIN(TestParameterDock)
#include "test_parameter_dock.moc"
