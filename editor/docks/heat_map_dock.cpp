#include "docks/heat_map_dock.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include "document/document.h"
#include "views/heat_map_view.h"

namespace fatgraph::editor {

HeatMapDock::HeatMapDock(Document* document, QWidget* parent)
    : QDockWidget(tr("Pose Distances"), parent),
      document_(document),
      view_(new HeatMapView(this)),
      caption_(new QLabel(this)),
      resetZoomButton_(new QToolButton(this)) {
  setObjectName(QStringLiteral("heatMapDock"));
  caption_->setObjectName(QStringLiteral("heatMapCaption"));
  caption_->setWordWrap(true);
  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(view_, 1);
  auto* captionRow = new QHBoxLayout;
  captionRow->addWidget(caption_, 1);
  captionRow->addWidget(resetZoomButton_, 0, Qt::AlignTop);
  layout->addLayout(captionRow);
  resetZoomButton_->setObjectName(QStringLiteral("heatMapResetZoom"));
  resetZoomButton_->setText(tr("Whole Matrix"));
  resetZoomButton_->setToolTip(tr("Show the whole matrix again (or double-click it)"));
  resetZoomButton_->setEnabled(false);
  connect(resetZoomButton_, &QToolButton::clicked, view_, &HeatMapView::resetZoom);
  connect(view_, &HeatMapView::zoomChanged, this,
          [this] { resetZoomButton_->setEnabled(view_->zoom() > 1.0); });
  setWidget(content);

  connect(view_, &HeatMapView::frameRequested, this, &HeatMapDock::frameRequested);
  connect(document, &Document::graphChanged, this, &HeatMapDock::refresh);
  connect(document, &Document::reset, this, &HeatMapDock::refresh);
  connect(document, &Document::clipInserted, this, &HeatMapDock::refresh);
  connect(document, &Document::clipRemoved, this, &HeatMapDock::refresh);
  connect(document, &Document::clipChanged, this, &HeatMapDock::refresh);
  refresh();
}

void HeatMapDock::refresh() {
  view_->setProject(document_->project());
  const int cells = view_->image().width();
  if (cells == 0) {
    caption_->setText(tr("Pose distance between every two frames (RMS metres after aligning "
                         "on the ground), computed when the graph is built."));
    return;
  }
  const QString perCell = view_->stride() == 1
                              ? tr("one frame per cell")
                              : tr("%1 × %1 frames per cell (the nearest pair)").arg(view_->stride());
  caption_->setText(tr("%1 × %1 cells, %2. Dark = similar poses; rings: the hubs' match "
                       "sets; cyan mark on the scale: the hub threshold. Click a row to show "
                       "its frame. The wheel zooms, a middle or Shift drag pans; zoomed in, the "
                       "same cells grow: the scan keeps no finer data (the Hubs dock's curve "
                       "has a frame's exact row).")
                        .arg(cells)
                        .arg(perCell));
}

}  // namespace fatgraph::editor
