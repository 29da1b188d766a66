#pragma once
// Reads of the document's project on pool threads while the document stays editable: the
// hub suggestions, the pose features of the distance curve, the Play dock's runtime graph.
// They read the project in place — no copy of clips that may be hundreds of MB is ever made on
// the GUI thread — and the document keeps them safe: before any change it asks every running
// read to stop (its ProgressCallback returns false, so core throws Cancelled) and waits for it.
// A read therefore must reach a progress call often, and must not wait for the GUI thread.
#include <QFuture>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {

class BackgroundReads {
 public:
  BackgroundReads() = default;
  BackgroundReads(const BackgroundReads&) = delete;
  BackgroundReads& operator=(const BackgroundReads&) = delete;
  ~BackgroundReads() { finishAll(); }

  /// Runs read(project, progress) on the pool. `progress` returns false once finishAll() asked
  /// the reads to stop. `project` must outlive the read (the document finishes its reads
  /// before it changes or dies).
  template <class Result, class Read>
  QFuture<Result> start(const Project& project, Read read) {
    dropFinished();
    auto stop = std::make_shared<std::atomic<bool>>(false);
    QFuture<Result> future = QtConcurrent::run([&project, stop, read = std::move(read)] {
      const ProgressCallback progress = [stop](double) { return !stop->load(); };
      return read(project, progress);
    });
    running_.push_back({stop, QFuture<void>(future)});
    return future;
  }

  /// Asks every running read to stop and waits until all have ended.
  void finishAll();
  /// Reads started and not yet seen finished (tests).
  int runningCount();

 private:
  struct Running {
    std::shared_ptr<std::atomic<bool>> stop;
    QFuture<void> future;
  };
  void dropFinished();

  std::vector<Running> running_;
};

}  // namespace fatgraph::editor
