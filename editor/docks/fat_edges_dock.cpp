#include "docks/fat_edges_dock.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

#include "document/document.h"
#include "document/job_runner.h"
#include "document/selection.h"
#include "fatgraph/core/graph/fat_edge_edits.h"
#include "models/segment_tree_model.h"

namespace fatgraph::editor {

FatEdgesDock::FatEdgesDock(Document* document, QWidget* parent)
    : QDockWidget(tr("Fat Edges"), parent),
      document_(document),
      model_(new SegmentTreeModel(document, this)),
      thresholdSlider_(new QSlider(Qt::Horizontal, this)),
      thresholdSpin_(new QDoubleSpinBox(this)),
      linkageBox_(new QComboBox(this)),
      summaryLabel_(new QLabel(this)),
      tree_(new QTreeView(this)),
      splitButton_(new QPushButton(tr("Split"), this)),
      mergeButton_(new QPushButton(tr("Merge"), this)),
      removeButton_(new QPushButton(tr("Remove"), this)),
      playSegmentButton_(new QPushButton(tr("Play Segment"), this)),
      playBlendButton_(new QPushButton(tr("Play Blend"), this)) {
  setObjectName(QStringLiteral("fatEdgesDock"));
  thresholdSlider_->setObjectName(QStringLiteral("edgeThresholdSlider"));
  thresholdSlider_->setRange(1, kSliderMaxMillimetres);
  thresholdSlider_->setToolTip(tr("Segment distance that groups segments into a fat edge: drag "
                                  "to preview the clustering, release to apply"));
  thresholdSpin_->setDecimals(3);
  thresholdSpin_->setRange(sliderToMetres(1), sliderToMetres(kSliderMaxMillimetres));
  thresholdSpin_->setSingleStep(0.005);
  thresholdSpin_->setSuffix(tr(" m"));
  linkageBox_->addItem(tr("Complete linkage"));
  linkageBox_->addItem(tr("Single linkage"));
  linkageBox_->setItemData(0, tr("Every pair of segments in an edge is within the threshold"),
                           Qt::ToolTipRole);
  linkageBox_->setItemData(1, tr("Chains of similar segments: each is within the threshold of "
                                 "another"), Qt::ToolTipRole);
  summaryLabel_->setObjectName(QStringLiteral("fatEdgesSummary"));
  summaryLabel_->setWordWrap(true);

  tree_->setObjectName(QStringLiteral("segmentTree"));
  tree_->setModel(model_);
  tree_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  tree_->setSelectionBehavior(QAbstractItemView::SelectRows);
  tree_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  tree_->setDragDropMode(QAbstractItemView::DragDrop);
  tree_->setDefaultDropAction(Qt::MoveAction);
  tree_->setDragEnabled(true);
  tree_->setAcceptDrops(true);
  tree_->setDropIndicatorShown(true);
  tree_->setAlternatingRowColors(true);
  tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  tree_->setContextMenuPolicy(Qt::CustomContextMenu);

  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(createThresholdRow());
  layout->addWidget(summaryLabel_);
  layout->addWidget(tree_, 1);
  layout->addWidget(createButtonRow());
  setWidget(content);

  commitTimer_.setSingleShot(true);
  commitTimer_.setInterval(kCommitPauseMs);
  connect(&commitTimer_, &QTimer::timeout, this, &FatEdgesDock::commitThreshold);
  connect(thresholdSlider_, &QSlider::sliderPressed, this, &FatEdgesDock::beginDrag);
  connect(thresholdSlider_, &QSlider::valueChanged, this, &FatEdgesDock::thresholdMoved);
  connect(thresholdSlider_, &QSlider::sliderReleased, this, &FatEdgesDock::commitThreshold);
  connect(thresholdSpin_, &QDoubleSpinBox::valueChanged, this, &FatEdgesDock::spinEdited);
  connect(linkageBox_, &QComboBox::activated, this, &FatEdgesDock::linkageChosen);
  connect(splitButton_, &QPushButton::clicked, this, &FatEdgesDock::splitSelected);
  connect(mergeButton_, &QPushButton::clicked, this, &FatEdgesDock::mergeSelected);
  connect(removeButton_, &QPushButton::clicked, this, &FatEdgesDock::removeSelectedSegment);
  connect(playSegmentButton_, &QPushButton::clicked, this, &FatEdgesDock::playSelectedSegment);
  connect(playBlendButton_, &QPushButton::clicked, this, &FatEdgesDock::playSelectedBlend);
  connect(model_, &QAbstractItemModel::modelReset, this, [this] {
    tree_->expandAll();
    updateSummary();
    updateButtons();
  });
  connect(tree_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          &FatEdgesDock::updateButtons);
  connect(tree_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &FatEdgesDock::showCurrent);
  connect(tree_, &QWidget::customContextMenuRequested, this, &FatEdgesDock::showTreeMenu);
  connect(document, &Document::graphChanged, this, &FatEdgesDock::refresh);
  // A threshold issued while another job ran waits for it to end (one job at a time).
  connect(document->jobs(), &JobRunner::finished, this, [this] {
    if (pendingMetres_ >= 0 && !commitTimer_.isActive() && !thresholdSlider_->isSliderDown()) {
      commitThreshold();
    }
    updateButtons();
  });
  connect(document->jobs(), &JobRunner::started, this, &FatEdgesDock::updateButtons);
  // A threshold edit refused or cancelled leaves the document as it was: so does the tree.
  auto dropPreview = [this] {
    if (isPreviewing() && pendingMetres_ < 0 && !thresholdSlider_->isSliderDown()) {
      model_->clearPreview();
      refresh();
    }
  };
  connect(document, &Document::errorOccurred, this, dropPreview);
  connect(document, &Document::notice, this, dropPreview);
  refresh();
}

QWidget* FatEdgesDock::createButtonRow() {
  splitButton_->setToolTip(tr("Move the selected segments of one fat edge into a new one"));
  mergeButton_->setToolTip(tr("Merge the second selected fat edge into the first (same hubs)"));
  removeButton_->setToolTip(tr("Take the selected segment out of its fat edge"));
  playSegmentButton_->setToolTip(tr("Loop the selected segment's frames in the viewport"));
  playBlendButton_->setToolTip(tr("Play the selected fat edge's blend at the centre of its "
                                  "parameter plane"));
  auto* row = new QWidget(this);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  for (QPushButton* button : {splitButton_, mergeButton_, removeButton_, playSegmentButton_,
                              playBlendButton_}) {
    layout->addWidget(button);
  }
  layout->addStretch(1);
  return row;
}

bool FatEdgesDock::isPreviewing() const { return model_->isPreview(); }

void FatEdgesDock::refresh() {
  summaryLabel_->setToolTip({});
  const MotionGraph& graph = document_->graph();
  setEnabled(!graph.empty());
  // Do not pull the slider from under a user who is still dragging or about to commit.
  if (!graph.empty() && !thresholdSlider_->isSliderDown() && pendingMetres_ < 0) {
    const QSignalBlocker sliderBlocker(thresholdSlider_);
    const QSignalBlocker spinBlocker(thresholdSpin_);
    thresholdSlider_->setValue(metresToSlider(graph.edgeThreshold.rms));
    thresholdSpin_->setValue(graph.edgeThreshold.rms);
  }
  {
    const QSignalBlocker blocker(linkageBox_);
    linkageBox_->setCurrentIndex(document_->project().settings.linkage == Linkage::Single ? 1 : 0);
  }
  tree_->expandAll();
  if (selection_ != nullptr) {
    if (selection_->segment() >= 0) {
      selectSegment(selection_->segment());
    } else if (selection_->fatEdge() >= 0) {
      selectEdge(selection_->fatEdge());
    }
  }
  updateSummary();
  updateButtons();
}

void FatEdgesDock::updateSummary() {
  const std::vector<FatEdge>& edges = model_->edges();
  size_t segments = 0;
  for (const FatEdge& edge : edges) segments += edge.segments.size();
  QString text = edges.size() == 1 ? tr("1 fat edge") : tr("%1 fat edges").arg(edges.size());
  if (!edges.empty()) {
    text += tr(" · %1 segments per edge")
                .arg(static_cast<double>(segments) / static_cast<double>(edges.size()), 0, 'f', 1);
  }
  if (!model_->unassignedSegments().empty()) {
    text += tr(" · %1 unassigned").arg(model_->unassignedSegments().size());
  }
  if (model_->isPreview()) {
    text = tr("Preview at %1 m: %2").arg(thresholdSpin_->value(), 0, 'f', 3).arg(text);
  }
  summaryLabel_->setText(text);
}

void FatEdgesDock::updateButtons() {
  const bool editable = !document_->graph().empty() && !document_->isBusy() && !isPreviewing();
  const QList<int> segments = selectedSegments();
  const QList<int> edges = selectedEdges();
  const QModelIndex current = tree_->selectionModel()->currentIndex();
  splitButton_->setEnabled(editable && !segments.isEmpty());
  mergeButton_->setEnabled(editable && edges.size() == 2);
  removeButton_->setEnabled(editable && segments.size() == 1);
  playSegmentButton_->setEnabled(current.isValid() &&
                                 current.data(SegmentTreeModel::SegmentRole).toInt() >= 0);
  playBlendButton_->setEnabled(!isPreviewing() && current.isValid() &&
                               current.data(SegmentTreeModel::EdgeRole).toInt() >= 0);
}

QList<int> FatEdgesDock::selectedSegments() const {
  QList<int> segments;
  for (const QModelIndex& row : tree_->selectionModel()->selectedRows()) {
    const int segment = row.data(SegmentTreeModel::SegmentRole).toInt();
    if (segment >= 0) segments << segment;
  }
  std::sort(segments.begin(), segments.end());
  return segments;
}

QList<int> FatEdgesDock::selectedEdges() const {
  QList<int> edges;
  for (const QModelIndex& row : tree_->selectionModel()->selectedRows()) {
    const int edge = row.data(SegmentTreeModel::EdgeRole).toInt();
    if (row.data(SegmentTreeModel::SegmentRole).toInt() < 0 && edge >= 0) edges << edge;
  }
  return edges;
}

// --- the tree's edits -------------------------------------------------------------------

void FatEdgesDock::splitSelected() {
  const QList<int> segments = selectedSegments();
  if (segments.isEmpty()) return;
  const std::vector<FatEdge>& edges = document_->graph().fatEdges;
  const int edge = fatEdgeOfSegment(edges, segments.front());
  for (int s : segments) {
    if (edge < 0 || fatEdgeOfSegment(edges, s) != edge) {
      summaryLabel_->setText(tr("Split takes segments of one fat edge"));
      return;
    }
  }
  document_->editGraph(GraphEditRequest::splitEdge(
      QString::fromStdString(edges[static_cast<size_t>(edge)].name), segments));
}

void FatEdgesDock::mergeSelected() {
  const QList<int> selected = selectedEdges();
  if (selected.size() != 2) return;
  const std::vector<FatEdge>& edges = document_->graph().fatEdges;
  document_->editGraph(GraphEditRequest::mergeEdges(
      QString::fromStdString(edges.at(static_cast<size_t>(selected[0])).name),
      QString::fromStdString(edges.at(static_cast<size_t>(selected[1])).name)));
}

void FatEdgesDock::removeSelectedSegment() {
  const QList<int> segments = selectedSegments();
  if (segments.size() == 1) document_->editGraph(GraphEditRequest::removeSegment(segments[0]));
}

void FatEdgesDock::playSelectedSegment() {
  const QModelIndex current = tree_->selectionModel()->currentIndex();
  if (!current.isValid() || current.data(SegmentTreeModel::SegmentRole).toInt() < 0) return;
  emit segmentPlayRequested(current.data(SegmentTreeModel::ClipRole).toInt(),
                            current.data(SegmentTreeModel::FirstFrameRole).toInt(),
                            current.data(SegmentTreeModel::LastFrameRole).toInt());
}

void FatEdgesDock::playSelectedBlend() {
  const QModelIndex current = tree_->selectionModel()->currentIndex();
  const int edge = current.isValid() ? current.data(SegmentTreeModel::EdgeRole).toInt() : -1;
  if (edge >= 0 && !isPreviewing()) emit edgeBlendRequested(edge);
}

void FatEdgesDock::showTreeMenu(const QPoint& position) {
  const QModelIndex index = tree_->indexAt(position);
  if (!index.isValid()) return;
  // The buttons' actions, enabled as they are (updateButtons ran on the selection).
  QMenu menu(this);
  if (index.data(SegmentTreeModel::SegmentRole).toInt() < 0 &&
      (model_->flags(index.siblingAtColumn(0)) & Qt::ItemIsEditable)) {
    menu.addAction(tr("Rename"), this, [this, index] { tree_->edit(index.siblingAtColumn(0)); });
  }
  for (QPushButton* button : {splitButton_, mergeButton_, removeButton_, playSegmentButton_,
                              playBlendButton_}) {
    QAction* action = menu.addAction(button->text(), button, &QPushButton::click);
    action->setEnabled(button->isEnabled());
  }
  menu.exec(tree_->viewport()->mapToGlobal(position));
}

// --- selection --------------------------------------------------------------------------

void FatEdgesDock::setSelection(Selection* selection) {
  if (selection_ != nullptr) disconnect(selection_, nullptr, this, nullptr);
  selection_ = selection;
  if (selection == nullptr) return;
  connect(selection, &Selection::fatEdgeChanged, this, &FatEdgesDock::selectEdge);
  connect(selection, &Selection::segmentChanged, this, &FatEdgesDock::selectSegment);
}

void FatEdgesDock::followTo(const QModelIndex& index) {
  following_ = true;  // the selection's own choice: no echo back into it
  tree_->selectionModel()->setCurrentIndex(
      index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  tree_->scrollTo(index);
  following_ = false;
}

void FatEdgesDock::selectEdge(int edge) {
  const QModelIndex index = model_->edgeIndex(edge);
  // Already on the edge or on one of its segments: stay there.
  const QModelIndex current = tree_->selectionModel()->currentIndex();
  if (following_ || !index.isValid() ||
      (current.isValid() && current.data(SegmentTreeModel::EdgeRole).toInt() == edge)) {
    return;
  }
  followTo(index);
}

void FatEdgesDock::selectSegment(int segment) {
  const QModelIndex index = model_->segmentIndex(segment);
  if (following_ || !index.isValid() ||
      index == tree_->selectionModel()->currentIndex().siblingAtColumn(0)) {
    return;
  }
  followTo(index);
}

void FatEdgesDock::showCurrent(const QModelIndex& current) {
  updateButtons();
  if (!current.isValid()) return;
  const int edge = current.data(SegmentTreeModel::EdgeRole).toInt();
  const int segment = current.data(SegmentTreeModel::SegmentRole).toInt();
  emit currentChanged(edge, segment);
  if (selection_ != nullptr && !following_ && !isPreviewing()) {
    following_ = true;  // no echo of our own choice back into the tree
    selection_->setFatEdge(edge);
    selection_->setSegment(segment);
    following_ = false;
  }
  // Show where the motion is: the segment's first frame, or the edge's reference segment's.
  int shown = segment;
  if (shown < 0 && edge >= 0 && static_cast<size_t>(edge) < model_->edges().size()) {
    shown = model_->edges()[static_cast<size_t>(edge)].reference;
  }
  const std::vector<Segment>& segments = document_->graph().segments;
  if (shown >= 0 && static_cast<size_t>(shown) < segments.size()) {
    const Segment& s = segments[static_cast<size_t>(shown)];
    if (s.clip >= 0 && s.clip < document_->clipCount()) emit frameRequested(s.clip, s.first);
  }
}

}  // namespace fatgraph::editor
