#pragma once
// The preview graph (preview_graph.h) of the document as it is now, built on a pool thread
// (Document::readInBackground: the project is read in place, never copied on the GUI thread,
// and the document stops the build before it changes). Built when first asked for after a
// change, not on every change: edits stay quick for users who never preview.
#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>

#include "play/preview_graph.h"

namespace fatgraph::editor {

class Document;

class PreviewGraphSource : public QObject {
  Q_OBJECT

 public:
  explicit PreviewGraphSource(Document* document, QObject* parent = nullptr);
  ~PreviewGraphSource() override;

  /// Starts building unless the current graph is ready or being built; ready() follows.
  void request();
  /// The graph of the document as it is now; null while building, before the first request
  /// after a change, or when there is none (why()).
  std::shared_ptr<const PreviewGraph> graph() const { return current_ ? graph_ : nullptr; }
  /// Why the last build gave no graph; empty when it gave one.
  const QString& why() const { return why_; }
  /// True when graph() / why() describe the document as it is now.
  bool isCurrent() const { return current_; }
  bool isBuilding() const { return watcher_.isRunning(); }
  /// Processes the running build to its end (tests, headless pictures).
  void waitForGraph();

 signals:
  /// A requested build ended: graph() is the document's graph, or null and why() says why.
  void ready();
  /// The document changed: an adopted graph is out of date.
  void outdated();

 private:
  struct Result {
    std::shared_ptr<const PreviewGraph> graph;
    QString why;
    bool stopped = false;  // the document stopped the read: build again
  };
  void invalidate();
  void start();
  void finished();

  Document* document_;
  std::shared_ptr<const PreviewGraph> graph_;
  QString why_;
  bool current_ = false;
  bool requested_ = false;
  quint64 generation_ = 0;         // changes with every change of the document
  quint64 runningGeneration_ = 0;  // of the running build
  QFutureWatcher<Result> watcher_;
};

}  // namespace fatgraph::editor
