// The C API's terrain adapter (runtime/c_api/src/callback_terrain.h): a ground given by height
// and normal callbacks answers the leg layer's ray queries as a Heightfield of the same surface
// does: straight down exactly, slanted rays by march and bisection, and never a hit from NaN
// heights, non-finite rays or rays that start below the ground.
#include <QtTest>

#include <cmath>
#include <limits>

#include "callback_terrain.h"
#include "fatgraph/runtime/terrain.h"

using namespace fatgraph;
using fatgraph::c_api::CallbackTerrain;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// The callbacks read a Heightfield through `user`.
float heightOf(void* user, float x, float z) { return static_cast<const Heightfield*>(user)->height(x, z); }
void normalOf(void* user, float x, float z, float* n) {
  const Float3 v = static_cast<const Heightfield*>(user)->normal(x, z);
  n[0] = v.x;
  n[1] = v.y;
  n[2] = v.z;
}
float nanHeight(void*, float, float) { return kNaN; }

}  // namespace

Q_DECLARE_METATYPE(fatgraph::Float3)

class TestCallbackTerrain : public QObject {
  Q_OBJECT

 private slots:
  void raysHitWhereTheHeightfieldsDo_data() {
    QTest::addColumn<QString>("preset");
    QTest::addColumn<bool>("normalCallback");
    QTest::addColumn<Float3>("origin");
    QTest::addColumn<Float3>("direction");
    QTest::addColumn<float>("maxDistance");
    const Float3 down{0, -1, 0};
    for (const char* preset : {"slope15", "bumps"}) {
      for (const bool normals : {true, false}) {
        const QString name = QString::fromUtf8(preset) + (normals ? QStringLiteral(" normals ") : QStringLiteral(" differences "));
        QTest::newRow(qPrintable(name + QStringLiteral("down"))) << QString::fromUtf8(preset) << normals
                                                                 << Float3{0.3f, 1.5f, 0.7f} << down << 3.0f;
        QTest::newRow(qPrintable(name + QStringLiteral("down, too short"))) << QString::fromUtf8(preset) << normals
                                                                            << Float3{0.3f, 1.5f, 0.7f} << down << 1.0f;
        QTest::newRow(qPrintable(name + QStringLiteral("down from below"))) << QString::fromUtf8(preset) << normals
                                                                            << Float3{0.3f, -1.0f, 0.7f} << down << 3.0f;
        QTest::newRow(qPrintable(name + QStringLiteral("up"))) << QString::fromUtf8(preset) << normals
                                                               << Float3{0.3f, -1.0f, 0.7f} << Float3{0, 2, 0} << 3.0f;
        QTest::newRow(qPrintable(name + QStringLiteral("slanted"))) << QString::fromUtf8(preset) << normals
                                                                    << Float3{-1.0f, 2.0f, -0.5f}
                                                                    << Float3{0.6f, -1.0f, 0.3f} << 5.0f;
        QTest::newRow(qPrintable(name + QStringLiteral("grazing"))) << QString::fromUtf8(preset) << normals
                                                                    << Float3{-2.0f, 0.4f, 0.5f}
                                                                    << Float3{1.0f, -0.1f, 0.05f} << 8.0f;
      }
    }
  }

  void raysHitWhereTheHeightfieldsDo() {
    QFETCH(QString, preset);
    QFETCH(bool, normalCallback);
    QFETCH(Float3, origin);
    QFETCH(Float3, direction);
    QFETCH(float, maxDistance);
    const std::optional<Heightfield> ground = terrainFromSpec(preset.toStdString());
    QVERIFY(ground);
    const CallbackTerrain terrain(heightOf, normalCallback ? normalOf : nullptr,
                                  const_cast<Heightfield*>(&*ground));
    const TerrainHit expected = ground->raycast(origin, direction, maxDistance);
    const TerrainHit hit = terrain.raycast(origin, direction, maxDistance);
    QCOMPARE(hit.hit, expected.hit);
    if (!hit.hit) return;
    QVERIFY2(length(hit.point - expected.point) < 1e-4f,
             qPrintable(QStringLiteral("%1 %2 %3 vs %4 %5 %6").arg(hit.point.x).arg(hit.point.y).arg(hit.point.z)
                            .arg(expected.point.x).arg(expected.point.y).arg(expected.point.z)));
    // Differences 1 cm apart see the bumps' 5 cm bilinear cells to within about a degree.
    QVERIFY2(length(hit.normal - expected.normal) < (normalCallback ? 1e-5f : 0.02f),
             qPrintable(QString::number(length(hit.normal - expected.normal))));
    QVERIFY(std::fabs(length(hit.normal) - 1.0f) < 1e-5f);
  }

  void badRaysAndNaNGroundNeverHit_data() {
    QTest::addColumn<Float3>("origin");
    QTest::addColumn<Float3>("direction");
    QTest::addColumn<float>("maxDistance");
    QTest::addColumn<bool>("nanGround");
    QTest::newRow("NaN origin") << Float3{kNaN, 1, 0} << Float3{0, -1, 0} << 2.0f << false;
    QTest::newRow("zero direction") << Float3{0, 1, 0} << Float3{0, 0, 0} << 2.0f << false;
    QTest::newRow("NaN direction") << Float3{0, 1, 0} << Float3{0, kNaN, 0} << 2.0f << false;
    QTest::newRow("zero length") << Float3{0, 1, 0} << Float3{0, -1, 0} << 0.0f << false;
    QTest::newRow("NaN length") << Float3{0, 1, 0} << Float3{0, -1, 0} << kNaN << false;
    QTest::newRow("NaN ground, down") << Float3{0, 1, 0} << Float3{0, -1, 0} << 2.0f << true;
    QTest::newRow("NaN ground, slanted") << Float3{0, 1, 0} << Float3{1, -1, 0} << 2.0f << true;
  }

  void badRaysAndNaNGroundNeverHit() {
    QFETCH(Float3, origin);
    QFETCH(Float3, direction);
    QFETCH(float, maxDistance);
    QFETCH(bool, nanGround);
    std::optional<Heightfield> flat = terrainFromSpec("flat");
    const CallbackTerrain terrain(nanGround ? nanHeight : heightOf, nullptr, &*flat);
    QVERIFY(!terrain.raycast(origin, direction, maxDistance).hit);
  }
};

QTEST_GUILESS_MAIN(TestCallbackTerrain)
#include "test_callback_terrain.moc"
