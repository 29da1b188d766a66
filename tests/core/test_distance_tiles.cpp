// The distance scan's split into shares (the unit of MPI ranks, issue 15): every tile in
// exactly one contiguous run, runs balanced by cost, and the merged shares bitwise equal to
// the one-process scan for any number of shares.
#include <QtTest>

#include <algorithm>

#include "fatgraph/core/internal/distance_tiles.h"
#include "scan_identity.h"
#include "synthetic_projects.h"
#include "verify_throws.h"

using namespace fatgraph;
using namespace fatgraph::detail;

namespace {

PoseFeatures walkFeatures() {
  const test::TwoStyles walks = test::twoStyleWalks();
  const Project p = test::projectOf({walks.plain, walks.crouched});
  return PoseFeatures(p.skeleton, p.clips, p.settings.jointWeights);
}

// A budget small enough for the smallest tiles (16 frames), so even short clips make many.
DistanceMatrixSettings smallTiles(int threads) {
  DistanceMatrixSettings s;
  s.window = 10;
  s.threads = threads;
  s.memoryBudgetBytes = 4096;
  s.heatMapSize = 64;
  return s;
}

}  // namespace

class TestDistanceTiles : public QObject {
  Q_OBJECT

 private slots:
  void tilesCoverTheUpperTriangleOnce() {
    const int n = 1000, side = 96;
    const std::vector<Tile> tiles = upperTiles(n, side);
    std::vector<int> covered(static_cast<size_t>(n) * n, 0);
    for (const Tile& t : tiles) {
      QVERIFY(t.c0 >= t.r0);
      for (int i = t.r0; i < t.r1; ++i) {
        for (int j = t.c0; j < t.c1; ++j) ++covered[static_cast<size_t>(i) * n + j];
      }
    }
    // Every (i, j) with j >= i belongs to exactly one tile (a diagonal tile's lower half comes
    // with it; its mirror is the tile itself).
    for (int i = 0; i < n; ++i) {
      for (int j = i; j < n; ++j) QCOMPARE(covered[static_cast<size_t>(i) * n + j], 1);
    }
  }

  void partitionIsExactContiguousAndBalanced() {
    for (const int n : {17, 700, 5000, 30000}) {
      for (const int window : {1, 10, 30}) {
        const std::vector<Tile> tiles = upperTiles(n, tileSide(n, window, 1, size_t(16) << 20));
        double total = 0.0, largest = 0.0;
        for (const Tile& t : tiles) {
          total += tileCost(t, n, window);
          largest = std::max(largest, tileCost(t, n, window));
        }
        for (const int ranks : {1, 2, 3, 7, 64}) {
          const std::vector<int> first = partitionTiles(tiles, n, window, ranks);
          QCOMPARE(static_cast<int>(first.size()), ranks + 1);
          QCOMPARE(first.front(), 0);
          QCOMPARE(first.back(), static_cast<int>(tiles.size()));
          for (int r = 0; r < ranks; ++r) {
            QVERIFY(first[r] <= first[r + 1]);  // contiguous runs that tile the list once
            double cost = 0.0;
            for (int k = first[r]; k < first[r + 1]; ++k) cost += tileCost(tiles[k], n, window);
            // Each run is within one tile of its equal share.
            QVERIFY2(std::abs(cost - total / ranks) <= largest + 1e-9 * total,
                     qPrintable(QString("n %1 window %2 ranks %3 rank %4: cost %5 of %6")
                                    .arg(n).arg(window).arg(ranks).arg(r).arg(cost).arg(total / ranks)));
          }
        }
      }
    }
  }

  void mergedSharesEqualTheWholeScan() {
    const PoseFeatures f = walkFeatures();
    QVERIFY(f.frameCount() > 100);
    for (const int threads : {1, 2}) {
      const DistanceMatrixSettings settings = smallTiles(threads);
      QVERIFY(scanTiles(f.frameCount(), settings).size() > 20);
      const DistanceScan whole = scanDistanceMatrix(f, settings);
      for (const int ranks : {1, 2, 3, 5}) {
        DistanceScan merged = scanDistanceShare(f, settings, {0, ranks});
        // Merged in reverse order: the merge does not depend on it.
        for (int r = ranks - 1; r >= 1; --r) mergeDistanceShare(merged, scanDistanceShare(f, settings, {r, ranks}));
        finishDistanceScan(merged, f);
        const std::string difference = test::scanDifference(merged, whole);
        QVERIFY2(difference.empty(), qPrintable(QString("%1 shares, %2 threads: %3 differs")
                                                    .arg(ranks).arg(threads).arg(difference.c_str())));
      }
    }
  }

  void badSharesAreRefused() {
    const PoseFeatures f = walkFeatures();
    FATGRAPH_VERIFY_THROWS(Error, "pose distance: bad scan share", scanDistanceShare(f, smallTiles(1), {2, 2}));
    DistanceScan a = scanDistanceShare(f, smallTiles(1), {0, 2});
    DistanceMatrixSettings other = smallTiles(1);
    other.heatMapSize = 32;
    FATGRAPH_VERIFY_THROWS(Error, "pose distance: scan shares of different matrices",
                           mergeDistanceShare(a, scanDistanceShare(f, other, {1, 2})));
  }
};

QTEST_GUILESS_MAIN(TestDistanceTiles)
#include "test_distance_tiles.moc"
