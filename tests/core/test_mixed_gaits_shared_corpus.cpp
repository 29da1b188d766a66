// A real walk and run of one rig in one build (the Reallusion CC_Base clips of the shared mocap
// corpus, 60 fps, centimetres; not redistributable, so SKIPPED where absent): both takes are cut
// into gait cycles, and the threshold says which rule chose it.
#include <QtTest>

#include <filesystem>
#include <string>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/generated_transitions.h"
#include "fatgraph/core/graph/hub_groups.h"
#include "skippable_test_main.h"

using namespace fatgraph;

namespace {
const std::string kDir = std::string(FATGRAPH_SHARED_MOCAP_DIR) + "/cmu-iclone-dragonforged/";
}  // namespace

class TestMixedGaitsSharedCorpus : public QObject {
  Q_OBJECT

 private slots:
  void walkAndRunAreCut() {
    ClipSetImport set = importClipSet({kDir + "007_01.bvh", kDir + "002_03.bvh"}, ClipSetOptions{});
    const BuildReport report = buildMotionGraph(set.project);
    const MotionGraph& g = set.project.graph;
    qInfo("threshold %.3f m (%s), %zu hubs", g.hubThreshold.rms, g.hubThreshold.method.c_str(), g.hubs.size());
    QVERIFY(!g.hubThreshold.method.empty());
    std::vector<int> segments(set.project.clips.size(), 0);
    for (const FatEdge& e : g.fatEdges)
      for (int s : e.segments) ++segments[static_cast<size_t>(g.segments[static_cast<size_t>(s)].clip)];
    for (size_t c = 0; c < segments.size(); ++c) {
      if (set.project.clips[c].generated) continue;  // a transition the build made, not a take
      qInfo("%s: %d segments, coverage %.3f", set.project.clips[c].name.c_str(), segments[c],
            report.coverage.clips[c].fraction);
      QVERIFY(segments[c] >= 1);
      QVERIFY(report.coverage.clips[c].fraction > 0.4);
    }
  }

  // The walk's and the run's hubs are 0.26 m apart, beyond twice the threshold: apart without
  // generated transitions, joined by a bridge limit above the gap, with the run between two
  // walk edges; by default a generated transition joins them.
  void aBridgeJoinsTheRealWalkAndRun() {
    ClipSetImport apart = importClipSet({kDir + "007_01.bvh", kDir + "002_03.bvh"}, ClipSetOptions{});
    BuildOptions captured;
    captured.transitions = false;
    buildMotionGraph(apart.project, captured);
    const std::vector<std::vector<int>> groups = hubGroups(apart.project.graph);
    ClipSetImport generated = importClipSet({kDir + "007_01.bvh", kDir + "002_03.bvh"}, ClipSetOptions{});
    buildMotionGraph(generated.project);
    QCOMPARE(hubGroups(generated.project.graph).size(), size_t(1));
    QVERIFY(!generatedClips(generated.project).empty());
    ClipSetImport joined = importClipSet({kDir + "007_01.bvh", kDir + "002_03.bvh"}, ClipSetOptions{});
    BuildOptions options = captured;
    options.hubBridgeRms = 0.3;
    const BuildReport report = buildMotionGraph(joined.project, options);
    for (const std::string& n : report.notes) qInfo("%s", n.c_str());
    qInfo("%zu hub groups by default, %zu with a 0.3 m bridge", groups.size(), hubGroups(joined.project.graph).size());
    QCOMPARE(groups.size(), size_t(2));
    QCOMPARE(hubGroups(joined.project.graph).size(), size_t(1));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestMixedGaitsSharedCorpus,
                             {std::filesystem::exists(kDir + "002_03.bvh") && std::filesystem::exists(kDir + "007_01.bvh"),
                              kDir + " has no Reallusion walk and run (the shared mocap corpus is not part of a clone)"})
#include "test_mixed_gaits_shared_corpus.moc"
