// `fatgraph play`'s motion_contacts end to end: feet made to slide are caught. 144_03 as
// captured, and a copy whose root travels 20 % further than the steps carry it (the skate a
// rescaled or retimed root gives), are built, exported and played with and without the leg
// layer. The figures are the written file's: re-measured from the BVH, they agree.
#include <QtTest>

#include "cli_run.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <cmath>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/locomotion/motion_contacts.h"

namespace {
QString s(const char* text) { return QString::fromUtf8(text); }

constexpr double kRootStretch = 1.2;

// 144_03 with its root's ground travel stretched about the first frame: every foot drifts by
// a fifth of the root's speed while it stands.
void writeSlidingCopy(const std::string& path) {
  const fatgraph::BvhImport mocap = fatgraph::importBvh(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");
  fatgraph::Clip clip = mocap.clip;
  const fatgraph::Vec3 start = clip.frameTranslations(0)[0];
  for (int f = 0; f < clip.frameCount(); ++f) {
    fatgraph::Vec3& root = clip.frameTranslations(f)[0];
    root.x() = start.x() + kRootStretch * (root.x() - start.x());
    root.z() = start.z() + kRootStretch * (root.z() - start.z());
  }
  fatgraph::exportBvh(path, mocap.skeleton, clip);
}
}  // namespace

class TestCliMotionContacts : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;

  QString path(const QString& name) const { return dir_.filePath(name); }

  // Builds (one hub) and exports CLIP into NAME.fgraph.
  void buildGraph(const QString& clip, const QString& name) {
    const CliRun build = runCli({s("build"), clip, s("-o"), path(name + s(".fgproj")), s("--hubs"), s("1")});
    QVERIFY2(build.exitCode == 0, qPrintable(build.err));
    const CliRun exported = runCli({s("export"), path(name + s(".fgproj")), s("-o"), path(name + s(".fgraph"))});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
  }

  // Eight seconds of a centred stick on flat ground; the report's motion_contacts.
  QJsonObject play(const QString& name, bool legs) {
    QStringList args{s("play"), path(name + s(".fgraph")), s("--input"), path(s("stick.csv")), s("-o"),
                     path(name + (legs ? s("-legs.bvh") : s("-nolegs.bvh"))), s("--json")};
    if (!legs) args << s("--no-legs");
    const CliRun r = runCli(args);
    if (r.exitCode != 0) qWarning("%s", qPrintable(r.err));
    const QJsonObject contacts = r.json().value(s("motion_contacts")).toObject();
    qInfo("%s %s: %d stances, skate median %.1f mm, mid %.1f mm, penetration %.1f mm; layer's own skate median %s",
          qPrintable(name), legs ? "with legs" : "without legs", contacts.value(s("stances")).toInt(),
          contacts.value(s("skate_mm_median")).toDouble(), contacts.value(s("skate_mid_mm_median")).toDouble(),
          contacts.value(s("penetration_mm")).toDouble(),
          qPrintable(r.json().value(s("foot_skate_mm")).toObject().value(s("median")).toVariant().toString()));
    return contacts;
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    writeSlidingCopy(path(s("sliding.bvh")).toStdString());
    QFile stick(path(s("stick.csv")));
    QVERIFY(stick.open(QIODevice::WriteOnly));
    stick.write("t,x,y,action\n0,0,0,\n8,0,0,\n");
    stick.close();
    buildGraph(s(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"), s("captured"));
    buildGraph(path(s("sliding.bvh")), s("sliding"));
  }

  // Without the leg layer the stretched root drags the standing feet along: a fifth of a walk's
  // 0.7-1 m/s over a stance of about half a second is several centimetres a stance, against the
  // capture's own few millimetres.
  void slidingFeetAreCaught() {
    const QJsonObject captured = play(s("captured"), false), sliding = play(s("sliding"), false);
    // A null figure (no stance) reads as NaN, which fails every comparison below.
    QVERIFY(captured.value(s("stances")).toInt() >= 12 && sliding.value(s("stances")).toInt() >= 12);  // 15 each
    const double skate = sliding.value(s("skate_mm_median")).toDouble(NAN);
    const double own = captured.value(s("skate_mm_median")).toDouble(NAN);
    QVERIFY2(skate > own + 30.0, qPrintable(QStringLiteral("sliding %1 mm, captured %2 mm").arg(skate).arg(own)));
    const double mid = sliding.value(s("skate_mid_mm_median")).toDouble(NAN);
    const double ownMid = captured.value(s("skate_mid_mm_median")).toDouble(NAN);
    QVERIFY2(mid > ownMid + 10.0, qPrintable(QStringLiteral("sliding %1 mm, captured %2 mm").arg(mid).arg(ownMid)));
  }

  // The leg layer locks the feet on their footprints: the same sliding graph skates far less.
  void legLayerPlantsTheSlidingFeet() {
    const QJsonObject without = play(s("sliding"), false), with = play(s("sliding"), true);
    QVERIFY(with.value(s("stances")).toInt() >= 12 && without.value(s("stances")).toInt() >= 12);  // 15 each
    const double skateWith = with.value(s("skate_mm_median")).toDouble(NAN);
    const double skateWithout = without.value(s("skate_mm_median")).toDouble(NAN);
    // 3.0 mm with the layer against 65.7 mm without (2026-12-07): a twentieth; a tenth at most.
    QVERIFY2(skateWith < 0.1 * skateWithout,
             qPrintable(QStringLiteral("with legs %1 mm, without %2 mm").arg(skateWith).arg(skateWithout)));
  }

  // The report's figures are the file's: the toe joints of the BVH written, measured again.
  void figuresAreTheWrittenFiles() {
    const QJsonObject reported = play(s("sliding"), true);
    fatgraph::BvhImportOptions options;
    options.units = fatgraph::BvhUnits::Metres;
    options.dropReferencePose = false;
    const fatgraph::BvhImport bvh = fatgraph::importBvh(path(s("sliding-legs.bvh")).toStdString(), options);
    const std::vector<int> toes{bvh.skeleton.find("LeftToeBase"), bvh.skeleton.find("RightToeBase")};
    QVERIFY(toes[0] >= 0 && toes[1] >= 0);
    const auto paths = fatgraph::jointPaths(bvh.skeleton, bvh.clip, toes);
    const fatgraph::MotionContacts m = fatgraph::measureMotionContacts(paths, bvh.fileFps);
    QCOMPARE(m.stances, reported.value(s("stances")).toInt());
    QVERIFY(m.skateMedian && m.midSkateMedian);
    QVERIFY(std::abs(*m.skateMedian * 1000 - reported.value(s("skate_mm_median")).toDouble()) < 0.1);
    QVERIFY(std::abs(*m.midSkateMedian * 1000 - reported.value(s("skate_mid_mm_median")).toDouble()) < 0.1);
    QVERIFY(std::abs(m.penetration * 1000 - reported.value(s("penetration_mm")).toDouble()) < 0.1);
  }
};

QTEST_GUILESS_MAIN(TestCliMotionContacts)
#include "test_cli_motion_contacts.moc"
