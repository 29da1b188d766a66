#pragma once
// Autosave and crash recovery. While the document has unsaved changes, AutoSave writes a
// recovery copy of the project (a normal .fgproj, written atomically by core) every
// interval (60 s by default) and shortly after every change of the undo stack (throttled),
// into a per-user recovery folder. Beside the copy it writes a small info file: the process
// id, the file being edited (empty when never saved) and the time. A clean save, a return to
// the saved state and a clean close (discard()) remove both files; a crash leaves them.
//
// On the next start, findRecoverable() lists the copies whose session is over: the process
// is gone (or is this one, but no live AutoSave owns the copy). Restoring opens the copy as
// the document, marked modified, with the original file as its save target; the old copy is
// removed once this session's own recovery copy has been written.
//
// The copy is written by a job on the document's worker, which reads the project there (the
// document is frozen while a job runs), so the GUI thread neither copies nor writes it. When
// the document is busy, the save waits for the running job to end.
//
// The folder is QStandardPaths::AppDataLocation/recovery, or $FATGRAPH_RECOVERY_DIR when set
// (tests).
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

namespace fatgraph::editor {

class Document;

/// A recovery copy found in the recovery folder.
struct RecoveryEntry {
  QString infoPath;      // the info (lock) file, .json
  QString projectPath;   // the recovery copy, .fgproj
  QString originalPath;  // the file the session edited; empty when it was never saved
  qint64 pid = 0;        // the process that wrote it
  QDateTime savedAt;     // when the copy was written (UTC)
};

class AutoSave : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultIntervalSeconds = 60;
  static constexpr int kDefaultThrottleMs = 5000;

  /// Watches `document`; disabled until setEnabled(true) (tests and screenshots write none).
  explicit AutoSave(Document* document, QObject* parent = nullptr);
  /// Keeps the files: only discard() (a clean close) removes them, so a crash leaves them.
  ~AutoSave() override;

  /// $FATGRAPH_RECOVERY_DIR, else AppDataLocation/recovery.
  static QString recoveryDirectory();
  /// Recovery copies in `directory` whose session is over, newest first.
  static QList<RecoveryEntry> findRecoverable(const QString& directory = recoveryDirectory());
  /// Whether a process with this id runs (POSIX kill(pid, 0)); unknown counts as alive.
  static bool isProcessAlive(qint64 pid);
  /// Deletes an entry's copy and info file.
  static void remove(const RecoveryEntry& entry);

  void setEnabled(bool enabled);
  bool isEnabled() const { return enabled_; }
  /// Seconds between saves while the document is modified.
  void setIntervalSeconds(int seconds);
  int intervalSeconds() const { return interval_.interval() / 1000; }
  /// Delay after an undo-stack change before the copy is written (changes meanwhile wait).
  void setThrottleMs(int ms) { throttle_.setInterval(ms); }

  /// This session's recovery copy and info file (they exist once a save succeeded).
  const QString& recoveryPath() const { return recoveryPath_; }
  const QString& infoPath() const { return infoPath_; }

  /// True while this object's save job runs.
  bool isSaving() const { return saving_; }
  /// Starts writing the recovery copy on the worker when the document has unsaved changes.
  /// False when nothing started: clean (nothing to keep), disabled, or busy (then it is
  /// written when the running job ends).
  bool saveNow();
  /// Removes this session's recovery files (clean save, clean close).
  void discard();
  /// Opens `entry` as the document (Document::openRecovered, on the calling thread); its
  /// files are removed once this session's copy was written. Empty or the error.
  QString restore(const RecoveryEntry& entry);
  /// The same with the copy read on the worker.
  QString startRestore(const RecoveryEntry& entry);

 signals:
  /// A recovery copy was written to `path`.
  void saved(const QString& path);
  /// Writing the copy failed (the previous copy, if any, is intact).
  void failed(const QString& message);

 private:
  void onJobFinished();
  void onRecovered(const QString& recoveryPath);
  void scheduleAfterChange();

  Document* document_;
  QTimer interval_;
  QTimer throttle_;
  QString token_;  // names this session's files; registered as live in this process
  QString recoveryPath_;
  QString infoPath_;
  bool enabled_ = false;
  bool pending_ = false;  // a save was due while the document was busy
  bool saving_ = false;   // our own job runs
  QList<RecoveryEntry> restored_;  // removed after our next successful save
};

}  // namespace fatgraph::editor
