#pragma once
// The legs dock: the skeleton's legs as the project stores them (core legs.h), one row per
// leg with its colour in the viewport, its hip -> ankle chain and toe joint, leg and foot
// length; how they were found and what a user should know about them; the gait analysis of
// the clip on screen in one line; and "Detect legs", core's detect_legs edit as one undoable
// command (the document's edit path, like every graph edit).
#include <QDockWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace fatgraph::editor {

class Document;
class LegAnalysisCache;

class LegsDock : public QDockWidget {
  Q_OBJECT

 public:
  /// `analysis` may be null (no gait line).
  LegsDock(Document* document, LegAnalysisCache* analysis, QWidget* parent = nullptr);

  QTreeWidget* legList() const { return list_; }
  QPushButton* detectButton() const { return detect_; }
  /// "names: …" / "geometry: …" / "edited", then the notes, one per line.
  QLabel* methodLabel() const { return method_; }
  QLabel* gaitLabel() const { return gait_; }

 public slots:
  /// Runs detect_legs through the document (on the worker, one undo step).
  void detectLegs();

 private:
  void refresh();
  void refreshGait();

  Document* document_;
  LegAnalysisCache* analysis_;
  QTreeWidget* list_;
  QLabel* method_;
  QLabel* gait_;
  QPushButton* detect_;
};

}  // namespace fatgraph::editor
