#pragma once
// The fat edges dock: the edge threshold (slider and spin box, metres) and the linkage
// (complete: every pair of segments blends; single: chains of similar segments) over a tree
// of the fat edges and their segments (models/segment_tree_model.h).
//
// Live re-clustering: while the threshold slider drags, the tree and the summary show core's
// clustering of the document's segments at that threshold (the stored segment distances, no
// DTW), without touching the document. On release, or after a short pause of the drag or of
// the spin box, the dock issues one set_edge_threshold edit; several issued during one drag
// carry the drag's id and merge into one undo step.
//
// The tree edits the edges through the document: drag a segment onto another edge
// (move_segment), Split the selected segments off their edge (split_edge), Merge two selected
// edges (merge_edges, the first keeps its name), Remove a segment from its edge
// (remove_segment), rename an edge in place. Play Segment loops the selected segment's
// frames in the viewport (segmentPlayRequested); Play Blend plays the selected edge's blend
// at the neutral point of its parameter plane (edgeBlendRequested).
#include <QDockWidget>
#include <QList>
#include <QPointer>
#include <QTimer>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QTreeView;

namespace fatgraph::editor {

class Document;
class SegmentTreeModel;
class Selection;

class FatEdgesDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit FatEdgesDock(Document* document, QWidget* parent = nullptr);

  SegmentTreeModel* model() const { return model_; }
  QTreeView* tree() const { return tree_; }
  /// The edge threshold in millimetres (sliderToMetres converts).
  QSlider* thresholdSlider() const { return thresholdSlider_; }
  QDoubleSpinBox* thresholdSpin() const { return thresholdSpin_; }
  /// Complete (row 0) or single (row 1) linkage.
  QComboBox* linkageBox() const { return linkageBox_; }
  /// "7 fat edges · 4.3 segments per edge", with "preview" while the slider drags.
  QLabel* summaryLabel() const { return summaryLabel_; }
  QPushButton* splitButton() const { return splitButton_; }
  QPushButton* mergeButton() const { return mergeButton_; }
  QPushButton* removeButton() const { return removeButton_; }
  QPushButton* playSegmentButton() const { return playSegmentButton_; }
  QPushButton* playBlendButton() const { return playBlendButton_; }
  /// Whether the tree shows a threshold preview instead of the document's edges.
  bool isPreviewing() const;
  /// How long the threshold must rest before the dock issues the edit (milliseconds).
  static constexpr int kCommitPauseMs = 600;
  /// The slider counts millimetres, 1 mm to 1 m.
  static constexpr int kSliderMaxMillimetres = 1000;
  static double sliderToMetres(int value) { return value / 1000.0; }
  static int metresToSlider(double metres);

  /// Follows and sets the selected fat edge and segment through `selection` (may be null).
  void setSelection(Selection* selection);

  /// The selected segments (segment rows), ascending; the selected fat edges (edge rows).
  QList<int> selectedSegments() const;
  QList<int> selectedEdges() const;

 public slots:
  /// Shows the clustering at `metres` with the linkage chosen, without touching the document.
  void previewThreshold(double metres);
  /// Issues the set_edge_threshold edit of the value shown (merged into the current drag).
  void commitThreshold();
  void splitSelected();
  void mergeSelected();
  void removeSelectedSegment();
  void playSelectedSegment();
  void playSelectedBlend();
  void selectEdge(int edge);
  void selectSegment(int segment);

 signals:
  /// Show frame `frame` of clip `clip` (a segment or edge picked).
  void frameRequested(int clip, int frame);
  /// Loop frames [first, last] of clip `clip`.
  void segmentPlayRequested(int clip, int first, int last);
  /// Play fat edge `edge`'s blend (the parameter dock's preview at the neutral point).
  void edgeBlendRequested(int edge);
  /// The current row changed: its fat edge (-1: none) and segment (-1: an edge row).
  void currentChanged(int edge, int segment);

 private:
  QWidget* createThresholdRow();
  QWidget* createButtonRow();
  void refresh();
  void updateSummary();
  void updateButtons();
  void thresholdMoved(int millimetres);
  void spinEdited(double metres);
  void beginDrag();
  void linkageChosen(int row);
  void showCurrent(const QModelIndex& current);
  /// Makes `index` the tree's current row because the shared selection chose it.
  void followTo(const QModelIndex& index);
  void showTreeMenu(const QPoint& position);

  Document* document_;
  SegmentTreeModel* model_;
  QPointer<Selection> selection_;
  QSlider* thresholdSlider_;
  QDoubleSpinBox* thresholdSpin_;
  QComboBox* linkageBox_;
  QLabel* summaryLabel_;
  QTreeView* tree_;
  QPushButton* splitButton_;
  QPushButton* mergeButton_;
  QPushButton* removeButton_;
  QPushButton* playSegmentButton_;
  QPushButton* playBlendButton_;
  QTimer commitTimer_;        // the pause after which a moved threshold is issued
  int dragId_ = 0;            // the drag the next threshold edit belongs to
  double pendingMetres_ = -1; // the threshold to issue; < 0 when none waits
  bool following_ = false;    // the selection is being shown: do not echo it back
};

}  // namespace fatgraph::editor
