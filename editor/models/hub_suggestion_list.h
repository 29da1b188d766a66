#pragma once
// The next hub suggestions of the document's graph, ranked as accept_hub would take them
// (core rankHubSuggestions, hub_ranking.h): clip, source frame, match-set size and the rise
// of coverage each would bring. Ranking reads exact distance rows, so it runs on a pool thread
// whenever the graph changes, reading the document's project in place (Document::
// readInBackground: a change stops it first); the list is empty meanwhile and while there is
// no graph (accept_hub needs one).
#include <QAbstractTableModel>
#include <QFutureWatcher>

#include <vector>

#include "fatgraph/core/graph/hub_ranking.h"

namespace fatgraph::editor {

class Document;

class HubSuggestionList : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { ClipColumn, FrameColumn, MatchesColumn, GainColumn, ColumnCount };
  /// Suggestions asked for each time.
  static constexpr int kCount = 8;

  explicit HubSuggestionList(Document* document, QObject* parent = nullptr);
  ~HubSuggestionList() override;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  const RankedHubSuggestion& suggestion(int row) const {
    return suggestions_.at(static_cast<size_t>(row));
  }
  bool isRanking() const { return watcher_.isRunning(); }
  /// "Ranking suggestions…", "No further hub to suggest", a failure's reason; empty otherwise.
  const QString& status() const { return status_; }
  /// Waits for the running ranking (tests).
  void waitForRanking();

 signals:
  void statusChanged(const QString& status);

 private:
  struct Ranking {
    std::vector<RankedHubSuggestion> suggestions;
    QString error;
    bool cancelled = false;  // the document changed while ranking: rank again
  };
  void rank();
  void finished();
  void setStatus(const QString& status);

  Document* document_;
  std::vector<RankedHubSuggestion> suggestions_;
  QString status_;
  bool again_ = false;  // the graph changed while ranking: rank once more
  QFutureWatcher<Ranking> watcher_;
};

}  // namespace fatgraph::editor
