#pragma once
// The graph view in a dock: it follows the document's graph and the shared selection, and a
// click on a hub or a fat edge selects it for every view (a click on empty space clears it).
#include <QDockWidget>

namespace fatgraph::editor {

class Document;
class GraphView;
class Selection;

class GraphViewDock : public QDockWidget {
  Q_OBJECT

 public:
  GraphViewDock(Document* document, Selection* selection, QWidget* parent = nullptr);

  GraphView* view() const { return view_; }

 private:
  Document* document_;
  Selection* selection_;
  GraphView* view_;
};

}  // namespace fatgraph::editor
