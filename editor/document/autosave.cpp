#include "document/autosave.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>
#include <QUndoStack>
#include <QUuid>

#include <algorithm>
#include <exception>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#endif

#include "document/document.h"
#include "document/job_runner.h"
#include "fatgraph/core/io/project_store.h"

namespace fatgraph::editor {
namespace {

const QString kInfoFormat = QStringLiteral("fatgraph.recovery");

/// Tokens of the AutoSave objects alive in this process: their copies are no orphans even
/// though their process (this one) runs.
QSet<QString>& liveTokens() {
  static QSet<QString> tokens;
  return tokens;
}

}  // namespace

AutoSave::AutoSave(Document* document, QObject* parent)
    : QObject(parent),
      document_(document),
      token_(QUuid::createUuid().toString(QUuid::Id128).left(12)) {
  liveTokens().insert(token_);
  const QString base = QDir(recoveryDirectory())
                           .filePath(QStringLiteral("session-%1-%2")
                                         .arg(QCoreApplication::applicationPid())
                                         .arg(token_));
  recoveryPath_ = base + QStringLiteral(".fgproj");
  infoPath_ = base + QStringLiteral(".json");
  interval_.setInterval(kDefaultIntervalSeconds * 1000);
  throttle_.setSingleShot(true);
  throttle_.setInterval(kDefaultThrottleMs);
  connect(&interval_, &QTimer::timeout, this, &AutoSave::saveNow);
  connect(&throttle_, &QTimer::timeout, this, &AutoSave::saveNow);
  connect(document_->undoStack(), &QUndoStack::indexChanged, this, &AutoSave::scheduleAfterChange);
  connect(document_->jobs(), &JobRunner::finished, this, &AutoSave::onJobFinished);
  connect(document_, &Document::recovered, this, &AutoSave::onRecovered);
  // Saved, opened anew or undone back to the saved state: nothing left to recover.
  connect(document_, &Document::modifiedChanged, this, [this](bool modified) {
    if (!modified) discard();
  });
}

AutoSave::~AutoSave() { liveTokens().remove(token_); }

QString AutoSave::recoveryDirectory() {
  const QString forced = qEnvironmentVariable("FATGRAPH_RECOVERY_DIR");
  if (!forced.isEmpty()) return forced;
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
      .filePath(QStringLiteral("recovery"));
}

bool AutoSave::isProcessAlive(qint64 pid) {
  if (pid <= 0) return false;
#ifdef Q_OS_UNIX
  // Signal 0 checks existence only; EPERM means it exists but belongs to someone else.
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
#else
  return true;  // unknown: never take another session's copy
#endif
}

QList<RecoveryEntry> AutoSave::findRecoverable(const QString& directory) {
  QList<RecoveryEntry> entries;
  const QDir dir(directory);
  const QStringList infos = dir.entryList({QStringLiteral("session-*.json")}, QDir::Files);
  for (const QString& name : infos) {
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::ReadOnly)) continue;
    const QJsonObject info = QJsonDocument::fromJson(file.readAll()).object();
    if (info.value(QStringLiteral("format")).toString() != kInfoFormat) continue;
    RecoveryEntry entry;
    entry.infoPath = file.fileName();
    entry.projectPath = dir.filePath(info.value(QStringLiteral("project")).toString());
    entry.originalPath = info.value(QStringLiteral("original")).toString();
    entry.pid = info.value(QStringLiteral("pid")).toInteger();
    entry.savedAt = QDateTime::fromString(info.value(QStringLiteral("saved")).toString(),
                                          Qt::ISODateWithMs);
    if (!QFileInfo(entry.projectPath).isFile()) continue;
    const QString token = info.value(QStringLiteral("token")).toString();
    const bool ours = entry.pid == QCoreApplication::applicationPid();
    const bool over = ours ? !liveTokens().contains(token) : !isProcessAlive(entry.pid);
    if (over) entries << entry;
  }
  std::sort(entries.begin(), entries.end(), [](const RecoveryEntry& a, const RecoveryEntry& b) {
    return a.savedAt > b.savedAt;
  });
  return entries;
}

void AutoSave::remove(const RecoveryEntry& entry) {
  QFile::remove(entry.projectPath);
  QFile::remove(entry.infoPath);
}

void AutoSave::setEnabled(bool enabled) {
  enabled_ = enabled;
  if (enabled) {
    interval_.start();
  } else {
    interval_.stop();
    throttle_.stop();
    pending_ = false;
  }
}

void AutoSave::setIntervalSeconds(int seconds) {
  interval_.setInterval(std::max(1, seconds) * 1000);
}

void AutoSave::scheduleAfterChange() {
  if (enabled_ && !throttle_.isActive()) throttle_.start();
}

bool AutoSave::saveNow() {
  if (!enabled_ || !document_->isModified() || saving_) return false;
  if (document_->isBusy()) {
    pending_ = true;
    return false;
  }
  pending_ = false;
  if (!QDir().mkpath(QFileInfo(recoveryPath_).absolutePath())) {
    emit failed(tr("Cannot autosave: cannot create the folder %1")
                    .arg(QFileInfo(recoveryPath_).absolutePath()));
    return false;
  }
  const QJsonObject info{
      {QStringLiteral("format"), kInfoFormat},
      {QStringLiteral("version"), 1},
      {QStringLiteral("pid"), QCoreApplication::applicationPid()},
      {QStringLiteral("token"), token_},
      {QStringLiteral("original"), document_->filePath()},
      {QStringLiteral("project"), QFileInfo(recoveryPath_).fileName()},
      {QStringLiteral("saved"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)}};
  const QByteArray infoBytes = QJsonDocument(info).toJson();
  const Document* document = document_;
  const QString copyPath = recoveryPath_;
  const QString infoPath = infoPath_;
  QPointer<AutoSave> self(this);
  saving_ = document_->jobs()->start(
      tr("Autosaving"), [document, copyPath, infoPath, infoBytes, self](const ProgressCallback&) {
        // On the worker: the document is frozen while this job runs, so its project can be
        // written from here without a copy.
        QString error;
        try {
          saveProject(document->project(), QFile::encodeName(copyPath).toStdString());
        } catch (const std::exception& e) {
          error = QString::fromStdString(e.what());
        }
        if (error.isEmpty()) {  // the info file last: it never names a missing copy
          QSaveFile file(infoPath);
          if (!file.open(QIODevice::WriteOnly) || file.write(infoBytes) != infoBytes.size() ||
              !file.commit()) {
            error = file.errorString();
          }
        }
        return JobRunner::Completion([self, copyPath, error] {
          if (!self) return;
          self->saving_ = false;
          if (!error.isEmpty()) {
            emit self->failed(tr("Autosave failed: %1").arg(error));
            return;
          }
          // Saved or closed cleanly meanwhile: this copy keeps nothing.
          if (!self->document_->isModified()) {
            self->discard();
            return;
          }
          for (const RecoveryEntry& entry : self->restored_) remove(entry);
          self->restored_.clear();
          emit self->saved(copyPath);
        });
      });
  return saving_;
}

void AutoSave::onJobFinished() {
  // Not from inside the runner's finished signal: start the next job once it has returned.
  if (pending_) QTimer::singleShot(0, this, &AutoSave::saveNow);
}

void AutoSave::discard() {
  pending_ = false;
  throttle_.stop();
  QFile::remove(infoPath_);  // the info first: a copy without it is never offered
  QFile::remove(recoveryPath_);
}

QString AutoSave::restore(const RecoveryEntry& entry) {
  restored_ << entry;
  const QString error = document_->openRecovered(entry.projectPath, entry.originalPath);
  if (!error.isEmpty()) restored_.removeLast();
  return error;
}

QString AutoSave::startRestore(const RecoveryEntry& entry) {
  restored_ << entry;
  const QString error = document_->startOpenRecovered(entry.projectPath, entry.originalPath);
  if (!error.isEmpty()) restored_.removeLast();
  return error;
}

void AutoSave::onRecovered(const QString& recoveryPath) {
  // Keep the restored copy until this session's own copy exists.
  const auto unrelated = [&recoveryPath](const RecoveryEntry& e) {
    return e.projectPath != recoveryPath;
  };
  restored_.erase(std::remove_if(restored_.begin(), restored_.end(), unrelated),
                  restored_.end());
  // Not from inside the restoring job's completion: write once the runner is idle.
  QTimer::singleShot(0, this, &AutoSave::saveNow);
}

}  // namespace fatgraph::editor
