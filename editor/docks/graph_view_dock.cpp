#include "docks/graph_view_dock.h"

#include "document/document.h"
#include "document/selection.h"
#include "views/graph_view.h"

namespace fatgraph::editor {

GraphViewDock::GraphViewDock(Document* document, Selection* selection, QWidget* parent)
    : QDockWidget(tr("Graph View"), parent),
      document_(document),
      selection_(selection),
      view_(new GraphView(this)) {
  setObjectName(QStringLiteral("graphViewDock"));
  setWidget(view_);
  auto refresh = [this] {
    view_->setGraph(document_->graph());
    view_->setSelectedHub(selection_->hub());
    view_->setSelectedEdge(selection_->fatEdge());
  };
  connect(document, &Document::graphChanged, this, refresh);
  connect(document, &Document::reset, this, refresh);
  connect(selection, &Selection::hubChanged, view_, &GraphView::setSelectedHub);
  connect(selection, &Selection::fatEdgeChanged, view_, &GraphView::setSelectedEdge);
  // A hub or an edge is picked alone: the other selection is cleared.
  connect(view_, &GraphView::hubClicked, this, [this](int hub) {
    selection_->setFatEdge(-1);
    selection_->setHub(hub);
  });
  connect(view_, &GraphView::edgeClicked, this, [this](int edge) {
    selection_->setHub(-1);
    selection_->setFatEdge(edge);
  });
  connect(view_, &GraphView::cleared, selection, &Selection::clear);
  refresh();
}

}  // namespace fatgraph::editor
