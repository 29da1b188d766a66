// Graph edits as data: each op changes what it says, invalid edits change nothing, and a
// project saved after edits reopens with every edit intact.
#include <QtTest>

#include <QTemporaryDir>

#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_store.h"
#include "synthetic_projects.h"

using namespace fatgraph;

namespace {
int edgeSize(const Project& p, const std::string& name) {
  for (const FatEdge& e : p.graph.fatEdges) {
    if (e.name == name) return static_cast<int>(e.segments.size());
  }
  return -1;
}
}  // namespace

class TestGraphEdits : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { base_ = test::twoStyleGraph(); QCOMPARE(int(base_.graph.fatEdges.size()), 2); }

  void renameAndMerge() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "rename_edge", "edge": "edge0", "name": "plain walk"})");
    QCOMPARE(edgeSize(p, "plain walk"), 2);
    applyGraphEdit(p, R"({"op": "merge_edges", "edge": "plain walk", "absorbed": "edge1"})");
    QCOMPARE(int(p.graph.fatEdges.size()), 1);
    QCOMPARE(edgeSize(p, "plain walk"), 4);
    QVERIFY(!p.graph.fatEdges[0].warps.empty());  // references and warps refreshed
    QCOMPARE(int(p.edits.size()), 2);
  }

  void splitMoveRemove() {
    Project p = base_;
    const FatEdge e0 = p.graph.fatEdges[0];
    applyGraphEdit(p, "{\"op\": \"split_edge\", \"edge\": \"edge0\", \"segments\": [" +
                          std::to_string(e0.segments[1]) + "], \"name\": \"odd\"}");
    QCOMPARE(edgeSize(p, "edge0"), 1);
    QCOMPARE(edgeSize(p, "odd"), 1);
    applyGraphEdit(p, "{\"op\": \"move_segment\", \"segment\": " + std::to_string(e0.segments[1]) +
                          ", \"edge\": \"edge0\"}");
    QCOMPARE(edgeSize(p, "edge0"), 2);
    QCOMPARE(edgeSize(p, "odd"), -1);  // emptied edges disappear
    applyGraphEdit(p, "{\"op\": \"remove_segment\", \"segment\": " + std::to_string(e0.segments[0]) + "}");
    QCOMPARE(edgeSize(p, "edge0"), 1);
  }

  void thresholdsRecluster() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 5.0})");
    QCOMPARE(int(p.graph.fatEdges.size()), 1);  // everything blends at 5 m
    QVERIFY(!p.graph.edgeThreshold.automatic);
    applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 0.0001})");
    // At 0.1 mm only the identical copies (clips 0 and 2, clips 1 and 3) still blend.
    QCOMPARE(int(p.graph.fatEdges.size()), 2);
    applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 5.0})");
    applyGraphEdit(p, R"({"op": "set_linkage", "linkage": "single"})");
    QCOMPARE(p.settings.linkage, Linkage::Single);
    QCOMPARE(int(p.graph.fatEdges.size()), 1);
  }

  void hubEdits() {
    Project p = base_;
    const Hub hub = p.graph.hubs[0];
    const Clip& clip = p.clips[hub.matchSet[0].clip];
    const int sourceFrame = static_cast<int>(std::lround(clip.sourceFrame(hub.matchSet[0].frame)));
    const std::string where = "\"clip\": \"" + clip.name + "\", \"frame\": " + std::to_string(sourceFrame);
    applyGraphEdit(p, "{\"op\": \"remove_match\", \"hub\": \"hub0\", " + where + "}");
    QCOMPARE(p.graph.hubs[0].matchSet.size(), hub.matchSet.size() - 1);
    applyGraphEdit(p, "{\"op\": \"add_match\", \"hub\": \"hub0\", " + where + "}");
    QCOMPARE(p.graph.hubs[0].matchSet.size(), hub.matchSet.size());
    applyGraphEdit(p, R"({"op": "rename_hub", "hub": "hub0", "name": "stand"})");
    QCOMPARE(p.graph.hubs[0].name, std::string("stand"));
    applyGraphEdit(p, R"({"op": "add_hub", "clip": "clip0", "frame": 45, "name": "mid"})");
    QCOMPARE(int(p.graph.hubs.size()), 2);
    QVERIFY(p.graph.segments.size() > base_.graph.segments.size());
    applyGraphEdit(p, R"({"op": "remove_hub", "hub": "mid"})");
    QCOMPARE(int(p.graph.hubs.size()), 1);
    applyGraphEdit(p, R"({"op": "set_hub_threshold", "metres": 0.05})");
    QCOMPARE(p.graph.hubThreshold.rms, 0.05);
  }

  void invalidEditsChangeNothing_data() {
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("message");
    QTest::newRow("not JSON") << QStringLiteral("{op: rename") << QStringLiteral("malformed JSON");
    QTest::newRow("unknown op") << QStringLiteral(R"({"op": "explode"})") << QStringLiteral("unknown op 'explode'");
    QTest::newRow("missing argument") << QStringLiteral(R"({"op": "rename_edge", "edge": "edge0"})") << QStringLiteral("missing \"name\"");
    QTest::newRow("no such edge") << QStringLiteral(R"({"op": "rename_edge", "edge": "nope", "name": "x"})") << QStringLiteral("nope");
    QTest::newRow("no such hub") << QStringLiteral(R"({"op": "remove_hub", "hub": "hub7"})") << QStringLiteral("no hub named 'hub7'");
    QTest::newRow("only hub") << QStringLiteral(R"({"op": "remove_hub", "hub": "hub0"})") << QStringLiteral("only hub");
    QTest::newRow("frame outside clip") << QStringLiteral(R"({"op": "add_hub", "clip": "clip0", "frame": 100000})") << QStringLiteral("outside clip 'clip0'");
    QTest::newRow("no such clip") << QStringLiteral(R"({"op": "add_hub", "clip": "walk", "frame": 3})") << QStringLiteral("no clip named 'walk'");
    QTest::newRow("negative threshold") << QStringLiteral(R"({"op": "set_edge_threshold", "metres": -1})") << QStringLiteral("positive");
    QTest::newRow("bad linkage") << QStringLiteral(R"({"op": "set_linkage", "linkage": "average"})") << QStringLiteral("complete");
    QTest::newRow("segment out of range") << QStringLiteral(R"({"op": "remove_segment", "segment": 999})") << QStringLiteral("999");
  }

  void invalidEditsChangeNothing() {
    QFETCH(QString, edit);
    QFETCH(QString, message);
    Project p = base_;
    try {
      applyGraphEdit(p, edit.toStdString());
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
    }
    QCOMPARE(p.graph.fatEdges.size(), base_.graph.fatEdges.size());
    QCOMPARE(p.graph.hubs[0].name, base_.graph.hubs[0].name);
    QVERIFY(p.edits.empty());
  }

  void listIsAllOrNothing() {
    Project p = base_;
    try {
      applyGraphEdits(p, R"([{"op": "rename_edge", "edge": "edge0", "name": "a"}, {"op": "explode"}])");
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY(QString::fromStdString(e.what()).startsWith(QStringLiteral("edit 1 ")));
    }
    QCOMPARE(edgeSize(p, "edge0"), 2);
    QVERIFY(p.edits.empty());
  }

  void projectReopensWithEditsIntact() {
    Project p = base_;
    applyGraphEdits(p, R"([{"op": "rename_edge", "edge": "edge0", "name": "plain"},
                           {"op": "rename_hub", "hub": "hub0", "name": "stand"},
                           {"op": "set_edge_threshold", "metres": 0.3}])");
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("edited.fgproj")).toStdString();
    saveProject(p, path);
    const Project back = loadProject(path);
    QCOMPARE(back.edits, p.edits);
    QCOMPARE(back.graph.hubs[0].name, std::string("stand"));
    QCOMPARE(back.graph.edgeThreshold.rms, 0.3);
    QCOMPARE(back.graph.fatEdges.size(), p.graph.fatEdges.size());
    for (size_t e = 0; e < p.graph.fatEdges.size(); ++e) {
      QCOMPARE(back.graph.fatEdges[e].name, p.graph.fatEdges[e].name);
      QCOMPARE(back.graph.fatEdges[e].segments, p.graph.fatEdges[e].segments);
      QCOMPARE(back.graph.fatEdges[e].warps.size(), p.graph.fatEdges[e].warps.size());
    }
    QCOMPARE(back.graph.segments, p.graph.segments);
    QCOMPARE(back.distances.fingerprint, p.distances.fingerprint);
    // The cached distances are reused after reopening: edits need no new scan.
    Project again = back;
    QVERIFY(buildMotionGraph(again).distancesFromCache);
  }

 private:
  Project base_;
};

QTEST_GUILESS_MAIN(TestGraphEdits)
#include "test_graph_edits.moc"
