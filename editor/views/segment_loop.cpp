#include "views/segment_loop.h"

#include <algorithm>

#include "views/timeline_widget.h"

namespace fatgraph::editor {

SegmentLoop::SegmentLoop(TimelineWidget* timeline, QObject* parent)
    : QObject(parent), timeline_(timeline) {
  connect(timeline, &TimelineWidget::frameChanged, this, &SegmentLoop::frameShown);
  // Paused by the user, or a new clip set (which pauses): the loop is over.
  connect(timeline, &TimelineWidget::playingChanged, this, [this](bool playing) {
    if (!playing) active_ = false;
  });
}

void SegmentLoop::play(int first, int last) {
  if (timeline_ == nullptr || timeline_->frameCount() <= 0) return;
  first_ = std::clamp(first, 0, timeline_->frameCount() - 1);
  last_ = std::clamp(last, first_, timeline_->frameCount() - 1);
  active_ = false;  // the jump below must not be taken for leaving the range
  timeline_->setFrame(first_);
  timeline_->play();
  active_ = timeline_->isPlaying();
}

void SegmentLoop::stop() { active_ = false; }

void SegmentLoop::frameShown(int frame) {
  if (!active_ || (frame >= first_ && frame <= last_)) return;
  // Past the range's end (or wrapped round the clip): from its start again. setFrame also
  // moves the timeline's clock, so the next frames follow from there.
  timeline_->setFrame(first_);
}

}  // namespace fatgraph::editor
