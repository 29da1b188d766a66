// The HDF5 project store: exact round trips, atomic saves with injected failures, and one
// precise error for every kind of bad file (files are edited with the HDF5 C API here).
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <stdexcept>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/project_store.h"
#include "long_clip_project.h"
#include "project_store_test_support.h"
#include "store_sample_project.h"
#include "verify_throws.h"

using namespace fatgraph;
using namespace fatgraph::test;

namespace {

// Bit-exact comparison of everything a project file stores.
void expectSameProject(const Project& a, const Project& b) {
  expectSameSkeletonAndClips(a, b, [](size_t c, const Clip& x, const Clip& y) {
    QCOMPARE(x.translations.size(), y.translations.size());
    for (size_t i = 0; i < x.rotations.size(); ++i) {
      if (x.rotations[i].coeffs() != y.rotations[i].coeffs()) {
        QFAIL(qPrintable(QStringLiteral("clip %1 rotation %2 differs").arg(c).arg(i)));
      }
    }
    QVERIFY2(x.translations == y.translations, qPrintable(QStringLiteral("clip %1").arg(c)));
  });
}

std::string str(const QString& s) { return s.toStdString(); }

void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

std::string randomBytes(size_t n) {
  std::mt19937 rng(7);
  std::string s(n, '\0');
  for (char& c : s) c = static_cast<char>(rng() & 0xff);
  return s;
}

QStringList filesIn(const QString& dir) {
  return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

// ---------------------------------------------------------------- editing files with HDF5

void deleteAttribute(hid_t f, const char* object, const char* name) {
  must(H5Adelete_by_name(f, object, name, H5P_DEFAULT) >= 0, name);
}

void replaceNamesFixedLength(hid_t f, const std::vector<std::string>& names, H5T_str_t pad) {
  size_t width = 0;
  for (const std::string& n : names) width = std::max(width, n.size() + 1);
  std::string buf(names.size() * width, pad == H5T_STR_SPACEPAD ? ' ' : '\0');
  for (size_t i = 0; i < names.size(); ++i) {
    std::copy(names[i].begin(), names[i].end(), buf.begin() + static_cast<long>(i * width));
    if (pad == H5T_STR_NULLTERM) buf[i * width + names[i].size()] = '\0';
  }
  Id type(H5Tcopy(H5T_C_S1), H5Tclose, "type");
  H5Tset_size(type.id, width);
  H5Tset_strpad(type.id, pad);
  replaceDataset(f, "/skeleton/names", type.id, {names.size()}, type.id, buf.data());
}

}  // namespace

class TestProjectStore : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<QTemporaryDir> dir_;
  std::string path(const char* name) const { return str(dir_->filePath(QString::fromUtf8(name))); }
  std::string savedSample() {
    const std::string p = path("sample.fgproj");
    saveProject(makeProject(), p);
    return p;
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
    QTest::newRow("12-, 1- and 0-frame clips at 30, 24, 60 fps") << makeProject();
    Project noClips;
    noClips.skeleton = makeSkeleton();
    QTest::newRow("skeleton only, no clips") << noClips;
    Project single;
    single.skeleton.addJoint("Root", -1, {0.0, 1.0, 0.0}, true);
    single.clips.push_back(makeClip(single.skeleton, "one joint", 120.0, 3, 9));
    QTest::newRow("one joint, no end sites") << single;
    Project utf8 = makeProject(5);
    utf8.skeleton.names[2] = "Kopf \xC3\xBC\xE2\x9C\x93";
    utf8.clips[0].name = "Spr\xC3\xBCnge";
    utf8.clips[0].source = "/daten/\xE6\xAD\xA9\xE3\x81\x8F.bvh";
    QTest::newRow("UTF-8 names and paths") << utf8;
    Project many = makeProject(11);
    for (int i = 0; i < 9; ++i) {
      many.clips.push_back(makeClip(many.skeleton, "extra" + std::to_string(i), 30.0, i, 20 + i));
    }
    QTest::newRow("twelve clips keep their order") << many;
  }

  void roundTrip() {
    QFETCH(Project, project);
    const std::string p = path("round trip.fgproj");
    saveProject(project, p);
    QVERIFY(isProjectFile(p));
    const Project loaded = loadProject(p);
    expectSameProject(project, loaded);
    QCOMPARE(filesIn(dir_->path()), QStringList{QStringLiteral("round trip.fgproj")});
  }

  void saveIsDeterministic() {
    const Project p = makeProject();
    saveProject(p, path("a.fgproj"));
    saveProject(p, path("b.fgproj"));
    QFile a(QString::fromStdString(path("a.fgproj"))), b(QString::fromStdString(path("b.fgproj")));
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QVERIFY(a.readAll() == b.readAll());
  }

  void saveReplacesExistingFile() {
    const std::string p = path("p.fgproj");
    saveProject(makeProject(1), p);
    const Project v2 = makeProject(2);
    saveProject(v2, p);
    expectSameProject(v2, loadProject(p));
    QCOMPARE(filesIn(dir_->path()), QStringList{QStringLiteral("p.fgproj")});
  }

  // ------------------------------------------------------------ atomic saves

  void failedSaveKeepsPreviousFile_data() {
    QTest::addColumn<QString>("failAfter");
    for (const char* g :
         {"/skeleton", "/clips/0000", "/clips/0001", "/clips/0002", "/settings", "/edits"}) {
      QTest::newRow(g) << QString::fromLatin1(g);
    }
  }

  void failedSaveKeepsPreviousFile() {
    QFETCH(QString, failAfter);
    const std::string p = path("p.fgproj");
    const Project v1 = makeProject(1);
    saveProject(v1, p);
    Project v2 = makeProject(2);
    v2.clips[0].name = "version two";
    ProjectSaveOptions options;
    std::vector<std::string> seen;
    options.afterGroupWritten = [&](std::string_view group) {
      seen.emplace_back(group);
      if (group == str(failAfter)) throw Error("injected failure");
    };
    QCOMPARE(errorFrom([&] { saveProject(v2, p, options); }), QStringLiteral("injected failure"));
    QCOMPARE(QString::fromStdString(seen.back()), failAfter);
    expectSameProject(v1, loadProject(p));
    QCOMPARE(filesIn(dir_->path()), QStringList{QStringLiteral("p.fgproj")});
  }

  void failedFirstSaveLeavesNoFile() {
    ProjectSaveOptions options;
    options.afterGroupWritten = [](std::string_view) { throw std::runtime_error("disk gone"); };
    FATGRAPH_VERIFY_THROWS(std::runtime_error, "disk gone", saveProject(makeProject(), path("new.fgproj"), options));
    QCOMPARE(filesIn(dir_->path()), QStringList{});
  }

  void saveIntoMissingDirectory() {
    const std::string p = path("no/such/dir/p.fgproj");
    const QString e = errorFrom([&] { saveProject(makeProject(), p); });
    QVERIFY2(e.startsWith(QString::fromStdString(p) + QStringLiteral(": ")), qPrintable(e));
    QVERIFY2(e.contains(QStringLiteral("does not exist")), qPrintable(e));
  }

  void saveRejectsInvalidProject_data() {
    QTest::addColumn<Project>("project");
    QTest::addColumn<QString>("expected");
    Project p = makeProject();
    p.clips[0].rotations[5].coeffs() *= 1.1;
    QTest::newRow("non-unit quaternion") << p << QStringLiteral("non-unit rotation");
    p = makeProject();
    p.skeleton.parents[2] = 4;
    QTest::newRow("parent after child") << p << QStringLiteral("has parent index 4");
    p = makeProject();
    p.clips[1].jointCount = 6;
    QTest::newRow("joint count mismatch") << p << QStringLiteral("has 6 joints");
    p = makeProject();
    p.skeleton.names.clear();
    p.skeleton.parents.clear();
    p.skeleton.restOffsets.clear();
    p.skeleton.animatedTranslation.clear();
    p.skeleton.endSites.clear();
    p.clips.clear();
    QTest::newRow("no joints") << p << QStringLiteral("no joints");
  }

  void saveRejectsInvalidProject() {
    QFETCH(Project, project);
    QFETCH(QString, expected);
    const std::string p = path("bad.fgproj");
    const QString e = errorFrom([&] { saveProject(project, p); });
    QVERIFY2(e.startsWith(QString::fromStdString(p) + QStringLiteral(": cannot save an invalid")),
             qPrintable(e));
    QVERIFY2(e.contains(expected), qPrintable(e));
    QCOMPARE(filesIn(dir_->path()), QStringList{});
  }

  // ------------------------------------------------------------ loading bad files

  void loadRejectsBadFiles_data() {
    QTest::addColumn<Mutation>("mutation");
    QTest::addColumn<QString>("expected");
    auto row = [](const char* name, Mutation m, const char* expected) {
      QTest::newRow(name) << std::move(m) << QString::fromUtf8(expected);
    };
    row(
        "wrong file_type",
        [](hid_t f) { setStringAttribute(f, "/", "file_type", "fatgraph.graph"); },
        "not a fatgraph project (file_type is 'fatgraph.graph', expected 'fatgraph.project')");
    row(
        "no file_type", [](hid_t f) { deleteAttribute(f, "/", "file_type"); },
        "not a fatgraph project (no 'file_type' attribute on the root group)");
    row(
        "newer format_version", [](hid_t f) { setIntAttribute(f, "/", "format_version", 4); },
        "written by a newer fatgraph (format_version 4, this build reads up to 3)");
    row(
        "format_version 0", [](hid_t f) { setIntAttribute(f, "/", "format_version", 0); },
        "invalid format_version 0");
    row(
        "no format_version", [](hid_t f) { deleteAttribute(f, "/", "format_version"); },
        "/: missing attribute 'format_version'");
    row(
        "format_version is a string",
        [](hid_t f) { setStringAttribute(f, "/", "format_version", "1"); },
        "/: attribute 'format_version': expected an integer, found string");
    row(
        "no /skeleton", [](hid_t f) { deleteLink(f, "/skeleton"); }, "/skeleton: missing group");
    row(
        "no /clips", [](hid_t f) { deleteLink(f, "/clips"); }, "/clips: missing group");
    row(
        "no parents", [](hid_t f) { deleteLink(f, "/skeleton/parents"); },
        "/skeleton/parents: missing dataset");
    row(
        "parents too short",
        [](hid_t f) {
          replaceInts(f, "/skeleton/parents", {-1, 0, 1, 0, 3, 0});
        },
        "/skeleton/parents: expected shape [7], found [6]");
    row(
        "parent out of range",
        [](hid_t f) {
          replaceInts(f, "/skeleton/parents", {-1, 0, 7, 0, 3, 0, 5});
        },
        "/skeleton/parents: joint 2 ('Head') has parent 7, expected -1 or an index below 2");
    row(
        "parents as floats", [](hid_t f) { replaceDoubles(f, "/skeleton/parents", {7}); },
        "/skeleton/parents: expected integer data, found floating-point");
    row(
        "names as integers",
        [](hid_t f) {
          replaceInts(f, "/skeleton/names", {1, 2, 3, 4, 5, 6, 7});
        },
        "/skeleton/names: expected string data, found integer");
    row(
        "rest_offsets [J][2]",
        [](hid_t f) {
          replaceDoubles(f, "/skeleton/rest_offsets", {7, 2});
        },
        "/skeleton/rest_offsets: expected shape [7][3], found [7][2]");
    row(
        "non-finite rest offset",
        [](hid_t f) { editDoubles(f, "/skeleton/rest_offsets", [](auto& v) { v[4] = NAN; }); },
        "/skeleton/rest_offsets: joint 1 ('Spine'): non-finite offset");
    row(
        "animated_translation value 2",
        [](hid_t f) {
          replaceInts(f, "/skeleton/animated_translation", {1, 0, 2, 0, 0, 0, 0});
        },
        "/skeleton/animated_translation: joint 2 ('Head'): value 2, expected 0 or 1");
    row(
        "end site parent out of range",
        [](hid_t f) {
          replaceInts(f, "/skeleton/end_site_parents", {2, 4, 9});
        },
        "/skeleton/end_site_parents: end site 2 has parent 9, expected a joint index in [0, 7)");
    row(
        "end_site_offsets count mismatch",
        [](hid_t f) {
          replaceDoubles(f, "/skeleton/end_site_offsets", {2, 3});
        },
        "/skeleton/end_site_offsets: expected shape [3][3], found [2][3]");
    row(
        "no fps", [](hid_t f) { deleteAttribute(f, "/clips/0000", "fps"); },
        "/clips/0000: missing attribute 'fps'");
    row(
        "fps 0", [](hid_t f) { setDoubleAttribute(f, "/clips/0001", "fps", 0.0); },
        "/clips/0001: attribute 'fps' is 0.000000, expected a positive rate");
    row(
        "negative source_first_frame",
        [](hid_t f) { setIntAttribute(f, "/clips/0000", "source_first_frame", -3); },
        "/clips/0000: attribute 'source_first_frame' is -3, expected a frame index >= 0");
    row(
        "clip name is a number", [](hid_t f) { setDoubleAttribute(f, "/clips/0000", "name", 1.0); },
        "/clips/0000: attribute 'name': expected a string, found floating-point");
    row(
        "no rotations", [](hid_t f) { deleteLink(f, "/clips/0000/rotations"); },
        "/clips/0000/rotations: missing dataset");
    row(
        "rotations of another skeleton",
        [](hid_t f) {
          replaceDoubles(f, "/clips/0000/rotations", {12, 6, 4});
        },
        "/clips/0000/rotations: expected shape [F][7][4], found [12][6][4]");
    row(
        "rotations as [F][J][3]",
        [](hid_t f) {
          replaceDoubles(f, "/clips/0002/rotations", {0, 7, 3});
        },
        "/clips/0002/rotations: expected shape [F][7][4], found [0][7][3]");
    row(
        "translations one frame short",
        [](hid_t f) {
          replaceDoubles(f, "/clips/0000/translations", {11, 7, 3});
        },
        "/clips/0000/translations: expected shape [12][7][3], found [11][7][3]");
    row(
        "non-unit quaternion",
        [](hid_t f) {
          editDoubles(f, "/clips/0000/rotations", [](auto& v) {
            for (int k = 0; k < 4; ++k) v[(3 * 7 + 2) * 4 + k] *= 1.01;
          });
        },
        "/clips/0000/rotations: frame 3, joint 2 ('Head'): not a unit quaternion (norm 1.010000)");
    row(
        "NaN translation",
        [](hid_t f) {
          editDoubles(f, "/clips/0001/translations", [](auto& v) { v[3 * 3 + 1] = NAN; });
        },
        "/clips/0001/translations: frame 0, joint 3 ('LeftUpLeg'): non-finite translation");
    row(
        "clip numbering gap",
        [](hid_t f) {
          must(H5Lmove(f, "/clips/0001", f, "/clips/0007", H5P_DEFAULT, H5P_DEFAULT) >= 0, "move");
        },
        "/clips: clip groups must be numbered 0 to 2, found '0002' where index 1 was expected");
    row(
        "clip group is a dataset",
        [](hid_t f) {
          deleteLink(f, "/clips/0002");
          replaceDoubles(f, "/clips/0002", {1});
        },
        "/clips/0002: is not a readable group (");
  }

  void loadRejectsBadFiles() {
    QFETCH(Mutation, mutation);
    QFETCH(QString, expected);
    const std::string p = savedSample();
    try {
      editFile(p, mutation);
    } catch (const std::exception& e) {
      QFAIL(e.what());
    }
    // Exact message, or its exact start where HDF5's own detail follows in parentheses.
    const QString e = errorFrom([&] { loadProject(p); });
    const QString want = QString::fromStdString(p) + QStringLiteral(": ") + expected;
    if (expected.endsWith(QLatin1Char('('))) {
      QVERIFY2(e.startsWith(want), qPrintable(e));
    } else {
      QCOMPARE(e, want);
    }
    QVERIFY2(!e.contains(QLatin1Char('\n')), qPrintable(e));
  }

  void loadRejectsCorruptFiles_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing file") << "missing"
                                  << "no such file";
    QTest::newRow("directory") << "directory"
                               << "not a regular file";
    QTest::newRow("empty file") << "empty"
                                << "not an HDF5 file (no HDF5 signature)";
    QTest::newRow("random bytes") << "random"
                                  << "not an HDF5 file (no HDF5 signature)";
    QTest::newRow("BVH text") << "bvh"
                              << "not an HDF5 file (no HDF5 signature)";
    QTest::newRow("truncated to half")
        << "truncated"
        << "cannot open the HDF5 file; it may be truncated or corrupt (";
    // Found by the root object header check before HDF5 opens the file (hdf5_attribute_check.h).
    QTest::newRow("corrupt header")
        << "header"
        << "/: corrupt file: the object header at byte 96: a chunk at byte 112 extends past the end of the file";
    // Found by the chunk check before HDF5 reads it (hdf5_chunk_check.h).
    QTest::newRow("corrupt chunk") << "chunk"
                                   << "/clips/0000/rotations: corrupt file: chunk 0 does not inflate (zlib: data error)";
    QTest::newRow("other HDF5 file")
        << "other"
        << "not a fatgraph project (no 'file_type' attribute on the root group)";
  }

  void loadRejectsCorruptFiles() {
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    std::string p = path("bad.fgproj");
    if (kind == QLatin1String("directory")) {
      p = str(dir_->path());
    } else if (kind == QLatin1String("empty")) {
      writeBytes(p, "");
    } else if (kind == QLatin1String("random")) {
      writeBytes(p, randomBytes(4096));
    } else if (kind == QLatin1String("bvh")) {
      writeBytes(p, "HIERARCHY\nROOT Hips\n{\n");
    } else if (kind == QLatin1String("truncated")) {
      p = savedSample();
      std::filesystem::resize_file(p, std::filesystem::file_size(p) / 2);
    } else if (kind == QLatin1String("header")) {
      p = savedSample();
      std::fstream file(p, std::ios::in | std::ios::out | std::ios::binary);
      file.seekp(100);
      file << randomBytes(400);
    } else if (kind == QLatin1String("chunk")) {
      p = savedSample();
      haddr_t addr = 0;
      hsize_t size = 0;
      editFile(p, [&](hid_t f) {
        Id ds(H5Dopen2(f, "/clips/0000/rotations", H5P_DEFAULT), H5Dclose, "rotations");
        Id space(H5Dget_space(ds.id), H5Sclose, "space");
        hsize_t offset[3] = {};
        unsigned mask = 0;
        must(H5Dget_chunk_info(ds.id, space.id, 0, offset, &mask, &addr, &size) >= 0, "chunk");
      });
      QVERIFY(size > 64);
      std::fstream file(p, std::ios::in | std::ios::out | std::ios::binary);
      file.seekp(static_cast<std::streamoff>(addr + size / 2));
      file.write("\x55\xAA\x55\xAA\x55\xAA\x55\xAA", 8);
    } else if (kind == QLatin1String("other")) {
      Id f(H5Fcreate(p.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "create");
    }
    const QString e = errorFrom([&] { loadProject(p); });
    QVERIFY2(e.startsWith(QString::fromStdString(p) + QStringLiteral(": ") + expected),
             qPrintable(e));
    QVERIFY2(!e.contains(QLatin1Char('\n')), qPrintable(e));
    // The cheap check reads only the header: a file with a corrupt chunk still looks right.
    QCOMPARE(isProjectFile(p), kind == QLatin1String("chunk"));
  }

  // ------------------------------------------------------------ readers ignore what they do not
  // know

  void loadAcceptsCompatibleVariants_data() {
    QTest::addColumn<Mutation>("mutation");
    QTest::newRow("unknown groups and attributes") << Mutation([](hid_t f) {
      Id g(H5Gcreate2(f, "/analysis", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose, "group");
      replaceDoubles(f, "/analysis/distances", {3, 3});
      Id h(H5Gcreate2(f, "/clips/index", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose, "g");
      setStringAttribute(f, "/", "comment", "from a later version");
      setDoubleAttribute(f, "/clips/0000", "floor_height", 0.02);
      replaceDoubles(f, "/clips/0001/root_velocity", {1, 3});
    });
    QTest::newRow("fixed-length null-terminated names") << Mutation(
        [](hid_t f) { replaceNamesFixedLength(f, makeSkeleton().names, H5T_STR_NULLTERM); });
    QTest::newRow("fixed-length space-padded names") << Mutation(
        [](hid_t f) { replaceNamesFixedLength(f, makeSkeleton().names, H5T_STR_SPACEPAD); });
    QTest::newRow("h5py-style attributes (int64, fixed-length bytes)") << Mutation([](hid_t f) {
      setIntAttribute(f, "/", "format_version", kProjectFormatVersion);
      setStringAttribute(f, "/", "file_type", "fatgraph.project", true);
      setStringAttribute(f, "/clips/0000", "name", "walk", true);
      setIntAttribute(f, "/clips/0000", "fps", 30);  // an integer rate is still a rate
    });
    QTest::newRow("uint8 flags stored as int64") << Mutation([](hid_t f) {
      const std::vector<long long> flags{1, 0, 1, 0, 0, 0, 0};
      replaceDataset(f, "/skeleton/animated_translation", H5T_STD_I64LE, {7}, H5T_NATIVE_LLONG,
                     flags.data());
    });
  }

  void loadAcceptsCompatibleVariants() {
    QFETCH(Mutation, mutation);
    const std::string p = savedSample();
    try {
      editFile(p, mutation);
    } catch (const std::exception& e) {
      QFAIL(e.what());
    }
    QVERIFY(isProjectFile(p));
    Project loaded;
    const QString e = errorFrom([&] { loaded = loadProject(p); });
    QVERIFY2(e.isEmpty(), qPrintable(e));
    expectSameProject(makeProject(), loaded);
  }

  void detectsProjectFiles_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("expected");
    QTest::newRow("project") << "project" << true;
    QTest::newRow("missing") << "missing" << false;
    QTest::newRow("directory") << "directory" << false;
    QTest::newRow("random bytes") << "random" << false;
    QTest::newRow("other HDF5 file") << "other" << false;
    QTest::newRow("other file_type") << "graph" << false;
  }

  void detectsProjectFiles() {
    QFETCH(QString, kind);
    QFETCH(bool, expected);
    std::string p = path("x.fgproj");
    if (kind == QLatin1String("project")) {
      p = savedSample();
    } else if (kind == QLatin1String("directory")) {
      p = str(dir_->path());
    } else if (kind == QLatin1String("random")) {
      writeBytes(p, randomBytes(1000));
    } else if (kind == QLatin1String("other")) {
      Id f(H5Fcreate(p.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose, "create");
    } else if (kind == QLatin1String("graph")) {
      p = savedSample();
      editFile(p, [](hid_t f) { setStringAttribute(f, "/", "file_type", "fatgraph.graph"); });
    }
    QCOMPARE(fatgraph::isProjectFile(p), expected);
  }

  // ------------------------------------------------------------ real data and size

  void importedSampleRoundTrip() {
    const std::string bvh = FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_05.bvh";
    // data/ is part of the repository: a missing clip is a failure, not a skip.
    QVERIFY2(std::filesystem::exists(bvh), "data/cmu-leonardo-ono-roll/144_05.bvh is missing");
    const BvhImport imported = importBvh(bvh);
    Project project;
    project.skeleton = imported.skeleton;
    project.clips.push_back(imported.clip);
    project.clips.push_back(resample(imported.clip, 30.0));
    project.clips.back().name += " @30";
    const std::string p = path("144_05.fgproj");
    saveProject(project, p);
    const Project loaded = loadProject(p);
    expectSameProject(project, loaded);
    qInfo("144_05: %d joints, %d end sites, %d frames at %g fps; file %lld bytes",
          project.skeleton.jointCount(), int(project.skeleton.endSites.size()),
          project.clips[0].frameCount(), project.clips[0].fps,
          static_cast<long long>(std::filesystem::file_size(p)));
  }

  void largeClip() {
    const Project project = test::longClipProject(100000);
    const std::string p = path("large.fgproj");
    saveProject(project, p);
    const Project loaded = loadProject(p);
    expectSameProject(project, loaded);
  }
};

QTEST_GUILESS_MAIN(TestProjectStore)
#include "test_project_store.moc"
