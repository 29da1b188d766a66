#pragma once
// The pose distance heat map in a dock, with a caption saying what a cell holds. It follows
// the document (graph, clips) and forwards the view's frame requests.
#include <QDockWidget>

class QLabel;
class QToolButton;

namespace fatgraph::editor {

class Document;
class HeatMapView;

class HeatMapDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit HeatMapDock(Document* document, QWidget* parent = nullptr);

  HeatMapView* view() const { return view_; }
  QLabel* caption() const { return caption_; }
  /// Shows the whole matrix again after zooming (enabled while zoomed).
  QToolButton* resetZoomButton() const { return resetZoomButton_; }

 signals:
  /// A cell was clicked: show frame `frame` of clip `clip` (the cell's row).
  void frameRequested(int clip, int frame);

 private:
  void refresh();

  Document* document_;
  HeatMapView* view_;
  QLabel* caption_;
  QToolButton* resetZoomButton_;
};

}  // namespace fatgraph::editor
