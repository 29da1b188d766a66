#pragma once
// The notes dock: every notice the document gives (clips reordered, retargeted or resampled on
// import, why automatic hubs stopped, authored edits that no longer apply after a
// re-derivation), one line each, oldest first, kept for the session. The status bar shows only
// the latest for a few seconds; here none is lost when several arrive at once.
#include <QDockWidget>

class QPlainTextEdit;

namespace fatgraph::editor {

class Document;

class NotesDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit NotesDock(Document* document, QWidget* parent = nullptr);

  QPlainTextEdit* log() const { return log_; }
  /// The notes so far, one per line.
  QStringList notes() const;

 private:
  void append(const QString& message);

  QPlainTextEdit* log_;
};

}  // namespace fatgraph::editor
