// File > Import BVH…'s options reach the clip: units, frame rate (the working rate, the file's
// own, or resampled to F) and the reference T-pose, on the calling thread and through the
// worker; a rate that differs from the project's later clips and a bad file are refused and
// leave the document as it was; the dialog returns what it was given.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

#include "dialogs/import_options_dialog.h"
#include "document/document.h"
#include "document/job_runner.h"

using fatgraph::editor::ClipImportOptions;
using fatgraph::editor::Document;
using Rate = fatgraph::editor::ClipImportOptions::Rate;

Q_DECLARE_METATYPE(fatgraph::editor::ClipImportOptions)

namespace {

QString dataFile(const char* relative) {
  return QStringLiteral(FATGRAPH_DATA_DIR "/") + QString::fromUtf8(relative);
}
const QString kWalk = dataFile("cmu-leonardo-ono-roll/144_03.bvh");  // no T-pose in frame 0
const QString kTPose = dataFile("cmu-leonardo-ono-roll/90_05.bvh");  // a T-pose in frame 0

/// The BVH header's frame count and frame time, read from the text (not through core).
struct Header {
  int frames = 0;
  double frameTime = 0.0;
  QList<QList<double>> offsets;  // the first OFFSET lines in file order (joints 0, 1, 2)
};

Header readHeader(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  Header header;
  while (!file.atEnd()) {
    const QString line = QString::fromLatin1(file.readLine()).trimmed();
    const QStringList words = line.split(QRegularExpression(QStringLiteral("\\s+")));
    if (words.value(0) == QLatin1String("OFFSET") && header.offsets.size() < 3) {
      header.offsets.append({words[1].toDouble(), words[2].toDouble(), words[3].toDouble()});
    } else if (words.value(0) == QLatin1String("Frames:")) {
      header.frames = words[1].toInt();
    } else if (line.startsWith(QLatin1String("Frame Time:"))) {
      header.frameTime = words.last().toDouble();
      break;
    }
  }
  return header;
}

/// Frames of `frames` samples spaced `frameTime` apart, resampled to `fps` (every 1/fps up to
/// the last sample's time).
int resampledFrames(int frames, double frameTime, double fps) {
  return static_cast<int>(std::floor((frames - 1) * frameTime * fps + 1e-9)) + 1;
}

ClipImportOptions options(Rate rate, double fps = 30.0, bool keepTPose = false) {
  ClipImportOptions o;
  o.rate = rate;
  o.fps = fps;
  o.keepReferencePose = keepTPose;
  return o;
}

}  // namespace

class TestImportOptions : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    for (const QString& path : {kWalk, kTPose}) QVERIFY2(QFile::exists(path), qPrintable(path));
  }

  void rateAndTPose_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<ClipImportOptions>("options");
    QTest::addColumn<int>("droppedFrames");  // frames the import drops at the start
    QTest::addColumn<double>("fps");         // 0: the file's rate
    QTest::newRow("walk at 30 fps") << kWalk << options(Rate::Resample, 30.0) << 0 << 30.0;
    QTest::newRow("walk at the working rate") << kWalk << options(Rate::Working) << 0 << 30.0;
    QTest::newRow("walk at its own rate") << kWalk << options(Rate::File) << 0 << 0.0;
    QTest::newRow("T-pose dropped") << kTPose << options(Rate::File) << 1 << 0.0;
    QTest::newRow("T-pose kept") << kTPose << options(Rate::File, 30.0, true) << 0 << 0.0;
    QTest::newRow("T-pose dropped, 60 fps") << kTPose << options(Rate::Resample, 60.0) << 1 << 60.0;
  }

  void rateAndTPose() {
    QFETCH(QString, path);
    QFETCH(ClipImportOptions, options);
    QFETCH(int, droppedFrames);
    QFETCH(double, fps);
    const Header header = readHeader(path);
    QVERIFY(header.frames > 0 && header.frameTime > 0.0);
    const int frames = header.frames - droppedFrames;
    // A frame time printed with few digits (.0083333) means the whole rate next to it.
    double fileFps = 1.0 / header.frameTime;
    if (std::abs(fileFps - std::round(fileFps)) < 1e-4 * fileFps) fileFps = std::round(fileFps);
    const double expectedFps = fps > 0.0 ? fps : fileFps;
    const int expectedFrames = fps > 0.0 ? resampledFrames(frames, 1.0 / fileFps, fps) : frames;

    Document doc;
    QCOMPARE(doc.addBvh(path, options), QString());
    QCOMPARE(doc.clip(0).frameCount(), expectedFrames);
    QVERIFY(std::abs(doc.clip(0).fps - expectedFps) < 1e-6);
    // The first clip's rate is the project's working rate.
    QVERIFY(std::abs(doc.project().settings.fps - expectedFps) < 1e-6);

    // The worker path reads the same clip.
    Document background;
    QCOMPARE(background.startOpenFiles({path}, options), QString());
    QVERIFY(background.jobs()->waitForFinished(-1));
    QCOMPARE(background.clipCount(), 1);
    QCOMPARE(background.clip(0).frameCount(), expectedFrames);

    // Undoing the first clip brings the default working rate back.
    doc.undo();
    QCOMPARE(doc.clipCount(), 0);
    QCOMPARE(doc.project().settings.fps, 30.0);
  }

  void unitsScaleTheSkeleton_data() {
    QTest::addColumn<int>("units");
    QTest::addColumn<double>("metresPerUnit");
    QTest::newRow("cm") << static_cast<int>(fatgraph::BvhUnits::Centimetres) << 0.01;
    QTest::newRow("m") << static_cast<int>(fatgraph::BvhUnits::Metres) << 1.0;
    QTest::newRow("in") << static_cast<int>(fatgraph::BvhUnits::Inches) << 0.0254;
    QTest::newRow("auto (cmu)") << static_cast<int>(fatgraph::BvhUnits::Auto) << 0.0254 / 0.45;
  }

  void unitsScaleTheSkeleton() {
    QFETCH(int, units);
    QFETCH(double, metresPerUnit);
    const Header header = readHeader(kWalk);
    QCOMPARE(header.offsets.size(), 3);
    ClipImportOptions o;
    o.units = static_cast<fatgraph::BvhUnits>(units);
    Document doc;
    QCOMPARE(doc.addBvh(kWalk, o), QString());
    for (int joint = 1; joint < 3; ++joint) {  // the root's offset is zero
      const fatgraph::Vec3& offset = doc.skeleton().restOffsets[static_cast<size_t>(joint)];
      for (int axis = 0; axis < 3; ++axis) {
        const double expected = header.offsets[joint][axis] * metresPerUnit;
        QVERIFY2(std::abs(offset[axis] - expected) < 1e-9,
                 qPrintable(QStringLiteral("joint %1 axis %2: %3 vs %4")
                                .arg(joint).arg(axis).arg(offset[axis]).arg(expected)));
      }
    }
  }

  void otherRateOfALaterClipIsRefused() {
    Document doc;
    QCOMPARE(doc.addBvh(kWalk), QString());  // the working rate, 30 fps
    const int undoCount = doc.undoStack()->count();
    const QString error = doc.addBvh(kTPose, options(Rate::Resample, 60.0));
    QVERIFY(error.contains(QStringLiteral("60")));
    QCOMPARE(doc.clipCount(), 1);
    QCOMPARE(doc.undoStack()->count(), undoCount);
    QCOMPARE(doc.project().settings.fps, 30.0);
    // At the project's rate it comes in.
    QCOMPARE(doc.addBvh(kTPose, options(Rate::Resample, 30.0)), QString());
    QCOMPARE(doc.clipCount(), 2);
  }

  void badFileLeavesTheProject() {
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("broken.bvh"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n");
    file.close();
    Document doc;
    QCOMPARE(doc.addBvh(kWalk, options(Rate::File)), QString());
    const double fps = doc.project().settings.fps;
    const int frames = doc.clip(0).frameCount();
    const QString error = doc.addBvh(bad, options(Rate::File));
    QVERIFY2(error.contains(bad + QStringLiteral(":5: expected an OFFSET value")), qPrintable(error));  // file and line
    QCOMPARE(doc.startOpenFiles({bad}, options(Rate::Resample, 30.0)), QString());
    QVERIFY(doc.jobs()->waitForFinished(-1));
    QCOMPARE(doc.clipCount(), 1);
    QCOMPARE(doc.clip(0).frameCount(), frames);
    QCOMPARE(doc.project().settings.fps, fps);
    QCOMPARE(doc.undoStack()->count(), 1);
    // An unusable rate is refused before reading.
    QCOMPARE(doc.addBvh(kTPose, options(Rate::Resample, 0.0)),
             QStringLiteral("Cannot import %1: The frame rate must be in (0, 1000] fps").arg(kTPose));
    QCOMPARE(doc.clipCount(), 1);
  }

  void dialogReturnsTheOptions() {
    fatgraph::editor::ImportOptionsDialog dialog;
    ClipImportOptions given = options(Rate::Resample, 48.0, true);
    given.units = fatgraph::BvhUnits::Millimetres;
    dialog.setOptions(given, 30.0, false);
    const ClipImportOptions back = dialog.options();
    QCOMPARE(static_cast<int>(back.units), static_cast<int>(given.units));
    QCOMPARE(static_cast<int>(back.rate), static_cast<int>(given.rate));
    QCOMPARE(back.fps, 48.0);
    QVERIFY(back.keepReferencePose);
    QVERIFY(dialog.fpsSpin()->isEnabled());
    dialog.rateBox()->setCurrentIndex(dialog.rateBox()->findData(static_cast<int>(Rate::File)));
    QVERIFY(!dialog.fpsSpin()->isEnabled());
    QCOMPARE(static_cast<int>(dialog.options().rate), static_cast<int>(Rate::File));
  }
};

QTEST_MAIN(TestImportOptions)
#include "test_import_options.moc"
