#pragma once
// The gait analysis of the clip on screen (leg_tracks.h), computed on a pool thread so
// a long clip never stalls the GUI, and kept per clip so switching back is instant. It
// follows the document: a new current clip starts its analysis (unless cached), and a change
// of the legs (set_legs / detect_legs, their undo, a new project) drops every cached result.
//
// Separate from the document's JobRunner on purpose: that runner serialises the user's edits
// behind a progress dialog, while this analysis is a view's background refresh that must
// neither block edits nor be blocked by them.
#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <map>
#include <memory>

#include "fatgraph/core/locomotion/legs.h"
#include "document/leg_tracks.h"

namespace fatgraph::editor {

class Document;

class LegAnalysisCache : public QObject {
  Q_OBJECT

 public:
  explicit LegAnalysisCache(Document* document, QObject* parent = nullptr);
  /// Waits for a running analysis (its result is dropped).
  ~LegAnalysisCache() override;

  /// The analysis of the current clip; null while it runs or when there is no clip.
  std::shared_ptr<const ClipLegTracks> current() const { return current_; }
  /// True while an analysis runs on the pool.
  bool isRunning() const { return watcher_.isRunning(); }
  /// Blocks until the current clip's analysis is ready (screenshots, tests).
  void waitForCurrent();

 signals:
  /// current() changed: a result arrived, or another clip (or none) is shown.
  void changed();

 private:
  /// Drops the cache when the legs changed, shows the current clip's result if cached, and
  /// starts its analysis otherwise (one at a time).
  void refresh();
  void finished();
  QString keyOfCurrent() const;

  Document* document_;
  LegSetup legs_;  // the legs the cached results were computed with
  std::map<QString, std::shared_ptr<const ClipLegTracks>> cache_;
  std::shared_ptr<const ClipLegTracks> current_;
  QFutureWatcher<ClipLegTracks> watcher_;
  QString runningKey_;  // the clip the running analysis is for
  LegSetup runningLegs_;
};

}  // namespace fatgraph::editor
