#pragma once
// The joint map dock: when the character brought its own skeleton and the clips were
// retargeted onto it (core retargeting.h), one row per character joint with the clips' joint
// it follows and how it was matched (name, geometry, chosen, or none: rest pose). Choosing a
// clip joint (or "rest pose") for the selected row and pressing Map runs core's map_joint
// through the document: the clips retargeted again, one undo step.
#include <QDockWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace fatgraph::editor {

class Document;

class JointMapDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit JointMapDock(Document* document, QWidget* parent = nullptr);

  QTreeWidget* mapList() const { return list_; }
  /// "rest pose" first, then the clips' joints in their skeleton's order.
  QComboBox* followsBox() const { return follows_; }
  QPushButton* mapButton() const { return map_; }
  QLabel* summaryLabel() const { return summary_; }

 public slots:
  /// Maps the selected row's joint to the joint chosen in followsBox().
  void mapSelected();

 private:
  void refresh();
  void selectionChanged();

  Document* document_;
  QTreeWidget* list_;
  QLabel* summary_;
  QComboBox* follows_;
  QPushButton* map_;
};

}  // namespace fatgraph::editor
