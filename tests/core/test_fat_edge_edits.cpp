// Fat-edge edits as pure functions (docs/DESIGN.md "Edits are data"): move, split, merge, remove,
// rename; touched edges become stale and refreshFatEdges recomputes only those.
#include <QTest>
#include <algorithm>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_edge_clustering.h"
#include "fatgraph/core/graph/fat_edge_edits.h"
#include "fatgraph/core/graph/segment_distances.h"
#include "fatgraph/test_support/synthetic_motion.h"

using namespace fatgraph;
using Edges = std::vector<FatEdge>;
using Edit = FatEdgeEdit;
using Kind = FatEdgeEdit::Kind;
Q_DECLARE_METATYPE(fatgraph::FatEdgeEdit)
Q_DECLARE_METATYPE(Edges)

namespace {

// Segments 0-2 and 6 join hub 0 -> 0, 3-4 join 0 -> 1, 5 joins 1 -> 0, 7 is an entry piece.
std::vector<Segment> sampleSegments() {
  return {{0, 0, 10, 0, 0},  {0, 10, 20, 0, 0}, {0, 20, 30, 0, 0}, {0, 30, 40, 0, 1},
          {1, 0, 10, 0, 1},  {1, 10, 20, 1, 0}, {1, 20, 30, 0, 0}, {2, 0, 9, -1, 0}};
}

FatEdge freshEdge(std::string name, int from, int to, std::vector<int> members) {
  FatEdge e{std::move(name), from, to, std::move(members), -1, {}};
  e.reference = e.segments.front();
  for (size_t k = 0; k < e.segments.size(); ++k) e.warps.push_back(WarpMap::identity(11));
  return e;
}

// edge0 {0, 1}, edge1 {2}, edge2 {3, 4}, edge3 {5}; segments 6 and 7 unassigned. Not stale.
Edges sampleEdges() {
  return {freshEdge("edge0", 0, 0, {0, 1}), freshEdge("edge1", 0, 0, {2}),
          freshEdge("edge2", 0, 1, {3, 4}), freshEdge("edge3", 1, 0, {5})};
}

QStringList describe(const Edges& edges) {
  QStringList out;
  for (const FatEdge& e : edges) {
    QStringList members;
    for (int s : e.segments) members << QString::number(s);
    out << QString::fromStdString(e.name) + QLatin1Char(':') + members.join(QLatin1Char(','));
  }
  return out;
}

QStringList staleNames(const Edges& edges) {
  QStringList out;
  for (const FatEdge& e : edges) {
    if (fatEdgeNeedsWarps(e)) out << QString::fromStdString(e.name);
  }
  return out;
}

bool sameEdges(const Edges& a, const Edges& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k].name != b[k].name || a[k].fromHub != b[k].fromHub || a[k].toHub != b[k].toHub ||
        a[k].segments != b[k].segments || a[k].reference != b[k].reference ||
        a[k].warps.size() != b[k].warps.size()) {
      return false;
    }
  }
  return true;
}

Edit moveEdit(int s, std::string to) { return {Kind::MoveSegment, std::move(to), {}, {s}}; }
Edit splitEdit(std::string e, std::vector<int> part, std::string name = {}) {
  return {Kind::SplitEdge, std::move(e), std::move(name), std::move(part)};
}
Edit mergeEdit(std::string kept, std::string absorbed) {
  return {Kind::MergeEdges, std::move(kept), std::move(absorbed), {}};
}
Edit removeEdit(int s) { return {Kind::RemoveSegment, {}, {}, {s}}; }
Edit renameEdit(std::string from, std::string to) { return {Kind::RenameEdge, std::move(from), std::move(to), {}}; }

}  // namespace

class TestFatEdgeEdits : public QObject {
  Q_OBJECT

 private slots:
  void sampleIsValid() {
    QVERIFY(validateFatEdges(sampleEdges(), sampleSegments()).empty());
    QVERIFY(staleNames(sampleEdges()).isEmpty());
  }

  void edits_data() {
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QStringList>("stale");
    const QStringList unchanged{"edge0:0,1", "edge1:2", "edge2:3,4", "edge3:5"};

    QTest::newRow("move between edges") << moveEdit(1, "edge1")
        << QStringList{"edge0:0", "edge1:1,2", "edge2:3,4", "edge3:5"} << QStringList{"edge0", "edge1"};
    QTest::newRow("move empties the source edge") << moveEdit(2, "edge0")
        << QStringList{"edge0:0,1,2", "edge2:3,4", "edge3:5"} << QStringList{"edge0"};
    QTest::newRow("move an unassigned segment in") << moveEdit(6, "edge1")
        << QStringList{"edge0:0,1", "edge1:2,6", "edge2:3,4", "edge3:5"} << QStringList{"edge1"};
    QTest::newRow("move to its own edge changes nothing") << moveEdit(0, "edge0") << unchanged << QStringList{};
    QTest::newRow("split with a fresh name") << splitEdit("edge2", {4})
        << QStringList{"edge0:0,1", "edge1:2", "edge2:3", "edge3:5", "edge4:4"}
        << QStringList{"edge2", "edge4"};
    QTest::newRow("split with a given name") << splitEdit("edge0", {1}, "long steps")
        << QStringList{"edge0:0", "edge1:2", "edge2:3,4", "edge3:5", "long steps:1"}
        << QStringList{"edge0", "long steps"};
    QTest::newRow("merge") << mergeEdit("edge1", "edge0")
        << QStringList{"edge1:0,1,2", "edge2:3,4", "edge3:5"} << QStringList{"edge1"};
    QTest::newRow("remove a segment") << removeEdit(3)
        << QStringList{"edge0:0,1", "edge1:2", "edge2:4", "edge3:5"} << QStringList{"edge2"};
    QTest::newRow("remove the last segment of an edge") << removeEdit(5)
        << QStringList{"edge0:0,1", "edge1:2", "edge2:3,4"} << QStringList{};
    QTest::newRow("remove an unassigned segment changes nothing") << removeEdit(6) << unchanged << QStringList{};
    QTest::newRow("rename keeps the warps") << renameEdit("edge3", "back to stand")
        << QStringList{"edge0:0,1", "edge1:2", "edge2:3,4", "back to stand:5"} << QStringList{};
    QTest::newRow("rename to the same name") << renameEdit("edge1", "edge1") << unchanged << QStringList{};
  }
  void edits() {
    QFETCH(Edit, edit);
    QFETCH(QStringList, expected);
    QFETCH(QStringList, stale);
    const std::vector<Segment> segments = sampleSegments();
    const Edges before = sampleEdges();
    const Edges after = applyFatEdgeEdit(before, segments, edit);
    QCOMPARE(describe(after), expected);
    QCOMPARE(staleNames(after), stale);
    QVERIFY2(validateFatEdges(after, segments).empty(), validateFatEdges(after, segments).c_str());
    QVERIFY(sameEdges(before, sampleEdges()));  // the input is untouched
    for (const FatEdge& e : after) {
      QVERIFY(std::is_sorted(e.segments.begin(), e.segments.end()));
      if (fatEdgeNeedsWarps(e)) {
        QCOMPARE(e.reference, -1);
        QVERIFY(e.warps.empty());
      }
    }
  }

  void invalidEdits_data() {
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<Edges>("edges");
    QTest::addColumn<QString>("message");
    const Edges ok = sampleEdges();
    QTest::newRow("move across hubs") << moveEdit(3, "edge0") << ok
        << QStringLiteral("move segment 3 to fat edge 'edge0': the segment joins hubs 0 -> 1 but the edge joins 0 -> 0");
    QTest::newRow("move an entry piece") << moveEdit(7, "edge0") << ok
        << QStringLiteral("the segment joins hubs -1 -> 0");
    QTest::newRow("move a missing segment") << moveEdit(99, "edge0") << ok
        << QStringLiteral("segment 99 does not exist (8 segments)");
    QTest::newRow("move to a missing edge") << moveEdit(0, "nope") << ok
        << QStringLiteral("there is no fat edge named 'nope'");
    QTest::newRow("move two segments at once") << Edit{Kind::MoveSegment, "edge0", {}, {0, 1}} << ok
        << QStringLiteral("expected exactly one segment, got 2");
    QTest::newRow("split off a non-member") << splitEdit("edge0", {2}) << ok
        << QStringLiteral("split fat edge 'edge0': segment 2 is not in this edge");
    QTest::newRow("split off everything") << splitEdit("edge0", {1, 0}) << ok
        << QStringLiteral("splitting off all 2 segments would leave the edge empty");
    QTest::newRow("split off nothing") << splitEdit("edge0", {}) << ok << QStringLiteral("no segments");
    QTest::newRow("split lists a segment twice") << splitEdit("edge2", {3, 3}) << ok
        << QStringLiteral("segment 3 is listed twice");
    QTest::newRow("split to a taken name") << splitEdit("edge0", {0}, "edge2") << ok
        << QStringLiteral("a fat edge named 'edge2' already exists");
    QTest::newRow("split a missing edge") << splitEdit("edge9", {0}) << ok
        << QStringLiteral("there is no fat edge named 'edge9'");
    QTest::newRow("merge across hubs") << mergeEdit("edge0", "edge2") << ok
        << QStringLiteral("'edge0' joins hubs 0 -> 0 but 'edge2' joins 0 -> 1; only edges between the same hubs can merge");
    QTest::newRow("merge with itself") << mergeEdit("edge0", "edge0") << ok
        << QStringLiteral("cannot be merged with itself");
    QTest::newRow("merge a missing edge") << mergeEdit("edge0", "x") << ok
        << QStringLiteral("no fat edge named 'x'");
    QTest::newRow("remove a missing segment") << removeEdit(-1) << ok
        << QStringLiteral("segment -1 does not exist");
    QTest::newRow("rename to a taken name") << renameEdit("edge0", "edge1") << ok
        << QStringLiteral("another fat edge already has that name");
    QTest::newRow("rename to empty") << renameEdit("edge0", "") << ok
        << QStringLiteral("cannot be empty");
    QTest::newRow("rename a missing edge") << renameEdit("x", "y") << ok
        << QStringLiteral("no fat edge named 'x'");
    {
      Edges shared = ok;
      shared[1].segments.push_back(0);
      QTest::newRow("input: a segment in two edges") << moveEdit(6, "edge0") << shared
          << QStringLiteral("the fat edges are inconsistent: segment 0 is in fat edge 'edge0' and in 'edge1'");
    }
    {
      Edges wrong = ok;
      wrong[2].segments.push_back(5);
      QTest::newRow("input: member with other hubs") << removeEdit(0) << wrong
          << QStringLiteral("fat edge 2 'edge2' joins hubs 0 -> 1 but its segment 5 joins 1 -> 0");
    }
  }
  void invalidEdits() {
    QFETCH(Edit, edit);
    QFETCH(Edges, edges);
    QFETCH(QString, message);
    try {
      applyFatEdgeEdit(edges, sampleSegments(), edit);
      QFAIL("expected fatgraph::Error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
  }

  void validate_data() {
    QTest::addColumn<Edges>("edges");
    QTest::addColumn<QString>("problem");
    QTest::newRow("valid") << sampleEdges() << QString();
    QTest::newRow("no edges") << Edges{} << QString();
    Edges e = sampleEdges();
    e[1].name = "edge0";
    QTest::newRow("duplicate name") << e << QStringLiteral("two fat edges are named 'edge0'");
    e = sampleEdges();
    e[0].name.clear();
    QTest::newRow("empty name") << e << QStringLiteral("fat edge 0 has an empty name");
    e = sampleEdges();
    e[3].segments.clear();
    QTest::newRow("empty edge") << e << QStringLiteral("'edge3' has no segments");
    e = sampleEdges();
    e[0].segments.push_back(8);
    QTest::newRow("missing segment") << e << QStringLiteral("holds segment 8, which does not exist");
    e = sampleEdges();
    e.push_back(FatEdge{"entry", -1, 0, {7}, -1, {}});
    QTest::newRow("entry piece as an edge") << e << QStringLiteral("entry and exit pieces never form fat edges");
  }
  void validate() {
    QFETCH(Edges, edges);
    QFETCH(QString, problem);
    const QString got = QString::fromStdString(validateFatEdges(edges, sampleSegments()));
    if (problem.isEmpty()) {
      QVERIFY2(got.isEmpty(), qPrintable(got));
    } else {
      QVERIFY2(got.contains(problem), qPrintable(got));
    }
  }

  void freshNames_data() {
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("fresh");
    QTest::newRow("none") << QStringList{} << QStringLiteral("edge0");
    QTest::newRow("gap is not reused") << QStringList{"edge0", "edge3"} << QStringLiteral("edge4");
    QTest::newRow("other names ignored") << QStringList{"edge", "edgeX", "walk", "edge2b"} << QStringLiteral("edge0");
    QTest::newRow("leading zeros") << QStringList{"edge007"} << QStringLiteral("edge8");
  }
  void freshNames() {
    QFETCH(QStringList, names);
    QFETCH(QString, fresh);
    Edges edges;
    for (const QString& n : names) edges.push_back(FatEdge{n.toStdString(), 0, 0, {0}, -1, {}});
    QCOMPARE(QString::fromStdString(freshFatEdgeName(edges)), fresh);
  }

  // Names after a re-derivation: previous edges walk {0, 1}, edge1 {2}, edge2 {3, 4},
  // edge3 {5}; the new edges are given by members, their own names ignored.
  void carryOverNames_data() {
    QTest::addColumn<QList<QList<int>>>("members");
    QTest::addColumn<bool>("reordered");  // the new segment list holds the same ranges reversed
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QStringList>("lost");
    using L = QList<QList<int>>;
    QTest::newRow("same clusters") << L{{0, 1}, {2}, {3, 4}, {5}} << false
                                   << QStringList{"walk", "edge1", "edge2", "edge3"} << QStringList{};
    QTest::newRow("by range, not index") << L{{5}, {3, 4}, {2}, {0, 1}} << true
                                         << QStringList{"edge3", "edge2", "edge1", "walk"} << QStringList{};
    QTest::newRow("merged: larger share wins") << L{{0, 1, 2}, {3, 4}, {5}} << false
                                               << QStringList{"walk", "edge2", "edge3"} << QStringList{"edge1"};
    QTest::newRow("half is enough, first edge") << L{{0}, {1, 2}, {3, 4}, {5}} << false
                                                << QStringList{"walk", "edge1", "edge2", "edge3"} << QStringList{};
    QTest::newRow("new edge gets a fresh name") << L{{0, 1}, {2}, {3}, {4}, {5}} << false
                                                << QStringList{"walk", "edge1", "edge2", "edge4", "edge3"}
                                                << QStringList{};
    QTest::newRow("nothing carries over") << L{{6}} << false << QStringList{"edge4"}
                                          << QStringList{"walk", "edge1", "edge2", "edge3"};
    QTest::newRow("reserved names are not reused") << L{{6}} << false << QStringList{"edge8"}
                                                   << QStringList{"walk", "edge1", "edge2", "edge3"};
  }
  void carryOverNames() {
    QFETCH(QList<QList<int>>, members);
    QFETCH(bool, reordered);
    QFETCH(QStringList, names);
    QFETCH(QStringList, lost);
    const std::vector<Segment> previousSegments = sampleSegments();
    Edges previous = sampleEdges();
    previous[0].name = "walk";
    std::vector<Segment> segments = previousSegments;
    if (reordered) std::reverse(segments.begin(), segments.end());
    Edges edges;
    for (const QList<int>& m : members) {
      FatEdge e;
      e.name = "edge0";  // what clustering would call it: must not matter
      for (int old : m) e.segments.push_back(reordered ? 7 - old : old);
      e.fromHub = segments[e.segments.front()].fromHub;
      e.toHub = segments[e.segments.front()].toHub;
      edges.push_back(e);
    }
    // The history of one row mentions "edge7" (an edge since renamed): a script may use it.
    std::vector<std::string> reserved;
    if (QByteArray(QTest::currentDataTag()).startsWith("reserved")) reserved = {"walk", "edge7"};
    const std::vector<std::string> gone = carryOverFatEdgeNames(previous, previousSegments, edges, segments, reserved);
    QStringList got;
    for (const FatEdge& e : edges) got << QString::fromStdString(e.name);
    QCOMPARE(got, names);
    QStringList goneNames;
    for (const std::string& n : gone) goneNames << QString::fromStdString(n);
    QCOMPARE(goneNames, lost);
  }

  void lookups() {
    const Edges edges = sampleEdges();
    QCOMPARE(findFatEdge(edges, "edge2"), 2);
    QCOMPARE(findFatEdge(edges, "nope"), -1);
    QCOMPARE(fatEdgeOfSegment(edges, 4), 2);
    QCOMPARE(fatEdgeOfSegment(edges, 6), -1);
  }

  // A replayed list of edits gives the same edges as calling the functions one by one.
  void replayEditList() {
    const std::vector<Segment> segments = sampleSegments();
    const std::vector<Edit> script{moveEdit(6, "edge0"), splitEdit("edge0", {0, 6}), renameEdit("edge4", "pair"),
                                   mergeEdit("edge1", "edge0"), removeEdit(2), moveEdit(2, "pair")};
    Edges replayed = sampleEdges();
    for (const Edit& e : script) replayed = applyFatEdgeEdit(replayed, segments, e);

    Edges direct = moveSegmentToFatEdge(sampleEdges(), segments, 6, "edge0");
    direct = splitFatEdge(direct, segments, "edge0", {0, 6});
    direct = renameFatEdge(direct, "edge4", "pair");
    direct = mergeFatEdges(direct, segments, "edge1", "edge0");
    direct = removeSegmentFromFatEdge(direct, segments, 2);
    direct = moveSegmentToFatEdge(direct, segments, 2, "pair");
    QCOMPARE(describe(replayed), describe(direct));
    QCOMPARE(describe(replayed), (QStringList{"edge1:1", "edge2:3,4", "edge3:5", "pair:0,2,6"}));
  }

  // After an edit only the touched edges are recomputed, and they come back complete.
  void refreshRecomputesStaleEdgesOnly() {
    SyntheticWalkParams w;
    w.period = 1.0;
    w.cycles = 5;
    const SyntheticMotion walk = generateBipedWalk(w);
    const PoseFeatures features(walk.skeleton, {walk.clip});
    std::vector<Segment> segments;
    for (int k = 0; k < 4; ++k) segments.push_back({0, 30 * k, 30 * k + 30, 0, 0});
    segments.push_back({0, 15, 45, 0, 1});
    segments.push_back({0, 45, 75, 0, 1});
    const GroupedSegmentDistances d = computeSegmentDistances(features, segments);
    Edges edges = clusterFatEdges(segments, d, 0.02);
    QCOMPARE(describe(edges), (QStringList{"edge0:0,1,2,3", "edge1:4,5"}));
    QCOMPARE(refreshFatEdges(features, segments, edges), 2);
    QVERIFY(staleNames(edges).isEmpty());
    QCOMPARE(refreshFatEdges(features, segments, edges), 0);

    const Edges beforeSplit = edges;
    edges = splitFatEdge(edges, segments, "edge0", {2, 3});
    QCOMPARE(staleNames(edges), (QStringList{"edge0", "edge2"}));
    QCOMPARE(refreshFatEdges(features, segments, edges), 2);
    QVERIFY(staleNames(edges).isEmpty());
    QCOMPARE(edges[1].warps.size(), beforeSplit[1].warps.size());  // edge1 was left alone
    for (size_t k = 0; k < edges[1].warps.size(); ++k) QCOMPARE(edges[1].warps[k].to, beforeSplit[1].warps[k].to);
    for (const FatEdge& e : edges) {
      QVERIFY(std::find(e.segments.begin(), e.segments.end(), e.reference) != e.segments.end());
      for (const WarpMap& m : e.warps) QVERIFY(m.validate().empty());
    }
  }
};

QTEST_GUILESS_MAIN(TestFatEdgeEdits)
#include "test_fat_edge_edits.moc"
