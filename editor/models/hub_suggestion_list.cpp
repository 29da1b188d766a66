#include "models/hub_suggestion_list.h"

#include <QtConcurrent/QtConcurrentRun>

#include <exception>

#include "document/document.h"

namespace fatgraph::editor {

HubSuggestionList::HubSuggestionList(Document* document, QObject* parent)
    : QAbstractTableModel(parent), document_(document) {
  connect(&watcher_, &QFutureWatcher<Ranking>::finished, this, &HubSuggestionList::finished);
  connect(document, &Document::graphChanged, this, &HubSuggestionList::rank);
  connect(document, &Document::reset, this, &HubSuggestionList::rank);
  rank();
}

HubSuggestionList::~HubSuggestionList() {
  disconnect(&watcher_, nullptr, this, nullptr);
  watcher_.waitForFinished();
}

void HubSuggestionList::setStatus(const QString& status) {
  if (status == status_) return;
  status_ = status;
  emit statusChanged(status_);
}

void HubSuggestionList::rank() {
  beginResetModel();
  suggestions_.clear();
  endResetModel();
  if (watcher_.isRunning()) {
    again_ = true;
    return;
  }
  again_ = false;
  if (document_->graph().empty()) {
    setStatus(tr("Suggestions appear once the graph is built"));
    return;
  }
  setStatus(tr("Ranking suggestions…"));
  // Read in place on the pool: the document stops this run before any change (its progress
  // returns false), and the change's graphChanged ranks again.
  watcher_.setFuture(document_->readInBackground<Ranking>(
      [](const Project& project, const ProgressCallback& progress) {
        Ranking ranking;
        try {
          ranking.suggestions = rankHubSuggestions(project, kCount, progress);
        } catch (const Cancelled&) {
          ranking.cancelled = true;
        } catch (const std::exception& e) {
          ranking.error = QString::fromStdString(e.what());
        }
        return ranking;
      }));
}

void HubSuggestionList::finished() {
  if (watcher_.future().resultCount() == 0) return;  // waitForRanking took it already
  const Ranking ranking = watcher_.result();
  watcher_.setFuture(QFuture<Ranking>());
  if (again_ || ranking.cancelled) {
    rank();
    return;
  }
  beginResetModel();
  suggestions_ = ranking.suggestions;
  endResetModel();
  if (!ranking.error.isEmpty()) {
    setStatus(tr("Cannot rank suggestions: %1").arg(ranking.error));
  } else if (suggestions_.empty()) {
    setStatus(tr("No further hub to suggest: every frame is covered, rejected or matches nothing"));
  } else {
    setStatus({});
  }
}

void HubSuggestionList::waitForRanking() {
  // The pool may have finished before the watcher's signal is delivered (no event loop has
  // run since): a result not yet taken counts as pending too.
  while (watcher_.isRunning() || watcher_.future().resultCount() > 0) {
    watcher_.waitForFinished();
    finished();
  }
}

int HubSuggestionList::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(suggestions_.size());
}

int HubSuggestionList::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant HubSuggestionList::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
    return {};
  }
  const RankedHubSuggestion& s = suggestion(index.row());
  if (role == Qt::TextAlignmentRole && index.column() != ClipColumn) {
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  }
  if (role == Qt::ToolTipRole) {
    return tr("%1 frame %2 (working-rate frame %3): %4 matching frames; coverage +%5 points")
        .arg(QString::fromStdString(s.clipName))
        .arg(s.sourceFrame)
        .arg(s.frame)
        .arg(s.matchCount)
        .arg(s.coverageGain * 100.0, 0, 'f', 1);
  }
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case ClipColumn: return QString::fromStdString(s.clipName);
    case FrameColumn: return s.sourceFrame;
    case MatchesColumn: return s.matchCount;
    case GainColumn: return tr("+%1 %").arg(s.coverageGain * 100.0, 0, 'f', 1);
    default: return {};
  }
}

QVariant HubSuggestionList::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Vertical && role == Qt::DisplayRole) return section + 1;  // the rank
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case FrameColumn: return tr("Frame in the source file, at the file's own rate");
      case MatchesColumn: return tr("Frames in its match set");
      case GainColumn: return tr("Rise of the overall coverage if accepted after those above");
      default: return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case ClipColumn: return tr("Clip");
    case FrameColumn: return tr("Frame");
    case MatchesColumn: return tr("Matches");
    case GainColumn: return tr("Coverage");
    default: return {};
  }
}

}  // namespace fatgraph::editor
