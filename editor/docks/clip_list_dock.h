#pragma once
// The clip list on the left: every clip of the document (name, frames, fps, duration).
// Selecting a row makes that clip current; the current clip stays selected when clips are
// added, removed or undone. Double-click or F2 renames in place (an undo command).
#include <QDockWidget>

class QListView;
class QToolButton;

namespace fatgraph::editor {

class ClipListModel;
class Document;

class ClipListDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit ClipListDock(Document* document, QWidget* parent = nullptr);

  QListView* view() const { return view_; }
  ClipListModel* model() const { return model_; }
  /// Adds the remove action as a button under the list.
  void setRemoveAction(QAction* action);

 private:
  void selectCurrentClip();

  Document* document_;
  ClipListModel* model_;
  QListView* view_;
  QToolButton* removeButton_;
};

}  // namespace fatgraph::editor
