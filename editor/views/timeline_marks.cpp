#include "views/timeline_marks.h"

#include <QMouseEvent>
#include <QPainter>
#include <QStyle>
#include <QStyleOptionSlider>

#include <algorithm>
#include <cmath>

namespace fatgraph::editor {
namespace {

const QColor kHubColour(64, 220, 255);
constexpr double kSnapPixels = 4.0;

}  // namespace

TimelineMarks::TimelineMarks(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("timelineMarks"));
  setFixedHeight(9);
  setToolTip(tr("The selected hub (tall) and its matches in this clip; Ctrl+click adds or "
                "removes a match"));
}

void TimelineMarks::setFrameCount(int frameCount) {
  frameCount_ = std::max(0, frameCount);
  update();
}

void TimelineMarks::setMarks(int hubFrame, std::vector<int> matches) {
  hubFrame_ = hubFrame;
  matches_ = std::move(matches);
  update();
}

double TimelineMarks::handleLength() const {
  QStyleOptionSlider option;
  option.orientation = Qt::Horizontal;
  return style()->pixelMetric(QStyle::PM_SliderLength, &option, this);
}

double TimelineMarks::xOf(int frame) const {
  const double handle = handleLength();
  const int span = std::max(1, width() - static_cast<int>(handle));
  return handle / 2.0 +
         QStyle::sliderPositionFromValue(0, std::max(0, frameCount_ - 1), frame, span);
}

int TimelineMarks::frameAt(double x) const {
  const double handle = handleLength();
  const int span = std::max(1, width() - static_cast<int>(handle));
  return QStyle::sliderValueFromPosition(0, std::max(0, frameCount_ - 1),
                                         static_cast<int>(std::lround(x - handle / 2.0)), span);
}

void TimelineMarks::paintEvent(QPaintEvent*) {
  if (frameCount_ <= 0) return;
  QPainter painter(this);
  painter.setPen(QPen(kHubColour, 2.0));
  for (int f : matches_) painter.drawLine(QPointF(xOf(f), height() * 0.4), QPointF(xOf(f), height()));
  if (hubFrame_ >= 0) {
    painter.setPen(QPen(kHubColour.lighter(130), 3.0));
    painter.drawLine(QPointF(xOf(hubFrame_), 0), QPointF(xOf(hubFrame_), height()));
  }
}

void TimelineMarks::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton || frameCount_ <= 0) return;
  int frame = frameAt(event->position().x());
  double nearest = kSnapPixels;
  for (int f : matches_) {  // snap to the nearest mark nearby: marks are thin
    const double d = std::abs(xOf(f) - event->position().x());
    if (d <= nearest) {
      frame = f;
      nearest = d;
    }
  }
  if (event->modifiers() & Qt::ControlModifier) {
    emit toggleRequested(frame);
  } else {
    emit frameClicked(frame);
  }
}

}  // namespace fatgraph::editor
