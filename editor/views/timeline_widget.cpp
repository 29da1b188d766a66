#include "views/timeline_widget.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "views/timeline_marks.h"

namespace fatgraph::editor {

TimelineWidget::TimelineWidget(QWidget* parent)
    : QWidget(parent),
      playButton_(new QToolButton(this)),
      slider_(new QSlider(Qt::Horizontal, this)),
      marks_(new TimelineMarks(this)),
      label_(new QLabel(this)),
      speedBox_(new QComboBox(this)) {
  playButton_->setObjectName(QStringLiteral("playButton"));
  playButton_->setToolTip(tr("Play / pause (Space)"));
  playButton_->setFocusPolicy(Qt::NoFocus);
  slider_->setObjectName(QStringLiteral("frameSlider"));
  label_->setObjectName(QStringLiteral("timeLabel"));
  label_->setMinimumWidth(label_->fontMetrics().horizontalAdvance(
      QStringLiteral("frame 00000 / 00000   0000.00 s / 0000.00 s")));
  speedBox_->setObjectName(QStringLiteral("speedBox"));
  speedBox_->setToolTip(tr("Playback speed"));
  speedBox_->setFocusPolicy(Qt::NoFocus);
  for (double s : speeds()) speedBox_->addItem(tr("%1×").arg(s), s);
  speedBox_->setCurrentIndex(static_cast<int>(speeds().indexOf(1.0)));

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 2, 6, 2);
  layout->addWidget(playButton_);
  auto* sliderColumn = new QVBoxLayout;  // the marks line up under the slider
  sliderColumn->setSpacing(0);
  sliderColumn->addWidget(slider_);
  sliderColumn->addWidget(marks_);
  layout->addLayout(sliderColumn, 1);
  layout->addWidget(label_);
  layout->addWidget(speedBox_);

  timer_.setTimerType(Qt::PreciseTimer);
  connect(&timer_, &QTimer::timeout, this, &TimelineWidget::tick);
  connect(playButton_, &QToolButton::clicked, this, &TimelineWidget::togglePlayback);
  connect(slider_, &QSlider::valueChanged, this, &TimelineWidget::setFrame);
  connect(marks_, &TimelineMarks::frameClicked, this, &TimelineWidget::setFrame);
  connect(speedBox_, &QComboBox::currentIndexChanged, this,
          [this] { updateTimerInterval(); });
  setClip(0, 30.0);
}

double TimelineWidget::speed() const { return speedBox_->currentData().toDouble(); }

void TimelineWidget::setSpeed(double speed) {
  const int index = speedBox_->findData(speed);
  if (index >= 0) speedBox_->setCurrentIndex(index);
}

void TimelineWidget::setClip(int frameCount, double fps) {
  pause();
  frameCount_ = std::max(0, frameCount);
  fps_ = fps > 0 ? fps : 30.0;
  {
    const QSignalBlocker blocker(slider_);
    slider_->setRange(0, std::max(0, frameCount_ - 1));
    slider_->setValue(0);
  }
  setEnabled(frameCount_ > 0);
  marks_->setFrameCount(frameCount_);
  frame_ = -1;  // force the signal for frame 0 of the new clip
  time_ = 0.0;
  showFrame(0);
}

void TimelineWidget::setFrame(int frame) {
  if (frameCount_ <= 0) return;
  frame = std::clamp(frame, 0, frameCount_ - 1);
  time_ = frame / fps_;
  showFrame(frame);
}

void TimelineWidget::showFrame(int frame) {
  const double duration = frameCount_ > 1 ? (frameCount_ - 1) / fps_ : 0.0;
  label_->setText(tr("frame %1 / %2   %3 s / %4 s")
                      .arg(frame)
                      .arg(std::max(0, frameCount_ - 1))
                      .arg(frame / fps_, 0, 'f', 2)
                      .arg(duration, 0, 'f', 2));
  if (frame == frame_) return;
  frame_ = frame;
  {
    const QSignalBlocker blocker(slider_);
    slider_->setValue(frame);
  }
  emit frameChanged(frame);
}

void TimelineWidget::play() {
  if (playing_ || frameCount_ <= 1) return;
  playing_ = true;
  playButton_->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  clock_.start();
  updateTimerInterval();
  timer_.start();
  emit playingChanged(true);
}

void TimelineWidget::pause() {
  timer_.stop();
  playButton_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  if (!playing_) return;
  playing_ = false;
  emit playingChanged(false);
}

void TimelineWidget::togglePlayback() { playing_ ? pause() : play(); }

void TimelineWidget::updateTimerInterval() {
  // One tick per frame at the playback rate, but no faster than a 60 Hz display needs;
  // the position comes from the elapsed time, so the interval only sets smoothness.
  const double framesPerSecond = fps_ * speed();
  const int interval = static_cast<int>(std::lround(1000.0 / std::max(framesPerSecond, 1.0)));
  timer_.setInterval(std::max(interval, 16));
}

void TimelineWidget::tick() {
  const qint64 nanoseconds = clock_.nsecsElapsed();
  clock_.start();
  advance(static_cast<double>(nanoseconds) * 1e-9);
}

void TimelineWidget::advance(double seconds) {
  if (frameCount_ <= 0) return;
  const double period = frameCount_ / fps_;
  time_ = std::fmod(time_ + seconds * speed(), period);
  if (time_ < 0) time_ += period;
  // The small epsilon keeps exact frame times (k / fps) on frame k despite rounding.
  const int frame = std::min(static_cast<int>(std::floor(time_ * fps_ + 1e-6)), frameCount_ - 1);
  showFrame(frame);
}

}  // namespace fatgraph::editor
