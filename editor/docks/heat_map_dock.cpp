#include "docks/heat_map_dock.h"

#include <QLabel>
#include <QVBoxLayout>

#include "document/document.h"
#include "views/heat_map_view.h"

namespace fatgraph::editor {

HeatMapDock::HeatMapDock(Document* document, QWidget* parent)
    : QDockWidget(tr("Pose Distances"), parent),
      document_(document),
      view_(new HeatMapView(this)),
      caption_(new QLabel(this)) {
  setObjectName(QStringLiteral("heatMapDock"));
  caption_->setObjectName(QStringLiteral("heatMapCaption"));
  caption_->setWordWrap(true);
  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(view_, 1);
  layout->addWidget(caption_);
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
                       "its frame.")
                        .arg(cells)
                        .arg(perCell));
}

}  // namespace fatgraph::editor
