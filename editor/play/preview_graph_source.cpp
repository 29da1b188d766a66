#include "play/preview_graph_source.h"

#include "document/document.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {

PreviewGraphSource::PreviewGraphSource(Document* document, QObject* parent)
    : QObject(parent), document_(document) {
  connect(&watcher_, &QFutureWatcher<Result>::finished, this, &PreviewGraphSource::finished);
  connect(document, &Document::graphChanged, this, &PreviewGraphSource::invalidate);
  connect(document, &Document::reset, this, &PreviewGraphSource::invalidate);
  connect(document, &Document::clipInserted, this, &PreviewGraphSource::invalidate);
  connect(document, &Document::clipRemoved, this, &PreviewGraphSource::invalidate);
  connect(document, &Document::clipChanged, this, &PreviewGraphSource::invalidate);
}

PreviewGraphSource::~PreviewGraphSource() {
  disconnect(&watcher_, nullptr, this, nullptr);
  watcher_.waitForFinished();
}

void PreviewGraphSource::invalidate() {
  ++generation_;
  const bool wasCurrent = current_;
  current_ = false;
  graph_.reset();
  why_.clear();
  if (wasCurrent) emit outdated();
}

void PreviewGraphSource::request() {
  if (current_) {
    emit ready();
    return;
  }
  requested_ = true;
  if (!watcher_.isRunning()) start();  // else finished() starts again when out of date
}

void PreviewGraphSource::start() {
  runningGeneration_ = generation_;
  watcher_.setFuture(document_->readInBackground<Result>(
      [](const Project& project, const ProgressCallback& progress) {
        Result result;
        result.graph = makePreviewGraph(project, result.why);
        result.stopped = !progress(1.0);  // asked to stop: the project is about to change
        return result;
      }));
}

void PreviewGraphSource::finished() {
  if (watcher_.future().resultCount() == 0) return;  // waitForGraph took it already
  const Result result = watcher_.result();
  watcher_.setFuture(QFuture<Result>());
  if (result.stopped || runningGeneration_ != generation_) {
    if (requested_) start();
    return;
  }
  graph_ = result.graph;
  why_ = result.why;
  current_ = true;
  requested_ = false;
  emit ready();
}

void PreviewGraphSource::waitForGraph() {
  while (watcher_.isRunning() || watcher_.future().resultCount() > 0) {
    watcher_.waitForFinished();
    finished();
  }
}

}  // namespace fatgraph::editor
