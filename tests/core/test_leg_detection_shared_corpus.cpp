// Leg detection on the Reallusion CC files of the shared mocap corpus (100+ joints, cm, a rest
// pose that does not stand). Those files are not redistributed, so this executable reports
// SKIPPED where the corpus is absent; the CC naming itself is covered by fixtures in
// test_leg_detection.
#include <QtTest>

#include <QDir>
#include <filesystem>
#include <string>
#include <vector>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "skippable_test_main.h"

using namespace fatgraph;

namespace {
const QString kCorpus = QString::fromUtf8(FATGRAPH_SHARED_MOCAP_DIR) + "/cmu-iclone-dragonforged";
}

class TestLegDetectionSharedCorpus : public QObject {
  Q_OBJECT
 private slots:
  void reallusionLegs() {
    const QDir dir(kCorpus);
    const QStringList files = dir.entryList({"*.bvh"}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString& f : files.mid(0, 3)) {
      const BvhImport bvh = importBvh(dir.filePath(f).toStdString());
      const LegSetup setup = detectLegs(bvh.skeleton, &bvh.clip);
      QCOMPARE(setup.legs.size(), std::size_t{2});
      QCOMPARE(setup.method, std::string("names (Reallusion CC)"));
      for (const auto& [name, side] : {std::pair{"Left", "L"}, std::pair{"Right", "R"}}) {
        const int i = setup.find(name);
        QVERIFY2(i >= 0, name);
        const Leg& leg = setup.legs[static_cast<std::size_t>(i)];
        const std::string prefix = std::string("CC_Base_") + side + "_";
        std::vector<std::string> chain;
        for (int j : leg.chain) chain.push_back(bvh.skeleton.names[static_cast<std::size_t>(j)]);
        QCOMPARE(chain, (std::vector<std::string>{prefix + "Thigh", prefix + "Calf", prefix + "Foot"}));
        QVERIFY(leg.toe >= 0);
        QCOMPARE(bvh.skeleton.names[static_cast<std::size_t>(leg.toe)], prefix + "ToeBase");
        QVERIFY(leg.length > 0.6 && leg.length < 1.2);
        QVERIFY(leg.footLength > 0.08 && leg.footLength < 0.35);
      }
    }
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestLegDetectionSharedCorpus,
                             {std::filesystem::is_directory(kCorpus.toStdString()),
                              kCorpus.toStdString() + " is absent (the shared mocap corpus is not part of a clone)"})
#include "test_leg_detection_shared_corpus.moc"
