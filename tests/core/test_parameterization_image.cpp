// Edge parameterizations as an in-memory HDF5 image (parameterization_image.h), the bytes the
// ranks of `mpirun ... fatgraph build` send to rank 0: real results of a clip come back bit for
// bit and equal to a project file round trip (an independent path), order is kept, an empty
// list and a one-segment edge round-trip, and damaged images throw FileError naming their
// origin instead of crashing or reading as other values.
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/io/parameterization_image.h"
#include "fatgraph/core/io/project_store.h"
#include "graph_identity.h"
#include "parameterization_projects.h"
#include "verify_throws.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

using namespace fatgraph;

namespace {

using Bytes = std::vector<unsigned char>;
const std::string kOrigin = "rank 1's parameterizations";

// Every member of EdgeParameterization, by bits (graph_identity.h).
void expectSame(const EdgeParameterization& a, const EdgeParameterization& b, const std::string& label) {
  const std::string difference = test::parameterizationDifference(a, b);
  QVERIFY2(difference.empty(), (label + ": " + difference + " differs").c_str());
}

void expectSameList(const std::vector<EdgeParameterization>& a, const std::vector<EdgeParameterization>& b,
                    const std::string& label) {
  QCOMPARE(b.size(), a.size());
  for (size_t e = 0; e < a.size(); ++e) {
    expectSame(a[e], b[e], label + " edge " + std::to_string(e));
    if (QTest::currentTestFailed()) return;
  }
}

// readParameterizationsImage must throw FileError naming the origin; returns its message.
std::string expectRefused(const Bytes& image) {
  try {
    readParameterizationsImage(image, kOrigin);
  } catch (const FileError& e) {
    if (e.file() != kOrigin || std::string(e.what()).rfind(kOrigin + ": ", 0) != 0) return "wrong origin";
    return e.what();
  }
  return "accepted";
}

// The trailer as parameterization_image.h documents it: FNV-1a 64 of the HDF5 bytes, LE.
void reseal(Bytes& image) {
  const size_t n = image.size() - 8;
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ image[i]) * 0x100000001b3ull;
  for (size_t b = 0; b < 8; ++b) image[n + b] = static_cast<unsigned char>(h >> (8 * b));
}

}  // namespace

class TestParameterizationImage : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::vector<EdgeParameterization> real_;  // 144_03 with one hub, parameterized
  std::vector<EdgeParameterization> fromFile_;  // real_ after saveProject + loadProject
  EdgeParameterization widest_;  // the edge of real_ with the most segments
  Bytes image_;
  std::string projectPath_;

 private slots:
  void initTestCase() {
    Project project = importClipSet({FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"}, {}).project;
    BuildOptions options;
    options.hubCount = 1;
    buildMotionGraph(project, options);
    QVERIFY(project.graph.fatEdges.size() >= 2);
    project.settings.parameterization.samples = 40;  // small: the bytes, not the fit, are tested
    project.settings.parameterization.grid = 8;
    parameterizeGraph(project);
    real_ = project.graph.parameterizations;
    QCOMPARE(real_.size(), project.graph.fatEdges.size());
    projectPath_ = dir_.filePath(QStringLiteral("144_03.fgproj")).toStdString();
    saveProject(project, projectPath_);
    fromFile_ = loadProject(projectPath_).graph.parameterizations;
    image_ = parameterizationsImage(real_);
    widest_ = *std::max_element(real_.begin(), real_.end(), [](const auto& a, const auto& b) {
      return a.triangulation.segmentCount < b.triangulation.segmentCount;
    });
    QVERIFY(widest_.triangulation.segmentCount >= 2 && widest_.sampleWeights.size() >= 4);
    qInfo("%zu edges, up to %d segments: %zu bytes", real_.size(), widest_.triangulation.segmentCount,
          image_.size());
  }

  void realParameterizationsComeBackBitForBit() {
    expectSameList(real_, readParameterizationsImage(image_, kOrigin), "image");
  }

  // The project file is the independent path: both must give the same values.
  void imageAgreesWithProjectFile() {
    expectSameList(fromFile_, readParameterizationsImage(image_, kOrigin), "image vs file");
  }

  // The same edges give the same bytes (no timestamps), so a rank's result is reproducible.
  void imageIsDeterministic() { QVERIFY(parameterizationsImage(real_) == image_); }

  // More than ten edges, renamed and reordered: order follows the numbered groups.
  void orderIsKept() {
    std::vector<EdgeParameterization> many;
    for (int k = 0; k < 12; ++k) {
      many.push_back(real_[static_cast<size_t>(k * 7) % real_.size()]);
      many.back().edge = "edge_" + std::to_string(11 - k);
    }
    expectSameList(many, readParameterizationsImage(parameterizationsImage(many), kOrigin), "12 edges");
  }

  // Values no fit produces survive too: signed zero, NaN payloads, infinities, denormals.
  void specialValuesSurvive() {
    EdgeParameterization p = widest_;
    p.referenceTime = -0.0;
    p.plane.tiltDegrees = std::numeric_limits<double>::denorm_min();
    p.plain.median3d = std::bit_cast<double>(std::uint64_t{0x7ff8000000000123});
    p.achieved.p95Plane = -std::numeric_limits<double>::infinity();
    p.samplePositions[0].y() = std::numeric_limits<double>::quiet_NaN();
    p.vertexError[0] = std::bit_cast<float>(std::uint32_t{0x7fc00042});
    p.vertexError[1] = -0.0f;
    p.grid.minCorner.x() = std::numeric_limits<double>::max();
    const std::vector<EdgeParameterization> one{p};
    expectSameList(one, readParameterizationsImage(parameterizationsImage(one), kOrigin), "special values");
  }

  void emptyListRoundTrips() {
    const Bytes image = parameterizationsImage({});
    QVERIFY(!image.empty());
    QVERIFY(readParameterizationsImage(image, kOrigin).empty());
  }

  void oneSegmentEdgeRoundTrips() {
    Project p = test::walkEdgeProject({test::WalkSpec{}});
    p.settings.parameterization.samples = 20;
    p.settings.parameterization.grid = 4;
    parameterizeGraph(p);
    const auto& list = p.graph.parameterizations;
    QCOMPARE(list.size(), size_t{1});
    QCOMPARE(list[0].triangulation.segmentCount, 1);
    QVERIFY(!list[0].notes.empty());  // the degenerate space is noted
    expectSameList(list, readParameterizationsImage(parameterizationsImage(list), kOrigin), "one segment");
  }

  // Arrays of disagreeing sizes would make the writer read past them: refused before HDF5.
  void inconsistentSizesAreRefused() {
    EdgeParameterization p = widest_;
    p.grid.weights.pop_back();
    FATGRAPH_VERIFY_THROWS(Error, "the grid's weights do not match its resolution and segment count",
                           parameterizationsImage({p}));
    p = widest_;
    p.sampleWeights[3].resize(p.sampleWeights[3].size() + 1);
    FATGRAPH_VERIFY_THROWS(Error, "sample weights differ in size", parameterizationsImage({p}));
  }

  void damagedImagesAreRefused_data() {
    QTest::addColumn<Bytes>("image");
    QTest::newRow("empty") << Bytes{};
    const size_t n = image_.size();
    for (size_t keep : {size_t{1}, size_t{7}, size_t{8}, size_t{9}, size_t{512}, n / 3, n / 2, n - 9, n - 8, n - 1}) {
      QTest::newRow(("first " + std::to_string(keep) + " bytes").c_str()) << Bytes(image_.begin(), image_.begin() + keep);
    }
    for (size_t at : {size_t{0}, n / 4, n / 2, n - 40}) {
      Bytes b = image_;
      for (size_t i = at; i < at + 32; ++i) b[i] ^= 0xa5;
      QTest::newRow(("32 bytes flipped at " + std::to_string(at)).c_str()) << b;
    }
    std::mt19937 rng(7);
    for (size_t size : {size_t{16}, size_t{4096}, n}) {
      Bytes b(size);
      for (unsigned char& c : b) c = static_cast<unsigned char>(rng());
      QTest::newRow(("random " + std::to_string(size) + " bytes").c_str()) << b;
    }
    Bytes longer = image_;
    longer.push_back(0);
    QTest::newRow("one byte appended") << longer;
  }

  void damagedImagesAreRefused() {
    QFETCH(Bytes, image);
    const std::string message = expectRefused(image);
    QVERIFY2(message != "accepted" && message != "wrong origin", message.c_str());
  }

  // Another HDF5 file (the project file) behind a valid trailer: the type tag refuses it.
  void anotherFileIsRefused() {
    std::ifstream in(projectPath_, std::ios::binary);
    Bytes other((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    QVERIFY(other.size() > 1000);
    other.resize(other.size() + 8);
    reseal(other);
    const std::string message = expectRefused(other);
    QVERIFY2(message.find("not a parameterizations image (file_type is 'fatgraph.project'") != std::string::npos,
             message.c_str());
  }

  // Damage behind a valid checksum reaches HDF5 and the project reader's checks: each run of
  // flipped bytes is refused with a FileError or reads as values, never crashes (run under
  // -DFATGRAPH_SANITIZE=ON this also checks for bad memory accesses).
  void damageBehindValidChecksumNeverCrashes() {
    const Bytes small = parameterizationsImage({widest_});
    const size_t n = small.size() - 8;
    int refused = 0, read = 0;
#if defined(__SANITIZE_ADDRESS__)
    // HDF5 1.10.8 leaks an object header when H5Gopen2 or H5Dopen2 meets a corrupt one (as
    // H5Fopen does, see h5::prepare): keep the library's own leaks out of the leak report.
    __lsan::ScopedDisabler hdf5LeaksOnCorruptHeaders;
#endif
    for (size_t at = 0; at < n; at += 97) {
      Bytes b = small;
      for (size_t i = at; i < std::min(n, at + 8); ++i) b[i] = static_cast<unsigned char>(~b[i]);
      reseal(b);
      try {
        readParameterizationsImage(b, kOrigin);
        ++read;
      } catch (const FileError& e) {
        QCOMPARE(e.file(), kOrigin);
        ++refused;
      }
    }
    qInfo("%d damaged images refused, %d read as values", refused, read);
    QVERIFY(refused > 0);
  }
};

QTEST_GUILESS_MAIN(TestParameterizationImage)
#include "test_parameterization_image.moc"
