// The legs' key-time tracks and footprints (document/leg_tracks.h) and their timeline widget
// (views/key_time_track.h): on the synthetic biped walk, whose contacts the generator
// declares, the tracks are the cycle analysis's key times placed on the clip's frames, the
// contacts land on the declared stances and the footprints where the feet stood; a rig
// without legs gives a message instead of tracks; the widget's tooltips name the times and a
// click asks for the frame under it.
#include <QSignalSpy>
#include <QTest>

#include <cmath>

#include "fatgraph/core/locomotion/cycle_analysis.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/test_support/synthetic_motion.h"
#include "document/leg_tracks.h"
#include "views/key_time_track.h"

using fatgraph::editor::ClipLegTracks;
using fatgraph::editor::computeClipLegTracks;
using fatgraph::editor::ContactSpan;
using fatgraph::editor::KeyTimeTrack;

namespace {

/// The synthetic footprint of `leg` whose stance overlaps `span` the most, or null.
const fatgraph::SyntheticFootprint* declaredStance(const fatgraph::SyntheticLeg& leg,
                                                   const ContactSpan& span) {
  const fatgraph::SyntheticFootprint* best = nullptr;
  double bestOverlap = 0;
  for (const auto& print : leg.footprints) {
    const double overlap = std::min<double>(span.off, print.lastFrame) -
                           std::max<double>(span.strike, print.firstFrame);
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = &print;
    }
  }
  return best;
}

}  // namespace

class TestLegTracks : public QObject {
  Q_OBJECT

 private:
  fatgraph::SyntheticMotion walk_;
  fatgraph::LegSetup legs_;
  ClipLegTracks tracks_;

 private slots:
  void initTestCase() {
    fatgraph::SyntheticWalkParams params;
    params.cycles = 5;
    walk_ = fatgraph::generateBipedWalk(params);
    legs_ = fatgraph::detectLegs(walk_.skeleton, &walk_.clip);
    QCOMPARE(legs_.legs.size(), size_t{2});
    tracks_ = computeClipLegTracks(walk_.skeleton, walk_.clip, legs_);
    QVERIFY2(!tracks_.empty(), qPrintable(tracks_.message));
  }

  void contactsAreTheAnalysisKeyTimes() {
    const auto cycles = fatgraph::analyzeClipCycles(walk_.skeleton, walk_.clip, legs_);
    QCOMPARE(tracks_.cycles, static_cast<int>(cycles.size()));
    for (size_t l = 0; l < legs_.legs.size(); ++l) {
      const auto& track = tracks_.legs[l];
      QCOMPARE(track.name, QString::fromStdString(legs_.legs[l].name));
      for (const auto& cycle : cycles) {
        if (!cycle.valid) continue;
        const auto& leg = cycle.legs[l];
        const double length = cycle.lastFrame - cycle.firstFrame;
        const double stance = cycle.firstFrame + leg.stanceTime * length;
        const double strike = stance - (1 - leg.keys.footStrike) * length;
        const double off = stance + leg.keys.footOff * length;
        // Each analysed contact lies inside one track span (spans only merge, never shrink).
        bool found = false;
        for (const ContactSpan& span : track.contacts) {
          found = found || (span.strike <= strike + 1e-9 && span.off >= off - 1e-9);
        }
        QVERIFY2(found, qPrintable(QStringLiteral("%1: contact %2-%3 missing")
                                       .arg(track.name).arg(strike).arg(off)));
      }
      for (size_t i = 1; i < track.contacts.size(); ++i) {
        QVERIFY(track.contacts[i].strike > track.contacts[i - 1].off);  // no overlap
      }
    }
  }

  void contactsMatchTheDeclaredStances() {
    for (size_t l = 0; l < legs_.legs.size(); ++l) {
      const auto& declared = walk_.truth.legs[l];
      int compared = 0;
      for (const ContactSpan& span : tracks_.legs[l].contacts) {
        if (span.strike < 0 || span.off > walk_.clip.frameCount() - 1) continue;
        const auto* stance = declaredStance(declared, span);
        QVERIFY(stance != nullptr);
        // Key times within 2 frames of the declaration (the bar for the analysis),
        // plus half a frame for the stance's rounding to whole frames.
        QVERIFY2(std::abs(span.strike - stance->firstFrame) <= 2.5,
                 qPrintable(QStringLiteral("strike %1 vs %2").arg(span.strike).arg(stance->firstFrame)));
        QVERIFY2(std::abs(span.off - stance->lastFrame) <= 2.5,
                 qPrintable(QStringLiteral("off %1 vs %2").arg(span.off).arg(stance->lastFrame)));
        QVERIFY(span.stance >= span.strike && span.stance <= span.off);
        ++compared;
      }
      QVERIFY(compared >= 3);
      QVERIFY(!tracks_.legs[l].lifts.empty());
      QVERIFY(!tracks_.legs[l].lands.empty());
    }
  }

  void footprintsStandWhereTheFeetStood() {
    QVERIFY(tracks_.footprints.size() >= 6);
    for (const auto& print : tracks_.footprints) {
      const auto& declared = walk_.truth.legs[static_cast<size_t>(print.leg)];
      const auto* stance = declared.stanceAtFrame(print.frame);
      QVERIFY2(stance != nullptr, qPrintable(QStringLiteral("frame %1").arg(print.frame)));
      // The footprint runs heel -> toe along the declared foot: its toe end near the toe
      // tip, on the floor, one foot long.
      const QVector3D tip(stance->toeTip.x(), stance->toeTip.y(), stance->toeTip.z());
      const QVector3D toe = print.toe;
      QVERIFY2(std::hypot(toe.x() - tip.x(), toe.z() - tip.z()) < 0.05,
               qPrintable(QStringLiteral("toe off by %1 m")
                              .arg(std::hypot(toe.x() - tip.x(), toe.z() - tip.z()))));
      QVERIFY(std::abs(print.heel.y() - walk_.truth.floorHeight) < 0.03);
    }
    // One footbase path per analysed cycle and leg, one point per frame of the cycle.
    QCOMPARE(tracks_.footbasePaths.size(), size_t{2});
    QVERIFY(!tracks_.footbasePaths[0].empty());
    QVERIFY(tracks_.footbasePaths[0].front().size() > 10);
  }

  void noLegsGiveAMessage() {
    const ClipLegTracks none = computeClipLegTracks(walk_.skeleton, walk_.clip, {});
    QVERIFY(none.empty());
    QVERIFY(none.message.contains(QStringLiteral("Detect legs")));
  }

  void trackWidgetShowsTimesAndSeeks() {
    KeyTimeTrack widget;
    widget.resize(800, widget.sizeHint().height());
    widget.setClip(walk_.clip.frameCount(), walk_.clip.fps);
    widget.setTracks(nullptr, true);
    QVERIFY(widget.message().contains(QStringLiteral("Analysing")));
    widget.setTracks(std::make_shared<const ClipLegTracks>(tracks_));
    QCOMPARE(widget.sizeHint().height(), 4 + 2 * 18);  // one row per leg
    const ContactSpan& span = tracks_.legs[1].contacts[1];
    // Row 1 (Right), over the middle of its second contact, away from the ticks.
    const QPoint middle(static_cast<int>(widget.xOf((span.strike + span.stance) / 2)), 2 + 18 + 9);
    const QString tip = widget.toolTipAt(middle);
    QVERIFY2(tip.contains(QStringLiteral("on the ground")) &&
                 tip.contains(QStringLiteral("foot-strike")) &&
                 tip.contains(tracks_.legs[1].name),
             qPrintable(tip));
    const double lift = tracks_.legs[0].lifts[1];
    QVERIFY(widget.toolTipAt(QPoint(static_cast<int>(std::lround(widget.xOf(lift))), 10))
                .contains(QStringLiteral("foot-lift")));
    QSignalSpy seek(&widget, &KeyTimeTrack::frameRequested);
    QTest::mouseClick(&widget, Qt::LeftButton, {}, middle);
    QCOMPARE(seek.count(), 1);
    QVERIFY(std::abs(seek.at(0).at(0).toInt() - (span.strike + span.stance) / 2) <= 1.5);
    const QImage image = widget.grab().toImage();  // paints without a crash
    QVERIFY(!image.isNull());
  }
};

QTEST_MAIN(TestLegTracks)
#include "test_leg_tracks.moc"
