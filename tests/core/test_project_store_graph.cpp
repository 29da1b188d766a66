// The project store, format version 3: graph settings, the distance cache, the motion graph
// (its segment distances per hub-to-hub group) and the edit history round-trip bit-exactly;
// every broken graph piece is one precise error; version 1 and 2 files (committed fixtures)
// still load. Files are edited with the HDF5 C API.
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <stdexcept>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_store.h"
#include "project_store_test_support.h"

using namespace fatgraph;
using namespace fatgraph::test;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------- sample projects

Skeleton fiveJoints() {
  Skeleton s;
  s.addJoint("Hips", -1, {0.0, 0.9, 0.0}, true);
  s.addJoint("Spine", 0, {0.0, 0.125, 0.0}, false);
  s.addJoint("Head", 1, {0.0, 0.5, 0.0625}, false);
  s.addJoint("LeftLeg", 0, {0.125, -0.0625, 0.0}, false);
  s.addJoint("RightLeg", 0, {-0.125, -0.0625, 0.0}, false);
  s.endSites = {{2, {0.0, 0.25, 0.0}}, {3, {0.0, -0.75, 0.125}}, {4, {0.0, -0.75, 0.125}}};
  return s;
}

// Exactly representable values only, so a project rebuilt here equals one read from a file
// written long ago bit for bit.
Clip exactClip(const Skeleton& s, const char* name, double fps, int frames, double sourceFps,
               int first, int shift) {
  const Quat pool[4] = {Quat(1.0, 0.0, 0.0, 0.0), Quat(0.5, 0.5, 0.5, 0.5),
                        Quat(0.5, -0.5, 0.5, -0.5), Quat(0.0, 0.0, 1.0, 0.0)};
  Clip c;
  c.name = name;
  c.source = std::string("/mocap/") + name + ".bvh";
  c.fps = fps;
  c.sourceFps = sourceFps;
  c.sourceFirstFrame = first;
  c.jointCount = s.jointCount();
  for (int f = 0; f < frames; ++f) {
    for (int j = 0; j < s.jointCount(); ++j) {
      c.rotations.push_back(pool[(f + j + shift) % 4]);
      c.translations.push_back(j == 0 ? Vec3(0.25 * f, 0.875, -0.125 * f) : s.restOffsets[j]);
    }
  }
  return c;
}

// The project stored in tests/fixtures/projects/v1_small.fgproj. That file was written by
// saveProject with the format version 1 writer (before the graph was stored) and is kept
// unchanged so that every later reader proves it still loads version 1 files.
Project v1FixtureProject() {
  Project p;
  p.skeleton = fiveJoints();
  p.clips.push_back(exactClip(p.skeleton, "walk", 30.0, 6, 120.0, 1, 0));
  p.clips.push_back(exactClip(p.skeleton, "turn", 30.0, 4, 0.0, 0, 1));
  return p;
}

// Clips "walk" (40 frames) and "run" (30 frames) at 60 fps, hubs, segments, two fat edges
// with warps, a distance matrix with +inf, a distance cache, three edits, non-default
// settings. Hubs:      hub0 at walk 5, matches walk 25 and run 4;
//                      "ready stance" at walk 15, matches run 14 and run 24.
// Segments (0..3):     walk 5-15 (0->1), walk 15-25 (1->0), run 4-14 (0->1), run 14-24 (1->1).
// Fat edges:           edge0 = {0, 2} (0->1), "walk \u2713" = {1} (1->0); segment 3 unassigned.
Project graphProject() {
  Project p;
  p.skeleton = fiveJoints();
  p.clips.push_back(exactClip(p.skeleton, "walk", 60.0, 40, 120.0, 0, 0));
  p.clips.push_back(exactClip(p.skeleton, "run", 60.0, 30, 120.0, 1, 2));
  p.settings.fps = 60.0;
  p.settings.window = 7;
  p.settings.jointWeights = {1.0, 0.5, 0.25, 2.0, 2.0};
  p.settings.linkage = Linkage::Single;

  MotionGraph& g = p.graph;
  g.hubThreshold = {0.07, false, "set by the user"};
  g.edgeThreshold = {0.105, true, "1.5 x the hub threshold"};
  g.hubs.push_back({"hub0", {0, 5}, {{0, 25}, {1, 4}}});
  g.hubs.push_back({"ready stance", {0, 15}, {{1, 14}, {1, 24}}});
  g.segments = {{0, 5, 15, 0, 1}, {0, 15, 25, 1, 0}, {1, 4, 14, 0, 1}, {1, 14, 24, 1, 1}};
  g.entries = {{0, 0, 5, -1, 0}, {1, 0, 4, -1, 0}};
  g.exits = {{0, 25, 39, 0, -1}, {1, 24, 29, 1, -1}};
  g.cutNotes = {"clip 'run': hub 1's cut at frame 3 merged into hub 0's at frame 4",
                "Sprung \xC3\xBC" "ber den Zaun"};
  // Groups: hubs 0 -> 1 {0, 2}, 1 -> 0 {1}, 1 -> 1 {3}: one pair.
  g.segmentDistances = GroupedSegmentDistances(g.segments);
  g.segmentDistances.set(0, 2, 0.0125);
  FatEdge e0;
  e0.name = "edge0";
  e0.fromHub = 0;
  e0.toHub = 1;
  e0.segments = {0, 2};
  e0.reference = 0;
  e0.warps = {WarpMap::identity(11), WarpMap{{0.0, 3.5, 10.0}, {0.0, 4.25, 10.0}}};
  FatEdge e1;
  e1.name = "walk \xE2\x9C\x93";
  e1.fromHub = 1;
  e1.toHub = 0;
  e1.segments = {1};
  e1.reference = 1;
  e1.warps = {WarpMap::identity(11)};
  g.fatEdges = {e0, e1};

  DistanceScan& scan = p.distances.scan;
  scan.frames = 70;
  scan.window = 7;
  scan.heatStride = 8;
  scan.heatSize = 9;
  for (int i = 0; i < 81; ++i) {
    scan.heat.push_back(i % 10 == 0 ? std::numeric_limits<float>::quiet_NaN() : 0.01f * i);
  }
  scan.minimaBins.assign(70 * DistanceHistogram::kBins, 0);
  scan.minimaBins[5 * DistanceHistogram::kBins + 3] = 2;
  scan.minimaBins[69 * DistanceHistogram::kBins + 127] = 65535;
  scan.allBins.assign(DistanceHistogram::kBins, 0);
  scan.allBins[0] = 1;
  scan.allBins[64] = 5000000000ull;  // needs 64 bits
  scan.allBins[127] = 42;
  scan.seconds = 0.125;
  p.distances.fingerprint = p.distanceFingerprint();

  p.edits = {R"({"op":"set_hub_threshold","metres":0.07})",
             R"({"op":"rename_edge","edge":"edge1","name":"walk )" "\xE2\x9C\x93" R"("})",
             R"({"op":"add_match","hub":"hub0","clip":"run","frame":16})"};
  return p;
}

// ---------------------------------------------------------------- bit-exact comparison

bool sameBits(const void* a, const void* b, size_t bytes) {
  return bytes == 0 || std::memcmp(a, b, bytes) == 0;  // empty vectors may hold null pointers
}

void expectSameThreshold(const ThresholdChoice& a, const ThresholdChoice& b) {
  QVERIFY(sameBits(&a.rms, &b.rms, sizeof(double)));
  QCOMPARE(a.automatic, b.automatic);
  QCOMPARE(a.method, b.method);
}

void expectSameProject(const Project& a, const Project& b) {
  expectSameSkeletonAndClips(a, b, [](size_t, const Clip& x, const Clip& y) {
    QVERIFY(sameBits(x.rotations.data(), y.rotations.data(), x.rotations.size() * sizeof(Quat)));
    QVERIFY(x.translations == y.translations);
  });
  if (QTest::currentTestFailed()) return;
  QCOMPARE(a.settings.fps, b.settings.fps);
  QCOMPARE(a.settings.window, b.settings.window);
  QVERIFY(a.settings.jointWeights == b.settings.jointWeights);
  QVERIFY(a.settings.linkage == b.settings.linkage);

  QCOMPARE(a.distances.fingerprint, b.distances.fingerprint);
  const DistanceScan& s = a.distances.scan;
  const DistanceScan& t = b.distances.scan;
  QCOMPARE(s.frames, t.frames);
  QCOMPARE(s.window, t.window);
  QCOMPARE(s.heatSize, t.heatSize);
  QCOMPARE(s.heatStride, t.heatStride);
  QVERIFY(sameBits(&s.seconds, &t.seconds, sizeof(double)));
  QCOMPARE(s.heat.size(), t.heat.size());
  QVERIFY(sameBits(s.heat.data(), t.heat.data(), s.heat.size() * sizeof(float)));  // NaN too
  QVERIFY(s.minimaBins == t.minimaBins);
  QVERIFY(s.allBins == t.allBins);

  const MotionGraph& g = a.graph;
  const MotionGraph& h = b.graph;
  expectSameThreshold(g.hubThreshold, h.hubThreshold);
  expectSameThreshold(g.edgeThreshold, h.edgeThreshold);
  QCOMPARE(g.hubs.size(), h.hubs.size());
  for (size_t i = 0; i < g.hubs.size(); ++i) {
    QCOMPARE(g.hubs[i].name, h.hubs[i].name);
    QVERIFY(g.hubs[i].frame == h.hubs[i].frame);
    QVERIFY(g.hubs[i].matchSet == h.hubs[i].matchSet);
  }
  QVERIFY(g.segments == h.segments);
  QVERIFY(g.entries == h.entries);
  QVERIFY(g.exits == h.exits);
  QVERIFY(g.cutNotes == h.cutNotes);
  QVERIFY(g.segmentDistances.memberOffsets() == h.segmentDistances.memberOffsets());
  QVERIFY(g.segmentDistances.memberList() == h.segmentDistances.memberList());
  QCOMPARE(g.segmentDistances.pairCount(), h.segmentDistances.pairCount());
  QVERIFY(sameBits(g.segmentDistances.pairValues().data(), h.segmentDistances.pairValues().data(),
                   g.segmentDistances.pairCount() * sizeof(double)));
  QCOMPARE(g.fatEdges.size(), h.fatEdges.size());
  for (size_t e = 0; e < g.fatEdges.size(); ++e) {
    const FatEdge& x = g.fatEdges[e];
    const FatEdge& y = h.fatEdges[e];
    QCOMPARE(x.name, y.name);
    QCOMPARE(x.fromHub, y.fromHub);
    QCOMPARE(x.toHub, y.toHub);
    QVERIFY(x.segments == y.segments);
    QCOMPARE(x.reference, y.reference);
    QCOMPARE(x.warps.size(), y.warps.size());
    for (size_t i = 0; i < x.warps.size(); ++i) {
      QVERIFY(x.warps[i].from == y.warps[i].from);
      QVERIFY(x.warps[i].to == y.warps[i].to);
    }
  }
  QVERIFY(a.edits == b.edits);
}

// ---------------------------------------------------------------- reading files with HDF5

bool exists(const std::string& path, const char* object) {
  Id file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose, "open");
  return H5Lexists(file.id, object, H5P_DEFAULT) > 0;
}

long long formatVersionOf(const std::string& path) {
  Id file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose, "open");
  Id attr(H5Aopen(file.id, "format_version", H5P_DEFAULT), H5Aclose, "format_version");
  long long v = 0;
  must(H5Aread(attr.id, H5T_NATIVE_LLONG, &v) >= 0, "read format_version");
  return v;
}

}  // namespace

class TestProjectStoreGraph : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<QTemporaryDir> dir_;
  std::string path(const char* name) const {
    return dir_->filePath(QString::fromUtf8(name)).toStdString();
  }

 private slots:
  void initTestCase() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }
  void init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
  }
  void cleanup() { dir_.reset(); }

  // ------------------------------------------------------------ round trips

  void roundTrip_data() {
    QTest::addColumn<Project>("project");
    QTest::addColumn<bool>("hasGraph");
    QTest::addColumn<bool>("hasCache");
    QTest::newRow("graph, cache, edits, settings") << graphProject() << true << true;
    Project stale = graphProject();
    for (FatEdge& e : stale.graph.fatEdges) e.warps.clear();
    stale.graph.fatEdges[0].reference = -1;  // after an edit: reference and warps to recompute
    QTest::newRow("fat edges whose warps are not computed yet") << stale << true << true;
    Project noCache = graphProject();
    noCache.distances = {};
    QTest::newRow("graph without a distance cache") << noCache << true << false;
    Project thresholdsOnly = graphProject();
    thresholdsOnly.distances = {};
    const MotionGraph full = thresholdsOnly.graph;
    thresholdsOnly.graph = {};
    thresholdsOnly.graph.hubThreshold = full.hubThreshold;
    thresholdsOnly.graph.edgeThreshold = full.edgeThreshold;
    QTest::newRow("thresholds but no hubs (an empty graph is written)")
        << thresholdsOnly << true << false;
    Project cacheOnly = graphProject();
    cacheOnly.graph = {};
    cacheOnly.edits.clear();
    QTest::newRow("cache only") << cacheOnly << false << true;
    QTest::newRow("clips only: defaults everywhere") << v1FixtureProject() << false << false;
    Project noFrames;
    noFrames.skeleton = fiveJoints();
    noFrames.distances.fingerprint = "v1-0000000000000000";
    noFrames.distances.scan.window = 10;  // a scan of no frames: empty heat and bins
    noFrames.distances.scan.allBins.assign(DistanceHistogram::kBins, 0);
    QTest::newRow("cache of zero frames") << noFrames << false << true;
  }

  void roundTrip() {
    QFETCH(Project, project);
    QFETCH(bool, hasGraph);
    QFETCH(bool, hasCache);
    const std::string p = path("graph.fgproj");
    saveProject(project, p);
    QCOMPARE(formatVersionOf(p), 3LL);
    QCOMPARE(exists(p, "/graph"), hasGraph);
    QCOMPARE(exists(p, "/distances"), hasCache);
    QVERIFY(exists(p, "/settings"));
    QVERIFY(exists(p, "/edits"));
    Project loaded;
    const QString e = errorFrom([&] { loaded = loadProject(p); });
    QVERIFY2(e.isEmpty(), qPrintable(e));
    expectSameProject(project, loaded);
    // Saving what was loaded gives the same bytes.
    const std::string again = path("again.fgproj");
    saveProject(loaded, again);
    std::ifstream a(p, std::ios::binary), b(again, std::ios::binary);
    const std::string x((std::istreambuf_iterator<char>(a)), {});
    const std::string y((std::istreambuf_iterator<char>(b)), {});
    QVERIFY(x == y);
  }

  void staleCacheIsNotSaved() {
    Project p = graphProject();
    p.clips[1] = exactClip(p.skeleton, "run", 60.0, 31, 120.0, 1, 2);  // 71 frames now
    const std::string file = path("stale.fgproj");
    saveProject(p, file);
    QVERIFY(!exists(file, "/distances"));
    const Project loaded = loadProject(file);
    QVERIFY(!loaded.distances.valid());
    QCOMPARE(loaded.graph.fatEdges.size(), size_t(2));
  }

  void groupsAreReportedInOrder() {
    std::vector<std::string> seen;
    ProjectSaveOptions options;
    options.afterGroupWritten = [&](std::string_view g) { seen.emplace_back(g); };
    saveProject(graphProject(), path("p.fgproj"), options);
    const std::vector<std::string> expected{"/skeleton", "/clips/0000", "/clips/0001", "/settings",
                                            "/distances", "/graph", "/edits"};
    QVERIFY(seen == expected);
  }

  // ------------------------------------------------------------ version 1 files

  void loadsVersion1Fixture() {
    const std::string fixture = FATGRAPH_TEST_FIXTURES_DIR "/projects/v1_small.fgproj";
    QVERIFY(std::filesystem::exists(fixture));
    QVERIFY(std::filesystem::file_size(fixture) < 50000);
    QCOMPARE(formatVersionOf(fixture), 1LL);
    QVERIFY(isProjectFile(fixture));
    Project loaded;
    const QString e = errorFrom([&] { loaded = loadProject(fixture); });
    QVERIFY2(e.isEmpty(), qPrintable(e));
    const Project expected = v1FixtureProject();
    expectSameProject(expected, loaded);  // defaults: no cache, empty graph, no edits
    QVERIFY(loaded.graph.empty());
    QVERIFY(!writesAnything(loaded.graph));
    QVERIFY(!loaded.distances.valid());
    QVERIFY(loaded.edits.empty());
    QCOMPARE(loaded.settings.fps, GraphSettings{}.fps);
    QCOMPARE(loaded.settings.window, GraphSettings{}.window);
    QCOMPARE(loaded.clips[0].name, std::string("walk"));
    QCOMPARE(loaded.clips[0].frameCount(), 6);
    QCOMPARE(loaded.clips[1].name, std::string("turn"));
    QCOMPARE(loaded.clips[1].frameCount(), 4);
    // Saved again it becomes a version 3 file with the same content.
    const std::string p = path("upgraded.fgproj");
    saveProject(loaded, p);
    QCOMPARE(formatVersionOf(p), 3LL);
    expectSameProject(expected, loadProject(p));
  }

  // ------------------------------------------------------------ version 2 files

  // A version 2 project with a graph (7 segments, 3 hub-to-hub groups), written by the
  // version 2 build: its dense matrix, read here with the HDF5 C API, becomes the grouped
  // distances (each pair the larger direction), the project re-clusters and rebuilds from
  // them as it was built, and saved again it is a version 3 file with the same content.
  void loadsVersion2Fixture() {
    const std::string fixture = FATGRAPH_TEST_FIXTURES_DIR "/projects/v2_walk.fgproj";
    QVERIFY(std::filesystem::exists(fixture));
    QCOMPARE(formatVersionOf(fixture), 2LL);
    Project loaded;
    const QString e = errorFrom([&] { loaded = loadProject(fixture); });
    QVERIFY2(e.isEmpty(), qPrintable(e));
    const MotionGraph& g = loaded.graph;
    const int n = static_cast<int>(g.segments.size());
    QCOMPARE(n, 7);
    std::vector<double> dense(static_cast<size_t>(n) * n);
    {
      Id file(H5Fopen(fixture.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose, "open");
      Id data(H5Dopen2(file.id, "/graph/segment_distances", H5P_DEFAULT), H5Dclose, "segment_distances");
      must(H5Dread(data.id, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, dense.data()) >= 0, "read");
    }
    const GroupedSegmentDistances& d = g.segmentDistances;
    QCOMPARE(d.groupCount(), 3);
    QCOMPARE(d.pairCount(), size_t(3 + 1 + 1));
    int finite = 0;
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        const double stored = std::max(dense[a * n + b], dense[b * n + a]);
        QCOMPARE(d(a, b), stored);
        finite += a < b && std::isfinite(stored);
        if (d.groupOf(a) != d.groupOf(b)) QVERIFY(std::isinf(dense[a * n + b]));
      }
    }
    QCOMPARE(finite, 5);
    // Re-clustering at the stored threshold gives the stored fat edges.
    const std::vector<FatEdge> stored = g.fatEdges;
    Project reclustered = loaded;
    applyGraphEdit(reclustered, R"({"op":"set_edge_threshold","metres":)" + std::to_string(g.edgeThreshold.rms) + "}");
    QCOMPARE(reclustered.graph.fatEdges.size(), stored.size());
    for (size_t k = 0; k < stored.size(); ++k) QVERIFY(reclustered.graph.fatEdges[k].segments == stored[k].segments);
    // Rebuilt from the clips, the distances are those converted: to the last bits with the
    // build that wrote the fixture, within rounding with another (a sanitizer build contracts
    // and vectorizes the sums differently).
    Project rebuilt = loaded;
    BuildOptions options;
    options.hubCount = 3;
    buildMotionGraph(rebuilt, options);
    QVERIFY(rebuilt.graph.segments == g.segments);
    QVERIFY(rebuilt.graph.segmentDistances.memberList() == d.memberList());
    const std::vector<double>& again = rebuilt.graph.segmentDistances.pairValues();
    QCOMPARE(again.size(), d.pairCount());
    for (size_t k = 0; k < again.size(); ++k) {
      const double was = d.pairValues()[k];
      QVERIFY2(again[k] == was || std::abs(again[k] - was) <= 1e-9 * std::abs(was),
               qPrintable(QStringLiteral("pair %1: %2 against %3").arg(k).arg(again[k], 0, 'g', 17).arg(was, 0, 'g', 17)));
    }
    // Saved again: version 3, no dense matrix, the same project.
    const std::string p = path("upgraded.fgproj");
    saveProject(loaded, p);
    QCOMPARE(formatVersionOf(p), 3LL);
    QVERIFY(!exists(p, "/graph/segment_distances"));
    QVERIFY(exists(p, "/graph/segment_pair_distances"));
    expectSameProject(loaded, loadProject(p));
  }

  void version2MatrixOfTheWrongSize() {
    const std::string p = path("v2.fgproj");
    std::filesystem::copy_file(FATGRAPH_TEST_FIXTURES_DIR "/projects/v2_walk.fgproj", p);
    editFile(p, [](hid_t f) { replaceDoubles(f, "/graph/segment_distances", {7, 6}); });
    QCOMPARE(errorFrom([&] { loadProject(p); }),
             QString::fromStdString(p) + QStringLiteral(": /graph/segment_distances: expected shape [7][7], found [7][6]"));
    editFile(p, [](hid_t f) { replaceDoubles(f, "/graph/segment_distances", {7, 7}); });
    editFile(p, [](hid_t f) { editDoubles(f, "/graph/segment_distances", [](auto& v) { v[3] = NAN; }); });
    QCOMPARE(errorFrom([&] { loadProject(p); }),
             QString::fromStdString(p) +
                 QStringLiteral(": /graph/segment_distances: entry (0, 3) is nan, expected a distance >= 0 or +inf"));
  }

  void version1LabelIgnoresLaterGroups() {
    // A version 1 reader knows nothing of /settings, /graph, ...: a file that claims version 1
    // is read as one, whatever else it holds.
    const std::string p = path("p.fgproj");
    saveProject(graphProject(), p);
    editFile(p, [](hid_t f) {
      setIntAttribute(f, "/", "format_version", 1);
      deleteLink(f, "/edits");
      setStringAttribute(f, "/settings", "linkage", "unknown to version 1");
    });
    Project loaded;
    const QString e = errorFrom([&] { loaded = loadProject(p); });
    QVERIFY2(e.isEmpty(), qPrintable(e));
    Project expected = graphProject();
    expected.settings = {};
    expected.distances = {};
    expected.graph = {};
    expected.edits.clear();
    expectSameProject(expected, loaded);
  }

  // ------------------------------------------------------------ bad files

  void loadRejectsBadGraphs_data() {
    QTest::addColumn<Mutation>("mutation");
    QTest::addColumn<QString>("expected");
    // `expected` follows "<file>: "; a trailing '*' means "starts with".
    auto row = [](const char* name, Mutation m, const char* expected) {
      QTest::newRow(name) << std::move(m) << QString::fromUtf8(expected);
    };
    row("format_version 4", [](hid_t f) { setIntAttribute(f, "/", "format_version", 4); },
        "written by a newer fatgraph (format_version 4, this build reads up to 3)");
    // ---- settings and edits
    row("no /settings", [](hid_t f) { deleteLink(f, "/settings"); }, "/settings: missing group");
    row("unknown linkage",
        [](hid_t f) { setStringAttribute(f, "/settings", "linkage", "average"); },
        "/settings: attribute 'linkage' is 'average', expected 'complete' or 'single'");
    row("window 0", [](hid_t f) { setIntAttribute(f, "/settings", "window", 0); },
        "/settings: attribute 'window' is 0, expected at least 1 frame");
    row("fps -30", [](hid_t f) { setDoubleAttribute(f, "/settings", "fps", -30); },
        "/settings: attribute 'fps' is -30, expected a positive rate");
    row("joint weights for another skeleton",
        [](hid_t f) { replaceDoubles(f, "/settings/joint_weights", {4}); },
        "/settings/joint_weights: expected shape [0] or [5] (one weight per joint), found [4]");
    row("negative joint weight",
        [](hid_t f) { editDoubles(f, "/settings/joint_weights", [](auto& v) { v[3] = -1; }); },
        "/settings/joint_weights: joint 3 ('LeftLeg'): weight -1, expected a finite value >= 0");
    row("no /edits", [](hid_t f) { deleteLink(f, "/edits"); }, "/edits: missing dataset");
    row("edit that is not a JSON object",
        [](hid_t f) { replaceStrings(f, "/edits", {"{\"op\":\"accept_hub\"}", "[1, 2]"}); },
        "/edits: entry 1 is not a JSON object: [1, 2]");
    // ---- distance cache
    row("minima_bins of another frame count",
        [](hid_t f) {
          replaceInts(f, "/distances/minima_bins", {69, 128}, std::vector<int>(69 * 128, 0));
        },
        "/distances/minima_bins: expected shape [70][128], found [69][128]");
    row("cache for other clips",
        [](hid_t f) {
          setIntAttribute(f, "/distances", "frames", 69);
          replaceInts(f, "/distances/minima_bins", {69, 128}, std::vector<int>(69 * 128, 0));
        },
        "/distances: attribute 'frames' is 69, but the captured clips hold 70 frames");
    row("minima count beyond uint16",
        [](hid_t f) {
          std::vector<int> v(70 * 128, 0);
          v[300] = 70000;
          replaceInts(f, "/distances/minima_bins", {70, 128}, v);
        },
        "/distances/minima_bins: holds a value outside the range of uint16");
    row("heat not square", [](hid_t f) { replaceDoubles(f, "/distances/heat", {9, 8}); },
        "/distances/heat: expected shape [9][9], found [9][8]");
    row("heat_size that does not fit the stride",
        [](hid_t f) {
          setIntAttribute(f, "/distances", "heat_size", 8);
          replaceDoubles(f, "/distances/heat", {8, 8});
        },
        "/distances: attribute 'heat_size' is 8, expected 9 (70 frames in blocks of 8)");
    row("negative heat value",
        [](hid_t f) {
          editValues<float>(f, "/distances/heat", H5T_NATIVE_FLOAT, [](auto& v) { v[11] = -1; });
        },
        "/distances/heat: cell (1, 2) is -1, expected NaN (undefined) or a distance >= 0");
    row("all_bins [64]",
        [](hid_t f) { replaceInts(f, "/distances/all_bins", {64}, std::vector<int>(64, 0)); },
        "/distances/all_bins: expected shape [128], found [64]");
    row("empty fingerprint", [](hid_t f) { setStringAttribute(f, "/distances", "fingerprint", ""); },
        "/distances: attribute 'fingerprint' is empty");
    // ---- thresholds and hubs
    row("automatic flag 2",
        [](hid_t f) { setIntAttribute(f, "/graph", "edge_threshold_automatic", 2); },
        "/graph: attribute 'edge_threshold_automatic' is 2, expected 0 or 1");
    row("negative threshold",
        [](hid_t f) { setDoubleAttribute(f, "/graph", "hub_threshold_m", -0.5); },
        "/graph: attribute 'hub_threshold_m' is -0.5, expected a finite distance >= 0 (metres)");
    row("no hub_threshold_method",
        [](hid_t f) { must(H5Adelete_by_name(f, "/graph", "hub_threshold_method", H5P_DEFAULT) >= 0, "del"); },
        "/graph: missing attribute 'hub_threshold_method'");
    row("hub frame out of range",
        [](hid_t f) { setIntAttribute(f, "/graph/hubs/0001", "frame", 40); },
        "/graph/hubs/0001: hub 'ready stance': frame 40 is outside clip 0 ('walk', 40 frames)");
    row("hub clip out of range", [](hid_t f) { setIntAttribute(f, "/graph/hubs/0000", "clip", 2); },
        "/graph/hubs/0000: hub 'hub0': clip 2 does not exist (2 clips)");
    row("hub frame beyond int32",
        [](hid_t f) { setIntAttribute(f, "/graph/hubs/0000", "frame", 1LL << 33); },
        "/graph/hubs/0000: attribute 'frame' is 8589934592, expected a 32-bit integer");
    row("match outside its clip",
        [](hid_t f) { editInts(f, "/graph/hubs/0000/match_set", [](auto& v) { v[3] = 30; }); },
        "/graph/hubs/0000/match_set: hub 'hub0': match 1 (clip 1, frame 30): frame 30 is outside "
        "clip 1 ('run', 30 frames)");
    row("match sets unsorted",
        [](hid_t f) {
          replaceInts(f, "/graph/hubs/0001/match_set", {2, 2}, {1, 24, 1, 14});
        },
        "/graph/hubs/0001/match_set: hub 'ready stance': match 1 (clip 1, frame 14) does not "
        "follow match 0 (matches are sorted by clip, then frame, without repeats)");
    row("hub matching its own frame",
        [](hid_t f) { replaceInts(f, "/graph/hubs/0000/match_set", {1, 2}, {0, 5}); },
        "/graph/hubs/0000/match_set: hub 'hub0': match 0 (clip 0, frame 5) is the hub's own frame");
    row("match_set [M][3]",
        [](hid_t f) { replaceInts(f, "/graph/hubs/0000/match_set", {1, 3}, {0, 25, 0}); },
        "/graph/hubs/0000/match_set: expected shape [M][2], found [1][3]");
    row("two hubs of one name",
        [](hid_t f) { setStringAttribute(f, "/graph/hubs/0001", "name", "hub0"); },
        "/graph/hubs/0001: hub name 'hub0' is used twice");
    row("hub numbering gap",
        [](hid_t f) {
          must(H5Lmove(f, "/graph/hubs/0001", f, "/graph/hubs/0005", H5P_DEFAULT, H5P_DEFAULT) >= 0,
               "move");
        },
        "/graph/hubs: hub groups must be numbered 0 to 1, found '0005' where index 1 was expected");
    // ---- segments
    row("segment out of its clip",
        [](hid_t f) { editInts(f, "/graph/segments", [](auto& v) { v[5 + 2] = 40; }); },
        "/graph/segments: row 1 (clip 0, frames 15 to 40, hubs 1 -> 0): frames are not a range "
        "inside clip 0 ('walk', 40 frames)");
    row("segment running backwards",
        [](hid_t f) { editInts(f, "/graph/entries", [](auto& v) { v[1] = 6; }); },
        "/graph/entries: row 0 (clip 0, frames 6 to 5, hubs -1 -> 0): frames are not a range "
        "inside clip 0 ('walk', 40 frames)");
    row("segment of a missing clip",
        [](hid_t f) { editInts(f, "/graph/exits", [](auto& v) { v[5] = 7; }); },
        "/graph/exits: row 1 (clip 7, frames 24 to 29, hubs 1 -> -1): clip 7 does not exist (2 "
        "clips)");
    row("segment hub out of range",
        [](hid_t f) { editInts(f, "/graph/segments", [](auto& v) { v[3 * 5 + 4] = 2; }); },
        "/graph/segments: row 3 (clip 1, frames 14 to 24, hubs 1 -> 2): hub 2 does not exist (2 "
        "hubs; -1 = none)");
    row("segments [n][4]", [](hid_t f) { replaceInts(f, "/graph/segments", {1, 4}, {0, 5, 15, 0}); },
        "/graph/segments: expected shape [n][5], found [1][4]");
    // ---- segment distances
    row("no pair distances", [](hid_t f) { deleteLink(f, "/graph/segment_pair_distances"); },
        "/graph/segment_pair_distances: missing dataset");
    row("two pair distances for one pair",
        [](hid_t f) { replaceDoubles(f, "/graph/segment_pair_distances", {2}); },
        "/graph/segment_pair_distances: expected shape [P=1], found [2]");
    row("pair distances [1][1]",
        [](hid_t f) { replaceDoubles(f, "/graph/segment_pair_distances", {1, 1}); },
        "/graph/segment_pair_distances: expected shape [P=1], found [1][1]");
    row("NaN segment distance",
        [](hid_t f) { editDoubles(f, "/graph/segment_pair_distances", [](auto& v) { v[0] = NAN; }); },
        "/graph/segment_pair_distances: the pair of segments 0 and 2 is nan, expected a distance >= 0 or +inf");
    row("negative segment distance",
        [](hid_t f) { editDoubles(f, "/graph/segment_pair_distances", [](auto& v) { v[0] = -0.5; }); },
        "/graph/segment_pair_distances: the pair of segments 0 and 2 is -0.5, expected a distance >= 0 or +inf");
    row("group members out of order",
        [](hid_t f) { replaceInts(f, "/graph/segment_group_members", {2, 0, 1, 3}); },
        "/graph/segment_group_members: the members are not the segments of each hub-to-hub group in order (4 "
        "listed, 4 expected)");
    row("a group too many",
        [](hid_t f) { replaceInts(f, "/graph/segment_group_offsets", {0, 2, 3, 3, 4}); },
        "/graph/segment_group_offsets: 5 offsets that are not those of the segments' 3 hub-to-hub groups "
        "(expected 4, from 0 to 4)");
    row("no group offsets", [](hid_t f) { deleteLink(f, "/graph/segment_group_offsets"); },
        "/graph/segment_group_offsets: missing dataset");
    // ---- fat edges
    row("fat edge segment index out of range",
        [](hid_t f) { replaceInts(f, "/graph/fat_edges/0000/segments", {2}, {0, 9}); },
        "/graph/fat_edges/0000/segments: fat edge 'edge0': segment 9 does not exist (4 segments)");
    row("warp not increasing",
        [](hid_t f) { editDoubles(f, "/graph/fat_edges/0000/warp_from", [](auto& v) { v[4] = 3.5; }); },
        "/graph/fat_edges/0000: fat edge 'edge0': warp of segment 2 (member 1): warp map knot "
        "times in M are not strictly increasing at knot 2");
    row("warp with NaN",
        [](hid_t f) { editDoubles(f, "/graph/fat_edges/0001/warp_to", [](auto& v) { v[0] = NAN; }); },
        "/graph/fat_edges/0001: fat edge 'walk \xE2\x9C\x93': warp of segment 1 (member 0): warp "
        "map knot 0 is not finite");
    row("warp_to shorter than warp_from",
        [](hid_t f) { replaceDoubles(f, "/graph/fat_edges/0000/warp_to", {4}); },
        "/graph/fat_edges/0000/warp_to: expected shape [5], found [4]");
    row("warp_offsets not ending at the knot count",
        [](hid_t f) { replaceInts(f, "/graph/fat_edges/0000/warp_offsets", {3}, {0, 2, 4}); },
        "/graph/fat_edges/0000/warp_offsets: must start at 0 and end at the knot count 5, found "
        "0 and 4");
    row("warp_offsets decreasing",
        [](hid_t f) { replaceInts(f, "/graph/fat_edges/0000/warp_offsets", {3}, {0, 6, 5}); },
        "/graph/fat_edges/0000/warp_offsets: decreases at entry 2 (6 then 5)");
    row("warp_offsets for another member count",
        [](hid_t f) { replaceInts(f, "/graph/fat_edges/0000/warp_offsets", {2}, {0, 5}); },
        "/graph/fat_edges/0000/warp_offsets: expected shape [0] (no warps) or [3] (one more than "
        "the 2 segments), found [2]");
    row("warp with no knots",
        [](hid_t f) { replaceInts(f, "/graph/fat_edges/0000/warp_offsets", {3}, {0, 0, 5}); },
        "/graph/fat_edges/0000: fat edge 'edge0': warp of segment 0 (member 0): warp map has no "
        "knots");
    row("reference not a member",
        [](hid_t f) { setIntAttribute(f, "/graph/fat_edges/0000", "reference", 1); },
        "/graph/fat_edges/0000: fat edge 'edge0': reference 1 is not one of its segments");
    row("fat edge hub out of range",
        [](hid_t f) { setIntAttribute(f, "/graph/fat_edges/0001", "to_hub", 2); },
        "/graph/fat_edges/0001: fat edge 'walk \xE2\x9C\x93': hub 2 does not exist (2 hubs)");
    row("fat edge joining other hubs than its segments",
        [](hid_t f) { setIntAttribute(f, "/graph/fat_edges/0001", "to_hub", 1); },
        "/graph/fat_edges: fat edge 1 'walk \xE2\x9C\x93' joins hubs *");
    row("segment in two fat edges",
        [](hid_t f) {
          replaceInts(f, "/graph/fat_edges/0001/segments", {1}, {3});
          setIntAttribute(f, "/graph/fat_edges/0001", "from_hub", 1);
          setIntAttribute(f, "/graph/fat_edges/0001", "to_hub", 1);
          setIntAttribute(f, "/graph/fat_edges/0001", "reference", 3);
          replaceInts(f, "/graph/fat_edges/0000/segments", {2}, {0, 2});
          setStringAttribute(f, "/graph/fat_edges/0001", "name", "edge0");
        },
        "/graph/fat_edges: two fat edges are named 'edge0'");
    row("fat edge without segments dataset",
        [](hid_t f) { deleteLink(f, "/graph/fat_edges/0001/segments"); },
        "/graph/fat_edges/0001/segments: missing dataset");
  }

  void loadRejectsBadGraphs() {
    QFETCH(Mutation, mutation);
    QFETCH(QString, expected);
    const std::string p = path("bad.fgproj");
    saveProject(graphProject(), p);
    try {
      editFile(p, mutation);
    } catch (const std::exception& e) {
      QFAIL(e.what());
    }
    const QString e = errorFrom([&] { loadProject(p); });
    QString want = QString::fromStdString(p) + QStringLiteral(": ") + expected;
    if (want.endsWith(QLatin1Char('*'))) {
      want.chop(1);
      QVERIFY2(e.startsWith(want), qPrintable(e));
    } else {
      QCOMPARE(e, want);
    }
    QVERIFY2(!e.contains(QLatin1Char('\n')), qPrintable(e));
  }

  void saveRejectsInvalidGraphs_data() {
    QTest::addColumn<Project>("project");
    QTest::addColumn<QString>("expected");
    Project p = graphProject();
    p.graph.fatEdges[0].warps[1].to = {0.0, 4.25, 4.25};
    QTest::newRow("warp not increasing")
        << p
        << "/graph/fat_edges/0000: fat edge 'edge0': warp of segment 2 (member 1): warp map knot "
           "times in M' are not strictly increasing at knot 2";
    p = graphProject();
    p.graph.segmentDistances = GroupedSegmentDistances({p.graph.segments[0], p.graph.segments[1], p.graph.segments[2]});
    QTest::newRow("distances for other segments")
        << p << "/graph/segment_group_members: distances for 3 segments, the graph has 4";
    p = graphProject();
    p.graph.segments[3].toHub = 0;  // now a second member of the group 1 -> 0
    QTest::newRow("distances grouped otherwise")
        << p << "/graph/segment_group_members: group 1 is not the segments from hub 1 to hub 0";
    p = graphProject();
    p.graph.hubs[0].frame = {1, 30};
    QTest::newRow("hub after the clip's end")
        << p << "/graph/hubs/0000: hub 'hub0': frame 30 is outside clip 1 ('run', 30 frames)";
    p = graphProject();
    p.graph.fatEdges[1].segments = {1, 4};
    QTest::newRow("fat edge segment index out of range")
        << p
        << "/graph/fat_edges/0001/segments: fat edge 'walk \xE2\x9C\x93': segment 4 does not exist "
           "(4 segments)";
    p = graphProject();
    p.distances.scan.heat.pop_back();
    QTest::newRow("heat map of the wrong size")
        << p << "/distances/heat: 80 values, expected 81";
    p = graphProject();
    p.edits.push_back("not json");
    QTest::newRow("edit that is not JSON") << p << "/edits: entry 3 is not a JSON object: not json";
  }

  void saveRejectsInvalidGraphs() {
    QFETCH(Project, project);
    QFETCH(QString, expected);
    const std::string p = path("bad.fgproj");
    const QString e = errorFrom([&] { saveProject(project, p); });
    QCOMPARE(e, QString::fromStdString(p) + QStringLiteral(": cannot save an invalid project: ") +
                    expected);
    QVERIFY(!std::filesystem::exists(p));
  }

  // ------------------------------------------------------------ real data

  void builtGraphRoundTrip() {
    const std::string bvh = FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh";
    // data/ is part of the repository: a missing clip is a failure, not a skip.
    QVERIFY2(std::filesystem::exists(bvh), "data/cmu-leonardo-ono-roll/144_03.bvh is missing");
    Project project = importClipSet({bvh}, {}).project;
    BuildOptions options;
    options.hubCount = 2;
    options.threads = 2;
    buildMotionGraph(project, options);
    QVERIFY(!project.graph.fatEdges.empty());
    const std::string edge = project.graph.fatEdges.back().name;
    applyGraphEdit(project, R"({"op":"rename_edge","edge":")" + edge + R"(","name":"walk"})");
    const std::string p = path("144_03.fgproj");
    saveProject(project, p);
    Project loaded = loadProject(p);
    expectSameProject(project, loaded);
    QCOMPARE(loaded.graph.fatEdges.back().name, std::string("walk"));
    QCOMPARE(loaded.edits.size(), size_t(1));
    // The stored cache is still current: rebuilding the loaded project reuses it.
    const BuildReport again = buildMotionGraph(loaded, options);
    QVERIFY(again.distancesFromCache);
  }

 private:
  static bool writesAnything(const MotionGraph& g) {
    return !g.hubs.empty() || !g.segments.empty() || !g.fatEdges.empty() || !g.cutNotes.empty() ||
           !g.segmentDistances.empty();
  }
};

QTEST_GUILESS_MAIN(TestProjectStoreGraph)
#include "test_project_store_graph.moc"
