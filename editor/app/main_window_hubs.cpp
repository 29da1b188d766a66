// The main window's hub views: the hubs dock (suggestions, the distance curve) and the graph
// view, tabbed with the heat map and the graph dock, and the one selection they share with
// the graph dock's tables, the viewport's ghost poses, the timeline's match marks and the
// parameter dock. Selecting a hub anywhere shows its row, its curve, its ghosts and its frame;
// selecting a fat edge shows its row and its parameter plane.
#include <QAction>
#include <QItemSelectionModel>
#include <QMenuBar>
#include <QSignalBlocker>
#include <QTableView>

#include "app/main_window.h"
#include "docks/graph_dock.h"
#include "docks/graph_view_dock.h"
#include "docks/heat_map_dock.h"
#include "docks/hubs_dock.h"
#include "docks/parameter_dock.h"
#include "document/document.h"
#include "document/hub_edits.h"
#include "document/selection.h"
#include "views/ghost_poses.h"
#include "views/timeline_marks.h"
#include "views/timeline_widget.h"
#include "views/viewport.h"

namespace fatgraph::editor {
namespace {

/// Makes `row` the table's current row (or clears it) quietly: the table's own reaction to a
/// row the user picks (the graph dock shows its frame) must not run when the selection only
/// follows, e.g. after an edit reset the table, or the timeline would jump to the hub.
void showRow(QTableView* table, int row) {
  QItemSelectionModel* selection = table->selectionModel();
  if (row >= 0 && selection->currentIndex().row() == row) return;
  {
    const QSignalBlocker quiet(selection);
    if (row < 0) {
      selection->clearSelection();
      selection->setCurrentIndex({}, QItemSelectionModel::NoUpdate);
    } else {
      selection->setCurrentIndex(table->model()->index(row, 0),
                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
  }
  table->viewport()->update();  // the blocked signals would have repainted it
}

}  // namespace

void MainWindow::createHubViews() {
  selection_ = new Selection(document_, this);
  selection_->setObjectName(QStringLiteral("selection"));
  hubsDock_ = new HubsDock(document_, selection_, this);
  graphViewDock_ = new GraphViewDock(document_, selection_, this);
  addDockWidget(Qt::RightDockWidgetArea, hubsDock_);
  addDockWidget(Qt::RightDockWidgetArea, graphViewDock_);
  tabifyDockWidget(heatMapDock_, hubsDock_);
  tabifyDockWidget(graphDock_, graphViewDock_);
  heatMapDock_->raise();
  graphDock_->raise();
  for (QAction* action : menuBar()->actions()) {
    if (action->menu() != nullptr && action->text() == tr("&View")) {
      action->menu()->addAction(hubsDock_->toggleViewAction());
      action->menu()->addAction(graphViewDock_->toggleViewAction());
    }
  }

  // The graph dock's tables select; the selection shows its rows.
  connect(graphDock_->hubView()->selectionModel(), &QItemSelectionModel::currentRowChanged,
          selection_, [this](const QModelIndex& current) {
            if (current.isValid()) selection_->setHub(current.row());
          });
  connect(graphDock_->edgeView()->selectionModel(), &QItemSelectionModel::currentRowChanged,
          selection_, [this](const QModelIndex& current) {
            if (current.isValid()) selection_->setFatEdge(current.row());
          });
  connect(selection_, &Selection::hubChanged, this, &MainWindow::showSelectedHub);
  // A newly selected hub shows its frame; the same hub re-announced after an edit does not
  // move the timeline away from where the user works.
  connect(selection_, &Selection::hubChanged, this, [this, shown = QString()]() mutable {
    const int hub = selection_->hub();
    if (hub < 0 || selection_->hubName() == shown) {
      shown = selection_->hubName();
      return;
    }
    shown = selection_->hubName();
    const FrameRef f = document_->graph().hubs.at(static_cast<size_t>(hub)).frame;
    showClipFrame(f.clip, f.frame);
  });
  connect(selection_, &Selection::fatEdgeChanged, this, &MainWindow::showSelectedEdge);

  // The hub's ghosts and marks follow its match set (edits, undo) and the clip on screen.
  auto showHub = [this] {
    const int hub = selection_->hub();
    viewport_->setGhostPoses(hubGhostPoses(document_->project(), hub));
    const int clip = document_->currentClip();
    int hubFrame = -1;
    std::vector<int> matches;
    if (hub >= 0) {
      const Hub& h = document_->graph().hubs.at(static_cast<size_t>(hub));
      if (h.frame.clip == clip) hubFrame = h.frame.frame;
      for (const FrameRef& m : h.matchSet) {
        if (m.clip == clip) matches.push_back(m.frame);
      }
    }
    timeline_->marks()->setMarks(hubFrame, std::move(matches));
  };
  connect(selection_, &Selection::hubChanged, this, showHub);
  connect(document_, &Document::graphChanged, this, showHub);
  connect(document_, &Document::currentClipChanged, this, showHub);
  connect(document_, &Document::reset, this, showHub);
  // Ctrl+click on the marks: add or remove a match of the selected hub at that frame.
  connect(timeline_->marks(), &TimelineMarks::toggleRequested, this, [this](int frame) {
    const int hub = selection_->hub();
    const int clip = document_->currentClip();
    if (hub < 0 || clip < 0) {
      showError(tr("Select a hub first: Ctrl+click adds or removes one of its matches"));
      return;
    }
    document_->editGraph(toggleMatchAt(document_->project(), hub, {clip, frame}));
  });

  connect(timeline_, &TimelineWidget::frameChanged, hubsDock_,
          [this](int frame) { hubsDock_->setCurrentFrame(document_->currentClip(), frame); });
  connect(hubsDock_, &HubsDock::frameRequested, this, &MainWindow::showClipFrame);
  hubsDock_->setCurrentFrame(document_->currentClip(), timeline_->frame());
}

void MainWindow::showSelectedHub() { showRow(graphDock_->hubView(), selection_->hub()); }

void MainWindow::showSelectedEdge() {
  const int edge = selection_->fatEdge();
  showRow(graphDock_->edgeView(), edge);  // its row also shows its reference segment's frame
  if (edge >= 0) parameterDock_->selectEdge(edge);
}

}  // namespace fatgraph::editor
