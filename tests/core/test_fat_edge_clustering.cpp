// Segment distances (DTW, eq. 1, symmetrized) and agglomerative fat-edge clustering
// (Fat Graph §3.2), on constructed matrices and on synthetic walks with declared ground truth.
#include <QTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_edge_clustering.h"
#include "fatgraph/core/graph/segment_cutting.h"
#include "fatgraph/core/graph/segment_distances.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "verify_throws.h"

using namespace fatgraph;
using Segments = std::vector<Segment>;
using Groups = std::vector<std::vector<int>>;
using Members = std::vector<int>;
Q_DECLARE_METATYPE(Segments)
Q_DECLARE_METATYPE(Groups)
Q_DECLARE_METATYPE(Members)
Q_DECLARE_METATYPE(Eigen::MatrixXd)
Q_DECLARE_METATYPE(fatgraph::Linkage)
Q_DECLARE_METATYPE(fatgraph::Segment)
Q_DECLARE_METATYPE(fatgraph::FatEdge)

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A symmetric matrix from its upper triangle (row-major, i < j), zero diagonal.
Eigen::MatrixXd symmetric(int n, const std::vector<double>& upper) {
  Eigen::MatrixXd d = Eigen::MatrixXd::Zero(n, n);
  size_t k = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) d(i, j) = d(j, i) = upper.at(k++);
  }
  return d;
}

Segments hubSegments(const std::vector<std::pair<int, int>>& hubs) {
  Segments s;
  for (size_t k = 0; k < hubs.size(); ++k) {
    s.push_back({0, static_cast<int>(10 * k), static_cast<int>(10 * k + 10), hubs[k].first, hubs[k].second});
  }
  return s;
}

// The clustering rule as documented in fat_edge_clustering.h, by brute force: per (fromHub,
// toHub) group, merge the pair of sets with the smallest linkage distance within the limit,
// scanning every pair (first segments ascending, strict comparison, so ties go to the pair
// whose first segments come first), O(m^3). clusterFatEdges keeps each set's nearest set
// instead (O(m^2)); the two must agree merge for merge, ties and infinities included.
Groups clusterAllPairs(const Segments& segments, const Eigen::MatrixXd& d, double threshold,
                       Linkage linkage) {
  std::map<std::pair<int, int>, Groups> byHubs;
  for (int i = 0; i < static_cast<int>(segments.size()); ++i) {
    byHubs[{segments[i].fromHub, segments[i].toHub}].push_back({i});
  }
  auto link = [&](const Members& a, const Members& b) {
    double v = linkage == Linkage::Complete ? 0.0 : kInf;
    for (int i : a) {
      for (int j : b) {
        const double pair = std::max(d(i, j), d(j, i));
        v = linkage == Linkage::Complete ? std::max(v, pair) : std::min(v, pair);
      }
    }
    return v;
  };
  Groups out;
  for (auto& [hubs, sets] : byHubs) {
    for (;;) {
      int bestA = -1, bestB = -1;
      double best = kInf;
      for (size_t a = 0; a < sets.size(); ++a) {
        for (size_t b = a + 1; b < sets.size(); ++b) {
          const double v = link(sets[a], sets[b]);
          if (v <= threshold * threshold && (bestA < 0 || v < best)) {
            best = v;
            bestA = static_cast<int>(a);
            bestB = static_cast<int>(b);
          }
        }
      }
      if (bestA < 0) break;
      sets[bestA].insert(sets[bestA].end(), sets[bestB].begin(), sets[bestB].end());
      std::sort(sets[bestA].begin(), sets[bestA].end());
      sets.erase(sets.begin() + bestB);
    }
    out.insert(out.end(), sets.begin(), sets.end());
  }
  return out;
}

QByteArray describe(const std::vector<FatEdge>& edges) {
  QByteArray out;
  for (const FatEdge& e : edges) {
    out += QByteArray(e.name.c_str()) + "(" + QByteArray::number(e.fromHub) + "->" +
           QByteArray::number(e.toHub) + "):";
    for (int s : e.segments) out += " " + QByteArray::number(s);
    out += "; ";
  }
  return out;
}

// One clip per walk; a hub at frame `hubFrame` of clip 0 whose match set lists `matches`.
struct WalkProject {
  Skeleton skeleton;
  std::vector<Clip> clips;
  std::unique_ptr<PoseFeatures> features;
  SegmentCutResult cut;
};

WalkProject makeProject(const std::vector<SyntheticWalkParams>& walks,
                        const std::function<Hub(const std::vector<Clip>&)>& makeHub) {
  WalkProject p;
  for (const SyntheticWalkParams& w : walks) {
    SyntheticMotion m = generateBipedWalk(w);
    p.skeleton = m.skeleton;
    p.clips.push_back(std::move(m.clip));
  }
  p.features = std::make_unique<PoseFeatures>(p.skeleton, p.clips);
  std::vector<int> counts;
  for (const Clip& c : p.clips) counts.push_back(c.frameCount());
  p.cut = cutSegments({makeHub(p.clips)}, counts);
  return p;
}

// Two kinds of walk that start and end in the same neutral stand: A (plain) twice, B
// (crouched, arms raised, shorter stride) twice, each variant placed and timed differently.
std::vector<SyntheticWalkParams> twoKindsOfWalk() {
  SyntheticWalkParams a;
  a.commonPose = true;
  a.cycles = 2;
  SyntheticWalkParams a2 = a;
  a2.period = 1.1;
  a2.startHeading = 1.0;
  a2.startPosition = Vec3(2.0, 0.0, 3.0);
  SyntheticWalkParams b = a;
  b.crouch = 0.15;
  b.armRaise = 0.6;
  b.strideLength = 0.8;
  SyntheticWalkParams b2 = b;
  b2.period = 1.0;
  b2.startHeading = -0.5;
  return {a, a2, b, b2};
}

// The hub is clip 0's first frame (the stand); every clip's first and last frame match it.
Hub standHub(const std::vector<Clip>& clips) {
  Hub h{"stand", {0, 0}, {}};
  for (int c = 0; c < static_cast<int>(clips.size()); ++c) {
    if (c > 0) h.matchSet.push_back({c, 0});
    h.matchSet.push_back({c, clips[c].frameCount() - 1});
  }
  return h;
}

void verifyWarps(const FatEdge& e, const Segments& segments) {
  QCOMPARE(e.warps.size(), e.segments.size());
  QVERIFY(!fatEdgeNeedsWarps(e));
  const int lr = segments[e.reference].frameCount();
  for (size_t k = 0; k < e.segments.size(); ++k) {
    const WarpMap& w = e.warps[k];
    QVERIFY2(w.validate().empty(), w.validate().c_str());
    QCOMPARE(w.from.front(), 0.0);
    QCOMPARE(w.to.front(), 0.0);
    QCOMPARE(w.from.back(), lr - 1.0);
    QCOMPARE(w.to.back(), segments[e.segments[k]].frameCount() - 1.0);
    if (e.segments[k] == e.reference) {
      QCOMPARE(w.from, WarpMap::identity(lr).from);
      QCOMPARE(w.to, WarpMap::identity(lr).to);
    }
  }
}

}  // namespace

class TestFatEdgeClustering : public QObject {
  Q_OBJECT

 private slots:
  // ---------------------------------------------------------------- segment distances

  void equalClipsHaveZeroDistance() {
    SyntheticWalkParams w;
    w.cycles = 2;
    SyntheticWalkParams moved = w;
    moved.startPosition = Vec3(5.0, 0.0, -4.0);
    moved.startHeading = 2.0;
    const SyntheticMotion a = generateBipedWalk(w), b = generateBipedWalk(moved);
    const PoseFeatures features(a.skeleton, {a.clip, b.clip});
    const int n = a.clip.frameCount();
    const Segments segments{{0, 0, n - 1, 0, 1}, {1, 0, n - 1, 0, 1}, {0, 5, n - 1, 0, 1}};
    const GroupedSegmentDistances d = computeSegmentDistances(features, segments);
    QVERIFY2(d(0, 1) < 1e-12, qPrintable(QString::number(d(0, 1))));
    QCOMPARE(d(0, 1), d(1, 0));
    // A shorter, shifted piece of the same walk differs: 6.77e-4 m^2 measured.
    QVERIFY2(d(0, 2) > 5e-4 && d(0, 2) < 1e-3, qPrintable(QString::number(d(0, 2))));
    QCOMPARE(segmentDistanceToRms(d(0, 2)), std::sqrt(d(0, 2)));
  }

  void matrixStructure() {
    SyntheticWalkParams w;
    w.cycles = 4;
    w.period = 1.0;
    const SyntheticMotion a = generateBipedWalk(w);
    const PoseFeatures features(a.skeleton, {a.clip});
    const Segments segments{
        {0, 0, 30, 0, 0},   // one cycle
        {0, 30, 60, 0, 0},  // the next cycle
        {0, 60, 85, 0, 0},  // shorter, other phase
        {0, 0, 30, 0, 1},   // other end hub
        {0, 10, 110, 0, 0}, // too long for the slope limits against 31 frames
        {0, 0, 30, -1, 0},  // an entry piece
    };
    const GroupedSegmentDistances d = computeSegmentDistances(features, segments);
    QCOMPARE(d.segmentCount(), 6);
    QCOMPARE(d.groupCount(), 2);  // 0 -> 0 {0, 1, 2, 4} and 0 -> 1 {3}; the entry has none
    QCOMPARE(d.pairCount(), size_t(6));
    QCOMPARE(d.groupOf(5), -1);
    for (int i = 0; i < 6; ++i) {
      QCOMPARE(d(i, i), 0.0);
      for (int j = 0; j < 6; ++j) QCOMPARE(d(i, j), d(j, i));
    }
    QVERIFY(d(0, 1) < 1e-12);
    QVERIFY2(d(0, 2) > 2.5e-3 && d(0, 2) < 5e-3, qPrintable(QString::number(d(0, 2))));  // 3.58e-3 m^2 measured
    QVERIFY(std::isinf(d(0, 3)));  // different hubs
    QVERIFY(std::isinf(d(0, 4)));  // infeasible DTW
    QVERIFY(std::isinf(d(0, 5)));  // no start hub
    QVERIFY(std::isinf(d(5, 5 - 1)));
    // The stored value is max over both directions of eq. 1.
    const double ab = segmentDtw(features, segments[0], segments[2]).distance;
    const double ba = segmentDtw(features, segments[2], segments[0]).distance;
    QVERIFY(ab != ba);
    QCOMPARE(d(0, 2), std::max(ab, ba));
    QCOMPARE(symmetricSegmentDistance(features, segments[0], segments[2]), std::max(ab, ba));
  }

  void deterministicAcrossThreadCounts() {
    SyntheticWalkParams w;
    w.cycles = 5;
    const SyntheticMotion a = generateBipedWalk(w);
    const PoseFeatures features(a.skeleton, {a.clip});
    Segments segments;
    for (int f = 0; f + 30 < a.clip.frameCount(); f += 13) segments.push_back({0, f, f + 24 + f % 11, 0, 0});
    QVERIFY(segments.size() >= 10);
    const std::vector<double> one = computeSegmentDistances(features, segments, {}, 1).pairValues();
    for (int threads : {2, 3, 0}) {
      const std::vector<double> many = computeSegmentDistances(features, segments, {}, threads).pairValues();
      QVERIFY2(one == many, qPrintable(QString::number(threads)));
    }
  }

  void progressAndCancel() {
    SyntheticWalkParams w;
    w.cycles = 8;
    const SyntheticMotion a = generateBipedWalk(w);
    const PoseFeatures features(a.skeleton, {a.clip});
    Segments few, many;
    for (int f = 0; f + 45 < a.clip.frameCount(); f += 4) {
      many.push_back({0, f, f + 44, 0, 0});
      if (f % 24 == 0) few.push_back({0, f, f + 44, 0, 0});
    }
    QVERIFY(many.size() > 50);  // > 1000 pairs: far from done at the first report

    const std::thread::id caller = std::this_thread::get_id();
    std::vector<double> seen;
    bool onCaller = true;
    const GroupedSegmentDistances d = computeSegmentDistances(features, few, [&](double f) {
      onCaller = onCaller && std::this_thread::get_id() == caller;
      seen.push_back(f);
      return true;
    });
    QVERIFY(std::isfinite(d(0, 1)));
    QVERIFY(onCaller);
    QVERIFY(!seen.empty());
    QCOMPARE(seen.back(), 1.0);
    for (size_t k = 1; k < seen.size(); ++k) QVERIFY(seen[k] >= seen[k - 1]);

    int calls = 0;
    FATGRAPH_VERIFY_THROWS(Cancelled, "cancelled", computeSegmentDistances(features, many, [&](double) {
      ++calls;
      return false;
    }));
    QCOMPARE(calls, 1);
  }

  void invalidSegmentsThrow_data() {
    QTest::addColumn<Segment>("segment");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing clip") << Segment{3, 0, 5, 0, 0} << QStringLiteral("segment 1 (clip 3 frames 0..5) refers to a missing clip");
    QTest::newRow("past the end") << Segment{0, 20, 40, 0, 0} << QStringLiteral("segment 1 (clip 0 frames 20..40) is not a frame range inside its clip (frames 0..30)");
    QTest::newRow("reversed") << Segment{0, 9, 3, 0, 0} << QStringLiteral("not a frame range");
  }
  void invalidSegmentsThrow() {
    QFETCH(Segment, segment);
    QFETCH(QString, message);
    SyntheticWalkParams w;
    w.cycles = 1;
    w.period = 1.0;
    const SyntheticMotion a = generateBipedWalk(w);
    const PoseFeatures features(a.skeleton, {a.clip});
    try {
      computeSegmentDistances(features, {Segment{0, 0, 10, 0, 0}, segment});
      QFAIL("expected fatgraph::Error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
  }

  void rmsHelpers() {
    QCOMPARE(segmentDistanceToRms(0.0004), 0.02);
    QCOMPARE(rmsToSegmentDistance(0.02), 0.02 * 0.02);
    QVERIFY(std::isinf(segmentDistanceToRms(kInf)));
    QCOMPARE(segmentDistanceToRms(-1e-18), 0.0);
  }

  // ---------------------------------------------------------------- clustering

  void clustering_data() {
    QTest::addColumn<Segments>("segments");
    QTest::addColumn<Eigen::MatrixXd>("distance");
    QTest::addColumn<double>("threshold");  // RMS metres
    QTest::addColumn<Linkage>("linkage");
    QTest::addColumn<Groups>("expected");   // edge0, edge1, ... members

    const Segments three = hubSegments({{0, 0}, {0, 0}, {0, 0}});
    QTest::newRow("all close: one edge")
        << three << symmetric(3, {1e-4, 2e-4, 1e-4}) << 0.1 << Linkage::Complete << Groups{{0, 1, 2}};
    QTest::newRow("all far: singletons")
        << three << symmetric(3, {1.0, 1.0, 1.0}) << 0.1 << Linkage::Complete << Groups{{0}, {1}, {2}};
    QTest::newRow("threshold is inclusive")
        << hubSegments({{0, 0}, {0, 0}}) << symmetric(2, {0.25}) << 0.5 << Linkage::Complete
        << Groups{{0, 1}};
    QTest::newRow("just above the threshold")
        << hubSegments({{0, 0}, {0, 0}}) << symmetric(2, {0.2500001}) << 0.5 << Linkage::Complete
        << Groups{{0}, {1}};
    QTest::newRow("different hubs never merge")
        << hubSegments({{0, 1}, {0, 0}, {1, 0}}) << symmetric(3, {0, 0, 0}) << 1.0
        << Linkage::Complete << Groups{{1}, {0}, {2}};
    QTest::newRow("chain: complete linkage stops")
        << three << symmetric(3, {0.01, 1.0, 0.01}) << 0.2 << Linkage::Complete
        << Groups{{0, 1}, {2}};
    QTest::newRow("chain: single linkage follows it")
        << three << symmetric(3, {0.01, 1.0, 0.01}) << 0.2 << Linkage::Single << Groups{{0, 1, 2}};
    // d(b,c) is the smallest and merges first; then max(d(a,b), d(a,c)) is too far.
    QTest::newRow("closest pair merges first")
        << three << symmetric(3, {0.03, 0.09, 0.02}) << std::sqrt(0.05) << Linkage::Complete
        << Groups{{0}, {1, 2}};
    QTest::newRow("infinite never merges")
        << three << symmetric(3, {kInf, kInf, kInf}) << 10.0 << Linkage::Single << Groups{{0}, {1}, {2}};
    {
      Eigen::MatrixXd asym = symmetric(2, {0.001});
      asym(1, 0) = 0.5;  // read as max(d(0,1), d(1,0))
      QTest::newRow("asymmetric input read as max")
          << hubSegments({{0, 0}, {0, 0}}) << asym << 0.1 << Linkage::Complete << Groups{{0}, {1}};
    }
    QTest::newRow("order by hubs, then first segment")
        << hubSegments({{1, 0}, {0, 0}, {0, 1}, {0, 0}, {1, 0}})
        << symmetric(5, {1, 1, 1, 0.0, 1, 1, 1, 1, 1, 1}) << 0.1 << Linkage::Complete
        << Groups{{1}, {3}, {2}, {0, 4}};
    QTest::newRow("two groups by hubs, each merged")
        << hubSegments({{2, 1}, {0, 0}, {2, 1}, {0, 0}, {0, 0}})
        << symmetric(5, {1, 0.001, 1, 1, 1, 0.001, 0.002, 1, 1, 0.003}) << 0.1
        << Linkage::Complete << Groups{{1, 3, 4}, {0, 2}};
  }
  void clustering() {
    QFETCH(Segments, segments);
    QFETCH(Eigen::MatrixXd, distance);
    QFETCH(double, threshold);
    QFETCH(Linkage, linkage);
    QFETCH(Groups, expected);
    const GroupedSegmentDistances grouped = GroupedSegmentDistances::fromDense(segments, distance);
    const std::vector<FatEdge> edges = clusterFatEdges(segments, grouped, threshold, linkage);
    Groups got;
    for (const FatEdge& e : edges) got.push_back(e.segments);
    QVERIFY2(got == expected, describe(edges).constData());
    for (size_t k = 0; k < edges.size(); ++k) {
      QCOMPARE(edges[k].name, "edge" + std::to_string(k));
      QCOMPARE(edges[k].fromHub, segments[edges[k].segments.front()].fromHub);
      QCOMPARE(edges[k].toHub, segments[edges[k].segments.front()].toHub);
      QVERIFY(std::find(edges[k].segments.begin(), edges[k].segments.end(), edges[k].reference) !=
              edges[k].segments.end());
      QVERIFY(edges[k].warps.empty());
      QVERIFY(fatEdgeNeedsWarps(edges[k]));
    }
    // Clustering is a function of its input: running it again gives the same edges.
    const std::vector<FatEdge> again = clusterFatEdges(segments, grouped, threshold, linkage);
    QCOMPARE(describe(again), describe(edges));
  }

  // 6,000 random groups of up to 14 segments with distances drawn from a few values (ties
  // everywhere), infinities, asymmetric entries and two hub pairs, both linkages.
  void clusteringAgreesWithAllPairsScan() {
    std::mt19937 random(23);
    const double values[] = {0.0, 0.01, 0.01, 0.02, 0.03, 0.04, 0.05, kInf};
    for (int trial = 0; trial < 6000; ++trial) {
      const int n = 2 + static_cast<int>(random() % 13);
      std::vector<std::pair<int, int>> hubs;
      for (int i = 0; i < n; ++i) hubs.emplace_back(0, random() % 4 == 0 ? 1 : 0);
      const Segments segments = hubSegments(hubs);
      Eigen::MatrixXd d = Eigen::MatrixXd::Zero(n, n);
      for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
          d(i, j) = d(j, i) = values[random() % std::size(values)];
          if (random() % 8 == 0) d(j, i) = values[random() % std::size(values)];
        }
      }
      const double threshold = 0.1 + 0.05 * (random() % 4);  // limits 0.01 .. 0.0625
      for (Linkage linkage : {Linkage::Complete, Linkage::Single}) {
        Groups got;
        for (const FatEdge& e : clusterFatEdges(segments, GroupedSegmentDistances::fromDense(segments, d), threshold, linkage))
          got.push_back(e.segments);
        QVERIFY2(got == clusterAllPairs(segments, d, threshold, linkage),
                 qPrintable(QStringLiteral("trial %1, %2 linkage").arg(trial)
                                .arg(QLatin1String(linkage == Linkage::Complete ? "complete" : "single"))));
      }
    }
  }

  void clusteringRejects_data() {
    QTest::addColumn<Segments>("segments");
    QTest::addColumn<Eigen::MatrixXd>("distance");
    QTest::addColumn<double>("threshold");
    QTest::addColumn<QString>("message");
    const Segments two = hubSegments({{0, 0}, {0, 0}});
    QTest::newRow("matrix size") << two << symmetric(3, {0, 0, 0}) << 0.1 << QStringLiteral("3 x 3 for 2 segments");
    QTest::newRow("NaN") << two << symmetric(2, {std::nan("")}) << 0.1 << QStringLiteral("is NaN");
    QTest::newRow("negative threshold") << two << symmetric(2, {0}) << -0.1 << QStringLiteral("threshold");
    QTest::newRow("infinite threshold") << two << symmetric(2, {0}) << kInf << QStringLiteral("threshold");
    QTest::newRow("entry segment") << hubSegments({{0, 0}, {-1, 0}}) << symmetric(2, {0}) << 0.1
                                   << QStringLiteral("segment 1 (clip 0 frames 10..20) has no start or end hub");
    QTest::newRow("distances of other segments")
        << hubSegments({{0, 0}, {0, 1}}) << symmetric(2, {0}) << 0.1
        << QStringLiteral("the segment distances do not fit the segments (group 0 is not the segments from hub 0 to hub 0)");
  }
  void clusteringRejects() {
    QFETCH(Segments, segments);
    QFETCH(Eigen::MatrixXd, distance);
    QFETCH(double, threshold);
    QFETCH(QString, message);
    // The distances are grouped by the first two segments' hubs when they are all (0, 0) and
    // the matrix is theirs: hand-made mismatches come from the segments given.
    const Segments measured = distance.rows() == 2 ? hubSegments({{0, 0}, {0, 0}}) : segments;
    try {
      clusterFatEdges(segments, GroupedSegmentDistances::fromDense(measured, distance), threshold);
      QFAIL("expected fatgraph::Error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
  }

  void medoid_data() {
    QTest::addColumn<Members>("members");
    QTest::addColumn<Eigen::MatrixXd>("distance");
    QTest::addColumn<int>("expected");
    QTest::newRow("single") << Members{2} << symmetric(3, {1, 1, 1}) << 2;
    QTest::newRow("centre of three") << Members{0, 1, 2} << symmetric(3, {1, 4, 1}) << 1;
    QTest::newRow("tie: lowest index") << Members{0, 1} << symmetric(2, {1}) << 0;
    QTest::newRow("tie, members unsorted: lowest index") << Members{2, 0} << symmetric(3, {5, 1, 5}) << 0;
    QTest::newRow("subset of the matrix") << Members{0, 2, 3} << symmetric(4, {9, 2, 3, 0, 0, 5}) << 0;
    QTest::newRow("fewest infinities first") << Members{0, 1, 2}
                                             << symmetric(3, {kInf, 5, 6}) << 2;
  }
  void medoid() {
    QFETCH(Members, members);
    QFETCH(Eigen::MatrixXd, distance);
    QFETCH(int, expected);
    Segments segments(static_cast<size_t>(distance.rows()), Segment{0, 0, 10, 0, 0});
    QCOMPARE(medoidSegment(members, GroupedSegmentDistances::fromDense(segments, distance)), expected);
  }

  // ---------------------------------------------------------------- ground truth

  // N cycles of a walk, one hub at a gait phase: every segment is one cycle, hub0 -> hub0, and
  // they form a single fat edge whose warps are the identity (equal cycles).
  void walkCyclesFormOneFatEdge_data() {
    QTest::addColumn<double>("cycles");
    QTest::addColumn<double>("turningRate");
    QTest::newRow("4 cycles straight") << 4.0 << 0.0;
    QTest::newRow("5 cycles turning") << 5.0 << 0.4;
  }
  void walkCyclesFormOneFatEdge() {
    QFETCH(double, cycles);
    QFETCH(double, turningRate);
    SyntheticWalkParams w;
    w.period = 1.0;
    w.cycles = cycles;
    w.turningRate = turningRate;
    const WalkProject p = makeProject({w}, [](const std::vector<Clip>& clips) {
      Hub h{"heel strike", {0, 9}, {}};
      for (int f = 39; f < clips[0].frameCount(); f += 30) h.matchSet.push_back({0, f});
      return h;
    });
    const Segments& segments = p.cut.segments;
    QCOMPARE(static_cast<int>(segments.size()), static_cast<int>(cycles) - 1);
    const GroupedSegmentDistances d = computeSegmentDistances(*p.features, segments);
    const double largest = segmentDistanceToRms(*std::max_element(d.pairValues().begin(), d.pairValues().end()));
    QVERIFY2(largest < 1e-4, qPrintable(QString::number(largest)));
    std::vector<FatEdge> edges = clusterFatEdges(segments, d, 0.02);
    QCOMPARE(edges.size(), size_t(1));
    QCOMPARE(edges[0].name, std::string("edge0"));
    QCOMPARE(edges[0].segments.size(), segments.size());
    QCOMPARE(edges[0].fromHub, 0);
    QCOMPARE(edges[0].toHub, 0);
    QCOMPARE(refreshFatEdges(*p.features, segments, edges, &d), 1);
    verifyWarps(edges[0], segments);
    for (const WarpMap& m : edges[0].warps) {
      for (int t = 0; t <= 30; ++t) QVERIFY(std::abs(m.map(t) - t) < 1e-9);
    }
  }

  // Two kinds of walk leaving and returning to a common stand: one fat edge per kind at a
  // tight threshold, a single one at a loose threshold.
  void twoMotionKindsFormTwoFatEdges_data() {
    QTest::addColumn<double>("threshold");
    QTest::addColumn<Groups>("expected");
    QTest::newRow("tight: one edge per kind") << 0.03 << Groups{{0, 1}, {2, 3}};
    QTest::newRow("loose: all together") << 0.3 << Groups{{0, 1, 2, 3}};
    QTest::newRow("tiny: every variant apart") << 0.001 << Groups{{0}, {1}, {2}, {3}};
  }
  void twoMotionKindsFormTwoFatEdges() {
    QFETCH(double, threshold);
    QFETCH(Groups, expected);
    if (!twoKinds_) {  // shared by the rows
      twoKinds_ = std::make_unique<WalkProject>(makeProject(twoKindsOfWalk(), standHub));
      twoKindsDistances_ = computeSegmentDistances(*twoKinds_->features, twoKinds_->cut.segments);
    }
    const WalkProject& p = *twoKinds_;
    const Segments& segments = p.cut.segments;
    QCOMPARE(static_cast<int>(segments.size()), 4);  // one whole clip per segment
    QVERIFY(p.cut.entries.empty() && p.cut.exits.empty());
    const GroupedSegmentDistances& d = twoKindsDistances_;
    qDebug("RMS distances (m): A-A' %.4f, B-B' %.4f, A-B %.4f", segmentDistanceToRms(d(0, 1)),
           segmentDistanceToRms(d(2, 3)), segmentDistanceToRms(d(0, 2)));
    std::vector<FatEdge> edges = clusterFatEdges(segments, d, threshold);
    Groups got;
    for (const FatEdge& e : edges) got.push_back(e.segments);
    QVERIFY2(got == expected, describe(edges).constData());

    // Warps computed without the matrix pick the same references as with it.
    std::vector<FatEdge> withMatrix = edges;
    refreshFatEdges(*p.features, segments, withMatrix, &d);
    refreshFatEdges(*p.features, segments, edges);
    for (size_t k = 0; k < edges.size(); ++k) {
      QCOMPARE(edges[k].reference, withMatrix[k].reference);
      verifyWarps(edges[k], segments);
      for (size_t m = 0; m < edges[k].warps.size(); ++m) {
        QCOMPARE(edges[k].warps[m].from, withMatrix[k].warps[m].from);
        QCOMPARE(edges[k].warps[m].to, withMatrix[k].warps[m].to);
      }
    }
  }

  // A member of the wrong length for the slope limits (possible after edits) gets a linear map.
  void infeasibleMemberGetsLinearWarp() {
    SyntheticWalkParams w;
    w.cycles = 4;
    const SyntheticMotion a = generateBipedWalk(w);
    const PoseFeatures features(a.skeleton, {a.clip});
    const Segments segments{{0, 0, 30, 0, 0}, {0, 31, 61, 0, 0}, {0, 0, 100, 0, 0}};
    FatEdge e{"e", 0, 0, {0, 1, 2}, -1, {}};
    computeEdgeWarps(features, segments, e);
    QCOMPARE(e.reference, 0);  // ties with 1 on infinities; lower sum or index
    verifyWarps(e, segments);
    QCOMPARE(e.warps[2].from.size(), size_t(2));
    QCOMPARE(e.warps[2].to.back(), 100.0);
  }

  void computeEdgeWarpsRejects_data() {
    QTest::addColumn<FatEdge>("edge");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << FatEdge{"e", 0, 0, {}, -1, {}} << QStringLiteral("fat edge 'e' has no segments");
    QTest::newRow("missing segment") << FatEdge{"e", 0, 0, {0, 7}, -1, {}} << QStringLiteral("segment 7 does not exist");
    QTest::newRow("other hubs") << FatEdge{"e", 0, 0, {0, 2}, -1, {}} << QStringLiteral("its segment 2 joins 0 -> 1");
    QTest::newRow("listed twice") << FatEdge{"e", 0, 0, {1, 0, 1}, -1, {}} << QStringLiteral("lists segment 1 twice");
  }
  void computeEdgeWarpsRejects() {
    QFETCH(FatEdge, edge);
    QFETCH(QString, message);
    SyntheticWalkParams w;
    w.cycles = 2;
    const SyntheticMotion a = generateBipedWalk(w);
    const PoseFeatures features(a.skeleton, {a.clip});
    const Segments segments{{0, 0, 30, 0, 0}, {0, 30, 60, 0, 0}, {0, 10, 40, 0, 1}};
    try {
      computeEdgeWarps(features, segments, edge);
      QFAIL("expected fatgraph::Error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
  }

 private:
  std::unique_ptr<WalkProject> twoKinds_;
  GroupedSegmentDistances twoKindsDistances_;
};

QTEST_GUILESS_MAIN(TestFatEdgeClustering)
#include "test_fat_edge_clustering.moc"
