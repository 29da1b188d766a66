// Hub suggestions and the automatic hub threshold (hub_suggestions.h): exact suggestions at
// thresholds just above the smallest row minimum, thresholds that hold when clips repeat
// exactly, and the automatic hub count's stop rule, each against an independent computation.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>

#include "fatgraph/core/io/clip_set_import.h"
#include "fatgraph/core/graph/fat_graph_builder.h"
#include "fatgraph/core/graph/graph_coverage.h"
#include "fatgraph/core/graph/hub_suggestions.h"
#include "fatgraph/core/graph/segment_cutting.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "synthetic_projects.h"

using namespace fatgraph;

namespace {
const std::string kData = FATGRAPH_DATA_DIR;
constexpr int kWindow = 10;

PoseFeatures featuresOf(const Project& p) { return PoseFeatures(p.skeleton, p.clips, p.settings.jointWeights); }

DistanceScan scanOf(const PoseFeatures& f) {
  DistanceMatrixSettings s;
  s.window = kWindow;
  return scanDistanceMatrix(f, s);
}

// Brute force over the dense matrix: every row's local minima (rowMatches with no limit).
struct BruteMinima {
  double smallestRms = std::numeric_limits<double>::infinity();
  std::vector<std::vector<double>> rows;
};
BruteMinima bruteMinima(const PoseFeatures& f) {
  BruteMinima b;
  for (int i = 0; i < f.frameCount(); ++i) {
    b.rows.push_back(distanceRow(f, i, kWindow));
    for (int j : rowMatches(f, b.rows.back(), i, kWindow, 1e9)) {
      b.smallestRms = std::min(b.smallestRms, distanceToRms(b.rows.back()[j], f, kWindow));
    }
  }
  return b;
}

// Cuts (hub frames and match-set frames) per clip of a built graph.
std::vector<int> cutsPerClip(const Project& p) {
  std::vector<int> cuts(p.clips.size(), 0);
  for (const Hub& h : p.graph.hubs) {
    ++cuts[h.frame.clip];
    for (const FrameRef& m : h.matchSet) ++cuts[m.clip];
  }
  return cuts;
}

// Left-foot strikes counted from the motion alone: minima of the foot's height that are the
// lowest within +-0.4 s.
int footStrikes(const Project& p, int clip) {
  const Clip& c = p.clips[clip];
  const int foot = p.skeleton.find("LeftFoot");
  std::vector<Quat> r(p.skeleton.jointCount());
  std::vector<Vec3> x(p.skeleton.jointCount());
  std::vector<double> h(c.frameCount());
  for (int f = 0; f < c.frameCount(); ++f) {
    clipFrameToModel(p.skeleton, c, f, r, x);
    h[f] = x[foot].y();
  }
  const int radius = static_cast<int>(0.4 * c.fps);
  int strikes = 0;
  for (int f = radius; f + radius < c.frameCount(); ++f) {
    bool lowest = true;
    for (int g = f - radius; g <= f + radius && lowest; ++g) lowest = g == f || h[f] < h[g] || (h[f] == h[g] && f < g);
    strikes += lowest;
  }
  return strikes;
}

// A clip made of `copies` exact copies of frames [first, first + length) of `source`.
Clip looped(const Clip& source, int first, int length, int copies, const std::string& name) {
  Clip out = source;
  out.name = name;
  out.rotations.clear();
  out.translations.clear();
  const size_t joints = source.rotations.size() / source.frameCount();
  const size_t moving = source.translations.size() / source.frameCount();
  for (int c = 0; c < copies; ++c) {
    out.rotations.insert(out.rotations.end(), source.rotations.begin() + (first * joints),
                         source.rotations.begin() + ((first + length) * joints));
    out.translations.insert(out.translations.end(), source.translations.begin() + (first * moving),
                            source.translations.begin() + ((first + length) * moving));
  }
  return out;
}
// The synthetic mix of the threshold tests: a walk of `loopCycles` identical cycles (a whole
// number of frames per cycle, so its minima are exact repeats), a turning and a crouched walk.
struct WalkMix {
  SyntheticWalkParams loop, turning, crouched;
};
WalkMix walkMix(int loopCycles) {
  WalkMix m;
  m.loop.period = 32.0 / 30.0;
  m.loop.cycles = loopCycles;
  m.turning.cycles = 8;
  m.turning.turningRate = 0.3;
  m.crouched.cycles = 8;
  m.crouched.crouch = 0.12;
  m.crouched.period = 1.2;
  return m;
}

}  // namespace

class TestHubSuggestions : public QObject {
  Q_OBJECT
 private slots:
  void exactSuggestionJustAboveSmallestMinimum() {
    ClipSetImport in = importClipSet({kData + "/cmu-leonardo-ono-roll/144_05.bvh"}, {});
    const PoseFeatures f = featuresOf(in.project);
    const DistanceScan scan = scanOf(f);
    const BruteMinima brute = bruteMinima(f);
    // The scan's exact per-row minima (single precision) find the real smallest minimum.
    const double scanned = *std::min_element(scan.rowMinima.begin(), scan.rowMinima.end());
    QVERIFY2(std::abs(scanned - brute.smallestRms) < 1e-4 * brute.smallestRms + 1e-6,
             qPrintable(QString::number(scanned) + " vs " + QString::number(brute.smallestRms)));

    const double threshold = brute.smallestRms * 1.002;
    size_t best = 0;
    for (int i = 0; i < f.frameCount(); ++i) {
      best = std::max(best, rowMatches(f, brute.rows[i], i, kWindow, threshold).size());
    }
    QVERIFY(best >= 1);
    const std::vector<HubSuggestion> s = suggestHubs(f, scan, threshold, 1);
    QCOMPARE(int(s.size()), 1);
    QCOMPARE(s[0].matches.size(), best);
    QCOMPARE(s[0].matches, rowMatches(f, brute.rows[s[0].frame], s[0].frame, kWindow, threshold));

    // A scan loaded from a project's cache has no per-row minima: the same answers.
    DistanceScan cached = scan;
    cached.rowMinima.clear();
    QCOMPARE(suggestHubs(f, cached, threshold, 1)[0].matches.size(), best);
    QVERIFY(std::abs(suggestHubThreshold(cached, &f).smallestMinimumRms - brute.smallestRms) < 1e-9);

    // Just below: an error quoting the real smallest minimum, not a bin edge.
    BuildOptions options;
    options.hubThresholdRms = brute.smallestRms * 0.998;
    try {
      buildMotionGraph(in.project, options);
      QFAIL("a threshold below every row minimum must be refused");
    } catch (const Error& e) {
      const QString m = QString::fromStdString(e.what());
      const QRegularExpressionMatch x = QRegularExpression(QStringLiteral("row minima range from ([0-9.e-]+) m")).match(m);
      QVERIFY2(x.hasMatch(), qPrintable(m));
      QVERIFY2(std::abs(x.captured(1).toDouble() - brute.smallestRms) < 1e-3 * brute.smallestRms, qPrintable(m));
    }
  }

  void thresholdHoldsOnRepeatedClips() {
    // 144_03 given twice, a looped cycle of it (30 exact copies of 36 frames) and the
    // ordinary walk 137_38 (the copies outnumber its frames): every walking clip's gait cycles must still be cut.
    ClipSetImport in = importClipSet({kData + "/cmu-leonardo-ono-roll/144_03.bvh",
                                      kData + "/cmu-leonardo-ono-roll/144_03.bvh",
                                      kData + "/cmu-leonardo-ono-roll/137_38.bvh"}, {});
    Project& p = in.project;
    p.clips[1].name = "144_03 again";
    p.clips.push_back(looped(p.clips[0], 200, 36, 30, "looped cycle"));
    buildMotionGraph(p);
    const std::vector<int> cuts = cutsPerClip(p);
    for (int c : {0, 1, 2}) {
      const int strikes = footStrikes(p, c);
      QVERIFY2(cuts[c] >= 0.8 * strikes, qPrintable(QString::fromStdString(p.clips[c].name) + ": " +
                                                    QString::number(cuts[c]) + " cuts, " +
                                                    QString::number(strikes) + " strikes, threshold " +
                                                    QString::number(p.graph.hubThreshold.rms)));
    }
    QVERIFY(cuts[3] >= 8);  // the looped cycle: a cut in (nearly) every copy
  }

  void repeatsDoNotMoveTheThreshold() {
    // The same walks with and without a cycle looped 30 times must get about the same
    // automatic threshold: exact repeats say nothing about how much a pose varies between
    // captures. (A whole clip given twice doubles the natural minima too; see the next test.)
    ClipSetImport in = importClipSet({kData + "/cmu-leonardo-ono-roll/144_03.bvh",
                                      kData + "/cmu-leonardo-ono-roll/137_38.bvh"}, {});
    const Project& plain = in.project;
    Project repeated = plain;
    repeated.clips.push_back(looped(plain.clips[0], 200, 36, 30, "looped cycle"));
    const PoseFeatures fPlain = featuresOf(plain), fRepeated = featuresOf(repeated);
    const HubThreshold a = suggestHubThreshold(scanOf(fPlain), &fPlain);
    const HubThreshold b = suggestHubThreshold(scanOf(fRepeated), &fRepeated);
    QVERIFY(a.repeatMinima == 0);
    QVERIFY(b.repeatMinima > 0);
    // The loop also matches 144_03's other cycles (natural-range minima that may reshape the
    // histogram a little): within 25 %, where a collapse onto the repeats would be millimetres.
    QVERIFY2(b.rms >= 0.8 * a.rms && b.rms <= 1.25 * a.rms,
             qPrintable(QString::number(a.rms) + " alone, " + QString::number(b.rms) + " with the loop"));
  }

  void loopSetsSplitAtTheirEmptyStretch_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("knight") << QStringLiteral("characters/knight.glb");
    QTest::newRow("spider") << QStringLiteral("characters/spider.glb");
  }
  void loopSetsSplitAtTheirEmptyStretch() {
    // A game character's loops (one cycle each, with variants) match within their own motion
    // and are far from the rest: the threshold lies where, by brute force over the dense
    // matrix, almost no row has a minimum (within a factor 1.2 either way), with a tenth of the
    // rows matching below it and a tenth above. The valley rule put the knight at 1.02 m,
    // merging every clip.
    QFETCH(QString, file);
    const ClipSetImport in = importClipSet({kData + "/" + file.toStdString()}, {});
    const PoseFeatures f = featuresOf(in.project);
    const HubThreshold t = suggestHubThreshold(scanOf(f), &f);
    QVERIFY2(QString::fromStdString(t.method).contains(QStringLiteral("empty stretch")), t.method.c_str());
    const BruteMinima brute = bruteMinima(f);
    int near = 0, below = 0, above = 0;
    for (int i = 0; i < f.frameCount(); ++i) {
      bool n = false, b = false, a = false;
      for (int j : rowMatches(f, brute.rows[i], i, kWindow, 1e9)) {
        const double r = distanceToRms(brute.rows[i][j], f, kWindow);
        if (r < kRepeatRms) continue;
        n = n || (r > t.rms / 1.2 && r < t.rms * 1.2);
        b = b || r < t.rms;
        a = a || r > t.rms;
      }
      near += n;
      below += b;
      above += a;
    }
    const QString counts = QStringLiteral("%1 m: %2 rows near, %3 below, %4 above of %5")
                               .arg(t.rms).arg(near).arg(below).arg(above).arg(f.frameCount());
    QVERIFY2(near <= 0.02 * f.frameCount() && below >= 0.1 * f.frameCount() && above >= 0.1 * f.frameCount(),
             qPrintable(counts));
  }

  void repeatsDoNotMoveTheSyntheticThreshold() {
    // A turning and a crouched walk, alone and beside a walk of 60 identical cycles (a whole
    // number of frames per cycle): its ~115 000 zero minima must not pull the threshold down.
    const auto [loop, turning, crouched] = walkMix(60);
    const Project plain = test::projectOf({generateBipedWalk(turning), generateBipedWalk(crouched)});
    const Project repeated =
        test::projectOf({generateBipedWalk(loop), generateBipedWalk(turning), generateBipedWalk(crouched)});
    const PoseFeatures fPlain = featuresOf(plain), fRepeated = featuresOf(repeated);
    const HubThreshold a = suggestHubThreshold(scanOf(fPlain), &fPlain);
    const HubThreshold b = suggestHubThreshold(scanOf(fRepeated), &fRepeated);
    QVERIFY2(std::abs(b.rms - a.rms) <= 0.15 * a.rms,
             qPrintable(QString::number(a.rms) + " alone, " + QString::number(b.rms) + " with the loop"));
  }

  void thresholdHoldsOnSyntheticMixes() {
    // A looped walk (a whole number of frames per cycle: exact repeats), a turning walk given
    // twice and a crouched walk: each clip's cycles are cut.
    const auto [loop, turning, crouched] = walkMix(10);
    const SyntheticMotion a = generateBipedWalk(loop), b = generateBipedWalk(turning),
                          c = generateBipedWalk(crouched);
    Project p = test::projectOf({a, b, b, c});
    buildMotionGraph(p);
    const std::vector<int> cuts = cutsPerClip(p);
    const double cycles[] = {10, 8, 8, 8};
    for (int k = 0; k < 4; ++k) {
      QVERIFY2(cuts[k] >= cycles[k] - 2, qPrintable(QString::number(k) + ": " + QString::number(cuts[k]) +
                                                   " cuts at " + QString::number(p.graph.hubThreshold.rms)));
    }
  }

  void autoHubsStopWhenCoverageStopsRising() {
    // Three walks of unrelated styles: one hub cannot cut them all.
    SyntheticWalkParams plain;
    plain.cycles = 6;
    SyntheticWalkParams crouched = plain;
    crouched.crouch = 0.15;
    crouched.armRaise = 1.2;
    crouched.period = 1.3;
    SyntheticWalkParams lively = plain;
    lively.armSwing = 0.9;
    lively.stepHeight = 0.2;
    lively.period = 0.8;
    Project p = test::projectOf({generateBipedWalk(plain), generateBipedWalk(crouched), generateBipedWalk(lively)});
    BuildOptions captured;  // the hubs' own coverage: no generated transitions between styles
    captured.transitions = false;
    const BuildReport report = buildMotionGraph(p, captured);
    const MotionGraph& g = p.graph;
    QVERIFY2(g.hubs.size() >= 3, qPrintable(QString::number(g.hubs.size())));

    // Coverage after each accepted hub, recomputed from its cuts: every hub after the first
    // raised it by at least 2 points.
    std::vector<int> frames;
    for (const Clip& c : p.clips) frames.push_back(c.frameCount());
    double before = 0.0;
    for (size_t k = 1; k <= g.hubs.size(); ++k) {
      const std::vector<Hub> first(g.hubs.begin(), g.hubs.begin() + static_cast<long>(k));
      const double now = segmentCoverage(cutSegments(first, frames).segments, frames).overall;
      if (k > 1) QVERIFY2(now - before >= 0.02 - 0.002, qPrintable(QString::number(now - before)));
      before = now;
    }
    QVERIFY(std::abs(report.coverage.overall - before) < 1e-12);
    QVERIFY(report.coverage.overall >= 0.9);
    for (const ClipCoverage& c : report.coverage.clips) QVERIFY(c.fraction >= 0.8);

    // The note names the suggestion it stopped at; accepting it would add less than 2 points.
    QString note;
    for (const std::string& n : report.notes) {
      if (QString::fromStdString(n).startsWith(QStringLiteral("stopped at"))) note = QString::fromStdString(n);
    }
    qInfo("%s", qPrintable(note));
    QVERIFY2(note.startsWith(QStringLiteral("stopped at %1 hubs").arg(g.hubs.size())), qPrintable(note));
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("clip '(clip\\d)' frame (\\d+)\\) raises coverage by only")).match(note);
    if (m.hasMatch()) {
      const int clip = m.captured(1).mid(4).toInt(), frame = m.captured(2).toInt();
      const PoseFeatures f = featuresOf(p);
      const int global = f.globalIndex({clip, frame});
      std::vector<Hub> more = g.hubs;
      Hub next;
      next.frame = {clip, frame};
      for (int j : matchSetOf(f, global, kWindow, g.hubThreshold.rms)) next.matchSet.push_back(f.frameRef(j));
      more.push_back(next);
      const double after = segmentCoverage(cutSegments(more, frames).segments, frames).overall;
      QVERIFY2(after - before < 0.02, qPrintable(QString::number(after - before)));
    } else {
      QVERIFY2(note.contains(QStringLiteral("no further suggestion matches anything")), qPrintable(note));
    }

    // --hubs N accepts exactly N, whatever the gain.
    BuildOptions five;
    five.hubCount = 5;
    buildMotionGraph(p, five);
    QCOMPARE(int(p.graph.hubs.size()), 5);
  }
};

QTEST_GUILESS_MAIN(TestHubSuggestions)
#include "test_hub_suggestions.moc"
