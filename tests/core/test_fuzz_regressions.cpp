// Inputs the fuzzers (tests/fuzz, scripts/fuzz) once crashed on, kept as fixtures: every file
// in tests/fixtures/fuzz_regressions/bvh_parse/ must import with a clean fatgraph::FileError
// naming the file (and, past the first line, the line), and every file in project_load/ must
// fail loadProject with a FileError naming the file, while isProjectFile stays quiet.
// A fixture may carry the parser options the fuzzer used in its name: "resample30" resamples
// to 30 fps, "keeptpose" keeps a detected reference pose.
#include <QProcess>
#include <QTest>
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "fatgraph/core/bvh_import.h"
#include "fatgraph/core/error.h"
#include "fatgraph/core/project_store.h"

namespace fs = std::filesystem;

namespace {

const fs::path kRegressions = fs::path(FATGRAPH_TEST_FIXTURES_DIR) / "fuzz_regressions";

std::vector<fs::path> filesIn(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().filename().string().front() != '.') files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void addRows(const char* folder) {
  QTest::addColumn<QString>("path");
  const std::vector<fs::path> files = filesIn(kRegressions / folder);
  // Every folder holds at least one fixture: an empty one would make the test vacuous.
  QVERIFY2(!files.empty(), folder);
  for (const fs::path& f : files) {
    QTest::newRow(f.filename().string().c_str()) << QString::fromStdString(f.string());
  }
}

}  // namespace

class TestFuzzRegressions : public QObject {
  Q_OBJECT
 private slots:
  void bvhParse_data() { addRows("bvh_parse"); }
  void bvhParse() {
    QFETCH(QString, path);
    const std::string p = path.toStdString();
    fatgraph::BvhImportOptions options;
    if (p.find("resample30") != std::string::npos) options.resampleFps = 30.0;
    if (p.find("keeptpose") != std::string::npos) options.dropReferencePose = false;
    try {
      fatgraph::importBvh(p, options);
      QFAIL("expected a FileError");
    } catch (const fatgraph::FileError& e) {
      QCOMPARE(e.file(), p);
      QVERIFY2(std::string(e.what()).rfind(p + ":", 0) == 0, e.what());
    }
  }

  void projectLoad_data() { addRows("project_load"); }
  void projectLoad() {
    QFETCH(QString, path);
    const std::string p = path.toStdString();
    (void)fatgraph::isProjectFile(p);  // must neither throw nor crash
    try {
      fatgraph::loadProject(p);
      QFAIL("expected a FileError");
    } catch (const fatgraph::FileError& e) {
      QCOMPARE(e.file(), p);
      QVERIFY2(std::string(e.what()).rfind(p + ":", 0) == 0, e.what());
    }
  }

  // The CLI reads every HDF5 file as a project, so a damaged project is reported as one and
  // never as a BVH file that lacks 'HIERARCHY'.
  void cliNamesDamagedProjectsAsProjects_data() { addRows("project_load"); }
  void cliNamesDamagedProjectsAsProjects() {
    QFETCH(QString, path);
    QVERIFY(fatgraph::isHdf5File(path.toStdString()));
    QProcess cli;
    cli.start(QStringLiteral(FATGRAPH_CLI), {QStringLiteral("inspect"), path});
    QVERIFY(cli.waitForFinished(-1));
    QVERIFY(cli.exitCode() != 0);
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(err.contains(path + QLatin1Char(':')), qPrintable(err));
    QVERIFY2(!err.contains(QLatin1String("HIERARCHY")), qPrintable(err));
  }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "test_fuzz_regressions.moc"
