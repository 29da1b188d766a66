// File > Open Recent's list: most recent first, no duplicates, at most ten, kept across
// instances (the settings file), and files that no longer exist removed and reported.
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/recent_files.h"

using fatgraph::editor::RecentFiles;

namespace {

QString touch(const QTemporaryDir& dir, const QString& name) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (file.open(QIODevice::WriteOnly)) file.write("x");
  return QFileInfo(path).absoluteFilePath();
}

}  // namespace

class TestRecentFiles : public QObject {
  Q_OBJECT

 private slots:
  void mostRecentFirstWithoutDuplicates() {
    QTemporaryDir dir;
    RecentFiles recent(dir.filePath(QStringLiteral("settings.ini")));
    QSignalSpy changed(&recent, &RecentFiles::changed);
    const QString a = touch(dir, QStringLiteral("a.fgproj"));
    const QString b = touch(dir, QStringLiteral("b.bvh"));
    recent.add(a);
    recent.add(b);
    QCOMPARE(recent.files(), QStringList({b, a}));
    recent.add(a);  // again: moves to the front, once
    QCOMPARE(recent.files(), QStringList({a, b}));
    QCOMPARE(changed.count(), 3);
    // A relative path is stored absolute.
    const QString previous = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    recent.add(QStringLiteral("b.bvh"));
    QVERIFY(QDir::setCurrent(previous));
    QCOMPARE(recent.files(), QStringList({b, a}));
  }

  void keepsTheTenNewest() {
    QTemporaryDir dir;
    RecentFiles recent(dir.filePath(QStringLiteral("settings.ini")));
    QStringList added;
    for (int i = 0; i < 13; ++i) {
      added.prepend(touch(dir, QStringLiteral("clip%1.bvh").arg(i)));
      recent.add(added.front());
    }
    QCOMPARE(RecentFiles::kMaxFiles, 10);
    QCOMPARE(recent.files(), added.mid(0, 10));
  }

  void survivesTheSession() {
    QTemporaryDir dir;
    const QString settings = dir.filePath(QStringLiteral("settings.ini"));
    const QString a = touch(dir, QStringLiteral("a.fgproj"));
    {
      RecentFiles first(settings);
      first.add(a);
    }
    RecentFiles second(settings);
    QCOMPARE(second.files(), QStringList({a}));
    second.clear();
    QVERIFY(second.files().isEmpty());
    QVERIFY(RecentFiles(settings).files().isEmpty());
  }

  void missingFilesAreRemovedAndReported() {
    QTemporaryDir dir;
    RecentFiles recent(dir.filePath(QStringLiteral("settings.ini")));
    const QString a = touch(dir, QStringLiteral("a.fgproj"));
    const QString b = touch(dir, QStringLiteral("b.fgproj"));
    const QString c = touch(dir, QStringLiteral("c.bvh"));
    for (const QString& path : {a, b, c}) recent.add(path);
    QVERIFY(QFile::remove(b));
    QVERIFY(QFile::remove(c));
    const QStringList missing = recent.removeMissing();
    QCOMPARE(missing, QStringList({c, b}));
    QCOMPARE(recent.files(), QStringList({a}));
    QVERIFY(recent.removeMissing().isEmpty());  // nothing more to report
  }
};

QTEST_GUILESS_MAIN(TestRecentFiles)
#include "test_recent_files.moc"
