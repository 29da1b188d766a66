// The editor's save and autosave on a full disk: each is failed in the middle of its write by a
// file-size limit of half what the project takes (SIGXFSZ ignored, so write() fails with EFBIG
// as it fails with ENOSPC). The user gets one line naming the file and the reason, keeps the
// previous file byte for byte and the unsaved work, no temporary file is left behind, and the
// next save with room succeeds. Before, HDF5 crashed the process at exit after such a failure.
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <sys/resource.h>

#include "document/autosave.h"
#include "document/document.h"
#include "editor/wait_until.h"

using fatgraph::editor::AutoSave;
using fatgraph::editor::Document;

namespace {

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

// Limits every file this process writes to `bytes` while it lives.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(qint64 bytes) {
    getrlimit(RLIMIT_FSIZE, &saved_);
    previousHandler_ = std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{static_cast<rlim_t>(bytes), saved_.rlim_max};
    active_ = setrlimit(RLIMIT_FSIZE, &limit) == 0;
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, previousHandler_);
  }
  bool active() const { return active_; }

 private:
  rlimit saved_{};
  void (*previousHandler_)(int) = SIG_DFL;
  bool active_ = false;
};

QByteArray contents(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList filesIn(const QString& directory) { return QDir(directory).entryList(QDir::Files); }

}  // namespace

class TestSaveFullDisk : public QObject {
  Q_OBJECT

  QTemporaryDir recoveryDir_;

 private slots:
  void initTestCase() {
    QVERIFY(recoveryDir_.isValid());
    QVERIFY(QFile::exists(kWalk));
    qputenv("FATGRAPH_RECOVERY_DIR", recoveryDir_.path().toUtf8());
  }

  void saveKeepsPreviousFileAndWork() {
    QTemporaryDir work;
    const QString path = work.filePath(QStringLiteral("walk.fgproj"));
    Document doc;
    QCOMPARE(doc.openFile(kWalk), QString());
    QCOMPARE(doc.saveProjectAs(path), QString());
    const QByteArray previous = contents(path);
    QVERIFY(previous.size() > 100000);
    QCOMPARE(doc.renameClip(0, QStringLiteral("renamed walk")), QString());
    QVERIFY(doc.isModified());

    QString error;
    {
      FileSizeLimit limit(previous.size() / 2);
      QVERIFY(limit.active());
      error = doc.saveProjectAs(path);
    }
    QVERIFY2(error.contains(path) && error.contains(QStringLiteral("File too large")), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    QVERIFY(doc.isModified());
    QCOMPARE(doc.clipName(0), QStringLiteral("renamed walk"));
    QVERIFY(contents(path) == previous);
    QCOMPARE(filesIn(work.path()), QStringList{QStringLiteral("walk.fgproj")});

    // With room again, the same document saves (the failed file left nothing in HDF5's way).
    QCOMPARE(doc.saveProject(), QString());
    QVERIFY(!doc.isModified());
    QVERIFY(contents(path) != previous);
    QCOMPARE(filesIn(work.path()), QStringList{QStringLiteral("walk.fgproj")});
  }

  void autosaveKeepsPreviousCopy() {
    Document doc;
    AutoSave autosave(&doc);
    autosave.setEnabled(true);
    autosave.setThrottleMs(10);
    QSignalSpy saved(&autosave, &AutoSave::saved);
    QSignalSpy failed(&autosave, &AutoSave::failed);
    QCOMPARE(doc.openFile(kWalk), QString());
    QCOMPARE(doc.renameClip(0, QStringLiteral("first")), QString());
    waitUntil([&] { return saved.count() > 0; });
    const QString copy = autosave.recoveryPath();
    const QByteArray previous = contents(copy);
    QVERIFY(previous.size() > 100000);
    const QStringList before = filesIn(recoveryDir_.path());

    {
      FileSizeLimit limit(previous.size() / 2);
      QVERIFY(limit.active());
      QCOMPARE(doc.renameClip(0, QStringLiteral("second")), QString());
      waitUntil([&] { return failed.count() > 0; });
    }
    const QString message = failed.front().front().toString();
    QVERIFY2(message.startsWith(QStringLiteral("Autosave failed: ")) && message.contains(copy) &&
                 message.contains(QStringLiteral("File too large")) && !message.contains(QLatin1Char('\n')),
             qPrintable(message));
    QCOMPARE(saved.count(), 1);
    QVERIFY(contents(copy) == previous);
    QCOMPARE(filesIn(recoveryDir_.path()), before);
    QCOMPARE(doc.clipName(0), QStringLiteral("second"));
  }
};

QTEST_MAIN(TestSaveFullDisk)
#include "test_save_full_disk.moc"
