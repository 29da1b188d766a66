// Hub suggestions a user accepts or rejects (hub_ranking.h, reject_hub): the ranked list
// starts with what accept_hub takes and goes on in acceptance order, leaves out hubs and
// rejected frames (with the frames within a pose window of them), and a rejection survives
// re-derivations, a new build and a save and load; a bad rejection names what is wrong and
// changes nothing. On the sample figure-8 walk (data/, shipped with the repository).
#include <QtTest>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_edits.h"
#include "fatgraph/core/graph/hub_ranking.h"
#include "fatgraph/core/io/project_store.h"
#include "verify_throws.h"

using namespace fatgraph;

namespace {

const std::string kData = FATGRAPH_DATA_DIR;

std::string rejectEdit(const RankedHubSuggestion& s) {
  return "{\"op\": \"reject_hub\", \"clip\": \"" + s.clipName + "\", \"frame\": " + std::to_string(s.sourceFrame) + "}";
}

// The global frame of the hub added last.
int lastHubFrame(const Project& p) {
  int start = 0;
  const FrameRef f = p.graph.hubs.back().frame;
  for (int c = 0; c < f.clip; ++c) start += p.clips[c].frameCount();
  return start + f.frame;
}

bool nearAny(int frame, const std::vector<int>& frames, int window) {
  return std::any_of(frames.begin(), frames.end(), [&](int g) { return std::abs(g - frame) <= window; });
}

}  // namespace

class TestHubReview : public QObject {
  Q_OBJECT
  Project base_;
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    base_ = importClipSet({kData + "/cmu-leonardo-ono-roll/144_03.bvh"}, {}).project;
    BuildOptions one;
    one.hubCount = 1;
    buildMotionGraph(base_, one);
    QCOMPARE(int(base_.graph.hubs.size()), 1);
  }

  // accept_hub takes the ranked suggestions one after another.
  void rankedListIsAcceptanceOrder() {
    const auto ranked = rankHubSuggestions(base_, 3);
    QVERIFY(ranked.size() >= 2);
    Project p = base_;
    for (size_t k = 0; k < 2; ++k) {
      applyGraphEdit(p, R"({"op": "accept_hub"})");
      QCOMPARE(lastHubFrame(p), ranked[k].globalFrame);
      QCOMPARE(p.graph.hubs.back().frame.clip, ranked[k].clip);
      QCOMPARE(p.graph.hubs.back().frame.frame, ranked[k].frame);
      // Its match set is the suggestion's.
      QCOMPARE(int(p.graph.hubs.back().matchSet.size()), ranked[k].matchCount);
    }
    for (const RankedHubSuggestion& s : ranked) {
      QCOMPARE(s.clipName, std::string("144_03"));
      // Source frames at 120 fps, working ones at 30: four source frames per working frame,
      // counted from the file's first frame.
      QCOMPARE(s.sourceFrame, base_.clips[0].sourceFirstFrame + 4 * s.frame);
      QVERIFY(s.coverageGain >= 0.0 && s.coverageGain <= 1.0);
      QVERIFY(s.matchCount > 0);
      QVERIFY(s.globalFrame != lastHubFrame(base_));
    }
    // The list after accepting the first continues where the first list did.
    Project q = base_;
    applyGraphEdit(q, R"({"op": "accept_hub"})");
    const auto after = rankHubSuggestions(q, 1);
    QCOMPARE(after.front().globalFrame, ranked[1].globalFrame);
  }

  void rejectedFrameIsNeverOfferedAgain() {
    const auto ranked = rankHubSuggestions(base_, 1);
    Project p = base_;
    applyGraphEdit(p, rejectEdit(ranked.front()));
    QCOMPARE(p.settings.hubRejections.size(), size_t(1));
    QCOMPARE(p.graph.hubs.size(), base_.graph.hubs.size());  // the graph stays as it is
    const int window = p.settings.window;
    const std::vector<int> rejected{ranked.front().globalFrame};
    const auto now = rankHubSuggestions(p, 5);
    QVERIFY(!now.empty());
    for (const RankedHubSuggestion& s : now) QVERIFY2(!nearAny(s.globalFrame, rejected, window), "offered again");
    applyGraphEdit(p, R"({"op": "accept_hub"})");
    QCOMPARE(lastHubFrame(p), now.front().globalFrame);

    // A re-derivation (the hub threshold changed) keeps the rejection.
    Project q = base_;
    applyGraphEdit(q, rejectEdit(ranked.front()));
    applyGraphEdit(q, "{\"op\": \"set_hub_threshold\", \"metres\": " + std::to_string(q.graph.hubThreshold.rms * 1.02) + "}");
    QCOMPARE(q.settings.hubRejections.size(), size_t(1));
    for (const RankedHubSuggestion& s : rankHubSuggestions(q, 3)) QVERIFY(!nearAny(s.globalFrame, rejected, window));

    // So does a new build: its automatic hubs avoid the frame too.
    BuildOptions two;
    two.hubCount = 2;
    buildMotionGraph(q, two);
    QCOMPARE(q.settings.hubRejections.size(), size_t(1));
    for (const Hub& h : q.graph.hubs) {
      QVERIFY2(!nearAny(h.frame.frame, rejected, window),
               qPrintable(QStringLiteral("hub at %1, rejected %2, window %3")
                              .arg(h.frame.frame).arg(rejected.front()).arg(window)));
    }
  }

  void rejectionSurvivesSaveAndLoad() {
    Project p = base_;
    const auto ranked = rankHubSuggestions(p, 2);
    applyGraphEdit(p, rejectEdit(ranked[0]));
    applyGraphEdit(p, rejectEdit(ranked[1]));
    const std::string path = dir_.filePath(QStringLiteral("rejections.fgproj")).toStdString();
    saveProject(p, path);
    const Project loaded = loadProject(path);
    QVERIFY(loaded.settings.hubRejections == p.settings.hubRejections);
    QCOMPARE(loaded.settings.hubRejections[1].clip, std::string("144_03"));
    QCOMPARE(loaded.settings.hubRejections[1].sourceFrame, ranked[1].sourceFrame);
    const auto before = rankHubSuggestions(p, 3), after = rankHubSuggestions(loaded, 3);
    QCOMPARE(after.size(), before.size());
    for (size_t k = 0; k < before.size(); ++k) QCOMPARE(after[k].globalFrame, before[k].globalFrame);
  }

  void badRejectionNamesWhatIsWrong_data() {
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("named");
    QTest::newRow("unknown clip") << R"({"op": "reject_hub", "clip": "144_99", "frame": 40})" << "144_99";
    QTest::newRow("frame outside") << R"({"op": "reject_hub", "clip": "144_03", "frame": 99999})" << "99999";
    QTest::newRow("negative frame") << R"({"op": "reject_hub", "clip": "144_03", "frame": -50})" << "-50";
    QTest::newRow("frame text") << R"({"op": "reject_hub", "clip": "144_03", "frame": "40"})" << "frame";
    QTest::newRow("no clip") << R"({"op": "reject_hub", "frame": 40})" << "clip";
  }
  void badRejectionNamesWhatIsWrong() {
    QFETCH(QString, edit);
    QFETCH(QString, named);
    Project p = base_;
    try {
      applyGraphEdit(p, edit.toStdString());
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(named), e.what());
    }
    QVERIFY(p.settings.hubRejections.empty());
    QCOMPARE(p.edits.size(), base_.edits.size());
  }

  void hubAndRepeatRejectionsAreRefused() {
    Project p = base_;
    const Clip& clip = p.clips[0];
    const int hubSource = clip.sourceFirstFrame + 4 * p.graph.hubs[0].frame.frame;
    try {
      applyGraphEdit(p, "{\"op\": \"reject_hub\", \"clip\": \"144_03\", \"frame\": " + std::to_string(hubSource) + "}");
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("hub0")), e.what());
    }
    const auto ranked = rankHubSuggestions(p, 1);
    applyGraphEdit(p, rejectEdit(ranked.front()));
    FATGRAPH_VERIFY_THROWS(Error, "the frame is already rejected", applyGraphEdit(p, rejectEdit(ranked.front())));
    QCOMPARE(p.settings.hubRejections.size(), size_t(1));
  }

  void badCountIsRefused() {
    FATGRAPH_VERIFY_THROWS(Error, "hub suggestions: count must not be negative", rankHubSuggestions(base_, -1));
    QVERIFY(rankHubSuggestions(base_, 0).empty());
  }
};

QTEST_GUILESS_MAIN(TestHubReview)
#include "test_hub_review.moc"
