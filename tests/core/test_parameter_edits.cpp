// Parameterization edits as data: a per-edge choice of joint and time outlasts re-clustering
// (kept by edge name), a choice whose edge is gone is named in the notes, bad values change
// nothing, and every edit leaves the parameterizations parallel to the fat edges.
#include <QtTest>

#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "synthetic_projects.h"

using namespace fatgraph;

namespace {

// Two walk styles between common stands, each twice: one hub, two fat edges of 2 segments,
// parameterized cheaply.
Project parameterizedProject() {
  const test::TwoStyles s = test::twoStyleWalks();
  Project p = test::projectOf({s.plain, s.crouched, s.plain, s.crouched});
  buildMotionGraph(p);
  applyGraphEdit(p, R"({"op": "set_parameterization", "samples": 40, "grid": 8, "refine": true})");
  return p;
}

const EdgeParameterization* paramOf(const Project& p, const std::string& edge) {
  for (size_t e = 0; e < p.graph.fatEdges.size(); ++e) {
    if (p.graph.fatEdges[e].name == edge && e < p.graph.parameterizations.size()) return &p.graph.parameterizations[e];
  }
  return nullptr;
}

bool parallel(const Project& p) {
  const MotionGraph& g = p.graph;
  if (g.parameterizations.size() != g.fatEdges.size()) return false;
  for (size_t e = 0; e < g.fatEdges.size(); ++e) {
    if (g.parameterizations[e].edge != g.fatEdges[e].name) return false;
    if (g.parameterizations[e].grid.segmentCount != static_cast<int>(g.fatEdges[e].segments.size())) return false;
  }
  return true;
}

}  // namespace

class TestParameterEdits : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    base_ = parameterizedProject();
    QCOMPARE(int(base_.graph.fatEdges.size()), 2);
    QVERIFY(base_.graph.parameterizations.empty());  // defaults stored, nothing computed yet
    QCOMPARE(base_.settings.parameterization.samples, 40);
  }

  void choiceParameterizesAndSurvivesThresholdChange() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_edge_parameters", "edge": "edge0", "joint": "LeftFoot", "time_s": 0.5})");
    QVERIFY(parallel(p));
    const int foot = p.skeleton.find("LeftFoot");
    QCOMPARE(paramOf(p, "edge0")->joint, foot);
    QCOMPARE(paramOf(p, "edge0")->referenceTime, 0.5);
    QVERIFY(!paramOf(p, "edge0")->jointAutomatic);
    QVERIFY(paramOf(p, "edge1")->jointAutomatic);
    // A slightly different threshold clusters the same edges: the choice and the results stay.
    applyGraphEdit(p, "{\"op\": \"set_edge_threshold\", \"metres\": " +
                          std::to_string(p.graph.edgeThreshold.rms * 1.01) + "}");
    QVERIFY(parallel(p));
    QCOMPARE(paramOf(p, "edge0")->joint, foot);
    QCOMPARE(paramOf(p, "edge0")->referenceTime, 0.5);
    // Merging everything into one edge: the merged edge keeps the name edge0 and its choice.
    const auto notes = applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 1000})");
    QCOMPARE(int(p.graph.fatEdges.size()), 1);
    QVERIFY(parallel(p));
    QCOMPARE(p.graph.fatEdges[0].name, std::string("edge0"));
    QCOMPARE(p.graph.parameterizations[0].joint, foot);
    QCOMPARE(p.graph.parameterizations[0].grid.segmentCount, 4);
    Q_UNUSED(notes);
  }

  void choiceOfAVanishedEdgeIsNoted() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_edge_parameters", "edge": "edge1", "grid": 6})");
    QCOMPARE(paramOf(p, "edge1")->grid.resolution, 6);
    QCOMPARE(paramOf(p, "edge0")->grid.resolution, 8);
    const auto notes = applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 1000})");
    QVERIFY(parallel(p));
    bool named = false;
    for (const std::string& n : notes) {
      named = named || (n.find("set_edge_parameters") != std::string::npos && n.find("edge1") != std::string::npos);
    }
    QVERIFY2(named, notes.empty() ? "no notes" : notes.front().c_str());
  }

  void renameCarriesTheChoice() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_edge_parameters", "edge": "edge0", "samples": 30})");
    applyGraphEdit(p, R"({"op": "rename_edge", "edge": "edge0", "name": "plain"})");
    QVERIFY(parallel(p));
    QCOMPARE(paramOf(p, "plain")->sampleWeights.size(), size_t(30));
    QCOMPARE(p.settings.edgeParameterChoices.front().edge, std::string("plain"));
  }

  void badValuesChangeNothing_data() {
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("named");
    QTest::newRow("unknown joint") << R"({"op": "set_edge_parameters", "edge": "edge0", "joint": "Tail"})" << "Tail";
    QTest::newRow("unknown edge") << R"({"op": "set_edge_parameters", "edge": "edge9"})" << "edge9";
    QTest::newRow("grid 1") << R"({"op": "set_edge_parameters", "edge": "edge0", "grid": 1})" << "grid";
    QTest::newRow("samples 0") << R"({"op": "set_parameterization", "samples": 0})" << "samples";
    QTest::newRow("time past end") << R"({"op": "set_edge_parameters", "edge": "edge0", "time_s": 99})" << "time";
    QTest::newRow("refine text") << R"({"op": "set_parameterization", "refine": "yes"})" << "refine";
  }
  void badValuesChangeNothing() {
    QFETCH(QString, edit);
    QFETCH(QString, named);
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_edge_parameters", "edge": "edge1", "joint": null, "time_s": 0.4})");
    const auto before = p.graph.parameterizations.size();
    const auto edits = p.edits.size();
    try {
      applyGraphEdit(p, edit.toStdString());
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(named), e.what());
    }
    QCOMPARE(p.graph.parameterizations.size(), before);
    QCOMPARE(p.edits.size(), edits);
    QCOMPARE(int(p.settings.edgeParameterChoices.size()), 1);
    QCOMPARE(p.settings.parameterization.samples, 40);
    QCOMPARE(paramOf(p, "edge1")->referenceTime, 0.4);
  }

 private:
  Project base_;
};

QTEST_GUILESS_MAIN(TestParameterEdits)
#include "test_parameter_edits.moc"
