// The main window's fat edges dock: tabbed with the graph dock, following the shared
// selection, jumping to a picked segment's frame, looping a segment on the timeline, and
// playing an edge's blend through the parameter dock's preview.
#include <QAction>
#include <QMenu>
#include <QMenuBar>

#include "app/main_window.h"
#include "docks/fat_edges_dock.h"
#include "docks/graph_dock.h"
#include "docks/parameter_dock.h"
#include "document/document.h"
#include "views/segment_loop.h"

namespace fatgraph::editor {

void MainWindow::createEdgeViews() {
  fatEdgesDock_ = new FatEdgesDock(document_, this);
  segmentLoop_ = new SegmentLoop(timeline_, this);
  addDockWidget(Qt::RightDockWidgetArea, fatEdgesDock_);
  tabifyDockWidget(graphDock_, fatEdgesDock_);
  graphDock_->raise();
  fatEdgesDock_->setSelection(selection_);
  for (QAction* action : menuBar()->actions()) {
    if (action->menu() != nullptr && action->menu()->title() == tr("&View")) {
      action->menu()->addAction(fatEdgesDock_->toggleViewAction());
    }
  }

  connect(fatEdgesDock_, &FatEdgesDock::frameRequested, this, [this](int clip, int frame) {
    segmentLoop_->stop();  // another row picked: the timeline is the user's again
    showClipFrame(clip, frame);
  });
  connect(fatEdgesDock_, &FatEdgesDock::segmentPlayRequested, this,
          [this](int clip, int first, int last) {
            if (showClipFrame(clip, first)) segmentLoop_->play(first, last);
          });
  connect(fatEdgesDock_, &FatEdgesDock::edgeBlendRequested, this, [this](int edge) {
    segmentLoop_->stop();
    parameterDock_->selectEdge(edge);
    parameterDock_->show();
    parameterDock_->raise();
    parameterDock_->previewNeutralPoint();
  });
}

}  // namespace fatgraph::editor
