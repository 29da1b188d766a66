// The glTF files the command line writes pass the Khronos validator with no error: a played
// take (.glb and .gltf) and the fat edges' segments (`export --gltf`). Warnings are reported.
// The harness is checked on the fox, whose skin the validator refuses. SKIPPED where no
// validator is installed (gltf_validator.h).
#include <QtTest>

#include "cli_run.h"
#include "gltf_validator.h"
#include "skippable_test_main.h"

#include <QTemporaryDir>

namespace {
QString s(const char* text) { return QString::fromUtf8(text); }
}  // namespace

class TestCliGltfValidate : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString graph_;

  QString path(const char* name) const { return dir_.filePath(s(name)); }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    const CliRun build = runCli({s("build"), s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"), s("-o"),
                                 path("walk.fgproj")});
    QVERIFY2(build.exitCode == 0, qPrintable(build.err));
    graph_ = path("walk.fgraph");
    const CliRun exported =
        runCli({s("export"), path("walk.fgproj"), s("-o"), graph_, s("--gltf"), path("anims.glb")});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    QFile csv(path("in.csv"));
    QVERIFY(csv.open(QIODevice::WriteOnly));
    csv.write("t,x,y,action\n0,0,0,\n3,0.8,0.3,\n6,0,0,\n");
    csv.close();
    for (const char* take : {"take.glb", "take.gltf"}) {
      const CliRun r = runCli({s("play"), graph_, s("--input"), path("in.csv"), s("-o"), path(take)});
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }
  }

  void validates_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("take.glb") << s("take.glb");
    QTest::newRow("take.gltf") << s("take.gltf");
    QTest::newRow("anims.glb") << s("anims.glb");
  }

  void validates() {
    QFETCH(QString, file);
    const GltfValidation v = validateGltf(*findGltfValidator(), dir_.filePath(file));
    QVERIFY2(v.ran, qPrintable(v.report));
    qInfo("%s: %d error(s), %d warning(s)", qPrintable(file), v.errors, v.warnings);
    QVERIFY2(v.errors == 0, qPrintable(v.report));
  }

  // The validator does find errors through this harness: the fox's skeleton is not a common
  // root of its joints.
  void findsErrors() {
    const GltfValidation v = validateGltf(*findGltfValidator(), s(FATGRAPH_DATA_DIR "/characters/fox.glb"));
    QVERIFY2(v.ran, qPrintable(v.report));
    QCOMPARE(v.errors, 1);
    if (findGltfValidator()->nodeScript) QVERIFY2(v.report.contains(s("SKIN_SKELETON_INVALID")), qPrintable(v.report));
  }
};

FATGRAPH_SKIPPABLE_TEST_MAIN(TestCliGltfValidate,
                             {findGltfValidator().has_value(), gltfValidatorMissingReason()})
#include "test_cli_gltf_validate.moc"
