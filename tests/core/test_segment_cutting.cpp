// Cutting clips into segments at hub frames and their match sets (Fat Graph §3.1;
// docs/ALGORITHMS.md C).
#include <QTest>
#include <cmath>
#include <string>
#include <vector>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/graph/segment_cutting.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "verify_throws.h"

using namespace fatgraph;
using Hubs = std::vector<Hub>;
using Segments = std::vector<Segment>;
using Counts = std::vector<int>;
Q_DECLARE_METATYPE(Hubs)
Q_DECLARE_METATYPE(Segments)
Q_DECLARE_METATYPE(Counts)

namespace {

Hub hub(std::string name, int clip, int frame, std::vector<FrameRef> matchSet = {}) {
  return Hub{std::move(name), {clip, frame}, std::move(matchSet)};
}

QByteArray describe(const Segments& s) {
  QByteArray out = "[";
  for (const Segment& x : s) {
    out += QByteArray(" {clip ") + QByteArray::number(x.clip) + " " + QByteArray::number(x.first) +
           ".." + QByteArray::number(x.last) + " " + QByteArray::number(x.fromHub) + "->" +
           QByteArray::number(x.toHub) + "}";
  }
  return out + " ]";
}

#define COMPARE_SEGMENTS(got, expected)                                                    \
  QVERIFY2((got) == (expected),                                                           \
           (QByteArray(#got " = ") + describe(got) + " expected " + describe(expected)).constData())

}  // namespace

class TestSegmentCutting : public QObject {
  Q_OBJECT

 private slots:
  void cuts_data() {
    QTest::addColumn<Hubs>("hubs");
    QTest::addColumn<Counts>("frameCounts");
    QTest::addColumn<Segments>("segments");
    QTest::addColumn<Segments>("entries");
    QTest::addColumn<Segments>("exits");
    QTest::addColumn<QStringList>("notes");  // one substring per expected note, in order

    QTest::newRow("one hub, two match frames")
        << Hubs{hub("a", 0, 5, {{0, 15}, {0, 25}})} << Counts{30}
        << Segments{{0, 5, 15, 0, 0}, {0, 15, 25, 0, 0}} << Segments{{0, 0, 5, -1, 0}}
        << Segments{{0, 25, 29, 0, -1}} << QStringList{};

    {  // The paper's walk: 22 cuts (footsteps) give 21 segments.
      std::vector<FrameRef> ms;
      for (int k = 1; k < 22; ++k) ms.push_back({0, 10 * k});
      Segments expected;
      for (int k = 0; k < 21; ++k) expected.push_back({0, 10 * k, 10 * k + 10, 0, 0});
      QTest::newRow("paper: 22 cuts -> 21 segments")
          << Hubs{hub("step", 0, 0, ms)} << Counts{211} << expected << Segments{} << Segments{}
          << QStringList{};
    }

    QTest::newRow("two hubs alternate")
        << Hubs{hub("a", 0, 0, {{0, 20}}), hub("b", 0, 10, {{0, 30}, {0, 39}})} << Counts{40}
        << Segments{{0, 0, 10, 0, 1}, {0, 10, 20, 1, 0}, {0, 20, 30, 0, 1}, {0, 30, 39, 1, 1}}
        << Segments{} << Segments{} << QStringList{};

    QTest::newRow("match set in another clip")
        << Hubs{hub("a", 0, 5, {{1, 3}, {1, 20}})} << Counts{20, 25}
        << Segments{{1, 3, 20, 0, 0}} << Segments{{0, 0, 5, -1, 0}, {1, 0, 3, -1, 0}}
        << Segments{{0, 5, 19, 0, -1}, {1, 20, 24, 0, -1}} << QStringList{};

    QTest::newRow("clip without a cut")
        << Hubs{hub("a", 0, 10, {{0, 2}})} << Counts{20, 15} << Segments{{0, 2, 10, 0, 0}}
        << Segments{{0, 0, 2, -1, 0}, {1, 0, 14, -1, -1}} << Segments{{0, 10, 19, 0, -1}}
        << QStringList{"clip 1 has no hub cut"};

    QTest::newRow("no hubs at all")
        << Hubs{} << Counts{8, 9} << Segments{} << Segments{{0, 0, 7, -1, -1}, {1, 0, 8, -1, -1}}
        << Segments{} << QStringList{"clip 0 has no hub cut", "clip 1 has no hub cut"};

    QTest::newRow("frame claimed by two hubs: lower index keeps it")
        << Hubs{hub("a", 0, 10, {{0, 20}}), hub("b", 0, 20, {{0, 0}})} << Counts{25}
        << Segments{{0, 0, 10, 1, 0}, {0, 10, 20, 0, 0}} << Segments{}
        << Segments{{0, 20, 24, 0, -1}}
        << QStringList{"clip 0 frame 20 is claimed by hub 0 'a' and hub 1 'b'; it stays with hub 0"};

    QTest::newRow("adjacent cuts merge into the lower hub's")
        << Hubs{hub("a", 0, 10, {{0, 20}}), hub("b", 0, 11)} << Counts{30}
        << Segments{{0, 10, 20, 0, 0}} << Segments{{0, 0, 10, -1, 0}}
        << Segments{{0, 20, 29, 0, -1}} << QStringList{"merged into frame 10 (hub 0 'a')"};

    QTest::newRow("adjacent cuts: the lower hub wins even when later")
        << Hubs{hub("a", 0, 11), hub("b", 0, 10, {{0, 25}})} << Counts{30}
        << Segments{{0, 11, 25, 0, 1}} << Segments{{0, 0, 11, -1, 0}}
        << Segments{{0, 25, 29, 1, -1}} << QStringList{"merged into frame 11 (hub 0 'a')"};

    QTest::newRow("adjacent cuts of one hub keep the earlier")
        << Hubs{hub("a", 0, 10, {{0, 11}, {0, 20}})} << Counts{21}
        << Segments{{0, 10, 20, 0, 0}} << Segments{{0, 0, 10, -1, 0}} << Segments{}
        << QStringList{"frame 11 no longer cuts"};

    QTest::newRow("cuts two frames apart are kept")
        << Hubs{hub("a", 0, 10, {{0, 12}})} << Counts{13} << Segments{{0, 10, 12, 0, 0}}
        << Segments{{0, 0, 10, -1, 0}} << Segments{} << QStringList{};

    QTest::newRow("hub frame repeated in its own match set")
        << Hubs{hub("a", 0, 0, {{0, 0}, {0, 9}})} << Counts{10} << Segments{{0, 0, 9, 0, 0}}
        << Segments{} << Segments{} << QStringList{};

    QTest::newRow("empty clip")
        << Hubs{hub("a", 1, 0, {{1, 9}})} << Counts{0, 10} << Segments{{1, 0, 9, 0, 0}}
        << Segments{} << Segments{} << QStringList{"clip 0 has no frames"};

    QTest::newRow("single cut: entry and exit only")
        << Hubs{hub("a", 0, 4)} << Counts{10} << Segments{} << Segments{{0, 0, 4, -1, 0}}
        << Segments{{0, 4, 9, 0, -1}} << QStringList{};
  }
  void cuts() {
    QFETCH(Hubs, hubs);
    QFETCH(Counts, frameCounts);
    QFETCH(Segments, segments);
    QFETCH(Segments, entries);
    QFETCH(Segments, exits);
    QFETCH(QStringList, notes);
    const SegmentCutResult r = cutSegments(hubs, frameCounts);
    COMPARE_SEGMENTS(r.segments, segments);
    COMPARE_SEGMENTS(r.entries, entries);
    COMPARE_SEGMENTS(r.exits, exits);
    QStringList got;
    for (const std::string& n : r.notes) got << QString::fromStdString(n);
    QVERIFY2(got.size() == notes.size(), qPrintable(got.join(QStringLiteral(" | "))));
    for (int k = 0; k < notes.size(); ++k) {
      QVERIFY2(got[k].contains(notes[k]), qPrintable(got[k] + QStringLiteral(" lacks ") + notes[k]));
    }
    // Every frame of every clip is covered, and pieces of one clip share their cut frames.
    for (int c = 0; c < static_cast<int>(frameCounts.size()); ++c) {
      std::vector<int> cover(frameCounts[c], 0);
      for (const Segments* list : {&r.segments, &r.entries, &r.exits}) {
        for (const Segment& s : *list) {
          if (s.clip != c) continue;
          QVERIFY(s.first >= 0 && s.last < frameCounts[c] && s.first <= s.last);
          for (int f = s.first; f <= s.last; ++f) ++cover[f];
        }
      }
      for (int f = 0; f < frameCounts[c]; ++f) QVERIFY(cover[f] >= 1 && cover[f] <= 2);
    }
  }

  void invalidHubs_data() {
    QTest::addColumn<Hubs>("hubs");
    QTest::addColumn<QString>("message");
    const Hub ok = hub("ok", 0, 3, {{1, 4}});
    QTest::newRow("hub clip negative") << Hubs{ok, hub("bad", -1, 0)}
                                       << QStringLiteral("hub 1 'bad': hub frame clip -1 frame 0");
    QTest::newRow("hub clip missing") << Hubs{ok, hub("bad", 2, 0)}
                                      << QStringLiteral("hub 1 'bad': hub frame clip 2 frame 0 refers to a missing clip");
    QTest::newRow("hub frame negative") << Hubs{hub("bad", 0, -1)}
                                        << QStringLiteral("hub 0 'bad': hub frame clip 0 frame -1 is outside");
    QTest::newRow("hub frame past the end") << Hubs{hub("bad", 1, 6)}
                                            << QStringLiteral("clip 1 frame 6 is outside the clip (frames 0..5)");
    QTest::newRow("match frame past the end")
        << Hubs{ok, hub("bad", 0, 1, {{0, 4}, {0, 10}})}
        << QStringLiteral("hub 1 'bad': match-set frame clip 0 frame 10 is outside the clip (frames 0..9)");
    QTest::newRow("match clip missing") << Hubs{hub("bad", 0, 1, {{5, 0}})}
                                        << QStringLiteral("match-set frame clip 5 frame 0 refers to a missing clip");
  }
  void invalidHubs() {
    QFETCH(Hubs, hubs);
    QFETCH(QString, message);
    try {
      cutSegments(hubs, {10, 6});
      QFAIL("expected fatgraph::Error");
    } catch (const Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
  }

  void negativeFrameCountThrows() {
    FATGRAPH_VERIFY_THROWS(Error, "segment cutting: clip 1 has a negative frame count (-1)", cutSegments({}, {10, -1}));
  }

  // A synthetic walk of N cycles, one hub at a gait phase: its match set is every other frame
  // at that phase (from the generator's declared phases), so the walk is cut once per cycle.
  void syntheticWalk_data() {
    QTest::addColumn<double>("cycles");
    QTest::addColumn<double>("phase");
    QTest::addColumn<int>("expectedSegments");
    QTest::newRow("4 cycles, phase 0.2") << 4.0 << 0.2 << 3;
    QTest::newRow("4 cycles, phase 0 (cuts at both ends)") << 4.0 << 0.0 << 4;
    QTest::newRow("6 cycles, phase 0.5") << 6.0 << 0.5 << 5;
    QTest::newRow("2 cycles, phase 0.9") << 2.0 << 0.9 << 1;
  }
  void syntheticWalk() {
    QFETCH(double, cycles);
    QFETCH(double, phase);
    QFETCH(int, expectedSegments);
    SyntheticWalkParams p;
    p.period = 1.0;
    p.cycles = cycles;
    const SyntheticMotion walk = generateBipedWalk(p);
    std::vector<int> atPhase;
    for (int f = 0; f < walk.clip.frameCount(); ++f) {
      const double x = walk.truth.cyclePhases[f] - phase;
      if (std::abs(x - std::round(x)) < 1e-6) atPhase.push_back(f);
    }
    QVERIFY(atPhase.size() >= 2);
    Hub h = hub("walk", 0, atPhase.front());
    for (size_t k = 1; k < atPhase.size(); ++k) h.matchSet.push_back({0, atPhase[k]});

    const SegmentCutResult r = cutSegments({h}, {walk.clip.frameCount()});
    QCOMPARE(static_cast<int>(r.segments.size()), expectedSegments);
    const int cycleFrames = static_cast<int>(std::lround(p.period * p.fps));
    for (const Segment& s : r.segments) {
      QCOMPARE(s.fromHub, 0);
      QCOMPARE(s.toHub, 0);
      QCOMPARE(s.frameCount(), cycleFrames + 1);
    }
    QCOMPARE(static_cast<int>(r.entries.size()), atPhase.front() > 0 ? 1 : 0);
    QCOMPARE(static_cast<int>(r.exits.size()), atPhase.back() < walk.clip.frameCount() - 1 ? 1 : 0);
    QVERIFY(r.notes.empty());
  }
};

QTEST_GUILESS_MAIN(TestSegmentCutting)
#include "test_segment_cutting.moc"
