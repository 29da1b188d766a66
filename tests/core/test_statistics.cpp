// Order statistics (core statistics.h): each median and percentile on hand-worked samples (odd
// and even counts, one value, none, ties, unsorted input, fractions at and past the ends), and
// on random samples against a full sort and the definitions written out.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "fatgraph/core/model/statistics.h"

using namespace fatgraph;

Q_DECLARE_METATYPE(std::vector<double>)

class TestStatistics : public QObject {
  Q_OBJECT

 private slots:
  void medians_data() {
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<double>("middle");
    QTest::addColumn<double>("high");
    QTest::newRow("none") << std::vector<double>{} << 0.0 << 0.0;
    QTest::newRow("one") << std::vector<double>{4.5} << 4.5 << 4.5;
    QTest::newRow("two") << std::vector<double>{3.0, 1.0} << 2.0 << 3.0;
    QTest::newRow("odd, unsorted") << std::vector<double>{9, -2, 5, 7, 0} << 5.0 << 5.0;
    QTest::newRow("even, unsorted") << std::vector<double>{8, 1, 6, 2, 10, 3} << 4.5 << 6.0;
    QTest::newRow("ties") << std::vector<double>{2, 2, 2, 7} << 2.0 << 2.0;
    QTest::newRow("negative") << std::vector<double>{-1.5, -0.5, -3.0, -2.0} << -1.75 << -1.5;
  }
  void medians() {
    QFETCH(std::vector<double>, values);
    QFETCH(double, middle);
    QFETCH(double, high);
    QCOMPARE(median(values), middle);
    QCOMPARE(medianHigh(values), high);
    // medianHigh is always a value of the sample; so is every order statistic.
    if (!values.empty()) QVERIFY(std::find(values.begin(), values.end(), medianHigh(values)) != values.end());
  }

  void percentiles_data() {
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<double>("fraction");
    QTest::addColumn<double>("linear");
    QTest::addColumn<double>("lower");
    QTest::addColumn<double>("nearestRank");
    // Sorted: 10 20 30 40 50 (ranks 0..4).
    const std::vector<double> five{30, 10, 50, 20, 40};
    QTest::newRow("0") << five << 0.0 << 10.0 << 10.0 << 10.0;
    QTest::newRow("0.05") << five << 0.05 << 12.0 << 10.0 << 10.0;
    QTest::newRow("0.25") << five << 0.25 << 20.0 << 20.0 << 20.0;
    QTest::newRow("0.3") << five << 0.3 << 22.0 << 20.0 << 20.0;
    QTest::newRow("0.5") << five << 0.5 << 30.0 << 30.0 << 30.0;
    QTest::newRow("0.95") << five << 0.95 << 48.0 << 40.0 << 50.0;
    QTest::newRow("1") << five << 1.0 << 50.0 << 50.0 << 50.0;
    QTest::newRow("below 0: clamped") << five << -0.5 << 10.0 << 10.0 << 10.0;
    QTest::newRow("above 1: clamped") << five << 3.0 << 50.0 << 50.0 << 50.0;
    // Sorted: 1 2 3 4 (ranks 0..3): the median three ways.
    const std::vector<double> four{4, 2, 1, 3};
    QTest::newRow("even, 0.5") << four << 0.5 << 2.5 << 2.0 << 2.0;
    QTest::newRow("even, 0.99") << four << 0.99 << 3.97 << 3.0 << 4.0;
    QTest::newRow("one value") << std::vector<double>{7} << 0.3 << 7.0 << 7.0 << 7.0;
    QTest::newRow("none") << std::vector<double>{} << 0.5 << 0.0 << 0.0 << 0.0;
  }
  void percentiles() {
    QFETCH(std::vector<double>, values);
    QFETCH(double, fraction);
    QFETCH(double, linear);
    QFETCH(double, lower);
    QFETCH(double, nearestRank);
    QVERIFY2(std::abs(percentile(values, fraction) - linear) < 1e-12,
             qPrintable(QString::number(percentile(values, fraction), 'g', 17)));
    QCOMPARE(percentileLower(values, fraction), lower);
    QCOMPARE(percentileNearestRank(values, fraction), nearestRank);
  }

  void orderStatistics_data() {
    QTest::addColumn<int>("count");
    for (int n : {1, 2, 3, 10, 101, 1000}) QTest::newRow(qPrintable(QString("%1 values").arg(n))) << n;
  }
  void orderStatistics() {
    QFETCH(int, count);
    std::mt19937 rng(static_cast<unsigned>(count));
    std::uniform_real_distribution<double> u(-5.0, 5.0);
    std::vector<double> values(static_cast<size_t>(count));
    for (double& v : values) v = std::round(u(rng) * 4.0) / 4.0;  // ties too
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    for (size_t k = 0; k < n; ++k) QCOMPARE(orderStatistic(values, k), sorted[k]);
    QCOMPARE(orderStatistic(values, n + 5), sorted.back());  // clamped to the last
    const double middle = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    QCOMPARE(median(values), middle);
    QCOMPARE(medianHigh(values), sorted[n / 2]);
    for (double f : {0.0, 0.01, 0.05, 0.5, 0.9, 0.95, 0.99, 1.0}) {
      const double rank = f * double(n - 1);
      const size_t below = static_cast<size_t>(std::floor(rank)), above = std::min(below + 1, n - 1);
      QCOMPARE(percentile(values, f), sorted[below] + (rank - double(below)) * (sorted[above] - sorted[below]));
      QCOMPARE(percentileLower(values, f), sorted[below]);
      const size_t nearest = static_cast<size_t>(std::max(0.0, std::ceil(f * double(n)) - 1.0));
      QCOMPARE(percentileNearestRank(values, f), sorted[std::min(nearest, n - 1)]);
      // At least a fraction f of the sample lies at or below the nearest-rank value.
      const double v = percentileNearestRank(values, f);
      QVERIFY(double(std::upper_bound(sorted.begin(), sorted.end(), v) - sorted.begin()) >= f * double(n));
    }
  }

  void theCallersSampleIsLeftAlone() {
    const std::vector<double> values{5, 1, 4, 2, 3};
    std::vector<double> copy = values;
    median(copy);
    medianHigh(copy);
    percentile(copy, 0.3);
    percentileLower(copy, 0.3);
    percentileNearestRank(copy, 0.3);
    orderStatistic(copy, 2);
    QVERIFY(copy == values);
  }
};

QTEST_GUILESS_MAIN(TestStatistics)
#include "test_statistics.moc"
