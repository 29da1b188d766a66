// Edge threshold and linkage as live controls: previewFatEdges gives the fat edges (count,
// members, names) the set_edge_threshold / set_linkage edit then makes, history edits
// included; and edits that measure no pose compute no pose features (a threshold whose
// clustering keeps every edge's members needs neither features nor DTW). On the sample
// figure-8 walk with two hubs (data/, shipped with the repository).
#include <QtTest>

#include <algorithm>
#include <string>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_edge_preview.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/graph/pose_features.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {

const std::string kData = FATGRAPH_DATA_DIR;

std::string thresholdEdit(double metres) {
  return "{\"op\": \"set_edge_threshold\", \"metres\": " + std::to_string(metres) + "}";
}

std::vector<int> sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The preview's edges are the graph's, in order, by name and members.
void compare(const ClusterPreview& preview, const MotionGraph& g) {
  QCOMPARE(preview.edgeCount(), int(g.fatEdges.size()));
  for (size_t e = 0; e < g.fatEdges.size(); ++e) {
    QCOMPARE(preview.edges[e].name, g.fatEdges[e].name);
    QVERIFY(preview.edges[e].segments == sorted(g.fatEdges[e].segments));
    QCOMPARE(preview.edges[e].fromHub, g.fatEdges[e].fromHub);
  }
}

}  // namespace

class TestLiveReclustering : public QObject {
  Q_OBJECT
  Project base_;

 private slots:
  void initTestCase() {
    base_ = importClipSet({kData + "/cmu-leonardo-ono-roll/144_03.bvh"}, {}).project;
    BuildOptions two;
    two.hubCount = 2;
    buildMotionGraph(base_, two);
    QVERIFY(base_.graph.segments.size() >= 20);
    QVERIFY(base_.graph.fatEdges.size() >= 2);
  }

  void previewAgreesWithTheEdit_data() {
    QTest::addColumn<double>("factor");  // of the current edge threshold
    for (double f : {0.25, 0.5, 0.8, 1.0, 1.01, 1.5, 3.0, 1000.0})
      QTest::newRow(qPrintable(QString::number(f))) << f;
  }
  void previewAgreesWithTheEdit() {
    QFETCH(double, factor);
    Project p = base_;
    // Parse the threshold back as the edit will, so both cluster at the same value.
    const double metres = std::stod(std::to_string(p.graph.edgeThreshold.rms * factor));
    const ClusterPreview preview = previewFatEdges(p, metres, p.settings.linkage);
    applyGraphEdit(p, thresholdEdit(metres));
    compare(preview, p.graph);
    // A name is kept exactly when the graph had an edge of that name before.
    for (const PreviewFatEdge& e : preview.edges) {
      const bool before = std::any_of(base_.graph.fatEdges.begin(), base_.graph.fatEdges.end(),
                                      [&](const FatEdge& f) { return f.name == e.name; });
      QCOMPARE(e.keepsName, before);
    }
  }

  void previewAgreesWithLinkage() {
    Project p = base_;
    const ClusterPreview preview = previewFatEdges(p, p.graph.edgeThreshold.rms, Linkage::Single);
    applyGraphEdit(p, R"({"op": "set_linkage", "linkage": "single"})");
    compare(preview, p.graph);
  }

  // The history's fat-edge edits are applied again by the edit and by the preview alike.
  void previewAppliesTheHistory() {
    Project p = base_;
    const FatEdge& largest = *std::max_element(p.graph.fatEdges.begin(), p.graph.fatEdges.end(),
                                               [](const FatEdge& a, const FatEdge& b) {
                                                 return a.segments.size() < b.segments.size();
                                               });
    QVERIFY(largest.segments.size() >= 3);
    const std::string split = "{\"op\": \"split_edge\", \"edge\": \"" + largest.name + "\", \"segments\": [" +
                              std::to_string(sorted(largest.segments)[0]) + ", " +
                              std::to_string(sorted(largest.segments)[1]) + "], \"name\": \"pair\"}";
    applyGraphEdit(p, split);
    for (double factor : {0.9, 1.2, 2.0}) {
      Project q = p;
      const double metres = std::stod(std::to_string(q.graph.edgeThreshold.rms * factor));
      const ClusterPreview preview = previewFatEdges(q, metres, q.settings.linkage);
      applyGraphEdit(q, thresholdEdit(metres));
      compare(preview, q.graph);
      QVERIFY(std::any_of(preview.edges.begin(), preview.edges.end(),
                          [](const PreviewFatEdge& e) { return e.name == "pair"; }));
    }
  }

  // Edits that measure no pose compute no features; a re-clustering computes them only for
  // the warps of edges whose members changed (once per edit).
  void editsComputeFeaturesOnlyWhenTheyMeasurePoses() {
    Project p = base_;
    long before = poseFeatureComputations();
    const ClusterPreview same = previewFatEdges(p, p.graph.edgeThreshold.rms * 1.01, p.settings.linkage);
    QVERIFY(std::all_of(same.edges.begin(), same.edges.end(), [](const PreviewFatEdge& e) { return e.unchanged; }));
    applyGraphEdit(p, thresholdEdit(p.graph.edgeThreshold.rms * 1.01));
    applyGraphEdit(p, "{\"op\": \"rename_edge\", \"edge\": \"" + p.graph.fatEdges[0].name + "\", \"name\": \"walk\"}");
    applyGraphEdit(p, R"({"op": "set_joystick", "edge": "walk", "dead_zone": 0.2})");
    QCOMPARE(poseFeatureComputations(), before);
    // Warps kept from the edges before are the ones a full computation gives.
    QCOMPARE(p.graph.fatEdges[0].warps.size(), base_.graph.fatEdges[0].warps.size());
    QCOMPARE(p.graph.fatEdges[0].reference, base_.graph.fatEdges[0].reference);

    before = poseFeatureComputations();
    applyGraphEdit(p, thresholdEdit(p.graph.edgeThreshold.rms * 0.25));
    QVERIFY(poseFeatureComputations() - before <= 1);
  }

  void badThresholdIsRefused() {
    FATGRAPH_VERIFY_THROWS(Error, "the edge threshold must be a positive distance",
                           previewFatEdges(base_, 0.0, Linkage::Complete));
    FATGRAPH_VERIFY_THROWS(Error, "the project has no graph yet: run fatgraph build first",
                           previewFatEdges(Project{}, 0.1, Linkage::Complete));
  }
};

QTEST_GUILESS_MAIN(TestLiveReclustering)
#include "test_live_reclustering.moc"
