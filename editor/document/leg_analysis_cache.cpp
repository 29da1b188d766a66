#include "document/leg_analysis_cache.h"

#include <QtConcurrent/QtConcurrentRun>

#include "document/document.h"

namespace fatgraph::editor {

LegAnalysisCache::LegAnalysisCache(Document* document, QObject* parent)
    : QObject(parent), document_(document) {
  connect(document_, &Document::currentClipChanged, this, &LegAnalysisCache::refresh);
  // A renamed clip has another key; a changed clip (resampled by a build) other frames.
  connect(document_, &Document::clipChanged, this, &LegAnalysisCache::refresh);
  // Legs change with graph edits (set_legs, detect_legs) and their undo; refresh compares.
  connect(document_, &Document::graphChanged, this, &LegAnalysisCache::refresh);
  connect(document_, &Document::reset, this, [this] {
    cache_.clear();
    refresh();
  });
  connect(&watcher_, &QFutureWatcher<ClipLegTracks>::finished, this, &LegAnalysisCache::finished);
  legs_ = document_->project().legs;
  refresh();
}

LegAnalysisCache::~LegAnalysisCache() {
  disconnect(&watcher_, nullptr, this, nullptr);
  watcher_.waitForFinished();
}

QString LegAnalysisCache::keyOfCurrent() const {
  const int index = document_->currentClip();
  if (index < 0) return {};
  const Clip& clip = document_->clip(index);
  // Name, length and rate tell the clips of one project apart and change when a build
  // resamples a clip.
  return QStringLiteral("%1|%2|%3")
      .arg(QString::fromStdString(clip.name))
      .arg(clip.frameCount())
      .arg(clip.fps, 0, 'g', 10);
}

void LegAnalysisCache::refresh() {
  // The legs also change without graphChanged (the first clip brings the skeleton's legs).
  if (!sameLegs(legs_, document_->project().legs)) {
    legs_ = document_->project().legs;
    cache_.clear();
  }
  const QString key = keyOfCurrent();
  std::shared_ptr<const ClipLegTracks> shown;
  if (auto found = cache_.find(key); found != cache_.end()) shown = found->second;
  if (shown != current_) {
    current_ = shown;
    emit changed();
  }
  if (key.isEmpty() || shown || watcher_.isRunning()) return;  // finished() refreshes again
  // The pool works on copies: the document may change while it runs.
  const int index = document_->currentClip();
  runningKey_ = key;
  runningLegs_ = legs_;
  watcher_.setFuture(QtConcurrent::run(
      [skeleton = document_->skeleton(), clip = document_->clip(index), legs = legs_] {
        return computeClipLegTracks(skeleton, clip, legs);
      }));
}

void LegAnalysisCache::finished() {
  // waitForCurrent() may have taken the result already; the queued signal then finds nothing.
  if (runningKey_.isEmpty() || watcher_.future().resultCount() == 0) return;
  // A result computed with legs that have since changed describes nothing on screen.
  if (sameLegs(runningLegs_, legs_)) {
    cache_[runningKey_] = std::make_shared<const ClipLegTracks>(watcher_.result());
  }
  runningKey_.clear();
  refresh();
}

void LegAnalysisCache::waitForCurrent() {
  // A stale analysis (another clip, older legs) may have to finish before the current
  // clip's own starts, so wait for up to three runs.
  for (int round = 0; round < 3 && !current_ && !keyOfCurrent().isEmpty(); ++round) {
    watcher_.waitForFinished();
    finished();
  }
}

}  // namespace fatgraph::editor
