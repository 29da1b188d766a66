#include "document/frame_distances.h"

#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

#include "document/document.h"
#include "fatgraph/core/graph/distance_matrix.h"
#include "fatgraph/core/graph/hub_suggestions.h"

namespace fatgraph::editor {

FrameDistanceRow computeFrameDistanceRow(const PoseFeatures& features, FrameRef frame, int window,
                                         double thresholdRms) {
  FrameDistanceRow out;
  out.frame = frame;
  out.window = window;
  out.thresholdRms = thresholdRms;
  out.global = features.globalIndex(frame);
  const std::vector<double> row = distanceRow(features, out.global, window);
  out.rms.reserve(row.size());
  for (double d : row) out.rms.push_back(std::isfinite(d) ? distanceToRms(d, features, window) : d);
  if (thresholdRms > 0.0 && windowInsideClip(features, out.global, window)) {
    out.matches = matchSetOf(features, out.global, window, thresholdRms);
  }
  return out;
}

FrameDistances::FrameDistances(Document* document, QObject* parent)
    : QObject(parent), document_(document) {
  connect(&watcher_, &QFutureWatcher<Result>::finished, this, &FrameDistances::finished);
  // Other clips: other features. A graph change may change the threshold or the window.
  connect(document, &Document::clipInserted, this, &FrameDistances::invalidateFeatures);
  connect(document, &Document::clipRemoved, this, &FrameDistances::invalidateFeatures);
  connect(document, &Document::clipChanged, this, &FrameDistances::invalidateFeatures);
  connect(document, &Document::reset, this, &FrameDistances::invalidateFeatures);
  connect(document, &Document::graphChanged, this, [this] { request(wanted_.clip, wanted_.frame); });
}

FrameDistances::~FrameDistances() {
  disconnect(&watcher_, nullptr, this, nullptr);
  watcher_.waitForFinished();
}

void FrameDistances::invalidateFeatures() {
  features_.reset();
  ++featureGeneration_;
  request(wanted_.clip, wanted_.frame);
}

void FrameDistances::request(int clip, int frame) {
  const bool valid = clip >= 0 && clip < document_->clipCount() && frame >= 0 &&
                     frame < document_->clip(clip).frameCount();
  wanted_ = valid ? FrameRef{clip, frame} : FrameRef{};
  if (!valid) {
    pending_ = false;
    if (row_) {
      row_.reset();
      emit rowChanged();
    }
    return;
  }
  if (watcher_.isRunning()) {
    pending_ = true;  // finished() starts the newest request
    return;
  }
  start();
}

void FrameDistances::start() {
  pending_ = false;
  const Project& project = document_->project();
  const int window = project.settings.window;
  const double threshold = project.graph.empty() ? 0.0 : project.graph.hubThreshold.rms;
  double frames = 0.0;
  for (const Clip& clip : project.clips) frames += clip.frameCount();
  const double work = frames * window * project.skeleton.jointCount();
  const FrameRef frame = wanted_;
  if (features_ && work < kSynchronousWork) {
    row_ = std::make_shared<const FrameDistanceRow>(
        computeFrameDistanceRow(*features_, frame, window, threshold));
    emit rowChanged();
    return;
  }
  runningGeneration_ = featureGeneration_;
  auto rowOf = [frame, window, threshold](std::shared_ptr<const PoseFeatures> features) {
    Result result;
    result.row = std::make_shared<const FrameDistanceRow>(
        computeFrameDistanceRow(*features, frame, window, threshold));
    result.features = std::move(features);
    return result;
  };
  if (features_) {
    watcher_.setFuture(QtConcurrent::run(rowOf, features_));
    return;
  }
  if (work < kSynchronousWork) {  // small: build the features here and now
    const Result result = rowOf(std::make_shared<const PoseFeatures>(
        project.skeleton, project.clips, project.settings.jointWeights));
    features_ = result.features;
    row_ = result.row;
    emit rowChanged();
    return;
  }
  // Features are built once per clip set, on the pool, reading the clips in place: the
  // document stops this read before it changes anything (then finished() starts again).
  watcher_.setFuture(document_->readInBackground<Result>(
      [rowOf](const Project& clips, const ProgressCallback& progress) {
        auto features = std::make_shared<const PoseFeatures>(clips.skeleton, clips.clips,
                                                             clips.settings.jointWeights);
        if (!progress(1.0)) return Result{};  // stopped: the document is about to change
        return rowOf(std::move(features));
      }));
}

void FrameDistances::finished() {
  if (watcher_.future().resultCount() == 0) return;  // waitForRow took it already
  const Result result = watcher_.result();
  watcher_.setFuture(QFuture<Result>());
  if (runningGeneration_ != featureGeneration_ || !result.features) {  // changed meanwhile
    start();
    return;
  }
  features_ = result.features;
  if (pending_ || !(result.row->frame == wanted_)) {
    start();
    return;
  }
  row_ = result.row;
  emit rowChanged();
}

void FrameDistances::waitForRow() {
  while (watcher_.isRunning() || pending_) {
    watcher_.waitForFinished();
    finished();
  }
}

}  // namespace fatgraph::editor
