// set_joystick as data: the authored mapping is validated against the edge's automatic one,
// kept by edge name through a re-clustering (a vanished edge's choice is named in the notes),
// stored in the project file, and what the export writes: the runtime graph's mapping equals
// the authored values with the automatic ones elsewhere, and effectiveJoystickMapping agrees
// with it without an export.
#include <QtTest>

#include <algorithm>
#include <string>

#include "fatgraph/core/param/edge_joystick.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/core/param/runtime_graph_builder.h"
#include "synthetic_projects.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {

// Two walk styles between common stands, each twice: one hub, two fat edges of 2 segments,
// parameterized so the automatic neutral and ranges come from the weight grid.
Project twoEdgeProject() {
  const test::TwoStyles s = test::twoStyleWalks();
  Project p = test::projectOf({s.plain, s.crouched, s.plain, s.crouched});
  p.legs = detectLegs(p.skeleton, &p.clips.front());
  buildMotionGraph(p);
  p.settings.parameterization.samples = 40;
  p.settings.parameterization.grid = 8;
  parameterizeGraph(p);
  return p;
}

bool mentions(const std::vector<std::string>& notes, const std::string& a, const std::string& b) {
  return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) {
    return n.find(a) != std::string::npos && n.find(b) != std::string::npos;
  });
}

std::string num(double v) { return std::to_string(v); }

// An edit whose ranges sit 0.25 below and above the given neutral.
std::string authored(const std::string& edge, const JoystickMapping& automatic) {
  return "{\"op\": \"set_joystick\", \"edge\": \"" + edge + "\", \"dead_zone\": 0.2, \"response\": 1.5, " +
         "\"invert\": [true, false], \"range_min\": [" + num(automatic.neutral[0] - 0.25) + ", " +
         num(automatic.neutral[1] - 0.25) + "], \"range_max\": [" + num(automatic.neutral[0] + 0.25) + ", " +
         num(automatic.neutral[1] + 0.25) + "]}";
}

void compareAuthored(const JoystickMapping& m, const JoystickMapping& automatic) {
  QCOMPARE(m.deadZone, 0.2f);
  QCOMPARE(m.responseExponent, 1.5f);
  QVERIFY(m.invert[0]);
  QVERIFY(!m.invert[1]);
  for (int a = 0; a < 2; ++a) {
    QCOMPARE(m.neutral[a], automatic.neutral[a]);  // never authored: follows the edge
    // std::to_string keeps 6 decimals; the edge stores floats.
    QVERIFY(std::abs(m.rangeMin[a] - (automatic.neutral[a] - 0.25f)) < 1e-5f);
    QVERIFY(std::abs(m.rangeMax[a] - (automatic.neutral[a] + 0.25f)) < 1e-5f);
  }
}

}  // namespace

class TestJoystickEdits : public QObject {
  Q_OBJECT
  Project base_;
  JoystickMapping automatic0_;
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    base_ = twoEdgeProject();
    QCOMPARE(int(base_.graph.fatEdges.size()), 2);
    QCOMPARE(base_.graph.parameterizations.size(), base_.graph.fatEdges.size());
    automatic0_ = automaticJoystickMapping(base_, "edge0");
    // The automatic mapping is what the export derives when nothing is authored.
    const RuntimeGraph g = buildRuntimeGraph(base_);
    const JoystickMapping& exported = g.edges[g.findEdge("edge0")].joystick;
    for (int a = 0; a < 2; ++a) {
      QCOMPARE(exported.neutral[a], automatic0_.neutral[a]);
      QCOMPARE(exported.rangeMin[a], automatic0_.rangeMin[a]);
      QCOMPARE(exported.rangeMax[a], automatic0_.rangeMax[a]);
    }
  }

  void exportedMappingIsTheAuthoredOne() {
    Project p = base_;
    applyGraphEdit(p, authored("edge0", automatic0_));
    const RuntimeGraph g = buildRuntimeGraph(p);
    compareAuthored(g.edges[g.findEdge("edge0")].joystick, automatic0_);
    compareAuthored(effectiveJoystickMapping(p, "edge0"), automatic0_);
    // The other edge keeps its automatic mapping.
    const JoystickMapping other = automaticJoystickMapping(p, "edge1");
    QCOMPARE(g.edges[g.findEdge("edge1")].joystick.deadZone, other.deadZone);
    QCOMPARE(g.edges[g.findEdge("edge1")].joystick.rangeMax[0], other.rangeMax[0]);
  }

  void partialChoiceLeavesTheRestAutomatic() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_joystick", "edge": "edge0", "response": 2.0, "dead_zone": null})");
    const JoystickMapping m = effectiveJoystickMapping(p, "edge0");
    QCOMPARE(m.responseExponent, 2.0f);
    QCOMPARE(m.deadZone, automatic0_.deadZone);
    QCOMPARE(m.rangeMin[1], automatic0_.rangeMin[1]);
    // All automatic again: nothing is kept.
    applyGraphEdit(p, R"({"op": "set_joystick", "edge": "edge0"})");
    QVERIFY(p.settings.edgeJoystickChoices.empty());
  }

  void keptByNameThroughReclusteringAndReload() {
    Project p = base_;
    applyGraphEdit(p, authored("edge0", automatic0_));
    const auto notes = applyGraphEdit(p, "{\"op\": \"set_edge_threshold\", \"metres\": " +
                                             num(p.graph.edgeThreshold.rms * 1.01) + "}");
    QCOMPARE(int(p.graph.fatEdges.size()), 2);
    QVERIFY(!mentions(notes, "set_joystick", "edge0"));
    compareAuthored(effectiveJoystickMapping(p, "edge0"), automatic0_);
    applyGraphEdit(p, R"({"op": "rename_edge", "edge": "edge0", "name": "plain"})");
    compareAuthored(effectiveJoystickMapping(p, "plain"), automatic0_);
    const std::string path = dir_.filePath(QStringLiteral("joystick.fgproj")).toStdString();
    saveProject(p, path);
    const Project loaded = loadProject(path);
    QVERIFY(loaded.settings.edgeJoystickChoices == p.settings.edgeJoystickChoices);
    const RuntimeGraph g = buildRuntimeGraph(loaded);
    compareAuthored(g.edges[g.findEdge("plain")].joystick, automatic0_);
  }

  void choiceOfAVanishedEdgeIsNoted() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_joystick", "edge": "edge1", "dead_zone": 0.3})");
    const auto notes = applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 1000})");
    QCOMPARE(int(p.graph.fatEdges.size()), 1);
    QVERIFY2(mentions(notes, "set_joystick", "edge1"), notes.empty() ? "no notes" : notes.front().c_str());
    QCOMPARE(p.settings.edgeJoystickChoices.size(), size_t(1));  // kept: it returns with the name
  }

  void badValuesChangeNothing_data() {
    QTest::addColumn<QString>("values");
    QTest::addColumn<QString>("named");
    const JoystickMapping& a = automatic0_;
    QTest::newRow("dead zone negative") << R"("dead_zone": -0.01)" << "dead_zone";
    QTest::newRow("dead zone too large") << R"("dead_zone": 0.96)" << "dead_zone";
    QTest::newRow("dead zone text") << R"("dead_zone": "small")" << "dead_zone";
    QTest::newRow("response too small") << R"("response": 0.19)" << "response";
    QTest::newRow("response too large") << R"("response": 5.01)" << "response";
    QTest::newRow("invert one axis") << R"("invert": [true])" << "invert";
    QTest::newRow("invert numbers") << R"("invert": [1, 0])" << "invert";
    QTest::newRow("range three numbers") << R"("range_min": [-1, -1, -1])" << "range_min";
    QTest::newRow("range beyond float") << R"("range_max": [1e40, 1])" << "range_max";
    QTest::newRow("range_min x above neutral")
        << QString::fromStdString("\"range_min\": [" + num(a.neutral[0] + 0.1) + ", " + num(a.neutral[1] - 0.1) + "]")
        << "range_min\" x";
    QTest::newRow("range_min y at neutral")
        << QString::fromStdString("\"range_min\": [" + num(a.neutral[0] - 0.1) + ", " + num(a.neutral[1]) + "]")
        << "range_min\" y";
    QTest::newRow("range_max y below neutral")
        << QString::fromStdString("\"range_max\": [" + num(a.neutral[0] + 0.1) + ", " + num(a.neutral[1] - 0.1) + "]")
        << "range_max\" y";
  }
  void badValuesChangeNothing() {
    QFETCH(QString, values);
    QFETCH(QString, named);
    Project p = base_;
    const auto edits = p.edits.size();
    const std::string edit = R"({"op": "set_joystick", "edge": "edge0", )" + values.toStdString() + "}";
    try {
      applyGraphEdit(p, edit);
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(named), e.what());
    }
    QCOMPARE(p.edits.size(), edits);
    QVERIFY(p.settings.edgeJoystickChoices.empty());
  }

  void boundaryValuesAreAccepted_data() {
    QTest::addColumn<QString>("values");
    QTest::newRow("dead zone 0") << R"("dead_zone": 0)";
    QTest::newRow("dead zone 0.95") << R"("dead_zone": 0.95)";
    QTest::newRow("response 0.2") << R"("response": 0.2)";
    QTest::newRow("response 5") << R"("response": 5)";
    QTest::newRow("invert") << R"("invert": [false, true])";
  }
  void boundaryValuesAreAccepted() {
    QFETCH(QString, values);
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_joystick", "edge": "edge0", )" + values.toStdString() + "}");
    QCOMPARE(p.settings.edgeJoystickChoices.size(), size_t(1));
  }

  void unknownEdgeIsNamed() {
    Project p = base_;
    try {
      applyGraphEdit(p, R"({"op": "set_joystick", "edge": "edge9", "dead_zone": 0.2})");
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("edge9")), e.what());
    }
    FATGRAPH_VERIFY_THROWS(Error, "no fat edge named 'edge9'", effectiveJoystickMapping(p, "edge9"));
  }
};

QTEST_GUILESS_MAIN(TestJoystickEdits)
#include "test_joystick_edits.moc"
