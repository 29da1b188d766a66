// The project file as HDF5's own tool sees it: h5dump (hdf5-tools) reads the header, the
// type tag and the first quaternion in (w, x, y, z) order. Reports SKIPPED (exit 77) where
// h5dump is not installed.
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>

#include "fatgraph/core/io/project_store.h"
#include "skippable_test_main.h"
#include "store_sample_project.h"

using namespace fatgraph;
using namespace fatgraph::test;

class TestProjectStoreH5dump : public QObject {
  Q_OBJECT
 private slots:
  void h5dumpReadsTheFile() {
    const QString h5dump = QStandardPaths::findExecutable(QStringLiteral("h5dump"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString p = dir.filePath(QStringLiteral("sample.fgproj"));
    saveProject(makeProject(), p.toStdString());
    auto run = [&](QStringList args) {
      QProcess proc;
      proc.start(h5dump, args << p);
      if (!proc.waitForFinished(-1) || proc.exitStatus() != QProcess::NormalExit || proc.exitCode() != 0) {
        return QString();
      }
      return QString::fromUtf8(proc.readAllStandardOutput());
    };
    const QString header = run({QStringLiteral("-H")});
    for (const char* needle :
         {"ATTRIBUTE \"file_type\"", "ATTRIBUTE \"format_version\"", "GROUP \"0002\"",
          "DATASET \"rotations\"", "DATASPACE  SIMPLE { ( 12, 7, 4 ) / ( 12, 7, 4 ) }",
          "DATASPACE  SIMPLE { ( 0, 7, 4 ) / ( 0, 7, 4 ) }", "H5T_CSET_UTF8"}) {
      QVERIFY2(header.contains(QLatin1String(needle)), needle);
    }
    QVERIFY(run({QStringLiteral("-a"), QStringLiteral("/file_type")})
                .contains(QLatin1String("(0): \"fatgraph.project\"")));
    // The first quaternion is stored (w, x, y, z).
    const QString dump =
        run({QStringLiteral("-d"), QStringLiteral("/clips/0000/rotations"), QStringLiteral("-c"),
             QStringLiteral("1,1,4"), QStringLiteral("-m"), QStringLiteral("%.17g")});
    const Quat q = makeProject().clips[0].rotations[0];
    const double wxyz[4] = {q.w(), q.x(), q.y(), q.z()};
    for (int k = 0; k < 4; ++k) {
      char expected[64];
      std::snprintf(expected, sizeof expected, "(0,0,%d): %.17g", k, wxyz[k]);
      QVERIFY2(dump.contains(QLatin1String(expected)), qPrintable(dump));
    }
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestProjectStoreH5dump,
                             {!QStandardPaths::findExecutable(QStringLiteral("h5dump")).isEmpty(),
                              "h5dump is not installed (Debian package hdf5-tools)"})
#include "test_project_store_h5dump.moc"
