// Every file of the optional mocap corpus at FATGRAPH_SHARED_MOCAP_DIR (all three rigs,
// including the CC_Base files that may not be redistributed in data/) imports with the
// expected counts and round-trips within 1e-4 m. Reports SKIPPED (exit 77) when the corpus is
// absent, as in a user's clone.
#include <QtTest>

#include <filesystem>

#include "bvh_roundtrip_check.h"
#include "skippable_test_main.h"

namespace fs = std::filesystem;

class TestBvhSharedCorpus : public QObject {
  Q_OBJECT
 private slots:
  void corpus_data() {
    QTest::addColumn<QString>("path");
    for (const auto& e : fs::recursive_directory_iterator(FATGRAPH_SHARED_MOCAP_DIR)) {
      if (e.path().extension() != ".bvh") continue;
      const std::string row = e.path().parent_path().filename().string() + "/" +
                              e.path().filename().string();
      QTest::newRow(row.c_str()) << QString::fromStdString(e.path().string());
    }
  }

  void corpus() {
    QFETCH(QString, path);
    const auto r = fatgraph::test::roundTrip(path.toStdString());
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY2(r.maxErrorM < 1e-4, qPrintable(QStringLiteral("max error %1 m").arg(r.maxErrorM)));
  }

  void ccBaseRigIsCentimetres() {
    const std::string path = std::string(FATGRAPH_SHARED_MOCAP_DIR) + "/cmu-iclone-dragonforged/007_04.bvh";
    const auto bvh = fatgraph::importBvh(path);
    QCOMPARE(bvh.units, fatgraph::BvhUnits::Centimetres);
    QCOMPARE(bvh.skeleton.jointCount(), 100);
    QCOMPARE(bvh.fileFrames, 225);
    QVERIFY(bvh.referencePoseDetected);  // its frame 0 is a T-pose: rotation jump 98 deg to frame 1
    // Root OFFSET (0, 105.2 cm, 0) is part of the root's translation.
    QVERIFY(std::abs(bvh.skeleton.restOffsets[0].y() - 1.052) < 1e-3);
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestBvhSharedCorpus,
                             {fs::is_directory(FATGRAPH_SHARED_MOCAP_DIR),
                              std::string(FATGRAPH_SHARED_MOCAP_DIR) +
                                  " is absent (the shared mocap corpus is not part of a clone)"})
#include "test_bvh_shared_corpus.moc"
