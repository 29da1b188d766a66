#pragma once
// One frame's row of the pose distance matrix, for the distance curve: D(i, j) for every frame
// j of every clip as RMS metres (core distanceRow, distanceToRms), and the frame's match set as
// core defines it (matchSetOf: the row's local minima below the hub threshold, outside the
// frame's own window). The scan keeps no rows, so a row is computed when asked for.
//
// FrameDistances serves the row of the frame the user looks at. The pose features of the
// document's clips are built once per clip set and kept; a row costs O(N k J). Small projects
// compute it at once on the GUI thread; larger ones (beyond about 20 ms) on a pool thread,
// where the newest request wins and older ones are dropped.
#include <QFutureWatcher>
#include <QObject>

#include <memory>
#include <vector>

#include "fatgraph/core/graph/pose_features.h"

namespace fatgraph::editor {

class Document;

struct FrameDistanceRow {
  FrameRef frame;        // working-rate frame of the row
  int global = -1;       // its global index
  int window = 0;        // frames of the pose window
  double thresholdRms = 0.0;  // the hub threshold (0: no graph, no match set)
  std::vector<double> rms;    // per global frame, metres; +infinity where undefined
  std::vector<int> matches;   // global frames of the row's match set, sorted
};

/// The row of `frame` (its window must lie inside its clip; else every value is +infinity
/// and the match set empty).
FrameDistanceRow computeFrameDistanceRow(const PoseFeatures& features, FrameRef frame, int window,
                                         double thresholdRms);

class FrameDistances : public QObject {
  Q_OBJECT

 public:
  explicit FrameDistances(Document* document, QObject* parent = nullptr);
  ~FrameDistances() override;

  /// Asks for the row of frame `frame` of clip `clip` (-1: none, which clears the row).
  void request(int clip, int frame);
  /// The newest finished row (null when none or out of date).
  std::shared_ptr<const FrameDistanceRow> row() const { return row_; }
  /// The features of the document's clips once built (null before).
  std::shared_ptr<const PoseFeatures> features() const { return features_; }
  bool isComputing() const { return watcher_.isRunning(); }
  /// Waits until the newest request's row is there (tests, screenshots).
  void waitForRow();
  /// Frames times window times joints above which a row goes to the pool: a row with its
  /// match set took 3.0 ms for 1120 x 10 x 31 (about 9 ns a unit, Release), so this is ~20 ms.
  static constexpr double kSynchronousWork = 2.2e6;

 signals:
  /// row() changed (a new row, or none).
  void rowChanged();

 private:
  struct Result {
    std::shared_ptr<const PoseFeatures> features;
    std::shared_ptr<const FrameDistanceRow> row;
  };
  void start();
  void finished();
  void invalidateFeatures();

  Document* document_;
  std::shared_ptr<const PoseFeatures> features_;
  std::shared_ptr<const FrameDistanceRow> row_;
  FrameRef wanted_;
  bool pending_ = false;  // a request waits for the running job to end
  quint64 featureGeneration_ = 0;  // changes whenever the clips change
  quint64 runningGeneration_ = 0;
  QFutureWatcher<Result> watcher_;
};

}  // namespace fatgraph::editor
