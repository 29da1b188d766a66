// The timeline: frame changes emit one signal, explicit ticks advance and loop at the clip's
// rate times the speed, and the timer drives playback.
#include <QComboBox>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include "views/timeline_widget.h"
#include "editor/wait_until.h"

using fatgraph::editor::TimelineWidget;

class TestTimelineWidget : public QObject {
  Q_OBJECT

 private slots:
  void setFrameEmitsOnce() {
    TimelineWidget timeline;
    timeline.setClip(100, 30.0);
    QSignalSpy spy(&timeline, &TimelineWidget::frameChanged);
    timeline.setFrame(10);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 10);
    timeline.setFrame(10);
    QCOMPARE(spy.count(), 1);
    timeline.setFrame(1000);  // clamped to the last frame
    QCOMPARE(timeline.frame(), 99);
    timeline.setFrame(-5);
    QCOMPARE(timeline.frame(), 0);
    QCOMPARE(timeline.findChild<QSlider*>()->value(), 0);
  }

  void sliderMovesTheFrame() {
    TimelineWidget timeline;
    timeline.setClip(50, 30.0);
    QSignalSpy spy(&timeline, &TimelineWidget::frameChanged);
    timeline.findChild<QSlider*>(QStringLiteral("frameSlider"))->setValue(42);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(timeline.frame(), 42);
  }

  void setClipGoesToFrameZero() {
    TimelineWidget timeline;
    timeline.setClip(100, 30.0);
    timeline.setFrame(50);
    QSignalSpy spy(&timeline, &TimelineWidget::frameChanged);
    timeline.setClip(20, 120.0);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(timeline.frame(), 0);
    QCOMPARE(timeline.findChild<QSlider*>()->maximum(), 19);
  }

  void advance_data() {
    QTest::addColumn<int>("start");
    QTest::addColumn<double>("speed");
    QTest::addColumn<double>("seconds");
    QTest::addColumn<int>("expected");
    // 100 frames at 30 fps: one loop lasts 100 / 30 s.
    QTest::newRow("one second") << 0 << 1.0 << 1.0 << 30;
    QTest::newRow("half speed") << 0 << 0.5 << 1.0 << 15;
    QTest::newRow("quarter speed") << 0 << 0.25 << 2.0 << 15;
    QTest::newRow("double speed") << 10 << 2.0 << 0.5 << 40;
    QTest::newRow("tiny step stays") << 7 << 1.0 << 0.01 << 7;
    QTest::newRow("loops") << 90 << 1.0 << 1.0 << 20;
    QTest::newRow("exactly one loop") << 5 << 1.0 << 100.0 / 30.0 << 5;
  }

  void advance() {
    QFETCH(int, start);
    QFETCH(double, speed);
    QFETCH(double, seconds);
    QFETCH(int, expected);
    TimelineWidget timeline;
    timeline.setClip(100, 30.0);
    timeline.setSpeed(speed);
    QCOMPARE(timeline.speed(), speed);
    timeline.setFrame(start);
    timeline.advance(seconds);
    QCOMPARE(timeline.frame(), expected);
  }

  void ticksAccumulate() {
    TimelineWidget timeline;
    timeline.setClip(240, 120.0);
    QSignalSpy spy(&timeline, &TimelineWidget::frameChanged);
    for (int i = 0; i < 60; ++i) timeline.advance(1.0 / 60.0);  // one second of 60 Hz ticks
    QCOMPARE(timeline.frame(), 120);
    QCOMPARE(spy.count(), 60);
  }

  void speedsOffered() {
    TimelineWidget timeline;
    auto* box = timeline.findChild<QComboBox*>(QStringLiteral("speedBox"));
    QVERIFY(box);
    QCOMPARE(box->count(), 4);
    QCOMPARE(timeline.speed(), 1.0);
    QCOMPARE(box->itemText(0), QStringLiteral("0.25×"));
  }

  void timerPlaysAndLoops() {
    TimelineWidget timeline;
    timeline.setClip(10, 100.0);  // a 0.1 s loop
    QSignalSpy playing(&timeline, &TimelineWidget::playingChanged);
    QSignalSpy frames(&timeline, &TimelineWidget::frameChanged);
    timeline.play();
    QVERIFY(timeline.isPlaying());
    QCOMPARE(playing.count(), 1);
    waitUntil([&] { return frames.count() >= 12; });  // more than one loop
    bool looped = false;
    for (int i = 1; i < frames.count(); ++i) {
      looped |= frames.at(i).at(0).toInt() < frames.at(i - 1).at(0).toInt();
    }
    QVERIFY(looped);
    timeline.togglePlayback();
    QVERIFY(!timeline.isPlaying());
    QCOMPARE(playing.count(), 2);
    const int stopped = timeline.frame();
    QTest::qWait(100);
    QCOMPARE(timeline.frame(), stopped);
  }

  void cannotPlayEmptyOrSingleFrame() {
    TimelineWidget timeline;
    timeline.play();
    QVERIFY(!timeline.isPlaying());
    timeline.setClip(1, 30.0);
    timeline.play();
    QVERIFY(!timeline.isPlaying());
    timeline.setClip(10, 30.0);
    timeline.play();
    timeline.setClip(10, 30.0);  // a new clip stops playback
    QVERIFY(!timeline.isPlaying());
  }
};

QTEST_MAIN(TestTimelineWidget)
#include "test_timeline_widget.moc"
