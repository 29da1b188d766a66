#pragma once
// The graph dock: the hub and edge thresholds (metres, with how they were chosen), the hubs
// (name, clip, source frame, match set size) and the fat edges (name, from → to, segments).
// Selecting a hub asks to show its clip and frame; selecting a fat edge, the first frame of
// its reference segment. Names are renamed in place (double-click or F2); the buttons and
// context menus accept the next hub suggestion, remove a hub and set the thresholds. Every
// change is an edit pushed through the document (an undo command).
#include <QDockWidget>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableView;
class QWidget;

namespace fatgraph::editor {

class Document;
class FatEdgeTableModel;
class HubTableModel;

class GraphDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit GraphDock(Document* document, QWidget* parent = nullptr);

  HubTableModel* hubModel() const { return hubModel_; }
  FatEdgeTableModel* edgeModel() const { return edgeModel_; }
  QTableView* hubView() const { return hubView_; }
  QTableView* edgeView() const { return edgeView_; }
  QDoubleSpinBox* hubThresholdSpin() const { return hubThresholdSpin_; }
  QDoubleSpinBox* edgeThresholdSpin() const { return edgeThresholdSpin_; }
  /// How the thresholds were chosen, e.g. "automatic: 1.5 x the hub threshold".
  QLabel* hubMethodLabel() const { return hubMethodLabel_; }
  QLabel* edgeMethodLabel() const { return edgeMethodLabel_; }
  /// The share of frames inside fat edges, e.g. "Coverage: 95.7 % of all frames" (per clip in
  /// its tooltip).
  QLabel* coverageLabel() const { return coverageLabel_; }

 public slots:
  void acceptHub();
  void removeSelectedHub();
  void applyHubThreshold();
  void applyEdgeThreshold();

 signals:
  /// The user picked a hub or a fat edge: show frame `frame` of clip `clip`.
  void frameRequested(int clip, int frame);

 private:
  QWidget* createThresholdRow(QDoubleSpinBox* spin, QPushButton* button);
  void refresh();
  void updateButtons();
  void showHubMenu(const QPoint& position);
  void showEdgeMenu(const QPoint& position);
  int selectedHubRow() const;

  Document* document_;
  HubTableModel* hubModel_;
  FatEdgeTableModel* edgeModel_;
  QLabel* emptyLabel_;
  QLabel* hubMethodLabel_;
  QLabel* edgeMethodLabel_;
  QLabel* coverageLabel_;
  QWidget* graphPanel_;
  QTableView* hubView_;
  QTableView* edgeView_;
  QDoubleSpinBox* hubThresholdSpin_;
  QDoubleSpinBox* edgeThresholdSpin_;
  QPushButton* hubThresholdButton_;
  QPushButton* edgeThresholdButton_;
  QPushButton* acceptHubButton_;
  QPushButton* removeHubButton_;
};

}  // namespace fatgraph::editor
