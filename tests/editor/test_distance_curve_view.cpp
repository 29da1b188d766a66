// One frame's distance row and its curve. The row is checked against an independent
// computation: the two windows' joint positions from the runtime's forward kinematics,
// aligned by a rotation about +Y found by search and the best ground translation (the
// Kovar et al. alignment by brute force, not core's closed form). The row's match set (its
// local minima below the hub threshold) must be the hub's match set as core built it, and the
// curve's clicks and drags must ask for the right frames.
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "document/document.h"
#include "document/frame_distances.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "one_hub_request.h"
#include "views/distance_curve_view.h"

using fatgraph::editor::DistanceCurveView;
using fatgraph::editor::Document;
using fatgraph::editor::FrameDistances;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

/// Joint positions (model space) of frames first..first+count-1 of `clip`, one after another.
std::vector<fatgraph::Vec3> windowPoints(const fatgraph::Skeleton& skeleton, const fatgraph::Clip& clip,
                                         int first, int count) {
  const auto n = static_cast<size_t>(skeleton.jointCount());
  std::vector<fatgraph::Vec3> points;
  std::vector<fatgraph::Quat> rotations(n);
  std::vector<fatgraph::Vec3> positions(n);
  for (int f = first; f < first + count; ++f) {
    fatgraph::clipFrameToModel(skeleton, clip, f, rotations, positions);
    points.insert(points.end(), positions.begin(), positions.end());
  }
  return points;
}

/// Sum of squared distances after rotating `b` by `angle` about +Y and moving it on the
/// ground onto `a`'s centroid (the best translation for that angle).
double alignedCost(const std::vector<fatgraph::Vec3>& a, const std::vector<fatgraph::Vec3>& b, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  std::vector<fatgraph::Vec3> turned(b.size());
  fatgraph::Vec3 meanA = fatgraph::Vec3::Zero(), meanB = fatgraph::Vec3::Zero();
  for (size_t i = 0; i < b.size(); ++i) {
    turned[i] = {c * b[i].x() + s * b[i].z(), b[i].y(), -s * b[i].x() + c * b[i].z()};
    meanA += a[i];
    meanB += turned[i];
  }
  fatgraph::Vec3 shift = (meanA - meanB) / static_cast<double>(a.size());
  shift.y() = 0.0;  // a ground translation only
  double cost = 0.0;
  for (size_t i = 0; i < a.size(); ++i) cost += (a[i] - turned[i] - shift).squaredNorm();
  return cost;
}

/// RMS metres between the windows of frames i and j (one clip), aligned as the pose distance
/// aligns them: a coarse scan of angles, then a narrowing search around the best.
double bruteForceRms(const fatgraph::Skeleton& skeleton, const fatgraph::Clip& clip, int i, int j, int window) {
  const int before = window / 2;
  const auto a = windowPoints(skeleton, clip, i - before, window);
  const auto b = windowPoints(skeleton, clip, j - before, window);
  double best = 0.0, bestCost = alignedCost(a, b, 0.0);
  const int steps = 720;
  for (int k = 1; k < steps; ++k) {
    const double angle = 2.0 * std::numbers::pi * k / steps;
    const double cost = alignedCost(a, b, angle);
    if (cost < bestCost) {
      best = angle;
      bestCost = cost;
    }
  }
  double lo = best - 2.0 * std::numbers::pi / steps, hi = best + 2.0 * std::numbers::pi / steps;
  for (int k = 0; k < 100; ++k) {  // the cost is a sinusoid in the angle: unimodal here
    const double m1 = lo + (hi - lo) / 3.0, m2 = hi - (hi - lo) / 3.0;
    if (alignedCost(a, b, m1) < alignedCost(a, b, m2)) {
      hi = m2;
    } else {
      lo = m1;
    }
  }
  return std::sqrt(alignedCost(a, b, (lo + hi) / 2.0) / static_cast<double>(a.size()));
}

void sendMouse(QWidget* widget, QEvent::Type type, const QPointF& at, Qt::MouseButtons buttons,
               Qt::KeyboardModifiers modifiers = {}) {
  QMouseEvent event(type, at, widget->mapToGlobal(at), type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton,
                    buttons, modifiers);
  QCoreApplication::sendEvent(widget, &event);
}

}  // namespace

class TestDistanceCurveView : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCOMPARE(doc_.openFile(kRoll), QString());
    QCOMPARE(doc_.buildGraph(oneHubRequest()), QString());
    QCOMPARE(doc_.graph().hubs.size(), size_t(1));
  }

  void rowEqualsIndependentComputation_data() {
    QTest::addColumn<int>("column");
    for (int j : {40, 300, 611, 900, 1050}) QTest::addRow("frame %d", j) << j;
  }

  void rowEqualsIndependentComputation() {
    QFETCH(int, column);
    const fatgraph::Hub& hub = doc_.graph().hubs[0];
    FrameDistances distances(&doc_);
    distances.request(hub.frame.clip, hub.frame.frame);
    distances.waitForRow();
    const auto row = distances.row();
    QVERIFY(row);
    QCOMPARE(row->frame, hub.frame);
    const int window = doc_.project().settings.window;
    QCOMPARE(row->window, window);
    QCOMPARE(static_cast<int>(row->rms.size()), doc_.clip(0).frameCount());
    const double expected = bruteForceRms(doc_.skeleton(), doc_.clip(0), hub.frame.frame, column, window);
    const double actual = row->rms[static_cast<size_t>(column)];
    QVERIFY2(std::abs(actual - expected) < 1e-5,
             qPrintable(QStringLiteral("%1 against %2").arg(actual).arg(expected)));
  }

  // Eight copies of the walk are too much work for the GUI thread: the row is computed on the
  // pool, the newest request wins, and the same frame of every copy is at distance zero.
  void largeProjectsOnThePool() {
    Document doc;
    for (int copy = 0; copy < 8; ++copy) QCOMPARE(doc.openFile(kRoll), QString());
    const double work = 8.0 * doc.clip(0).frameCount() * doc.project().settings.window *
                        doc.skeleton().jointCount();
    QVERIFY(work > FrameDistances::kSynchronousWork);
    FrameDistances distances(&doc);
    distances.request(2, 150);
    QVERIFY(distances.isComputing());
    distances.request(3, 200);  // replaces the first before it is shown
    distances.waitForRow();
    const auto row = distances.row();
    QVERIFY(row);
    QCOMPARE(row->frame, (fatgraph::FrameRef{3, 200}));
    QVERIFY(row->matches.empty());  // no graph, no threshold
    const int frames = doc.clip(0).frameCount();
    for (int copy = 0; copy < 8; ++copy) {
      QVERIFY2(row->rms[static_cast<size_t>(copy * frames + 200)] < 1e-6, qPrintable(QString::number(copy)));
      QVERIFY(row->rms[static_cast<size_t>(copy * frames + 260)] > 0.01);
    }
  }

  void undefinedAtClipEnds() {
    FrameDistances distances(&doc_);
    distances.request(0, 100);
    distances.waitForRow();
    const auto row = distances.row();
    QVERIFY(row);
    QVERIFY(std::isinf(row->rms.front()));  // its window starts before the clip
    QVERIFY(std::isinf(row->rms.back()));
    QVERIFY(row->rms[100] < 1e-6);  // itself, up to the closed form's rounding
  }

  void minimaAreTheHubsMatchSet() {
    const fatgraph::Hub& hub = doc_.graph().hubs[0];
    FrameDistances distances(&doc_);
    distances.request(hub.frame.clip, hub.frame.frame);
    distances.waitForRow();
    const auto row = distances.row();
    QCOMPARE(row->thresholdRms, doc_.graph().hubThreshold.rms);
    std::vector<int> expected;
    for (const fatgraph::FrameRef& m : hub.matchSet) expected.push_back(m.frame);  // one clip
    QCOMPARE(row->matches, expected);
    QVERIFY(expected.size() >= 3);
    for (int g : row->matches) QVERIFY(row->rms[static_cast<size_t>(g)] < row->thresholdRms);

    DistanceCurveView view;
    view.resize(700, 260);
    view.setProject(doc_.project());
    view.setRow(row);
    view.setSelectedHub(0);
    QCOMPARE(view.hubMatches(), expected);
    QVERIFY(!view.grab().isNull());
  }

  void clicksAndDrags() {
    const fatgraph::Hub& hub = doc_.graph().hubs[0];
    FrameDistances distances(&doc_);
    distances.request(hub.frame.clip, hub.frame.frame);
    distances.waitForRow();
    DistanceCurveView view;
    view.resize(1400, 260);
    view.setProject(doc_.project());
    view.setRow(distances.row());
    QSignalSpy frames(&view, &DistanceCurveView::frameRequested);
    QSignalSpy toggles(&view, &DistanceCurveView::matchToggleRequested);
    QSignalSpy moves(&view, &DistanceCurveView::matchMoveRequested);
    const double y = view.plotRect().center().y();

    // A plain click shows the frame under the mouse.
    sendMouse(&view, QEvent::MouseButtonPress, {view.xOf(500), y}, Qt::LeftButton);
    sendMouse(&view, QEvent::MouseButtonRelease, {view.xOf(500), y}, Qt::NoButton);
    QCOMPARE(frames.count(), 1);
    QCOMPARE(frames.at(0).at(1).toInt(), 500);
    // Without a hub, Ctrl+click edits nothing.
    sendMouse(&view, QEvent::MouseButtonPress, {view.xOf(500), y}, Qt::LeftButton, Qt::ControlModifier);
    QCOMPARE(toggles.count(), 0);

    view.setSelectedHub(0);
    const int match = hub.matchSet[1].frame;
    // Ctrl+click a pixel beside a match: the match itself is asked to be toggled.
    sendMouse(&view, QEvent::MouseButtonPress, {view.xOf(match) + 2.0, y}, Qt::LeftButton, Qt::ControlModifier);
    QCOMPARE(toggles.count(), 1);
    QCOMPARE(toggles.at(0).at(1).toInt(), match);
    // Ctrl+click far from any mark: that frame.
    int lonely = 20;
    while (std::find_if(hub.matchSet.begin(), hub.matchSet.end(), [&](const fatgraph::FrameRef& m) {
             return std::abs(m.frame - lonely) < 20;
           }) != hub.matchSet.end()) {
      lonely += 20;
    }
    sendMouse(&view, QEvent::MouseButtonPress, {view.xOf(lonely), y}, Qt::LeftButton, Qt::ControlModifier);
    QCOMPARE(toggles.count(), 2);
    QVERIFY(std::abs(toggles.at(1).at(1).toInt() - lonely) <= 12);  // the frame, or a ring nearby

    // Dragging a match asks once, on release, to move it.
    sendMouse(&view, QEvent::MouseButtonPress, {view.xOf(match), y}, Qt::LeftButton);
    sendMouse(&view, QEvent::MouseMove, {view.xOf(match + 2), y}, Qt::LeftButton);
    sendMouse(&view, QEvent::MouseMove, {view.xOf(match + 4), y}, Qt::LeftButton);
    QCOMPARE(moves.count(), 0);
    sendMouse(&view, QEvent::MouseButtonRelease, {view.xOf(match + 4), y}, Qt::NoButton);
    QCOMPARE(moves.count(), 1);
    QCOMPARE(moves.at(0).at(0).toInt(), 0);
    QCOMPARE(moves.at(0).at(1).toInt(), match);
    QCOMPARE(moves.at(0).at(2).toInt(), match + 4);
  }

 private:
  Document doc_;
};

QTEST_MAIN(TestDistanceCurveView)
#include "test_distance_curve_view.moc"
