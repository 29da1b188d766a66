#include "app/recent_files.h"

#include <QFileInfo>
#include <QSettings>

#include <memory>

namespace fatgraph::editor {
namespace {

const QString kKey = QStringLiteral("recentFiles");

std::unique_ptr<QSettings> openSettings(const QString& file) {
  if (file.isEmpty()) return std::make_unique<QSettings>();
  return std::make_unique<QSettings>(file, QSettings::IniFormat);
}

}  // namespace

RecentFiles::RecentFiles(const QString& settingsFile, QObject* parent)
    : QObject(parent), settingsFile_(settingsFile) {}

QStringList RecentFiles::files() const {
  QStringList files = openSettings(settingsFile_)->value(kKey).toStringList();
  files.removeAll(QString());
  return files.mid(0, kMaxFiles);
}

void RecentFiles::add(const QString& path) {
  if (path.isEmpty()) return;
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = files();
  list.removeAll(absolute);
  list.prepend(absolute);
  store(list.mid(0, kMaxFiles));
}

QStringList RecentFiles::removeMissing() {
  QStringList kept;
  QStringList missing;
  for (const QString& file : files()) (QFileInfo(file).isFile() ? kept : missing) << file;
  if (!missing.isEmpty()) store(kept);
  return missing;
}

void RecentFiles::clear() { store({}); }

void RecentFiles::store(const QStringList& files) {
  {
    auto settings = openSettings(settingsFile_);
    settings->setValue(kKey, files);
    settings->sync();  // another window or the next start reads it from the file
  }
  emit changed();
}

}  // namespace fatgraph::editor
