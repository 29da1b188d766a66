#include "document/job_runner.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <utility>

namespace fatgraph::editor {

struct JobRunner::Shared {
  std::atomic<bool> cancel{false};
  std::atomic<int> lastStep{-1};  // last progress step (of 1000) posted to the GUI thread
};

JobRunner::JobRunner(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<Completion>::finished, this, &JobRunner::onWatcherFinished);
}

JobRunner::~JobRunner() {
  if (!busy_) return;
  disconnect(&watcher_, nullptr, this, nullptr);
  cancel();
  watcher_.waitForFinished();
}

bool JobRunner::start(const QString& label, Job job) {
  if (busy_) return false;
  busy_ = true;
  label_ = label;
  shared_ = std::make_shared<Shared>();

  // The callback runs on the worker; it posts to the GUI thread through this object, so posts
  // still queued when the runner is destroyed are dropped with it.
  QPointer<JobRunner> self(this);
  std::shared_ptr<Shared> shared = shared_;
  ProgressCallback progress = [self, shared](double fraction) {
    const int step = static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * 1000.0));
    if (shared->lastStep.exchange(step) != step && self) {
      QMetaObject::invokeMethod(
          self.data(), [self, fraction] { if (self) emit self->progressChanged(fraction); },
          Qt::QueuedConnection);
    }
    return !shared->cancel.load();
  };
  watcher_.setFuture(QtConcurrent::run([job = std::move(job), progress, self]() -> Completion {
    try {
      return job(progress);
    } catch (const std::exception& e) {
      const QString message = QString::fromStdString(e.what());
      return [self, message] { if (self) emit self->jobError(message); };
    }
  }));
  emit started(label_);
  emit progressChanged(0.0);
  return true;
}

void JobRunner::cancel() {
  if (shared_) shared_->cancel.store(true);
}

bool JobRunner::isCancelRequested() const { return busy_ && shared_ && shared_->cancel.load(); }

bool JobRunner::waitForFinished(int timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  while (busy_) {
    if (timeoutMs >= 0 && clock.elapsed() > timeoutMs) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 20);
  }
  return true;
}

void JobRunner::onWatcherFinished() {
  Completion completion = watcher_.result();
  busy_ = false;
  label_.clear();
  shared_.reset();
  try {
    if (completion) completion();
  } catch (const std::exception& e) {
    emit jobError(QString::fromStdString(e.what()));
  }
  emit finished();
}

}  // namespace fatgraph::editor
