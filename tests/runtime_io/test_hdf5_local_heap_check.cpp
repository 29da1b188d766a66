// runtime_io's local heap check (runtime/io/src/hdf5_local_heap_check.h) on hand-built bytes:
// a heap the file points to must keep its data segment inside the file, and the same
// signature inside raw data that nothing points to (a joint named "HEAP", say) is no heap and
// never makes a valid file fail. The loaders' use of it is replayed by test_fuzz_regressions.
#include <QTest>
#include <cstdint>
#include <string>
#include <vector>

#include "fatgraph/io/hdf5_local_heap_check.h"

namespace {

constexpr std::size_t kFileSize = 4096;
constexpr std::size_t kHeapAt = 1000;

void putWord(std::vector<unsigned char>& bytes, std::size_t at, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) bytes[at + i] = static_cast<unsigned char>(v >> (8 * i));
}

// kFileSize bytes holding a local heap header at kHeapAt (data segment `length` bytes at
// `address`) and, when `referenced`, that heap's address at byte 200 (as a symbol table
// message would hold it).
// Its free list is one block at offset 8 whose next is `nextFree` (undefined: the list ends).
constexpr std::uint64_t kUndefined = ~std::uint64_t(0);
std::vector<unsigned char> fileWithHeap(std::uint64_t length, std::uint64_t address, bool referenced,
                                        std::uint64_t nextFree = kUndefined) {
  std::vector<unsigned char> bytes(kFileSize, 0xaa);
  const std::string signature("HEAP\0\0\0\0", 8);
  std::copy(signature.begin(), signature.end(), bytes.begin() + kHeapAt);
  putWord(bytes, kHeapAt + 8, length);
  putWord(bytes, kHeapAt + 16, 8);  // free list head
  putWord(bytes, kHeapAt + 24, address);
  if (address < kFileSize && kFileSize - address >= 24) {
    putWord(bytes, address + 8, nextFree);
    putWord(bytes, address + 16, 16);  // the block's size
  }
  if (referenced) putWord(bytes, 200, kHeapAt);
  return bytes;
}

}  // namespace

class TestHdf5LocalHeapCheck : public QObject {
  Q_OBJECT
 private slots:
  void heaps_data() {
    QTest::addColumn<qulonglong>("length");
    QTest::addColumn<qulonglong>("address");
    QTest::addColumn<bool>("referenced");
    QTest::addColumn<QString>("problem");  // empty: the file passes
    const QString past = QStringLiteral("HDF5 local heap at byte 1000 claims a data segment of %1 bytes at byte %2, past the end of the file (4096 bytes)");
    QTest::newRow("contiguous, fits") << 88ull << 1032ull << true << QString();
    QTest::newRow("moved, fits") << 176ull << 3000ull << true << QString();
    QTest::newRow("ends exactly at the end") << 96ull << 4000ull << true << QString();
    QTest::newRow("8 GiB") << 8589934680ull << 1032ull << true << past.arg(8589934680ull).arg(1032);
    QTest::newRow("one byte too long") << 97ull << 4000ull << true << past.arg(97).arg(4000);
    QTest::newRow("segment after the end") << 16ull << 5000ull << true << past.arg(16).arg(5000);
    QTest::newRow("undefined address") << 16ull << ~0ull << true << past.arg(16).arg(~0ull);
    QTest::newRow("length wrapping the address") << ~0ull << 1032ull << true << past.arg(~0ull).arg(1032);
    // Raw data that happens to spell the signature: nothing points at it.
    QTest::newRow("not referenced") << 8589934680ull << 1032ull << false << QString();
    QTest::newRow("not referenced, wild address") << 16ull << 0x4142434445464748ull << false << QString();
  }

  // HDF5 1.10 follows a heap's free list without looking for a cycle, allocating as it goes.
  void freeLists_data() {
    QTest::addColumn<qulonglong>("next");
    QTest::addColumn<QString>("problem");
    QTest::newRow("one block") << qulonglong(kUndefined) << QString();
    QTest::newRow("older writers' end") << 1ull << QString();
    QTest::newRow("a second block") << 40ull << QStringLiteral("HDF5 local heap at byte 1000: a free block at offset 12297829382473034410 lies outside its 88-byte data segment");
    QTest::newRow("a cycle") << 8ull << QStringLiteral("HDF5 local heap at byte 1000: its free list comes back to offset 8 (a cycle HDF5 would follow forever)");
    QTest::newRow("past the segment") << 80ull << QStringLiteral("HDF5 local heap at byte 1000: a free block at offset 80 lies outside its 88-byte data segment");
  }

  void freeLists() {
    QFETCH(qulonglong, next);
    QFETCH(QString, problem);
    const std::vector<unsigned char> bytes = fileWithHeap(88, 1032, true, next);
    QCOMPARE(QString::fromStdString(fatgraph::h5::checkLocalHeaps(bytes.data(), bytes.size())), problem);
  }

  void heaps() {
    QFETCH(qulonglong, length);
    QFETCH(qulonglong, address);
    QFETCH(bool, referenced);
    QFETCH(QString, problem);
    const std::vector<unsigned char> bytes = fileWithHeap(length, address, referenced);
    QCOMPARE(QString::fromStdString(fatgraph::h5::checkLocalHeaps(bytes.data(), bytes.size())), problem);
  }

  // A header cut off by the end of the file is left to HDF5, which fails reading it.
  void headerCutOffIsLeftToHdf5() {
    std::vector<unsigned char> bytes = fileWithHeap(8589934680ull, 1032, true);
    bytes.resize(kHeapAt + 20);
    QCOMPARE(fatgraph::h5::checkLocalHeaps(bytes.data(), bytes.size()), std::string());
    QCOMPARE(fatgraph::h5::checkLocalHeaps(nullptr, 0), std::string());
  }
};

QTEST_GUILESS_MAIN(TestHdf5LocalHeapCheck)
#include "test_hdf5_local_heap_check.moc"
