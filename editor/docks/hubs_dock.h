#pragma once
// The hubs dock: the ranked hub suggestions (clip, frame, match-set size, coverage gain) with
// Accept (accept_hub for the top one, add_hub at the frame for another) and Reject
// (reject_hub), "Make Current Frame a Hub" (add_hub at the timeline's frame), and the
// distance curve: the selected hub's distance row, or with no hub selected the row of the
// frame on the timeline. With a hub selected the curve edits its match set (Ctrl+click toggles
// a match, a dragged mark moves one on release: one undo step). Every change is an edit pushed
// through the document; failures are reported by the document and change nothing.
#include <QDockWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace fatgraph::editor {

class DistanceCurveView;
class Document;
class FrameDistances;
class HubSuggestionList;
class Selection;

class HubsDock : public QDockWidget {
  Q_OBJECT

 public:
  HubsDock(Document* document, Selection* selection, QWidget* parent = nullptr);

  HubSuggestionList* suggestions() const { return suggestions_; }
  QTableView* suggestionView() const { return suggestionView_; }
  QPushButton* acceptButton() const { return acceptButton_; }
  QPushButton* rejectButton() const { return rejectButton_; }
  QPushButton* makeHubButton() const { return makeHubButton_; }
  DistanceCurveView* curve() const { return curve_; }
  FrameDistances* distances() const { return distances_; }
  /// What the curve shows and how to edit, e.g. "Distances from hub0 (144_03 frame 412)…".
  QLabel* curveCaption() const { return curveCaption_; }
  /// The suggestion row Accept and Reject act on (the selected row, else the top one; -1: none).
  int chosenSuggestion() const;

 public slots:
  /// The frame on the timeline (the curve's row when no hub is selected).
  void setCurrentFrame(int clip, int frame);
  void acceptSuggestion();
  void rejectSuggestion();
  void makeCurrentFrameHub();
  /// Toggles frame `frame` of clip `clip` in the selected hub's match set.
  void toggleMatch(int clip, int frame);
  /// Moves the selected hub's match at `frame` of clip `clip` to `toFrame`.
  void moveMatch(int clip, int frame, int toFrame);

 signals:
  /// Show frame `frame` of clip `clip` (a suggestion picked, a click on the curve).
  void frameRequested(int clip, int frame);

 private:
  void refresh();
  void requestRow();
  void updateButtons();

  Document* document_;
  Selection* selection_;
  HubSuggestionList* suggestions_;
  FrameDistances* distances_;
  QTableView* suggestionView_;
  QLabel* statusLabel_;
  QPushButton* acceptButton_;
  QPushButton* rejectButton_;
  QPushButton* makeHubButton_;
  QLabel* curveCaption_;
  DistanceCurveView* curve_;
  int currentClip_ = -1;
  int currentFrame_ = -1;
};

}  // namespace fatgraph::editor
