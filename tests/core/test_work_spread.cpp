// Spreading a build over processes (work_spread.h): how items are dealt out, and that a build
// whose scan, exact hub rows, segment pairs and parameterizations go through a spread of K
// shares gives bit for bit the graph of the plain build. The shares are computed here one
// after another in this process (InTurnSpread): what MPI adds on top, moving the bytes, is
// tested under mpirun by test_mpi_ranks.
#include <QtTest>

#include <algorithm>
#include <numeric>
#include <random>

#include "fatgraph/core/internal/admitted_clip_bytes.h"
#include "fatgraph/core/internal/distance_tiles.h"
#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/spread/work_spread.h"
#include "graph_identity.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {

const std::string kData = FATGRAPH_DATA_DIR;

// Computes every process's share in turn, as K processes would, and counts the calls per stage.
class InTurnSpread final : public WorkSpread {
 public:
  explicit InTurnSpread(int processes) : processes_(processes) {}
  int processes() const override { return processes_; }
  int process() const override { return 0; }
  std::vector<ItemShare> spread(const std::string& stage, const std::vector<double>& costs,
                                const ItemCompute& compute, ItemSplit split, uint64_t) override {
    ++calls[stage];
    std::vector<ItemShare> shares;
    for (std::vector<int>& items : assignItems(costs, processes_, split)) {
      ItemBytes bytes = compute(items);
      shares.push_back({std::move(items), std::move(bytes)});
    }
    return shares;
  }
  DistanceScan scanDistances(const PoseFeatures& features, const DistanceMatrixSettings& settings,
                             const std::string&, const ProgressCallback&) override {
    ++calls["distance scan"];
    DistanceScan scan = detail::scanDistanceShare(features, settings, {0, processes_});
    for (int p = 1; p < processes_; ++p) {
      detail::mergeDistanceShare(scan, detail::scanDistanceShare(features, settings, {p, processes_}));
    }
    detail::finishDistanceScan(scan, features);
    return scan;
  }
  std::map<std::string, int> calls;

 private:
  int processes_;
};

Project twoClips() {
  ClipSetImport in = importClipSet(
      {kData + "/cmu-leonardo-ono-roll/144_03.bvh", kData + "/cmu-leonardo-ono-roll/90_05.bvh"}, {});
  in.project.settings.parameterization.samples = 60;
  in.project.settings.parameterization.grid = 8;
  return std::move(in.project);
}

void checkAssignment(const std::vector<std::vector<int>>& parts, const std::vector<double>& costs, int processes) {
  QCOMPARE(static_cast<int>(parts.size()), processes);
  std::vector<int> seen;
  for (const std::vector<int>& items : parts) {
    QVERIFY(std::is_sorted(items.begin(), items.end()));
    seen.insert(seen.end(), items.begin(), items.end());
  }
  std::sort(seen.begin(), seen.end());
  std::vector<int> all(costs.size());
  std::iota(all.begin(), all.end(), 0);
  QCOMPARE(seen, all);  // every item exactly once
}

// A set with every kind of later file: repeated names (renamed in file order), a project's
// clips, a file read at another rate.
std::vector<std::string> mixedSet() {
  const std::string roll = kData + "/cmu-leonardo-ono-roll/";
  return {roll + "90_05.bvh", roll + "124_01.bvh", roll + "90_05.bvh",
          FATGRAPH_TEST_FIXTURES_DIR "/projects/v2_walk.fgproj", roll + "124_01.bvh", roll + "90_05.bvh",
          roll + "137_38.bvh"};
}

std::string clipDifference(const Clip& a, const Clip& b) {
  if (a.name != b.name) return "name '" + a.name + "' against '" + b.name + "'";
  if (a.source != b.source || a.fps != b.fps || a.sourceFps != b.sourceFps ||
      a.sourceFirstFrame != b.sourceFirstFrame || a.jointCount != b.jointCount) {
    return a.name + ": bookkeeping differs";
  }
  if (a.rotations.size() != b.rotations.size() ||
      std::memcmp(a.rotations.data(), b.rotations.data(), a.rotations.size() * sizeof(Quat)) != 0 ||
      a.translations.size() != b.translations.size() ||
      std::memcmp(a.translations.data(), b.translations.data(), a.translations.size() * sizeof(Vec3)) != 0) {
    return a.name + ": poses differ";
  }
  return {};
}

double load(const std::vector<int>& items, const std::vector<double>& costs) {
  double sum = 0;
  for (int i : items) sum += costs[static_cast<size_t>(i)];
  return sum;
}

}  // namespace

class TestWorkSpread : public QObject {
  Q_OBJECT
 private slots:
  void itemsAreDealtOutOnceAndEvenly_data() {
    QTest::addColumn<int>("items");
    QTest::addColumn<int>("processes");
    QTest::addColumn<int>("spreadOfCosts");  // 0: all equal, else costs 1 .. spreadOfCosts
    for (int processes : {1, 2, 3, 7, 64}) {
      for (int items : {0, 1, 5, 48, 1000}) {
        for (int spread : {0, 100}) {
          QTest::addRow("%d items, %d processes, costs up to %d", items, processes, spread)
              << items << processes << spread;
        }
      }
    }
  }
  void itemsAreDealtOutOnceAndEvenly() {
    QFETCH(int, items);
    QFETCH(int, processes);
    QFETCH(int, spreadOfCosts);
    std::mt19937 random(static_cast<unsigned>(items * 131 + processes));
    std::uniform_real_distribution<double> cost(1.0, std::max(1.0, double(spreadOfCosts)));
    std::vector<double> costs(static_cast<size_t>(items), 1.0);
    if (spreadOfCosts > 0) {
      for (double& c : costs) c = cost(random);
    }
    const double total = std::accumulate(costs.begin(), costs.end(), 0.0);
    const double largest = costs.empty() ? 0.0 : *std::max_element(costs.begin(), costs.end());
    for (ItemSplit split : {ItemSplit::Contiguous, ItemSplit::Balanced}) {
      const auto parts = assignItems(costs, processes, split);
      checkAssignment(parts, costs, processes);
      QCOMPARE(assignItems(costs, processes, split), parts);  // deterministic
      for (const std::vector<int>& p : parts) {
        // Within one item's cost of an equal share (computed here from the costs alone).
        QVERIFY2(load(p, costs) <= total / processes + largest + 1e-9,
                 qPrintable(QString::number(load(p, costs)) + QStringLiteral(" > ") + QString::number(total / processes)));
        if (split == ItemSplit::Contiguous && !p.empty()) QCOMPARE(p.back() - p.front() + 1, static_cast<int>(p.size()));
      }
    }
  }

  void balancedSplitPutsLargeItemsApart() {
    // Two large items and many small ones on two processes: a contiguous split could put
    // both large items on one process; the balanced one never does.
    std::vector<double> costs(20, 1.0);
    costs[0] = costs[1] = 50.0;
    const auto parts = assignItems(costs, 2, ItemSplit::Balanced);
    QCOMPARE(load(parts[0], costs), load(parts[1], costs));
    QVERIFY(std::count(parts[0].begin(), parts[0].end(), 0) + std::count(parts[0].begin(), parts[0].end(), 1) == 1);
  }

  void spreadEachHandsEveryShareInProcessOrder() {
    // Each process's share once, in process order, with the items assignItems gave it and the
    // results its compute returned.
    InTurnSpread spread(3);
    const std::vector<double> costs{5, 1, 1, 4, 2, 2, 3};
    const auto parts = assignItems(costs, 3, ItemSplit::Balanced);
    std::vector<int> order;
    spread.spreadEach("test items", costs, [](const std::vector<int>& items) {
      ItemBytes bytes;
      for (int i : items) appendValue(bytes, 10 * i);
      return bytes;
    }, ItemSplit::Balanced, 0, [&](int process, ItemShare& share) {
      order.push_back(process);
      QCOMPARE(share.items, parts[static_cast<size_t>(process)]);
      ItemReader in(share.bytes, "test items");
      for (int i : share.items) QCOMPARE(in.value<int>(), 10 * i);
      QVERIFY(in.atEnd());
    });
    QCOMPARE(order, (std::vector<int>{0, 1, 2}));
    QCOMPARE(spread.calls["test items"], 1);
  }

  void badCostsAreRefused() {
    for (double bad : {-1.0, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
      FATGRAPH_VERIFY_THROWS(Error, "assignItems: item costs must be finite and >= 0",
                             assignItems({1.0, bad}, 2, ItemSplit::Balanced));
    }
    FATGRAPH_VERIFY_THROWS(Error, "assignItems: at least one process is needed",
                           assignItems({1.0}, 0, ItemSplit::Contiguous));
  }

  void inputsHashIsFnv1a() {
    // The published FNV-1a 64-bit test vectors: what every process must compute alike.
    QCOMPARE(hashBytes("", 0), 0xcbf29ce484222325ull);
    QCOMPARE(hashBytes("a", 1), 0xaf63dc4c8601ec8cull);
    QCOMPARE(hashBytes("foobar", 6), 0x85944171f73967e8ull);
    QCOMPARE(hashBytes("bar", 3, hashBytes("foo", 3)), hashBytes("foobar", 6));  // continues
    QCOMPARE(hashVector(std::vector<char>{'f', 'o', 'o'}), hashBytes("foo", 3));
  }

  void readerStopsAtTheEnd() {
    ItemBytes bytes;
    appendValue(bytes, 7.5);
    appendValue(bytes, static_cast<int>(3));
    ItemReader in(bytes, "test results");
    QCOMPARE(in.value<double>(), 7.5);
    QCOMPARE(in.value<int>(), 3);
    QVERIFY(in.atEnd());
    try {
      in.value<int>();
      QFAIL("read past the end");
    } catch (const Error& e) {
      QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("test results")), e.what());
    }
  }

  void readerReadsStringsAndVectors() {
    ItemBytes bytes;
    appendString(bytes, "walk (2)");
    appendVector(bytes, std::vector<double>{1.5, -2.0});
    appendString(bytes, "");
    ItemReader in(bytes, "test results");
    QCOMPARE(in.string(), std::string("walk (2)"));
    QCOMPARE(in.vector<double>(), (std::vector<double>{1.5, -2.0}));
    QCOMPARE(in.string(), std::string());
    QVERIFY(in.atEnd());
    // A length that runs past the end is refused before anything is allocated for it.
    ItemBytes lying;
    appendValue(lying, std::numeric_limits<uint64_t>::max() / 4);
    ItemReader bad(lying, "lying results");
    FATGRAPH_VERIFY_THROWS(Error, "lying results: the results end after 8 bytes, ", bad.vector<double>());
  }

  void spreadImportEqualsThePlainImport_data() {
    QTest::addColumn<int>("processes");
    for (int k : {1, 2, 3, 5, 9}) QTest::addRow("%d processes", k) << k;
  }
  void spreadImportEqualsThePlainImport() {
    QFETCH(int, processes);
    const ClipSetImport plain = importClipSet(mixedSet(), {});
    QCOMPARE(plain.project.clips.size(), size_t(7));
    QCOMPARE(plain.project.clips[2].name, std::string("90_05 (2)"));
    InTurnSpread shares(processes);
    const ClipSetImport spread = importClipSet(mixedSet(), {}, &shares);
    QCOMPARE(shares.calls["clip import"], processes > 1 ? 1 : 0);
    QCOMPARE(spread.notes, plain.notes);  // renames, resampling, in file order
    QCOMPARE(spread.project.clips.size(), plain.project.clips.size());
    for (size_t c = 0; c < plain.project.clips.size(); ++c) {
      const std::string d = clipDifference(spread.project.clips[c], plain.project.clips[c]);
      QVERIFY2(d.empty(), d.c_str());
    }
    QCOMPARE(spread.project.skeleton.names, plain.project.skeleton.names);
    QCOMPARE(spread.project.legs.legs.size(), plain.project.legs.legs.size());
    QCOMPARE(spread.project.distanceFingerprint(), plain.project.distanceFingerprint());
  }

  void spreadImportNamesTheFileItCannotRead() {
    std::vector<std::string> files = mixedSet();
    files.insert(files.begin() + 3, kData + "/cmu-leonardo-ono-roll/no_such_take.bvh");
    for (int processes : {1, 3}) {
      InTurnSpread shares(processes);
      try {
        importClipSet(files, {}, &shares);
        QFAIL("a missing file was imported");
      } catch (const Error& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("no_such_take.bvh")), e.what());
      }
    }
  }

  void damagedClipBytesAreRefusedByName() {
    const ClipSetImport in = importClipSet({kData + "/cmu-leonardo-ono-roll/90_05.bvh"}, {});
    AdmittedClip a;
    a.clip = in.project.clips[0];
    a.notes = {"a note"};
    ItemBytes bytes;
    appendAdmittedClips(bytes, {a});
    {
      ItemReader reader(bytes, "sound bytes");
      const std::vector<AdmittedClip> back = readAdmittedClips(reader, "90_05.bvh");
      QCOMPARE(back.size(), size_t(1));
      QVERIFY(clipDifference(back[0].clip, a.clip).empty());
      QCOMPARE(back[0].notes, a.notes);
      QVERIFY(reader.atEnd());
    }
    bytes[bytes.size() / 2] ^= 0x10;  // one bit of one pose
    ItemReader reader(bytes, "damaged bytes");
    try {
      readAdmittedClips(reader, "90_05.bvh");
      QFAIL("a damaged clip was accepted");
    } catch (const Error& e) {
      const QString m = QString::fromStdString(e.what());
      QVERIFY2(m.contains(QStringLiteral("90_05.bvh")) && m.contains(QStringLiteral("fingerprint")), e.what());
    }
  }

  void spreadBuildEqualsThePlainBuild_data() {
    QTest::addColumn<int>("processes");
    for (int k : {1, 2, 3, 5}) QTest::addRow("%d processes", k) << k;
  }
  void spreadBuildEqualsThePlainBuild() {
    QFETCH(int, processes);
    Project plain = twoClips();
    BuildOptions options;
    options.threads = 2;
    buildMotionGraph(plain, options);
    parameterizeGraph(plain, {}, 2);
    QVERIFY(plain.graph.fatEdges.size() >= 2);

    Project spread = twoClips();
    InTurnSpread shares(processes);
    options.spread = &shares;
    options.threads = 1;  // and another thread count: neither may change a bit
    buildMotionGraph(spread, options);
    parameterizeGraph(spread, {}, 1, &shares);
    for (const char* stage : {"distance scan", "hub rows", "segment pairs", "fat edges", "parameterization"}) {
      QVERIFY2(shares.calls[stage] >= 1, stage);
    }
    // One edge of these two clips costs more than half of all: from two processes on, its
    // blends (samples, refinement, accuracy) are split between them, not left to one.
    if (processes > 1) QVERIFY(shares.calls["edge blends"] >= 5);
    const std::string difference = test::graphDifference(spread.graph, plain.graph);
    QVERIFY2(difference.empty(), difference.c_str());
    const std::string scan = test::scanDifference(spread.distances.scan, plain.distances.scan);
    QVERIFY2(scan.empty(), scan.c_str());
  }
};

QTEST_GUILESS_MAIN(TestWorkSpread)
#include "test_work_spread.moc"
