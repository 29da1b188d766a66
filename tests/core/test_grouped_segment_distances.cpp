// Segment distances per hub-to-hub group: the groups a segment list makes, the packed pair
// index against a dense matrix, the larger-direction rule of format 2 matrices, the mismatch
// messages, and memory that grows with the pairs of each group rather than with n^2.
#include <QTest>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/grouped_segment_distances.h"

using namespace fatgraph;
using Segments = std::vector<Segment>;
using Hubs = std::vector<std::pair<int, int>>;
using Members = std::vector<std::vector<int>>;
Q_DECLARE_METATYPE(Hubs)
Q_DECLARE_METATYPE(Members)

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

Segments segmentsWithHubs(const Hubs& hubs) {
  Segments s;
  for (size_t k = 0; k < hubs.size(); ++k) {
    s.push_back({0, static_cast<int>(10 * k), static_cast<int>(10 * k + 9), hubs[k].first, hubs[k].second});
  }
  return s;
}

QString errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace

class TestGroupedSegmentDistances : public QObject {
  Q_OBJECT

 private slots:
  void grouping_data() {
    QTest::addColumn<Hubs>("hubs");
    QTest::addColumn<Hubs>("groupHubs");
    QTest::addColumn<Members>("members");
    QTest::newRow("none") << Hubs{} << Hubs{} << Members{};
    QTest::newRow("one group") << Hubs{{0, 0}, {0, 0}, {0, 0}} << Hubs{{0, 0}} << Members{{0, 1, 2}};
    QTest::newRow("ordered by hubs, members ascending")
        << Hubs{{2, 1}, {0, 3}, {2, 1}, {0, 0}, {0, 3}} << Hubs{{0, 0}, {0, 3}, {2, 1}}
        << Members{{3}, {1, 4}, {0, 2}};
    QTest::newRow("entries and exits belong to none")
        << Hubs{{-1, 0}, {0, 1}, {1, -1}, {0, 1}} << Hubs{{0, 1}} << Members{{1, 3}};
    QTest::newRow("direction matters") << Hubs{{0, 1}, {1, 0}} << Hubs{{0, 1}, {1, 0}} << Members{{0}, {1}};
  }
  void grouping() {
    QFETCH(Hubs, hubs);
    QFETCH(Hubs, groupHubs);
    QFETCH(Members, members);
    const Segments segments = segmentsWithHubs(hubs);
    const GroupedSegmentDistances d(segments);
    QCOMPARE(d.segmentCount(), static_cast<int>(segments.size()));
    QCOMPARE(d.groupCount(), static_cast<int>(groupHubs.size()));
    size_t pairs = 0;
    for (int g = 0; g < d.groupCount(); ++g) {
      QVERIFY(d.hubs(g) == groupHubs[g]);
      const std::vector<int> got(d.members(g).begin(), d.members(g).end());
      QVERIFY(got == members[g]);
      for (size_t k = 0; k < got.size(); ++k) {
        QCOMPARE(d.groupOf(got[k]), g);
        QCOMPARE(d.positionOf(got[k]), static_cast<int>(k));
      }
      QCOMPARE(d.pairOffset(g), pairs);
      pairs += got.size() * (got.size() - 1) / 2;
    }
    QCOMPARE(d.pairCount(), pairs);
    for (double v : d.pairValues()) QVERIFY(std::isinf(v));  // not measured yet
    QCOMPARE(d.mismatch(segments), std::string());
  }

  // Random groups: every pair set through set() reads back through operator(), pair() and the
  // dense form, and the dense form has +inf across groups and 0 on the diagonal.
  void pairsMatchADenseMatrix() {
    std::mt19937 random(5);
    for (int trial = 0; trial < 200; ++trial) {
      const int n = 1 + static_cast<int>(random() % 20);
      Hubs hubs;
      for (int i = 0; i < n; ++i) hubs.emplace_back(static_cast<int>(random() % 3) - 1, static_cast<int>(random() % 2));
      const Segments segments = segmentsWithHubs(hubs);
      GroupedSegmentDistances d(segments);
      Eigen::MatrixXd expected = Eigen::MatrixXd::Constant(n, n, kInf);
      for (int a = 0; a < n; ++a) {
        expected(a, a) = 0.0;
        for (int b = a + 1; b < n; ++b) {
          const bool comparable = hubs[a] == hubs[b] && hubs[a].first >= 0;
          if (!comparable) continue;
          const double v = 0.001 * static_cast<double>(random() % 1000);
          expected(a, b) = expected(b, a) = v;
          if (random() % 2) d.set(a, b, v); else d.set(b, a, v);
        }
      }
      QVERIFY2(d.dense() == expected, qPrintable(QStringLiteral("trial %1").arg(trial)));
      for (int a = 0; a < n; ++a) {
        for (int b = 0; b < n; ++b) {
          QCOMPARE(d(a, b), expected(a, b));
          if (d.groupOf(a) >= 0 && d.groupOf(a) == d.groupOf(b)) {
            QCOMPARE(d.pair(d.groupOf(a), d.positionOf(a), d.positionOf(b)), expected(a, b));
          }
        }
      }
      QVERIFY(GroupedSegmentDistances::fromDense(segments, expected) == d);
    }
  }

  void fromDenseTakesTheLargerDirection() {
    const Segments segments = segmentsWithHubs({{0, 0}, {0, 0}, {0, 1}});
    Eigen::MatrixXd m(3, 3);
    m << 0, 0.2, 9,  //
        0.5, 0, 9,   //
        9, 9, 0;
    const GroupedSegmentDistances d = GroupedSegmentDistances::fromDense(segments, m);
    QCOMPARE(d(0, 1), 0.5);
    QVERIFY(std::isinf(d(0, 2)));  // across groups: dropped
    m(1, 0) = std::nan("");
    QVERIFY(std::isnan(GroupedSegmentDistances::fromDense(segments, m)(0, 1)));  // kept for the checks
    m(1, 0) = 0.1;
    m(0, 1) = std::nan("");
    QVERIFY(std::isnan(GroupedSegmentDistances::fromDense(segments, m)(0, 1)));
    QCOMPARE(errorOf([&] { GroupedSegmentDistances::fromDense(segments, Eigen::MatrixXd::Zero(2, 3)); }),
             QStringLiteral("segment distances: the matrix is 2 x 3 for 3 segments"));
  }

  void rejects() {
    GroupedSegmentDistances d(segmentsWithHubs({{0, 0}, {0, 0}, {0, 1}}));
    QCOMPARE(errorOf([&] { d.set(0, 2, 1.0); }),
             QStringLiteral("segment distances: segment 0 and segment 2 do not share their hubs, so they have no distance"));
    QCOMPARE(errorOf([&] { d.set(0, 3, 1.0); }),
             QStringLiteral("segment distances: segment 0 and segment 3 do not share their hubs, so they have no distance"));
    QCOMPARE(errorOf([&] { d.setPairValues({1.0, 2.0}); }), QStringLiteral("segment distances: 2 pair values for 1 pairs"));
    QCOMPARE(errorOf([&] { d.setPair(0, 1, 1, 1.0); }), QStringLiteral("segment distances: no pair (1, 1) in a group of 2"));
  }

  void mismatch_data() {
    QTest::addColumn<Hubs>("measured");
    QTest::addColumn<Hubs>("now");
    QTest::addColumn<QString>("expected");
    QTest::newRow("a segment more") << Hubs{{0, 0}} << Hubs{{0, 0}, {0, 0}}
                                    << QStringLiteral("distances for 1 segments, the graph has 2");
    QTest::newRow("a hub changed") << Hubs{{0, 0}, {0, 0}} << Hubs{{0, 0}, {0, 1}}
                                   << QStringLiteral("group 0 is not the segments from hub 0 to hub 0");
    QTest::newRow("a group more") << Hubs{{0, 0}, {0, 0}, {-1, 0}} << Hubs{{0, 0}, {0, 0}, {1, 0}}
                                  << QStringLiteral("1 groups, the segments make 2");
  }
  void mismatch() {
    QFETCH(Hubs, measured);
    QFETCH(Hubs, now);
    QFETCH(QString, expected);
    const GroupedSegmentDistances d(segmentsWithHubs(measured));
    QCOMPARE(QString::fromStdString(d.mismatch(segmentsWithHubs(now))), expected);
  }

  // 2,000 segments in 40 groups of 50: the pairs of the groups (40 x 1,225), not n^2 = 4 M.
  void memoryGrowsWithTheGroupsPairs() {
    Hubs hubs;
    for (int s = 0; s < 2000; ++s) hubs.emplace_back(s % 40, s % 40);
    const GroupedSegmentDistances d(segmentsWithHubs(hubs));
    QCOMPARE(d.groupCount(), 40);
    QCOMPARE(d.pairCount(), size_t(40 * 50 * 49 / 2));
    QVERIFY2(d.heldBytes() < 8 * 40 * 1225 + 64 * 2000, qPrintable(QString::number(d.heldBytes())));
    QVERIFY(d.heldBytes() < 8 * 2000 * 2000 / 50);
  }
};

QTEST_GUILESS_MAIN(TestGroupedSegmentDistances)
#include "test_grouped_segment_distances.moc"
