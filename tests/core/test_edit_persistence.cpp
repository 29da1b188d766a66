// Authored edits last across re-derivations: names, match-set edits and fat-edge edits made
// before a threshold, linkage or hub change are there after it, and an edit that no longer
// fits is named in the notes (also in `fatgraph edit --json`).
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <fstream>

#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_store.h"
#include "synthetic_projects.h"

using namespace fatgraph;

namespace {

// Clips 0 and 2 are the same plain walk, clips 1 and 3 the same crouched walk, each between
// two stands of one common pose: one hub, one hub-to-hub segment per clip, and two fat edges
// (plain: clips 0 and 2; crouched: clips 1 and 3).
Project twoStyleProject() {
  const test::TwoStyles s = test::twoStyleWalks();
  Project p = test::projectOf({s.plain, s.crouched, s.plain, s.crouched});
  BuildOptions options;
  options.hubCount = 1;
  buildMotionGraph(p, options);
  return p;
}

// The clips of the segments of the edge called `name`, ascending; empty when there is none.
std::vector<int> clipsOfEdge(const Project& p, const std::string& name) {
  std::vector<int> clips;
  for (const FatEdge& e : p.graph.fatEdges) {
    if (e.name != name) continue;
    for (int s : e.segments) clips.push_back(p.graph.segments[s].clip);
  }
  std::sort(clips.begin(), clips.end());
  return clips;
}

// The one segment of clip `clip` (the base project cuts each clip once at each end).
int segmentOfClip(const Project& p, int clip) {
  for (size_t s = 0; s < p.graph.segments.size(); ++s) {
    if (p.graph.segments[s].clip == clip) return static_cast<int>(s);
  }
  return -1;
}

// `"clip": "clip1", "frame": <source frame>` for the middle of a clip's walk.
std::string middleOf(const Project& p, int clip) {
  const Clip& c = p.clips[clip];
  const int source = static_cast<int>(std::lround(c.sourceFrame(c.frameCount() / 2)));
  return "\"clip\": \"" + c.name + "\", \"frame\": " + std::to_string(source);
}

std::string addMatchMid(const Project& p, int clip) {
  return "{\"op\": \"add_match\", \"hub\": \"hub0\", " + middleOf(p, clip) + "}";
}

bool anyNoteHas(const std::vector<std::string>& notes, const std::string& a, const std::string& b = {}) {
  return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) {
    return n.find(a) != std::string::npos && n.find(b) != std::string::npos;
  });
}

QString s(const char* text) { return QString::fromUtf8(text); }

}  // namespace

class TestEditPersistence : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    base_ = twoStyleProject();
    QCOMPARE(int(base_.graph.hubs.size()), 1);
    QCOMPARE(int(base_.graph.segments.size()), 4);
    QCOMPARE(clipsOfEdge(base_, "edge0"), (std::vector<int>{0, 2}));
    QCOMPARE(clipsOfEdge(base_, "edge1"), (std::vector<int>{1, 3}));
  }

  // rename -> add a match (re-cuts clip 1) -> new edge threshold: the name stays on the walk.
  void renameSurvivesRecutAndThreshold() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "rename_edge", "edge": "edge0", "name": "plain walk"})");
    applyGraphEdit(p, addMatchMid(p, 1));
    QCOMPARE(int(p.graph.segments.size()), 5);  // clip 1 cut in two
    QCOMPARE(clipsOfEdge(p, "plain walk"), (std::vector<int>{0, 2}));
    const auto notes = applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 0.01})");
    QCOMPARE(clipsOfEdge(p, "plain walk"), (std::vector<int>{0, 2}));
    QVERIFY2(!anyNoteHas(notes, "rename_edge"), notes.empty() ? "" : notes.front().c_str());
    applyGraphEdit(p, R"({"op": "set_linkage", "linkage": "single"})");
    QCOMPARE(clipsOfEdge(p, "plain walk"), (std::vector<int>{0, 2}));
    for (const FatEdge& e : p.graph.fatEdges) QVERIFY(!e.warps.empty());  // refreshed
  }

  // add a match -> new hub threshold: the match set is derived anew and the match put back.
  void matchSurvivesHubThreshold_data() {
    QTest::addColumn<double>("factor");
    QTest::newRow("lower") << 0.8;
    QTest::newRow("higher") << 1.25;
  }
  void matchSurvivesHubThreshold() {
    QFETCH(double, factor);
    Project p = base_;
    applyGraphEdit(p, addMatchMid(p, 1));
    const FrameRef added{1, p.clips[1].frameCount() / 2};
    const std::string metres = std::to_string(p.graph.hubThreshold.rms * factor);
    const auto notes = applyGraphEdit(p, "{\"op\": \"set_hub_threshold\", \"metres\": " + metres + "}");
    const auto& set = p.graph.hubs[0].matchSet;
    QVERIFY(std::find(set.begin(), set.end(), added) != set.end());
    QVERIFY(!anyNoteHas(notes, "add_match"));
    // The cut it makes is there too: clip 1 holds two hub-to-hub segments.
    QCOMPARE(int(std::count_if(p.graph.segments.begin(), p.graph.segments.end(),
                               [](const Segment& s) { return s.clip == 1; })),
             2);
  }

  // A match edit of a hub that is removed later is named.
  void matchOfRemovedHubIsNamed() {
    Project p = base_;
    applyGraphEdit(p, R"({"op": "add_hub", "clip": "clip0", "frame": 45, "name": "mid"})");
    applyGraphEdit(p, "{\"op\": \"add_match\", \"hub\": \"mid\", " + middleOf(p, 1) + "}");
    const auto notes = applyGraphEdit(p, R"({"op": "remove_hub", "hub": "mid"})");
    QVERIFY2(anyNoteHas(notes, "add_match", "hub 'mid'"), notes.empty() ? "no notes" : notes.front().c_str());
  }

  // move / split / merge / remove, then a new edge threshold: the result is the same.
  void segmentEditSurvivesThreshold_data() {
    QTest::addColumn<QString>("edit");  // %2 = segment of clip 2
    QTest::addColumn<QString>("edge");
    QTest::addColumn<QList<int>>("clips");
    QTest::addColumn<QList<int>>("recut");  // after clip 3 is cut in two: its halves go elsewhere
    QTest::newRow("move") << s(R"({"op": "move_segment", "segment": %1, "edge": "edge1"})")
                          << s("edge1") << QList<int>{1, 2, 3} << QList<int>{1, 2};
    QTest::newRow("split") << s(R"({"op": "split_edge", "edge": "edge0", "segments": [%1], "name": "odd"})")
                           << s("odd") << QList<int>{2} << QList<int>{2};
    QTest::newRow("split keeps") << s(R"({"op": "split_edge", "edge": "edge0", "segments": [%1], "name": "odd"})")
                                 << s("edge0") << QList<int>{0} << QList<int>{0};
    QTest::newRow("merge") << s(R"({"op": "merge_edges", "edge": "edge0", "absorbed": "edge1"})")
                           << s("edge0") << QList<int>{0, 1, 2, 3} << QList<int>{0, 1, 2};
    QTest::newRow("remove") << s(R"({"op": "remove_segment", "segment": %1})")
                            << s("edge0") << QList<int>{0} << QList<int>{0};
  }
  void segmentEditSurvivesThreshold() {
    QFETCH(QString, edit);
    QFETCH(QString, edge);
    QFETCH(QList<int>, clips);
    QFETCH(QList<int>, recut);
    const std::vector<int> expected(clips.begin(), clips.end());
    Project p = base_;
    if (edit.contains(s("%1"))) edit = edit.arg(segmentOfClip(p, 2));
    applyGraphEdit(p, edit.toStdString());
    QCOMPARE(clipsOfEdge(p, edge.toStdString()), expected);
    const auto notes = applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 0.01})");
    QCOMPARE(clipsOfEdge(p, edge.toStdString()), expected);
    QVERIFY2(notes.empty(), notes.empty() ? "" : notes.front().c_str());
    // And across a re-cut of clip 3 and a new linkage.
    applyGraphEdit(p, addMatchMid(p, 3));
    applyGraphEdit(p, R"({"op": "set_linkage", "linkage": "single"})");
    QCOMPARE(clipsOfEdge(p, edge.toStdString()), std::vector<int>(recut.begin(), recut.end()));
  }

  // An edit whose segment is cut anew, and a rename whose edge loses its segments, are named.
  void lapsedEditsAreNamed() {
    Project p = base_;
    applyGraphEdit(p, "{\"op\": \"remove_segment\", \"segment\": " + std::to_string(segmentOfClip(p, 1)) + "}");
    applyGraphEdit(p, R"({"op": "rename_edge", "edge": "edge1", "name": "crouch"})");
    const auto first = applyGraphEdit(p, addMatchMid(p, 1));
    QVERIFY2(anyNoteHas(first, "edit 0 of the history", "remove_segment"),
             first.empty() ? "no notes" : first.front().c_str());
    QVERIFY(anyNoteHas(first, "no longer exists"));
    QCOMPARE(clipsOfEdge(p, "crouch"), (std::vector<int>{3}));  // clip 3's segment carried over
    const auto second = applyGraphEdit(p, addMatchMid(p, 3));
    QVERIFY2(anyNoteHas(second, "rename_edge", "'crouch'"), second.empty() ? "no notes" : second.back().c_str());
    QVERIFY(clipsOfEdge(p, "crouch").empty());
  }

  // The references stored with each edit survive saving: a reopened project keeps them.
  void editsLastAcrossSave() {
    Project p = base_;
    applyGraphEdit(p, addMatchMid(p, 1));
    applyGraphEdit(p, R"({"op": "split_edge", "edge": "edge0", "segments": [)" + std::to_string(segmentOfClip(p, 2)) +
                          R"(], "name": "odd"})");
    QTemporaryDir dir;
    const std::string path = dir.filePath(s("edited.fgproj")).toStdString();
    saveProject(p, path);
    Project back = loadProject(path);
    const std::string metres = std::to_string(back.graph.hubThreshold.rms * 1.1);
    const auto notes = applyGraphEdit(back, "{\"op\": \"set_hub_threshold\", \"metres\": " + metres + "}");
    QVERIFY2(notes.empty(), notes.empty() ? "" : notes.front().c_str());
    QCOMPARE(clipsOfEdge(back, "odd"), (std::vector<int>{2}));
    QCOMPARE(clipsOfEdge(back, "edge0"), (std::vector<int>{0}));
  }

  // A fat-edge edit from a history without references (an older project) is named, not guessed.
  void olderHistoryIsNamed() {
    Project p = base_;
    p.edits.push_back(R"({"op":"move_segment","segment":2,"edge":"edge1"})");
    const auto notes = applyGraphEdit(p, R"({"op": "set_edge_threshold", "metres": 0.01})");
    QVERIFY(anyNoteHas(notes, "edit 0 of the history", "without segment references"));
  }

  // `fatgraph edit --json` lists the notes, each lapsed edit once.
  void cliNotes() {
    QTemporaryDir dir;
    const QString project = dir.filePath(s("p.fgproj"));
    saveProject(base_, project.toStdString());
    const std::string edits = "[{\"op\": \"remove_segment\", \"segment\": " + std::to_string(segmentOfClip(base_, 1)) +
                              "}, " + addMatchMid(base_, 1) + R"(, {"op": "set_edge_threshold", "metres": 0.01}])";
    const QString editsPath = dir.filePath(s("edits.json"));
    std::ofstream(editsPath.toStdString()) << edits;
    QProcess cli;
    cli.start(QStringLiteral(FATGRAPH_CLI), {s("edit"), project, editsPath, s("--json")});
    QVERIFY(cli.waitForFinished(-1));
    QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
    QCOMPARE(cli.exitCode(), 0);
    const QJsonObject o = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    const QJsonArray notes = o.value(s("notes")).toArray();
    QVERIFY(!notes.isEmpty());
    // Named once, although the list re-derives the graph twice after the removal.
    int named = 0;
    for (const auto& n : notes) {
      named += n.toString().contains(s("remove_segment")) && n.toString().contains(s("no longer applies"));
    }
    QCOMPARE(named, 1);
  }

 private:
  Project base_;
};

QTEST_GUILESS_MAIN(TestEditPersistence)
#include "test_edit_persistence.moc"
