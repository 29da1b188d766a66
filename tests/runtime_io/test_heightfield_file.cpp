// The heightfield text format (runtime_io/heightfield_file.h): a good file loads node for node;
// every kind of damage is refused with the file, the line and what was expected.
#include <QtTest>

#include <fstream>
#include <stdexcept>
#include <string>

#include "fatgraph/runtime_io/heightfield_file.h"

using namespace fatgraph;

namespace {

const char* const kGood =
    "fatgraph-heightfield 1\n"
    "# a 3 x 2 ramp, 0.5 m cells\n"
    "3 2 0.5 -1.0 2.0\n"
    "\n"
    "0.0 0.1 0.2\n"
    "   # comment between rows\n"
    "1.0 1.1 1.25\n";

}  // namespace

class TestHeightfieldFile : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;

  std::string write(const QString& name, const std::string& text) {
    const std::string path = dir_.filePath(name).toStdString();
    std::ofstream(path) << text;
    return path;
  }

  // Loads text that must fail; checks the message names the file and line and says `what`.
  void expectError(const std::string& text, int line, const std::string& what) {
    const std::string path = write(QStringLiteral("bad.txt"), text);
    try {
      loadHeightfield(path);
      QFAIL(qPrintable(QString::fromStdString("loaded: " + text)));
    } catch (const std::runtime_error& e) {
      const std::string message = e.what();
      const std::string where = path + ":" + std::to_string(line) + ": expected ";
      QVERIFY2(message.rfind(where, 0) == 0, e.what());
      QVERIFY2(message.find(what) != std::string::npos, e.what());
    }
  }

 private slots:
  void goodFileLoads() {
    const Heightfield h = loadHeightfield(write(QStringLiteral("good.txt"), kGood));
    QCOMPARE(h.cols(), 3);
    QCOMPARE(h.rows(), 2);
    QCOMPARE(h.cellSize(), 0.5f);
    QCOMPARE(h.originX(), -1.0f);
    QCOMPARE(h.originZ(), 2.0f);
    QCOMPARE(h.heights()[5], 1.25f);
    // Row 1 is z = 2.5; column 2 is x = 0.
    QVERIFY(std::abs(h.height(0.0f, 2.5f) - 1.25f) < 1e-6f);
    QVERIFY(std::abs(h.height(-0.75f, 2.25f) - 0.55f) < 1e-6f);
    const TerrainHit hit = h.raycast({-1.0f, 5.0f, 2.0f}, {0, -1, 0}, 10.0f);
    QVERIFY(hit.hit);
    QVERIFY(std::abs(hit.point.y) < 1e-6f);
  }

  void damagedFilesNameTheLine_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("what");
    QTest::newRow("empty") << "" << 1 << "an empty file";
    QTest::newRow("bad tag") << "fatgraph-terrain 1\n3 2 1 0 0\n" << 1 << "'fatgraph-terrain 1'";
    QTest::newRow("bad version") << "fatgraph-heightfield 2\n" << 1 << "format version 1";
    QTest::newRow("short size line") << "fatgraph-heightfield 1\n3 2 1 0\n" << 2 << "5 numbers";
    QTest::newRow("cols not integer") << "fatgraph-heightfield 1\n3.5 2 1 0 0\n" << 2 << "cols";
    QTest::newRow("too few nodes") << "fatgraph-heightfield 1\n1 2 1 0 0\n0\n0\n" << 2 << ">= 2";
    QTest::newRow("zero cell") << "fatgraph-heightfield 1\n2 2 0 0 0\n0 0\n0 0\n"
                               << 2 << "cell_size > 0";
    QTest::newRow("bad number") << "fatgraph-heightfield 1\n2 2 1 0 0\n0 0\n# note\n0 0.5x\n"
                                << 5 << "'0.5x'";
    QTest::newRow("NaN height") << "fatgraph-heightfield 1\n2 2 1 0 0\n0 nan\n0 0\n"
                                << 3 << "'nan'";
    QTest::newRow("inf origin") << "fatgraph-heightfield 1\n2 2 1 inf 0\n0 0\n0 0\n"
                                << 2 << "origin_x";
    QTest::newRow("row too short") << "fatgraph-heightfield 1\n3 2 1 0 0\n0 0 0\n0 0\n"
                                   << 4 << "3 heights";
    QTest::newRow("row too long") << "fatgraph-heightfield 1\n2 2 1 0 0\n0 0 0\n0 0\n"
                                  << 3 << "2 heights";
    QTest::newRow("truncated") << "fatgraph-heightfield 1\n2 3 1 0 0\n0 0\n0 0\n"
                               << 5 << "row 2 of 3";
    QTest::newRow("no size line") << "fatgraph-heightfield 1\n# only a comment\n"
                                  << 3 << "cols rows";
    QTest::newRow("trailing data") << "fatgraph-heightfield 1\n2 2 1 0 0\n0 0\n0 0\n0 0\n"
                                   << 5 << "end of the file";
  }
  void damagedFilesNameTheLine() {
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, what);
    expectError(text.toStdString(), line, what.toStdString());
  }

  void missingFile() {
    const std::string path = dir_.filePath(QStringLiteral("absent.txt")).toStdString();
    try {
      loadHeightfield(path);
      QFAIL("loaded a missing file");
    } catch (const std::runtime_error& e) {
      const std::string message = e.what();
      QVERIFY2(message.rfind(path + ":0: ", 0) == 0 && message.find("cannot open it") != std::string::npos, e.what());
    }
  }
};

QTEST_GUILESS_MAIN(TestHeightfieldFile)
#include "test_heightfield_file.moc"
