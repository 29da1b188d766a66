// runtime_io's chunk check (hdf5_chunk_check.h) on small files written with HDF5's C API: a
// sound chunked dataset passes, and each way a damaged one could make a reader allocate memory
// no stored byte backs (a chunk too large, chunks never stored, a deflate stream claiming more
// than deflate yields) is refused by name before anything is allocated for it. The loaders'
// use of it is replayed by test_fuzz_regressions.
#include <QTemporaryDir>
#include <QTest>
#include <cstdint>
#include <string>
#include <vector>

#include <hdf5.h>

#include "fatgraph/io/hdf5_chunk_check.h"

namespace {

struct Closer {
  hid_t id;
  herr_t (*close)(hid_t);
  ~Closer() {
    if (id >= 0) close(id);
  }
};

std::uint64_t fileSize(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  std::fseek(f, 0, SEEK_END);
  const long n = std::ftell(f);
  std::fclose(f);
  return static_cast<std::uint64_t>(n);
}

// Writes `written` of `frames` rows (8 doubles each) into a dataset chunked `chunkFrames` rows
// at a time, deflated when `deflate`; the rows after `written` are never stored. Returns the
// check's verdict on the file as written.
QString checkWritten(const std::string& path, hsize_t frames, hsize_t chunkFrames, hsize_t written,
                     bool deflate) {
  {
    const Closer file{H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose};
    const hsize_t dims[2] = {frames, 8};
    const hsize_t maxDims[2] = {H5S_UNLIMITED, 8};
    const Closer space{H5Screate_simple(2, dims, maxDims), H5Sclose};
    const Closer dcpl{H5Pcreate(H5P_DATASET_CREATE), H5Pclose};
    const hsize_t chunk[2] = {chunkFrames, 8};
    H5Pset_chunk(dcpl.id, 2, chunk);
    if (deflate) H5Pset_deflate(dcpl.id, 6);
    const Closer ds{H5Dcreate2(file.id, "rows", H5T_IEEE_F64LE, space.id, H5P_DEFAULT, dcpl.id, H5P_DEFAULT),
                    H5Dclose};
    if (written > 0) {
      std::vector<double> values(written * 8);
      for (size_t i = 0; i < values.size(); ++i) values[i] = 0.25 * static_cast<double>(i % 97);
      const hsize_t start[2] = {0, 0};
      const hsize_t count[2] = {written, 8};
      const Closer fileSpace{H5Dget_space(ds.id), H5Sclose};
      H5Sselect_hyperslab(fileSpace.id, H5S_SELECT_SET, start, nullptr, count, nullptr);
      const Closer memSpace{H5Screate_simple(2, count, nullptr), H5Sclose};
      H5Dwrite(ds.id, H5T_NATIVE_DOUBLE, memSpace.id, fileSpace.id, H5P_DEFAULT, values.data());
    }
  }
  const Closer file{H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose};
  const Closer ds{H5Dopen2(file.id, "rows", H5P_DEFAULT), H5Dclose};
  return QString::fromStdString(fatgraph::h5::checkChunks(ds.id, fileSize(path)));
}

}  // namespace

class TestHdf5ChunkCheck : public QObject {
  Q_OBJECT
 private slots:
  void datasets_data() {
    QTest::addColumn<qulonglong>("frames");
    QTest::addColumn<qulonglong>("chunkFrames");
    QTest::addColumn<qulonglong>("written");
    QTest::addColumn<bool>("deflate");
    QTest::addColumn<QString>("problem");  // empty: the dataset passes
    QTest::newRow("whole, raw") << 1000ull << 64ull << 1000ull << false << QString();
    QTest::newRow("whole, deflated") << 1000ull << 64ull << 1000ull << true << QString();
    QTest::newRow("chunk larger than the shape") << 10ull << 64ull << 10ull << true << QString();
    QTest::newRow("half the chunks never stored")
        << 1024ull << 64ull << 512ull << true << QStringLiteral("stores 8 of the 16 chunks its shape needs");
    QTest::newRow("nothing stored") << 1024ull << 64ull << 0ull << false
                                    << QStringLiteral("stores 0 of the 16 chunks its shape needs");
    // 2^20 rows of 64 bytes: one chunk of 64 MiB is the most a chunk may hold.
    QTest::newRow("a chunk over the limit")
        << 16ull << (1ull << 20) + 1 << 16ull << true
        << QStringLiteral("has chunks of %1 bytes, more than the %2 a chunk may hold")
               .arg(((1ull << 20) + 1) * 64)
               .arg(fatgraph::h5::kMaxChunkBytes);
  }
  void datasets() {
    QFETCH(qulonglong, frames);
    QFETCH(qulonglong, chunkFrames);
    QFETCH(qulonglong, written);
    QFETCH(bool, deflate);
    QFETCH(QString, problem);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QCOMPARE(checkWritten(dir.filePath("rows.h5").toStdString(), frames, chunkFrames, written, deflate), problem);
  }
};

QTEST_GUILESS_MAIN(TestHdf5ChunkCheck)
#include "test_hdf5_chunk_check.moc"
