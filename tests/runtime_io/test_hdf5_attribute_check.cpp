// The variable-length string attribute check (core/src/io/hdf5_attribute_check.h) on files
// HDF5 itself writes: in every object header layout HDF5 1.10 writes (version 1 as fatgraph
// writes it, version 2 with and without attribute creation order, headers grown into
// continuation chunks) a sound attribute passes, and a damaged reference in its value is
// reported. The loaders' use of it is replayed by test_fuzz_regressions.
#include <hdf5.h>

#include <QTemporaryDir>
#include <QTest>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fatgraph/io/hdf5_attribute_check.h"

namespace {

enum class Layout { Earliest, Latest, LatestCreationOrder };

struct Written {
  std::vector<unsigned char> bytes;
  std::uint64_t header = 0;  // the group's object header
};

// Writes a file whose group /g holds `count` variable-length string attributes a0, a1, ...,
// the last one holding `last`, and the others "value <i>".
Written writeFile(const QString& path, Layout layout, int count, const std::string& last) {
  Written w;
  const hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  if (layout != Layout::Earliest) H5Pset_libver_bounds(fapl, H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);
  const hid_t file = H5Fcreate(path.toUtf8().constData(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
  const hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE);
  if (layout == Layout::LatestCreationOrder) {
    H5Pset_attr_creation_order(gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
  }
  const hid_t group = H5Gcreate2(file, "g", H5P_DEFAULT, gcpl, H5P_DEFAULT);
  const hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, H5T_VARIABLE);
  H5Tset_cset(type, H5T_CSET_UTF8);
  const hid_t space = H5Screate(H5S_SCALAR);
  for (int i = 0; i < count; ++i) {
    const std::string name = "a" + std::to_string(i);
    const std::string value = i + 1 == count ? last : "value " + std::to_string(i);
    const char* data = value.c_str();
    const hid_t attr = H5Acreate2(group, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT);
    H5Awrite(attr, type, &data);
    H5Aclose(attr);
    // Something written after each attribute, so the header cannot grow in place at the end
    // of the file and continues in a new chunk.
    H5Gclose(H5Gcreate2(file, ("pad" + std::to_string(i)).c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
  }
  H5O_info_t info{};
  H5Oget_info2(group, &info, H5O_INFO_BASIC);
  w.header = info.addr;
  H5Sclose(space);
  H5Tclose(type);
  H5Gclose(group);
  H5Pclose(gcpl);
  H5Fclose(file);
  H5Pclose(fapl);
  std::ifstream in(path.toStdString(), std::ios::binary);
  w.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return w;
}

std::uint64_t readLe(const unsigned char* p, int n) {
  std::uint64_t v = 0;
  for (int i = n; i-- > 0;) v = (v << 8) | p[i];
  return v;
}

// The byte where a stored string reference of `length` sits: its length, then the address of
// a global heap collection ("GCOL"). Fails the test unless exactly one matches.
std::size_t findReference(const std::vector<unsigned char>& bytes, std::uint32_t length) {
  std::size_t found = 0;
  int matches = 0;
  for (std::size_t at = 0; at + 16 <= bytes.size(); ++at) {
    const std::uint64_t address = readLe(&bytes[at + 4], 8);
    if (readLe(&bytes[at], 4) == length && address + 4 <= bytes.size() &&
        std::memcmp(&bytes[address], "GCOL", 4) == 0) {
      found = at;
      ++matches;
    }
  }
  if (matches != 1) {
    QTest::qFail(qPrintable(QStringLiteral("%1 matches of the reference").arg(matches)), __FILE__,
                 __LINE__);
  }
  return found;
}

void putLe(std::vector<unsigned char>& bytes, std::size_t at, std::uint64_t v, int n) {
  for (int i = 0; i < n; ++i) bytes[at + i] = static_cast<unsigned char>(v >> (8 * i));
}

std::string check(const Written& w, const std::string& name) {
  return fatgraph::h5::checkVlenStringAttribute(w.bytes.data(), w.bytes.size(), w.header, name);
}

// A value of 37 bytes, a length no other string reference in these files has.
const std::string kValue(37, 'x');

}  // namespace

class TestHdf5AttributeCheck : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    QVERIFY(dir_.isValid());
  }

  void soundAttributesPass_data() {
    QTest::addColumn<int>("layout");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("last");
    for (const auto& [label, layout] : {std::pair{"v1 header", Layout::Earliest},
                                        std::pair{"v2 header", Layout::Latest},
                                        std::pair{"v2 header, creation order", Layout::LatestCreationOrder}}) {
      QTest::newRow((std::string(label) + ", one").c_str()) << int(layout) << 1 << QString::fromStdString(kValue);
      QTest::newRow((std::string(label) + ", empty string").c_str()) << int(layout) << 1 << QString();
      // Attributes added to a group after its creation grow its header into continuation
      // chunks (as fatgraph's groups do); up to 8 stay in the header in every layout.
      QTest::newRow((std::string(label) + ", eight").c_str()) << int(layout) << 8 << QString::fromStdString(kValue);
    }
    // The version 1 header has no dense storage: many attributes and long values stay in it.
    QTest::newRow("v1 header, forty, long") << int(Layout::Earliest) << 40 << QString(3000, QLatin1Char('y'));
  }

  void soundAttributesPass() {
    QFETCH(int, layout);
    QFETCH(int, count);
    QFETCH(QString, last);
    const Written w = writeFile(dir_.filePath(QStringLiteral("sound.h5")), Layout(layout), count, last.toStdString());
    QVERIFY(!w.bytes.empty());
    for (int i = 0; i < count; ++i) {
      const std::string name = "a" + std::to_string(i);
      QCOMPARE(check(w, name), std::string());
    }
  }

  void damagedReferencesAreReported_data() {
    QTest::addColumn<int>("layout");
    QTest::addColumn<int>("field");  // byte within the reference: 0 length, 4 address, 12 index
    QTest::addColumn<qulonglong>("value");
    QTest::addColumn<QString>("problem");  // %1: the reference's byte, %2: its collection's
    for (const auto& [label, layout] : {std::pair{"v1", Layout::Earliest}, std::pair{"v2", Layout::Latest}}) {
      const std::string l(label);
      QTest::newRow((l + ": length 4 GiB").c_str())
          << int(layout) << 0 << 4278190096ull
          << QStringLiteral("attribute 'a0' (byte %1) is 4278190096 bytes long but its heap object holds 37");
      QTest::newRow((l + ": length short").c_str())
          << int(layout) << 0 << 36ull
          << QStringLiteral("attribute 'a0' (byte %1) is 36 bytes long but its heap object holds 37");
      QTest::newRow((l + ": missing object").c_str())
          << int(layout) << 12 << 4294967295ull
          << QStringLiteral("attribute 'a0' (byte %1) points to object 4294967295 of the global heap collection at byte %2, which has no such object");
      QTest::newRow((l + ": free space object").c_str())
          << int(layout) << 12 << 0ull
          << QStringLiteral("attribute 'a0' (byte %1) points to object 0 of the global heap collection at byte %2, which has no such object");
      QTest::newRow((l + ": address past the end").c_str())
          << int(layout) << 4 << (1ull << 40)
          << QStringLiteral("attribute 'a0' (byte %1) points to byte 1099511627776, which holds no global heap collection");
      QTest::newRow((l + ": address of the superblock").c_str())
          << int(layout) << 4 << 8ull
          << QStringLiteral("attribute 'a0' (byte %1) points to byte 8, which holds no global heap collection");
    }
  }

  void damagedReferencesAreReported() {
    QFETCH(int, layout);
    QFETCH(int, field);
    QFETCH(qulonglong, value);
    QFETCH(QString, problem);
    Written w = writeFile(dir_.filePath(QStringLiteral("damaged.h5")), Layout(layout), 1, kValue);
    const std::size_t at = findReference(w.bytes, static_cast<std::uint32_t>(kValue.size()));
    const std::uint64_t collection = readLe(&w.bytes[at + 4], 8);
    QCOMPARE(check(w, "a0"), std::string());  // sound before the damage
    putLe(w.bytes, at + field, value, field == 4 ? 8 : 4);
    problem.replace(QLatin1String("%1"), QString::number(at));
    problem.replace(QLatin1String("%2"), QString::number(collection));
    QCOMPARE(QString::fromStdString(check(w, "a0")), problem);
  }

  // Attributes beyond the header's compact limit move to dense storage (a fractal heap), which
  // fatgraph never writes and the check cannot follow: refused rather than read unchecked.
  void denseAttributesAreRefused() {
    const Written w = writeFile(dir_.filePath(QStringLiteral("dense.h5")), Layout::Latest, 9, kValue);
    const std::string expected = "attribute 'a8' is not stored in the object header at byte " +
                                 std::to_string(w.header) +
                                 " (fatgraph reads only attributes held in the object header)";
    QCOMPARE(check(w, "a8"), expected);
  }

  // A continuation pointing past the end of the file (version 1 header: its first message).
  void continuationPastTheEnd() {
    Written w = writeFile(dir_.filePath(QStringLiteral("continued.h5")), Layout::Earliest, 8, kValue);
    const std::size_t message = w.header + 16;
    QCOMPARE(readLe(&w.bytes[message], 2), std::uint64_t(0x10));  // as fatgraph's headers start
    putLe(w.bytes, message + 8, w.bytes.size() - 8, 8);
    const std::string expected = "the object header at byte " + std::to_string(w.header) +
                                 ": a continuation at byte " + std::to_string(message) + " points to " +
                                 std::to_string(readLe(&w.bytes[message + 16], 8)) + " bytes at byte " +
                                 std::to_string(w.bytes.size() - 8) + ", past the end of the file (" +
                                 std::to_string(w.bytes.size()) + " bytes)";
    QCOMPARE(check(w, "a7"), expected);
    // A continuation back to its own chunk is a cycle, not an endless walk.
    putLe(w.bytes, message + 8, message, 8);
    putLe(w.bytes, message + 16, 24, 8);
    QCOMPARE(check(w, "a7"), "the object header at byte " + std::to_string(w.header) +
                                 " has a cycle of continuation chunks");
  }

 private:
  QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestHdf5AttributeCheck)
#include "test_hdf5_attribute_check.moc"
