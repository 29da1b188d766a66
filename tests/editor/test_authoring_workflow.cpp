// The whole authoring path through the main window, offscreen, as a user takes it: import the
// sample walk, build its graph, accept a hub suggestion, change the edge threshold, add a
// match to a hub, set a fat edge's parameter joint, undo every step and redo it, and export
// the runtime graph. The project is checked after each step; the exported file is read back
// with the game's own loader.
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

#include "app/main_window.h"
#include "docks/edge_parameter_controls.h"
#include "docks/fat_edges_dock.h"
#include "docks/hubs_dock.h"
#include "docks/parameter_dock.h"
#include "document/document.h"
#include "document/file_loading.h"
#include "document/job_runner.h"
#include "document/selection.h"
#include "fatgraph/core/graph/hub_ranking.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"
#include "models/hub_suggestion_list.h"
#include "one_hub_request.h"

using fatgraph::FrameRef;
using fatgraph::Project;
using fatgraph::editor::Document;
using fatgraph::editor::MainWindow;

namespace {

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

/// What each step is checked by: the parts of the project the steps change.
struct Snapshot {
  size_t hubs = 0;
  std::vector<size_t> matchSets;
  double edgeThreshold = 0;
  bool edgeThresholdAutomatic = true;
  size_t fatEdges = 0;
  std::vector<std::string> parameterJoints;  // per parameterization: edge name + joint
  size_t edits = 0;

  static Snapshot of(const Project& p) {
    Snapshot s;
    s.hubs = p.graph.hubs.size();
    for (const fatgraph::Hub& h : p.graph.hubs) s.matchSets.push_back(h.matchSet.size());
    s.edgeThreshold = p.graph.edgeThreshold.rms;
    s.edgeThresholdAutomatic = p.graph.edgeThreshold.automatic;
    s.fatEdges = p.graph.fatEdges.size();
    for (const auto& e : p.graph.parameterizations) {
      s.parameterJoints.push_back(e.edge + ":" + std::to_string(e.joint) +
                                  (e.jointAutomatic ? "a" : "u"));
    }
    s.edits = p.edits.size();
    return s;
  }
  bool operator==(const Snapshot&) const = default;
};

}  // namespace

class TestAuthoringWorkflow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    window_.setInteractive(false);
    connect(&window_, &MainWindow::errorShown, this, [this](const QString& m) { errors_ << m; });
  }

  void importsTheWalk() {
    fatgraph::editor::ClipImportOptions options;  // the working rate, units detected
    window_.importFiles({kWalk}, options);
    settle();
    QCOMPARE(doc()->clipCount(), 1);
    QCOMPARE(doc()->clip(0).fps, 30.0);
    QCOMPARE(doc()->clip(0).frameCount(), 1120);  // 4479 frames at 120 fps, T-pose dropped
    record();
  }

  void buildsTheGraph() {
    window_.startBuildGraph(oneHubRequest());
    settle();
    QCOMPARE(doc()->graph().hubs.size(), size_t(1));
    QVERIFY(!doc()->graph().fatEdges.empty());
    QVERIFY(!doc()->graph().parameterizations.empty());
    record();
  }

  void acceptsTheTopSuggestion() {
    auto* hubs = window_.findChild<fatgraph::editor::HubsDock*>();
    QVERIFY(hubs != nullptr);
    hubs->suggestions()->waitForRanking();
    QVERIFY(hubs->suggestions()->rowCount() > 0);
    const fatgraph::RankedHubSuggestion top = hubs->suggestions()->suggestion(0);
    // Independently: core's ranking of the same project names the same frame first.
    const auto ranked = fatgraph::rankHubSuggestions(doc()->project(), 1);
    QCOMPARE(ranked.front().globalFrame, top.globalFrame);
    QTest::mouseClick(hubs->acceptButton(), Qt::LeftButton);
    settle();
    QCOMPARE(doc()->graph().hubs.size(), size_t(2));
    QCOMPARE(doc()->graph().hubs[1].frame, (FrameRef{top.clip, top.frame}));
    record();
  }

  void changesTheEdgeThreshold() {
    auto* edges = window_.findChild<fatgraph::editor::FatEdgesDock*>();
    QVERIFY(edges != nullptr);
    const double metres = std::round(doc()->graph().edgeThreshold.rms * 700.0) / 1000.0;
    edges->thresholdSpin()->setValue(metres);  // a preview: the document is unchanged
    QVERIFY(edges->isPreviewing());
    QCOMPARE(Snapshot::of(doc()->project()), snapshots_.back());
    edges->commitThreshold();  // as when the value rests or the slider is released
    settle();
    QCOMPARE(doc()->graph().edgeThreshold.rms, metres);
    QVERIFY(!doc()->graph().edgeThreshold.automatic);
    record();
  }

  void addsAMatch() {
    auto* hubs = window_.findChild<fatgraph::editor::HubsDock*>();
    auto* selection = window_.findChild<fatgraph::editor::Selection*>();
    QVERIFY(selection != nullptr);
    selection->setHub(0);
    const fatgraph::Hub hub = doc()->graph().hubs[0];
    // A frame far from the hub and its matches, so the edit adds a new member.
    int frame = -1;
    int gap = -1;
    for (int f = 20; f < doc()->clip(0).frameCount() - 20; ++f) {
      int g = std::abs(f - hub.frame.frame);
      for (const FrameRef& m : hub.matchSet) g = std::min(g, std::abs(f - m.frame));
      if (g > gap) {
        gap = g;
        frame = f;
      }
    }
    hubs->toggleMatch(0, frame);
    settle();
    const auto& set = doc()->graph().hubs[0].matchSet;
    QVERIFY(std::find(set.begin(), set.end(), FrameRef{0, frame}) != set.end());
    QCOMPARE(set.size(), hub.matchSet.size() + 1);
    record();
  }

  void setsTheParameterJoint() {
    auto* parameters = window_.findChild<fatgraph::editor::ParameterDock*>();
    QVERIFY(parameters != nullptr);
    const int edge = parameters->currentEdge();
    QVERIFY(edge >= 0);
    const std::string name = doc()->graph().fatEdges[static_cast<size_t>(edge)].name;
    QComboBox* joints = parameters->controls()->jointChooser();
    const int foot = joints->findText(QStringLiteral("LeftFoot"));
    QVERIFY(foot > 0);
    joints->setCurrentIndex(foot);
    emit joints->activated(foot);  // as when the user picks it
    settle();
    const int leftFoot = doc()->skeleton().find("LeftFoot");
    bool found = false;
    for (const auto& p : doc()->graph().parameterizations) {
      if (p.edge != name) continue;
      found = true;
      QCOMPARE(p.joint, leftFoot);
      QVERIFY(!p.jointAutomatic);
    }
    QVERIFY(found);
    record();
  }

  void undoesAndRedoesEveryStep() {
    QUndoStack* stack = doc()->undoStack();
    QCOMPARE(stack->count(), static_cast<int>(snapshots_.size()) - 1);
    for (int k = static_cast<int>(snapshots_.size()) - 2; k >= 0; --k) {
      QCOMPARE(doc()->undo(), QString());
      QCOMPARE(Snapshot::of(doc()->project()), snapshots_[static_cast<size_t>(k)]);
    }
    QCOMPARE(doc()->clipCount(), 0);
    for (size_t k = 1; k < snapshots_.size(); ++k) {
      QCOMPARE(doc()->redo(), QString());
      QCOMPARE(Snapshot::of(doc()->project()), snapshots_[k]);
    }
  }

  void exportsTheGraph() {
    const QString path = dir_.filePath(QStringLiteral("walk.fgraph"));
    QSignalSpy exported(&window_, &MainWindow::graphExported);
    window_.exportGraphTo(path);
    settle();
    QCOMPARE(exported.count(), 1);
    const fatgraph::RuntimeGraph graph = fatgraph::loadRuntimeGraph(path.toStdString());
    QCOMPARE(graph.hubs.size(), doc()->graph().hubs.size());
    QCOMPARE(graph.edges.size(), doc()->graph().fatEdges.size());
    QVERIFY(exported.front().front().toString().contains(QStringLiteral("walk.fgraph")));
    QVERIFY2(errors_.isEmpty(), qPrintable(errors_.join(u'\n')));
  }

 private:
  Document* doc() const { return window_.document(); }
  /// Waits for the worker's job and delivers its completion; no error may have been shown.
  void settle() {
    QVERIFY(doc()->jobs()->waitForFinished(-1));
    QCoreApplication::processEvents();
    QVERIFY2(errors_.isEmpty(), qPrintable(errors_.join(u'\n')));
  }
  void record() { snapshots_.push_back(Snapshot::of(doc()->project())); }

  QTemporaryDir dir_;
  MainWindow window_;
  QStringList errors_;
  std::vector<Snapshot> snapshots_{Snapshot{}};  // the empty document first
};

QTEST_MAIN(TestAuthoringWorkflow)
#include "test_authoring_workflow.moc"
