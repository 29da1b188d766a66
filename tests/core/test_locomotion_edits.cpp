// Locomotion edits as data: set_locomotion and set_blend are kept by edge name through a
// re-clustering, a choice whose edge is gone is named in the notes, bad values change nothing,
// the runtime graph follows them, and the project file keeps them with the --locomotion
// selection and the locomotion edges' cycle analyses.
#include <QtTest>

#include <algorithm>
#include <string>

#include "fatgraph/core/locomotion/edge_locomotion.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "synthetic_projects.h"

using namespace fatgraph;

namespace {

// Two walk styles between common stands, each twice: one hub, two fat edges of 2 segments.
Project twoEdgeProject() {
  const test::TwoStyles s = test::twoStyleWalks();
  Project p = test::projectOf({s.plain, s.crouched, s.plain, s.crouched});
  p.legs = detectLegs(p.skeleton, &p.clips.front());
  buildMotionGraph(p);
  return p;
}

int edgeIndex(const Project& p, const std::string& name) {
  for (size_t e = 0; e < p.graph.fatEdges.size(); ++e)
    if (p.graph.fatEdges[e].name == name) return static_cast<int>(e);
  return -1;
}

bool mentions(const std::vector<std::string>& notes, const std::string& a, const std::string& b) {
  return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) {
    return n.find(a) != std::string::npos && n.find(b) != std::string::npos;
  });
}

}  // namespace

class TestLocomotionEdits : public QObject {
  Q_OBJECT
  Project base_;
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    base_ = twoEdgeProject();
    QCOMPARE(int(base_.graph.fatEdges.size()), 2);
    QVERIFY(!base_.legs.empty());
  }

  void choicesSurviveThresholdChangeAndReload() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_locomotion", "edge": "edge0", "locomotion": false})");
    applyGraphEdit(p, R"({"op": "set_blend", "edge": "edge1", "blend": "polar"})");
    applyGraphEdit(p, R"({"op": "set_blend", "edge": "edge0", "blend": "bands"})");
    const auto check = [](const Project& q) {
      const EdgeLocomotionPlan a = planEdgeLocomotion(q, edgeIndex(q, "edge0"), false);
      QVERIFY(!a.locomotion);
      QCOMPARE(a.reason, std::string("set by edit"));
      QCOMPARE(a.blend, EdgeBlendMode::CartesianBands);
      const EdgeLocomotionPlan b = planEdgeLocomotion(q, edgeIndex(q, "edge1"), false);
      QCOMPARE(b.blend, EdgeBlendMode::PolarBands);
      QVERIFY(b.reason != "set by edit");
    };
    check(p);
    // A slightly different threshold derives the same edges anew: the choices stay.
    const auto notes = applyGraphEdit(p, "{\"op\": \"set_edge_threshold\", \"metres\": " +
                                             std::to_string(p.graph.edgeThreshold.rms * 1.01) + "}");
    QCOMPARE(int(p.graph.fatEdges.size()), 2);
    QVERIFY(!mentions(notes, "set_blend", "edge1"));
    check(p);
    // The runtime graph follows them.
    const RuntimeGraph g = buildRuntimeGraph(p);
    QCOMPARE(g.edges[g.findEdge("edge0")].blend, EdgeBlendMode::CartesianBands);
    QCOMPARE(g.edges[g.findEdge("edge1")].blend, EdgeBlendMode::PolarBands);
    QVERIFY(!g.edges[g.findEdge("edge0")].locomotion.enabled);
    QCOMPARE(g.validate(), std::string());
    // Saved and loaded, with a non-default selection.
    p.settings.locomotion = LocomotionSelection::None;
    const std::string path = dir_.filePath(QStringLiteral("choices.fgproj")).toStdString();
    saveProject(p, path);
    const Project loaded = loadProject(path);
    QCOMPARE(loaded.settings.locomotion, LocomotionSelection::None);
    QCOMPARE(loaded.settings.edgeLocomotionChoices.size(), p.settings.edgeLocomotionChoices.size());
    check(loaded);
    QCOMPARE(planEdgeLocomotion(loaded, edgeIndex(loaded, "edge1"), false).reason, std::string("--locomotion none"));
  }

  void choiceOfAVanishedEdgeIsNoted() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_locomotion", "edge": "edge1", "locomotion": true})");
    const auto notes = applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 1000})");
    QCOMPARE(int(p.graph.fatEdges.size()), 1);
    QVERIFY2(mentions(notes, "set_locomotion", "edge1"), notes.empty() ? "no notes" : notes.front().c_str());
  }

  void autoAndGridDropTheChoice() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_locomotion", "edge": "edge0", "locomotion": true})");
    applyGraphEdit(p, R"({"op": "set_blend", "edge": "edge0", "blend": "polar"})");
    QCOMPARE(p.settings.edgeLocomotionChoices.size(), size_t(1));
    applyGraphEdit(p, R"({"op": "set_locomotion", "edge": "edge0", "locomotion": "auto"})");
    QCOMPARE(p.settings.edgeLocomotionChoices.size(), size_t(1));
    applyGraphEdit(p, R"({"op": "set_blend", "edge": "edge0", "blend": "grid"})");
    QVERIFY(p.settings.edgeLocomotionChoices.empty());
  }

  void renameCarriesTheChoice() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_blend", "edge": "edge0", "blend": "bands"})");
    applyGraphEdit(p, R"({"op": "rename_edge", "edge": "edge0", "name": "plain"})");
    QCOMPARE(planEdgeLocomotion(p, edgeIndex(p, "plain"), false).blend, EdgeBlendMode::CartesianBands);
  }

  void badValuesChangeNothing_data() {
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("named");
    QTest::newRow("unknown edge") << R"({"op": "set_locomotion", "edge": "edge9", "locomotion": true})" << "edge9";
    QTest::newRow("locomotion text") << R"({"op": "set_locomotion", "edge": "edge0", "locomotion": "yes"})" << "locomotion";
    QTest::newRow("locomotion missing") << R"({"op": "set_locomotion", "edge": "edge0"})" << "locomotion";
    QTest::newRow("blend unknown") << R"({"op": "set_blend", "edge": "edge0", "blend": "spline"})" << "spline";
    QTest::newRow("blend number") << R"({"op": "set_blend", "edge": "edge0", "blend": 1})" << "blend";
    QTest::newRow("no edge") << R"({"op": "set_blend", "blend": "grid"})" << "edge";
  }
  void badValuesChangeNothing() {
    QFETCH(QString, edit);
    QFETCH(QString, named);
    Project p = base_;
    const auto edits = p.edits.size();
    try {
      applyGraphEdit(p, edit.toStdString());
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(named), e.what());
    }
    QCOMPARE(p.edits.size(), edits);
    QVERIFY(p.settings.edgeLocomotionChoices.empty());
  }

  // A steady walk: its hub-to-hub cycles are locomotion, and the project file keeps their
  // analyses (/locomotion) as they are derived.
  void cycleRecordsRoundTrip() {
    SyntheticWalkParams params;
    params.cycles = 6;
    params.period = 32.0 / 30.0;
    Project p = test::projectOf({generateBipedWalk(params)});
    p.legs = detectLegs(p.skeleton, &p.clips.front());
    BuildOptions options;
    options.hubCount = 1;
    buildMotionGraph(p, options);
    p.settings.locomotion = LocomotionSelection::All;
    const std::vector<EdgeCycleRecord> records = locomotionRecords(p);
    QVERIFY(!records.empty());
    const std::string path = dir_.filePath(QStringLiteral("records.fgproj")).toStdString();
    saveProject(p, path);
    const Project loaded = loadProject(path);
    QCOMPARE(loaded.locomotionRecords.size(), records.size());
    for (size_t e = 0; e < records.size(); ++e) {
      QCOMPARE(loaded.locomotionRecords[e].edge, records[e].edge);
      QCOMPARE(loaded.locomotionRecords[e].segments.size(), records[e].segments.size());
      for (size_t s = 0; s < records[e].segments.size(); ++s) {
        const CycleAnalysis &a = records[e].segments[s], &b = loaded.locomotionRecords[e].segments[s];
        QCOMPARE(b.valid, a.valid);
        QCOMPARE(b.firstFrame, a.firstFrame);
        QCOMPARE(b.distance, a.distance);
        QCOMPARE(b.speed, a.speed);
        QCOMPARE(b.legs.size(), a.valid ? a.legs.size() : size_t(0));
        for (size_t l = 0; l < b.legs.size(); ++l) {
          QCOMPARE(b.legs[l].stanceTime, a.legs[l].stanceTime);
          QCOMPARE(b.legs[l].keys.footStrike, a.legs[l].keys.footStrike);
          QCOMPARE(b.legs[l].keys.postFootLift, a.legs[l].keys.postFootLift);
          QCOMPARE(b.legs[l].strideLength, a.legs[l].strideLength);
          QVERIFY(b.legs[l].strideDirection == a.legs[l].strideDirection);
          QVERIFY(b.legs[l].footDirection == a.legs[l].footDirection);
          QCOMPARE(b.legs[l].normalizedFootbase.size(), a.legs[l].normalizedFootbase.size());
          QVERIFY(b.legs[l].normalizedFootbase == a.legs[l].normalizedFootbase);
        }
      }
    }
  }
};

QTEST_GUILESS_MAIN(TestLocomotionEdits)
#include "test_locomotion_edits.moc"
