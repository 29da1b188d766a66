#pragma once
// The list behind File > Open Recent: the projects and clips the user opened or saved, most
// recent first, at most kMaxFiles, kept in QSettings so it survives the session. Files that
// no longer exist are dropped when the list is read for the menu (removeMissing), and the
// caller says so.
#include <QObject>
#include <QString>
#include <QStringList>

namespace fatgraph::editor {

class RecentFiles : public QObject {
  Q_OBJECT

 public:
  static constexpr int kMaxFiles = 10;

  /// Stored in the application's settings (QSettings()), or in the INI file `settingsFile`
  /// when given (tests).
  explicit RecentFiles(const QString& settingsFile = {}, QObject* parent = nullptr);

  /// Absolute paths, most recent first.
  QStringList files() const;
  /// Puts `path` (made absolute) first, removing an older mention; keeps kMaxFiles.
  void add(const QString& path);
  /// Drops the files that no longer exist; returns them (for a note to the user).
  QStringList removeMissing();
  void clear();

 signals:
  void changed();

 private:
  void store(const QStringList& files);

  QString settingsFile_;
};

}  // namespace fatgraph::editor
