// Every BVH clip in data/: import -> export -> import reproduces every joint's world position
// within 1e-4 m (and the hierarchy, end sites, frame count and rate exactly).
#include <QtTest>

#include <filesystem>

#include "bvh_roundtrip_check.h"

namespace fs = std::filesystem;

class TestBvhRoundTrip : public QObject {
  Q_OBJECT
 private slots:
  void dataClips_data() {
    QTest::addColumn<QString>("path");
    int count = 0;
    for (const auto& e : fs::recursive_directory_iterator(FATGRAPH_DATA_DIR)) {
      if (e.path().extension() != ".bvh") continue;
      QTest::newRow(e.path().filename().string().c_str()) << QString::fromStdString(e.path().string());
      ++count;
    }
    QVERIFY2(count >= 3, "data/ should hold the sample clips");
  }

  void dataClips() {
    QFETCH(QString, path);
    const auto r = fatgraph::test::roundTrip(path.toStdString());
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY2(r.maxErrorM < 1e-4, qPrintable(QStringLiteral("max error %1 m").arg(r.maxErrorM)));
  }
};

QTEST_GUILESS_MAIN(TestBvhRoundTrip)
#include "test_bvh_roundtrip.moc"
