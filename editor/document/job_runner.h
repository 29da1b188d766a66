#pragma once
// Runs one long job at a time (a graph build, a hub edit, loading files) on a pool thread so
// the GUI thread stays responsive (docs/DESIGN.md: core never blocks the editor's GUI thread).
//
// A job is a function that runs on the worker and returns a completion, a function that runs
// back on the GUI thread once the job ended: results travel inside the completion, so the
// worker never touches the document. The worker gets a ProgressCallback in core's shape: each
// call posts the fraction to the GUI thread (progressChanged, at most 1000 steps) and returns
// false once cancel() was asked for, which makes core throw fatgraph::Cancelled.
#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

#include "fatgraph/core/model/progress.h"

namespace fatgraph::editor {

class JobRunner : public QObject {
  Q_OBJECT

 public:
  /// Runs on the GUI thread after the job ended (successfully, failed or cancelled).
  using Completion = std::function<void()>;
  /// Runs on the worker thread. It should catch its own exceptions and turn them into a
  /// completion that reports them; an escaping exception becomes jobError.
  using Job = std::function<Completion(const ProgressCallback& progress)>;

  explicit JobRunner(QObject* parent = nullptr);
  /// Asks a running job to cancel and waits for it (its completion is dropped).
  ~JobRunner() override;

  /// Starts `job`; false (nothing started) while another job runs.
  bool start(const QString& label, Job job);
  bool isBusy() const { return busy_; }
  /// What the running job does, e.g. "Building the graph"; empty when idle.
  const QString& label() const { return label_; }
  /// Makes the running job's progress callback return false from now on.
  void cancel();
  bool isCancelRequested() const;
  /// Processes events until the running job's completion ran; false on timeout (ms, -1 =
  /// none). For tests and the headless --build-graph path.
  bool waitForFinished(int timeoutMs = -1);

 signals:
  void started(const QString& label);
  /// Fraction in [0, 1] of the running job, on the GUI thread.
  void progressChanged(double fraction);
  /// After the completion ran.
  void finished();
  /// A job let an exception escape (a bug in the job; reported, never fatal).
  void jobError(const QString& message);

 private:
  struct Shared;  // state the worker shares with the runner (cancel flag, progress throttle)

  void onWatcherFinished();

  QFutureWatcher<Completion> watcher_;
  std::shared_ptr<Shared> shared_;
  QString label_;
  bool busy_ = false;
};

}  // namespace fatgraph::editor
