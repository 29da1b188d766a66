#include "docks/hubs_dock.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "document/document.h"
#include "document/frame_distances.h"
#include "document/hub_edits.h"
#include "document/selection.h"
#include "models/hub_suggestion_list.h"
#include "views/distance_curve_view.h"

namespace fatgraph::editor {

HubsDock::HubsDock(Document* document, Selection* selection, QWidget* parent)
    : QDockWidget(tr("Hubs"), parent),
      document_(document),
      selection_(selection),
      suggestions_(new HubSuggestionList(document, this)),
      distances_(new FrameDistances(document, this)),
      suggestionView_(new QTableView(this)),
      statusLabel_(new QLabel(this)),
      acceptButton_(new QPushButton(tr("Accept"), this)),
      rejectButton_(new QPushButton(tr("Reject"), this)),
      makeHubButton_(new QPushButton(tr("Make Current Frame a Hub"), this)),
      curveCaption_(new QLabel(this)),
      curve_(new DistanceCurveView(this)) {
  setObjectName(QStringLiteral("hubsDock"));
  suggestionView_->setObjectName(QStringLiteral("hubSuggestionView"));
  suggestionView_->setModel(suggestions_);
  suggestionView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  suggestionView_->setSelectionMode(QAbstractItemView::SingleSelection);
  suggestionView_->horizontalHeader()->setStretchLastSection(true);
  suggestionView_->verticalHeader()->setDefaultSectionSize(suggestionView_->fontMetrics().height() + 6);
  statusLabel_->setObjectName(QStringLiteral("hubSuggestionStatus"));
  statusLabel_->setWordWrap(true);
  acceptButton_->setObjectName(QStringLiteral("acceptSuggestionButton"));
  acceptButton_->setToolTip(tr("Add the chosen suggestion as a hub (the top one when none is chosen)"));
  rejectButton_->setObjectName(QStringLiteral("rejectSuggestionButton"));
  rejectButton_->setToolTip(tr("Never suggest this frame (or the frames within a pose window of it) again"));
  makeHubButton_->setObjectName(QStringLiteral("makeHubButton"));
  makeHubButton_->setToolTip(tr("Add a hub at the frame on the timeline"));
  curveCaption_->setObjectName(QStringLiteral("distanceCurveCaption"));
  curveCaption_->setWordWrap(true);

  auto* top = new QWidget(this);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addWidget(new QLabel(tr("Suggestions, in the order Accept Hub takes them:"), top));
  topLayout->addWidget(suggestionView_, 1);
  topLayout->addWidget(statusLabel_);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(acceptButton_);
  buttons->addWidget(rejectButton_);
  buttons->addStretch(1);
  buttons->addWidget(makeHubButton_);
  topLayout->addLayout(buttons);
  auto* bottom = new QWidget(this);
  auto* bottomLayout = new QVBoxLayout(bottom);
  bottomLayout->setContentsMargins(0, 0, 0, 0);
  bottomLayout->addWidget(curveCaption_);
  bottomLayout->addWidget(curve_, 1);
  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(top);
  splitter->addWidget(bottom);
  splitter->setStretchFactor(1, 2);
  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(splitter);
  setWidget(content);

  connect(acceptButton_, &QPushButton::clicked, this, &HubsDock::acceptSuggestion);
  connect(rejectButton_, &QPushButton::clicked, this, &HubsDock::rejectSuggestion);
  connect(makeHubButton_, &QPushButton::clicked, this, &HubsDock::makeCurrentFrameHub);
  connect(suggestions_, &HubSuggestionList::statusChanged, statusLabel_, &QLabel::setText);
  connect(suggestions_, &QAbstractItemModel::modelReset, this, &HubsDock::updateButtons);
  connect(suggestionView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (!current.isValid()) return;
            const RankedHubSuggestion& s = suggestions_->suggestion(current.row());
            emit frameRequested(s.clip, s.frame);
          });
  connect(distances_, &FrameDistances::rowChanged, this,
          [this] { curve_->setRow(distances_->row()); refresh(); });
  connect(curve_, &DistanceCurveView::frameRequested, this, &HubsDock::frameRequested);
  connect(curve_, &DistanceCurveView::matchToggleRequested, this, &HubsDock::toggleMatch);
  connect(curve_, &DistanceCurveView::matchMoveRequested, this, &HubsDock::moveMatch);
  connect(selection_, &Selection::hubChanged, this, [this] {
    curve_->setSelectedHub(selection_->hub());
    requestRow();
  });
  // The curve's clips and hubs follow the document (its row follows FrameDistances).
  auto projectChanged = [this] {
    curve_->setProject(document_->project());
    curve_->setSelectedHub(selection_->hub());
    refresh();
  };
  connect(document, &Document::graphChanged, this, projectChanged);
  connect(document, &Document::reset, this, projectChanged);
  connect(document, &Document::clipInserted, this, projectChanged);
  connect(document, &Document::clipRemoved, this, projectChanged);
  connect(document, &Document::clipChanged, this, projectChanged);
  projectChanged();
  statusLabel_->setText(suggestions_->status());
}

int HubsDock::chosenSuggestion() const {
  if (suggestions_->rowCount() == 0) return -1;
  const QModelIndex current = suggestionView_->selectionModel()->currentIndex();
  return current.isValid() ? current.row() : 0;
}

void HubsDock::setCurrentFrame(int clip, int frame) {
  currentClip_ = clip;
  currentFrame_ = frame;
  curve_->setCurrentFrame(clip, frame);
  if (selection_->hub() < 0) requestRow();
  updateButtons();
}

void HubsDock::requestRow() {
  const int hub = selection_->hub();
  if (hub >= 0) {
    const FrameRef f = document_->graph().hubs.at(static_cast<size_t>(hub)).frame;
    distances_->request(f.clip, f.frame);
  } else {
    distances_->request(currentClip_, currentFrame_);
  }
}

void HubsDock::refresh() {
  const auto row = distances_->row();
  const int hub = selection_->hub();
  if (!row) {
    curveCaption_->setText(tr("The distance row of the frame on the timeline, or of the selected hub."));
  } else {
    const QString frame = tr("%1 frame %2")
                              .arg(document_->clipName(row->frame.clip))
                              .arg(row->frame.frame);
    const QString what = hub >= 0 ? tr("Distances from hub %1 (%2)").arg(selection_->hubName(), frame)
                                  : tr("Distances from %1").arg(frame);
    QString text = tr("%1 to every frame, RMS metres; rings: its match set (%2 frames).")
                       .arg(what)
                       .arg(row->matches.size());
    if (hub >= 0) {
      text += QLatin1Char(' ') +
              tr("Triangles: the hub's match set (%1). Ctrl+click adds or removes a match; drag a "
                 "triangle to move it.")
                  .arg(document_->graph().hubs.at(static_cast<size_t>(hub)).matchSet.size());
    }
    curveCaption_->setText(text);
  }
  updateButtons();
}

void HubsDock::updateButtons() {
  const bool suggestion = chosenSuggestion() >= 0;
  acceptButton_->setEnabled(suggestion);
  rejectButton_->setEnabled(suggestion);
  makeHubButton_->setEnabled(!document_->graph().empty() && currentClip_ >= 0 &&
                             currentClip_ < document_->clipCount());
}

void HubsDock::acceptSuggestion() {
  const int row = chosenSuggestion();
  if (row < 0) return;
  const RankedHubSuggestion& s = suggestions_->suggestion(row);
  // The top suggestion is what accept_hub adds; another one is added at its frame.
  document_->editGraph(row == 0 ? GraphEditRequest::acceptHub()
                                : GraphEditRequest::addHub(QString::fromStdString(s.clipName),
                                                           s.sourceFrame));
}

void HubsDock::rejectSuggestion() {
  const int row = chosenSuggestion();
  if (row < 0) return;
  const RankedHubSuggestion& s = suggestions_->suggestion(row);
  document_->editGraph(GraphEditRequest::rejectHub(QString::fromStdString(s.clipName), s.sourceFrame));
}

void HubsDock::makeCurrentFrameHub() {
  if (currentClip_ < 0 || currentClip_ >= document_->clipCount()) return;
  document_->editGraph(addHubAt(document_->project(), {currentClip_, currentFrame_}));
}

void HubsDock::toggleMatch(int clip, int frame) {
  const int hub = selection_->hub();
  if (hub < 0 || clip < 0) return;
  document_->editGraph(toggleMatchAt(document_->project(), hub, {clip, frame}));
}

void HubsDock::moveMatch(int clip, int frame, int toFrame) {
  const int hub = selection_->hub();
  if (hub < 0 || clip < 0) return;
  // The view reports a drag once, on release: one edit, so one undo step.
  document_->editGraph(moveMatchTo(document_->project(), hub, {clip, frame}, toFrame,
                                   GraphEditRequest::nextDragId()));
}

}  // namespace fatgraph::editor
