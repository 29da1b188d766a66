// The fat edges dock's threshold: the slider and spin box preview the clustering live
// (core previewFatEdges) and issue one set_edge_threshold edit per drag; the linkage box.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <exception>

#include "docks/fat_edges_dock.h"
#include "document/document.h"
#include "fatgraph/core/graph/fat_edge_clustering.h"
#include "fatgraph/core/graph/fat_edge_preview.h"
#include "models/segment_tree_model.h"

namespace fatgraph::editor {

int FatEdgesDock::metresToSlider(double metres) {
  return std::clamp(static_cast<int>(std::lround(metres * 1000.0)), 1, kSliderMaxMillimetres);
}

QWidget* FatEdgesDock::createThresholdRow() {
  auto* row = new QWidget(this);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(new QLabel(tr("Edge threshold"), row));
  layout->addWidget(thresholdSlider_, 1);
  layout->addWidget(thresholdSpin_);
  layout->addWidget(linkageBox_);
  return row;
}

// --- the threshold ----------------------------------------------------------------------

void FatEdgesDock::beginDrag() { dragId_ = GraphEditRequest::nextDragId(); }

void FatEdgesDock::thresholdMoved(int millimetres) {
  const double metres = sliderToMetres(millimetres);
  {
    const QSignalBlocker blocker(thresholdSpin_);
    thresholdSpin_->setValue(metres);
  }
  if (dragId_ == 0) dragId_ = GraphEditRequest::nextDragId();  // keys or wheel: a short drag
  pendingMetres_ = metres;
  previewThreshold(metres);
  commitTimer_.start();  // restarted by every move: issued once the slider rests
}

void FatEdgesDock::spinEdited(double metres) {
  {
    const QSignalBlocker blocker(thresholdSlider_);
    thresholdSlider_->setValue(metresToSlider(metres));
  }
  if (dragId_ == 0) dragId_ = GraphEditRequest::nextDragId();
  pendingMetres_ = metres;
  previewThreshold(metres);
  commitTimer_.start();
}

void FatEdgesDock::previewThreshold(double metres) {
  const MotionGraph& graph = document_->graph();
  if (graph.empty() || !graph.segmentDistances.mismatch(graph.segments).empty()) return;
  const Linkage linkage = linkageBox_->currentIndex() == 1 ? Linkage::Single : Linkage::Complete;
  // Core's preview clusters the stored segment distances (no DTW), replays the history's
  // fat-edge edits and carries names over exactly as the edit would; the reference shown is
  // each edge's medoid, the segment the edit would make its reference.
  std::vector<FatEdge> edges;
  QStringList notes;
  try {
    const ClusterPreview preview = previewFatEdges(document_->project(), metres, linkage);
    for (const PreviewFatEdge& p : preview.edges) {
      edges.push_back({p.name, p.fromHub, p.toHub, p.segments,
                       medoidSegment(p.segments, graph.segmentDistances), {}});
    }
    for (const std::string& name : preview.lostNames) {
      notes << tr("%1 would be gone").arg(QString::fromStdString(name));
    }
    for (const std::string& note : preview.notes) notes << QString::fromStdString(note);
  } catch (const std::exception& e) {
    summaryLabel_->setText(tr("No preview: %1").arg(QString::fromStdString(e.what())));
    return;
  }
  summaryLabel_->setToolTip(notes.join(QLatin1Char('\n')));
  model_->setPreview(std::move(edges));
}

void FatEdgesDock::commitThreshold() {
  commitTimer_.stop();
  if (pendingMetres_ < 0 || document_->graph().empty()) return;
  if (document_->isBusy()) return;  // issued when the running job finishes
  const double metres = pendingMetres_;
  pendingMetres_ = -1;
  const int dragId = dragId_;
  if (!thresholdSlider_->isSliderDown()) dragId_ = 0;  // the drag is over
  if (std::abs(metres - document_->graph().edgeThreshold.rms) < 5e-4) {
    model_->clearPreview();  // back where it started: nothing to apply
    updateSummary();
    return;
  }
  document_->editGraph(GraphEditRequest::setEdgeThreshold(metres, dragId));
}

void FatEdgesDock::linkageChosen(int row) {
  const bool single = row == 1;
  if (single == (document_->project().settings.linkage == Linkage::Single)) return;
  if (!document_->editGraph(GraphEditRequest::setLinkage(single)).isEmpty()) refresh();
}

}  // namespace fatgraph::editor
