// Inputs the fuzzers (tests/fuzz, scripts/fuzz) once crashed on, kept as fixtures: every file
// in tests/fixtures/fuzz_regressions/bvh_parse/ must import with a clean fatgraph::FileError
// naming the file (and, past the first line, the line), every file in project_load/ must
// fail loadProject with a FileError naming the file, while isProjectFile stays quiet, and
// every file in runtime_graph_load/ must fail loadRuntimeGraph (the game-facing loader) with
// one line naming the file, and every file in graph_edits_apply/, applied as the edits of
// `fatgraph edit` to an empty project, must fail with one line. Each fixture also has the
// message it was fixed with (kExpected): a fixture without one fails, so a finding is never
// kept without saying what it tests.
// A fixture may carry the parser options the fuzzer used in its name: "resample30" resamples
// to 30 fps, "keeptpose" keeps a detected reference pose.
#include <QFile>
#include <QTest>
#include <algorithm>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/cli_run.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/io/project_store.h"
#include "fatgraph/runtime_io/runtime_graph_file.h"

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

// Part of each fixture's message, after "<file>: " (by folder and file name).
const std::map<std::string, std::string> kExpected = {
    {"bvh_parse/huge_frame_time_resample30.bvh",
     "13: expected a positive frame time of at most 60 s, found 1000000.000000"},
    {"bvh_parse/no_channels_ten_million_frames.bvh",
     "26: header claims 10000000 frames of 4 joints without channels, more than the limit"},
    // A variable-length string attribute whose heap reference does not hold: checked in the
    // object header before H5Aread follows it (a read past the collection, a 4 GiB allocation).
    {"project_load/attribute_heap_object_overflow.fgproj",
     "/: corrupt file: attribute 'file_type' (byte 888) points to object 0 of the global heap "
     "collection at byte 2048, which has no such object"},
    {"project_load/attribute_string_4gib.fgproj",
     "/: corrupt file: attribute 'file_type' (byte 888) points to byte 2301, which holds no "
     "global heap collection"},
    // The datatype message of file_type states a 14- or 1-byte element: HDF5 keeps that many
    // bytes of the value but reads a variable-length string as 16 (found after finding 7).
    // Its local heap's data address is damaged too (96849, not 712): since finding 14 the
    // heap's free list is checked, and that comes first.
    {"project_load/attribute_type_size_1.fgproj",
     "corrupt file: HDF5 local heap at byte 680: a free block at offset 17179719578913963996 lies "
     "outside its 176-byte data segment"},
    {"project_load/attribute_type_size_14.fgproj",
     "/: corrupt file: attribute 'file_type' in the object header at byte 96 states a "
     "variable-length string element of 14 bytes, not 16"},
    // Finding 10: an attribute message whose dataspace part (8968 bytes) runs past the 72-byte
    // message; H5Aexists decoded it while looking for another name (hdf5_attribute_check.h).
    {"project_load/attribute_dataspace_past_message.fgproj",
     "/: corrupt file: the attribute message at byte 832 (72 bytes) has parts of 10, 20 and 8968 "
     "bytes that do not fit in it"},
    // Finding 11: the filter pipeline message of a deflated dataset lost its filters, so HDF5
    // copied a whole 44,640-byte chunk out of the 2,740 bytes stored (hdf5_chunk_check.h).
    {"project_load/chunk_without_its_filters.fgproj",
     "/clips/0000/translations: corrupt file: chunk 0 stores 2740 bytes, not 44640"},
    {"project_load/clip_name_attribute_heap_read.fgproj",
     "/clips/0000: corrupt file: attribute 'source' (byte 12224) points to object 4294967295 of "
     "the global heap collection at byte 2048, which has no such object"},
    {"project_load/compact_names_without_data.fgproj",
     "/skeleton/names: corrupt file: the compact dataset stores 0 bytes for 5 elements of 16 bytes"},
    // Finding 5's damage made by hand in v1_small.fgproj: only the stored length of the root's
    // file_type is changed, so HDF5 would allocate 4 GiB for a 16-byte string.
    {"project_load/file_type_length_4gib.fgproj",
     "/: corrupt file: attribute 'file_type' (byte 888) is 4278190096 bytes long but its heap "
     "object holds 16"},
    {"project_load/global_heap_object_size.fgproj",
     "corrupt file: HDF5 global heap collection at byte 2048: object 28 at byte 2832 claims "
     "738197513 bytes, past the collection's end"},
    // A continuation of the root group's object header stating 956 PB: H5Fopen allocated it
    // before comparing it with the file (Release: malloc returned null and HDF5 failed; under
    // the fuzzer a finding; five more of this kind in 150 s after findings 10 and 11). Now
    // checked through the superblock before the open.
    {"project_load/hdf5_metadata_huge_allocation.fgproj",
     "/: corrupt file: the object header at byte 96: a continuation at byte 112 points to "
     "956527049189622008 bytes at byte 800, past the end of the file (96969 bytes)"},
    {"project_load/local_heap_size_8gib.fgproj",
     "corrupt file: HDF5 local heap at byte 1632 claims a data segment of 8589934768 bytes at "
     "byte 10240, past the end of the file (27858 bytes)"},
    {"project_load/string_heap_object_index.fgproj",
     "/skeleton/names: corrupt file: string 30 (byte 8672) points to object 1056964608 of the "
     "global heap collection at byte 2048, which has no such object"},
    {"project_load/v1_file_type_heap_object_size.fgproj",
     "corrupt file: HDF5 global heap collection at byte 2048: object 1 at byte 2064 claims "
     "738197520 bytes, past the collection's end"},
    // Finding 13: the object header of an edge group states a first chunk of 4 GB, which
    // H5Gopen2 allocated; each object's header is now walked at its link's address first.
    {"runtime_graph_load/edge_header_chunk_4gib.fgraph",
     "/edges/0003: corrupt file: the object header at byte 720104: a continuation at byte 740224 "
     "points to 4278124664 bytes at byte 743536, past the end of the file (1039288 bytes)"},
    // Finding 14: a local heap's free list comes back to a block, which HDF5 followed forever,
    // allocating a node per step (24 GB in 44 s looking up the skeleton group).
    {"runtime_graph_load/local_heap_free_list_cycle.fgraph",
     "corrupt file: HDF5 local heap at byte 680: its free list comes back to offset 16 (a cycle "
     "HDF5 would follow forever)"},
    {"runtime_graph_load/edge_data_shape_1gib.fgraph",
     "/edges/0000/data: corrupt file: shape [268437540], but the dataset stores 8336 bytes"},
    // The same damage as local_heap_size_8gib.fgproj, made by hand in an exported graph (the
    // root group's heap): the game-facing loader runs the same check.
    // A number no double holds escaped the JSON reader as nlohmann's out_of_range.
    {"graph_edits_apply/number_overflow.json", "malformed JSON: "},
    {"runtime_graph_load/local_heap_size_8gib.fgraph",
     "corrupt file: HDF5 local heap at byte 680 claims a data segment of 8589934680 bytes at "
     "byte 712, past the end of the file (38368 bytes)"},
};

void addRows(const char* folder) {
  QTest::addColumn<QString>("path");
  QTest::addColumn<QString>("expected");
  const std::vector<fs::path> files = filesIn(kRegressions / folder);
  // Every folder holds at least one fixture: an empty one would make the test vacuous.
  QVERIFY2(!files.empty(), folder);
  for (const fs::path& f : files) {
    const auto expected = kExpected.find(std::string(folder) + "/" + f.filename().string());
    QTest::newRow(f.filename().string().c_str())
        << QString::fromStdString(f.string())
        << (expected == kExpected.end() ? QString() : QString::fromStdString(expected->second));
  }
}

// `message` is one line, starts with the file and a colon, and contains `expected`.
void checkMessage(const std::string& message, const std::string& path, const QString& expected) {
  QVERIFY2(!expected.isEmpty(), qPrintable(QStringLiteral("no entry in kExpected; the message is: ") +
                                           QString::fromStdString(message)));
  QVERIFY2(message.rfind(path + ":", 0) == 0, message.c_str());
  QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
  QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
}

}  // namespace

class TestFuzzRegressions : public QObject {
  Q_OBJECT
 private slots:
  void bvhParse_data() { addRows("bvh_parse"); }
  void bvhParse() {
    QFETCH(QString, path);
    QFETCH(QString, expected);
    const std::string p = path.toStdString();
    fatgraph::BvhImportOptions options;
    if (p.find("resample30") != std::string::npos) options.resampleFps = 30.0;
    if (p.find("keeptpose") != std::string::npos) options.dropReferencePose = false;
    try {
      fatgraph::importBvh(p, options);
      QFAIL("expected a FileError");
    } catch (const fatgraph::FileError& e) {
      QCOMPARE(e.file(), p);
      checkMessage(e.what(), p, expected);
    }
  }

  void projectLoad_data() { addRows("project_load"); }
  void projectLoad() {
    QFETCH(QString, path);
    QFETCH(QString, expected);
    const std::string p = path.toStdString();
    (void)fatgraph::isProjectFile(p);  // must neither throw nor crash
    try {
      fatgraph::loadProject(p);
      QFAIL("expected a FileError");
    } catch (const fatgraph::FileError& e) {
      QCOMPARE(e.file(), p);
      checkMessage(e.what(), p, expected);
    }
  }

  void runtimeGraphLoad_data() { addRows("runtime_graph_load"); }
  void runtimeGraphLoad() {
    QFETCH(QString, path);
    QFETCH(QString, expected);
    const std::string p = path.toStdString();
    try {
      fatgraph::loadRuntimeGraph(p);
      QFAIL("expected the loader to refuse the file");
    } catch (const std::runtime_error& e) {
      checkMessage(e.what(), p, expected);
    }
  }

  // An edits file (fatgraph edit) is text, not a file the error names: applied to an empty
  // project it fails with a fatgraph::Error of one line holding the fixture's message.
  void graphEditsApply_data() { addRows("graph_edits_apply"); }
  void graphEditsApply() {
    QFETCH(QString, path);
    QFETCH(QString, expected);
    QVERIFY2(!expected.isEmpty(), qPrintable(QStringLiteral("no entry in kExpected for ") + path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    fatgraph::Project project;
    try {
      fatgraph::applyGraphEdits(project, file.readAll().toStdString());
      QFAIL("expected a fatgraph::Error");
    } catch (const fatgraph::Error& e) {
      const std::string message = e.what();
      QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
      QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
    }
  }

  // The CLI reads every HDF5 file as a project, so a damaged project is reported as one and
  // never as a BVH file that lacks 'HIERARCHY'.
  void cliNamesDamagedProjectsAsProjects_data() { addRows("project_load"); }
  void cliNamesDamagedProjectsAsProjects() {
    QFETCH(QString, path);
    QVERIFY(fatgraph::isHdf5File(path.toStdString()));
    const CliRun cli = runCli({QStringLiteral("inspect"), path});
    FATGRAPH_VERIFY_CLI_FAILS(cli, kCliFailure, path + QLatin1Char(':'));
    QVERIFY2(!cli.err.contains(QLatin1String("HIERARCHY")), qPrintable(cli.err));
  }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "test_fuzz_regressions.moc"
