#pragma once
// The editor window: the 3D viewport with the timeline under it, the clip list on the left,
// the File / Edit / View / Playback menus, a status bar describing the current clip, and
// drag and drop of .bvh / .fgproj files.
//
// Errors (a file that does not load, a refused skeleton, a failed save) never change the
// document. They are recorded (lastError, errorShown) and shown in the status bar; an
// interactive window also opens a non-modal message box.
#include <QMainWindow>
#include <QStringList>

class QAction;
class QLabel;
class QMimeData;

namespace fatgraph::editor {

class ClipListDock;
class Document;
class TimelineWidget;
class Viewport;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  Document* document() const { return document_; }
  Viewport* viewport() const { return viewport_; }
  TimelineWidget* timeline() const { return timeline_; }
  ClipListDock* clipListDock() const { return clipDock_; }
  QLabel* statusLabel() const { return statusLabel_; }

  /// Interactive windows show errors in message boxes and ask before discarding changes;
  /// tests and --screenshot turn this off.
  void setInteractive(bool interactive) { interactive_ = interactive; }
  bool isInteractive() const { return interactive_; }
  const QString& lastError() const { return lastError_; }

  /// Opens files in order (as File > Open does); returns the error messages.
  QStringList openFiles(const QStringList& paths);
  /// Shows frame `frame` of the current clip (clamped); false when there is no clip.
  bool showFrame(int frame);

 signals:
  /// Emitted for every error shown to the user.
  void errorShown(const QString& message);

 public slots:
  void open();
  void saveProjectAs();
  void removeCurrentClip();
  void renameCurrentClip();

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void createActions();
  void showError(const QString& message);
  void showCurrentClip();
  void updateStatus();
  void updateTitle();
  bool confirmDiscardChanges();
  static QStringList supportedLocalFiles(const QMimeData* mime);

  Document* document_;
  Viewport* viewport_;
  TimelineWidget* timeline_;
  ClipListDock* clipDock_;
  QLabel* statusLabel_;
  QAction* removeClipAction_ = nullptr;
  QAction* renameClipAction_ = nullptr;
  QString lastError_;
  QString lastDirectory_;
  bool interactive_ = true;
};

}  // namespace fatgraph::editor
