// Heightfield terrain: presets against their analytic surfaces, exact bilinear ray hits, the
// stair riser as a wall, and rays that must not hit (from below, parallel, NaN).
#include <QtTest>

#include <array>
#include <cmath>
#include <numbers>
#include <random>

#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/terrain.h"

using namespace fatgraph;

namespace {

constexpr double kPi = std::numbers::pi;
const Float3 kUp{0.0f, 1.0f, 0.0f};
const Float3 kDown{0.0f, -1.0f, 0.0f};

Heightfield preset(const char* name) {
  std::string error;
  std::optional<Heightfield> h = terrainFromSpec(name, &error);
  if (!h) qFatal("preset %s: %s", name, error.c_str());
  return std::move(*h);
}

TerrainHit down(const Heightfield& h, double x, double z, float from = 50.0f) {
  return h.raycast(Float3{float(x), from, float(z)}, kDown, 2.0f * from + 10.0f);
}

// How far a point or normal the terrain returned lies from an expected one.
float distance(const Float3& actual, const Vec3f& expected) {
  return (toEigen(actual) - expected).norm();
}

// The bumps preset's formula, written out independently of the library.
double bumpHeight(double x, double z) {
  return 0.05 * (1.0 - std::cos(2.0 * kPi * x / 1.6) * std::cos(2.0 * kPi * z / 1.2));
}

double angleFromUp(const Float3& n) { return std::acos(std::clamp(double(n.y), -1.0, 1.0)); }

}  // namespace

class TestTerrain : public QObject {
  Q_OBJECT
 private slots:
  void flatIsFlatEverywhere() {
    const Heightfield h = preset("flat");
    for (double x : {-70.0, -3.3, 0.0, 12.5, 200.0}) {
      const TerrainHit hit = down(h, x, 0.7 * x - 1.0);
      QVERIFY(hit.hit);
      QVERIFY(std::abs(hit.point.y) < 1e-4);
      QVERIFY(distance(hit.normal, Vec3f::UnitY()) < 1e-4);
    }
  }

  void slopes_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("degrees");
    QTest::newRow("slope15") << "slope15" << 15.0;
    QTest::newRow("slope25") << "slope25" << 25.0;
  }
  void slopes() {
    QFETCH(QString, name);
    QFETCH(double, degrees);
    const Heightfield h = preset(name.toUtf8().constData());
    const double theta = degrees * kPi / 180.0, rise = std::tan(theta);
    const Vec3f expectedNormal(0.0f, float(std::cos(theta)), float(-std::sin(theta)));
    for (double z : {-40.3, -1.1, 0.0, 0.37, 17.9, 49.0}) {
      const TerrainHit hit = down(h, 3.14 - 0.2 * z, z);
      QVERIFY(hit.hit);
      QVERIFY2(std::abs(hit.point.y - z * rise) < 1e-4, qPrintable(QString::number(z)));
      QVERIFY(distance(hit.normal, expectedNormal) < 1e-4);
      QVERIFY(std::abs(angleFromUp(hit.normal) - theta) < 1e-4);
    }
    // An oblique ray lands on the same plane.
    const TerrainHit oblique =
        h.raycast(Float3{1.0f, 8.0f, -2.0f}, Float3{0.2f, -1.0f, 0.35f}, 100.0f);
    QVERIFY(oblique.hit);
    QVERIFY(std::abs(oblique.point.y - oblique.point.z * rise) < 1e-4);
    // Past the grid (z > 50 m) the edge height continues, flat.
    const TerrainHit beyond = down(h, 0.0, 75.0, 60.0f);
    QVERIFY(beyond.hit);
    QVERIFY(std::abs(beyond.point.y - 50.0 * rise) < 1e-3);
    QVERIFY(distance(beyond.normal, Vec3f::UnitY()) < 1e-5);
  }

  void stairTreadsAreFlat() {
    const Heightfield h = preset("stairs15cm");
    QVERIFY(std::abs(down(h, 0.3, -1.0).point.y) < 1e-4);
    for (int n = 1; n <= 20; ++n) {
      const TerrainHit hit = down(h, 0.1 * n - 1.0, 0.30 * (n - 1) + 0.15);
      QVERIFY(hit.hit);
      QVERIFY2(std::abs(hit.point.y - 0.15 * n) < 1e-4, qPrintable(QString::number(n)));
      QVERIFY(distance(hit.normal, Vec3f::UnitY()) < 1e-4);
    }
  }

  void stairRiserIsAWall() {
    const Heightfield h = preset("stairs15cm");
    // A ray straight down onto a riser cell finds a normal steeper than 60°.
    for (int k = 0; k < 5; ++k) {
      const TerrainHit hit = down(h, 0.4, 0.30 * k - 0.0125);
      QVERIFY(hit.hit);
      QVERIFY(angleFromUp(hit.normal) > 60.0 * kPi / 180.0);
    }
    // A horizontal ray at mid-riser height meets the first riser, facing it.
    const TerrainHit wall = h.raycast(Float3{0.0f, 0.075f, -1.0f}, Float3{0, 0, 1}, 5.0f);
    QVERIFY(wall.hit);
    QVERIFY(wall.point.z >= -0.0251f && wall.point.z <= 0.0001f);
    QVERIFY(angleFromUp(wall.normal) > 60.0 * kPi / 180.0);
    QVERIFY(wall.normal.z < 0.0f);
    // Random downward rays: a tread at an exact step height, or a riser with a steep normal.
    std::mt19937 rng(12);
    std::uniform_real_distribution<double> u(-1.0, 7.0);
    for (int i = 0; i < 500; ++i) {
      const double z = u(rng);
      const TerrainHit hit = down(h, 0.5 * u(rng), z);
      QVERIFY(hit.hit);
      const double steps = hit.point.y / 0.15;
      const bool onTread = std::abs(steps - std::round(steps)) < 1e-3 && hit.normal.y > 0.9999f;
      QVERIFY2(onTread || angleFromUp(hit.normal) > 60.0 * kPi / 180.0,
               qPrintable(QString::number(z)));
    }
  }

  void bumpsMatchTheirNodesAndBilinearSurface() {
    const Heightfield h = preset("bumps");
    QCOMPARE(h.cellSize(), 0.05f);
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(-7.5, 7.5);
    for (int i = 0; i < 300; ++i) {
      // Independent bilinear evaluation of the analytic heights at the cell's four nodes.
      const double x = u(rng), z = u(rng), cell = 0.05;
      const double cx = std::floor((x + 8.0) / cell), cz = std::floor((z + 8.0) / cell);
      const double x0 = cx * cell - 8.0, z0 = cz * cell - 8.0;
      const double fu = (x - x0) / cell, fv = (z - z0) / cell;
      const double h00 = bumpHeight(x0, z0), h10 = bumpHeight(x0 + cell, z0);
      const double h01 = bumpHeight(x0, z0 + cell), h11 = bumpHeight(x0 + cell, z0 + cell);
      const double expected =
          (1 - fv) * ((1 - fu) * h00 + fu * h10) + fv * ((1 - fu) * h01 + fu * h11);
      const double dhdx = ((1 - fv) * (h10 - h00) + fv * (h11 - h01)) / cell;
      const double dhdz = ((1 - fu) * (h01 - h00) + fu * (h11 - h10)) / cell;
      const Vec3f normal = Eigen::Vector3d(-dhdx, 1.0, -dhdz).normalized().cast<float>();
      const TerrainHit hit = down(h, x, z, 2.0f);
      QVERIFY(hit.hit);
      QVERIFY(std::abs(hit.point.y - expected) < 1e-4);
      QVERIFY(distance(hit.normal, normal) < 1e-4);
      // And close to the smooth surface (bilinear error of 5 cm cells on these bumps).
      QVERIFY(std::abs(hit.point.y - bumpHeight(x, z)) < 2e-3);
      // At the node itself it is the analytic height.
      const TerrainHit node = down(h, x0, z0, 2.0f);
      QVERIFY(std::abs(node.point.y - h00) < 1e-4);
    }
  }

  void bumpsAreContinuous() {
    const Heightfield h = preset("bumps");
    float previous = down(h, -3.0, -2.0, 2.0f).point.y;
    for (int i = 1; i <= 4000; ++i) {
      const double s = i * 0.001;  // 1 mm steps along a diagonal
      const TerrainHit hit = down(h, -3.0 + s, -2.0 + 0.7 * s, 2.0f);
      QVERIFY(hit.hit);
      // Steepest bump slope is below 0.5, so 1.2 mm of travel moves less than 1 mm up or down.
      QVERIFY(std::abs(hit.point.y - previous) < 1e-3);
      previous = hit.point.y;
    }
  }

  void obliqueRaysAgreeWithFineSampling() {
    // The exact per-cell solve against a brute-force march in 0.5 mm steps over height().
    for (const char* name : {"bumps", "stairs15cm", "slope25"}) {
      const Heightfield h = preset(name);
      std::mt19937 rng(5);
      std::uniform_real_distribution<float> u(-1.0f, 1.0f);
      int hits = 0;
      for (int i = 0; i < 60; ++i) {
        const Vec3f origin(3.0f * u(rng), 0.4f + 0.3f * u(rng), 2.0f * u(rng));
        const Vec3f dir = Vec3f(u(rng), -0.2f - 0.5f * std::abs(u(rng)), u(rng)).normalized();
        const TerrainHit hit = h.raycast(toFloat3(origin), toFloat3(dir), 3.0f);
        float tBrute = -1.0f;
        bool above = false;
        for (int k = 0; k <= 6000; ++k) {
          const Vec3f p = origin + (k * 0.0005f) * dir;
          const float f = p.y() - h.height(p.x(), p.z());
          if (f >= 0.0f)
            above = true;
          else if (above) {
            tBrute = k * 0.0005f;
            break;
          }
        }
        QCOMPARE(hit.hit, tBrute >= 0.0f);
        if (hit.hit) {
          ++hits;
          QVERIFY2(std::abs(distance(hit.point, origin) - tBrute) < 1e-3f, name);
          QVERIFY(std::abs(hit.point.y - h.height(hit.point.x, hit.point.z)) < 1e-4f);
        }
      }
      QVERIFY2(hits > 20, name);
    }
  }

  // A ray straight down takes a shortcut (one cell, no march); a ray tilted by 1e-7 towards +x
  // and +z, which stays in the same cell, takes the march. Both must give the same answer:
  // inside cells, on cell edges and nodes, outside the grid, on the stairs' risers, and for
  // rays too short to reach the ground.
  void verticalRaysGiveTheMarchsAnswer() {
    const Float3 tilted = toFloat3(Vec3f(1e-7f, -1.0f, 1e-7f).normalized());
    QVERIFY(tilted.x != 0.0f);
    for (const char* name : {"bumps", "stairs15cm", "slope25", "flat"}) {
      const Heightfield h = preset(name);
      std::mt19937 rng(11);
      std::uniform_real_distribution<float> u(-1.0f, 1.0f);
      const float extent = 0.5f * h.cellSize() * float(h.cols() - 1);
      int hits = 0;
      for (int i = 0; i < 400; ++i) {
        float x = 1.2f * extent * u(rng), z = 1.2f * extent * u(rng);  // a fifth outside the grid
        if (i % 4 == 1) x = h.originX() + h.cellSize() * std::round((x - h.originX()) / h.cellSize());  // an edge
        if (i % 4 == 2) z = h.originZ() + h.cellSize() * std::round((z - h.originZ()) / h.cellSize());
        const float top = h.height(x, z) + 0.3f + 0.5f * u(rng);  // some start below the ground
        const float reach = i % 5 == 0 ? 0.05f : 3.0f;     // some too short
        const TerrainHit straight = h.raycast(Float3{x, top, z}, kDown, reach);
        const TerrainHit marched = h.raycast(Float3{x, top, z}, tilted, reach);
        QCOMPARE(straight.hit, marched.hit);
        if (!straight.hit) continue;
        ++hits;
        QVERIFY2(distance(straight.point, toEigen(marched.point)) < 1e-5f, name);
        // On a cell edge (a crease of the surface) the normal is either side's: the tilted ray may
        // cross the edge by a nanometre before it lands, so check against both tilts there.
        const TerrainHit back = h.raycast(Float3{x, top, z}, Float3{-tilted.x, tilted.y, -tilted.z}, reach);
        const bool onEdge = i % 4 == 1 || i % 4 == 2;
        QVERIFY2(distance(straight.normal, toEigen(marched.normal)) < 1e-4f ||
                     (onEdge && back.hit && distance(straight.normal, toEigen(back.normal)) < 1e-4f),
                 name);
        QVERIFY(std::abs(straight.point.x - x) == 0.0f && std::abs(straight.point.z - z) == 0.0f);
      }
      QVERIFY2(hits > 150, name);
    }
  }

  void rayComingOutAndGoingBackInHitsWhereItGoesIn() {
    const Heightfield h = preset("bumps");
    // Along z = 0 the bumps are 0.05·(1 − cos(2πx/1.6)): starting inside the crest at x = 0.8,
    // a ray at 5 cm leaves near x = 1.2 and enters the next bump near x = 2.0.
    const TerrainHit hit = h.raycast(Float3{0.8f, 0.05f, 0.0f}, Float3{1, 0, 0}, 3.0f);
    QVERIFY(hit.hit);
    QVERIFY(std::abs(hit.point.x - 2.0f) < 0.01f);
    QVERIFY(std::abs(h.height(hit.point.x, hit.point.z) - 0.05f) < 1e-4);
  }

  void raysThatMiss() {
    const Heightfield flat = preset("flat"), slope = preset("slope15");
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    QVERIFY(!flat.raycast(Float3{nan, 1, 0}, kDown, 10).hit);
    QVERIFY(!flat.raycast(Float3{0, 1, 0}, Float3{0, nan, 0}, 10).hit);
    QVERIFY(!flat.raycast(Float3{0, 1, 0}, Float3{inf, -1, 0}, 10).hit);
    QVERIFY(!flat.raycast(Float3{0, 1, 0}, Float3{}, 10).hit);
    QVERIFY(!flat.raycast(Float3{0, 1, 0}, kDown, nan).hit);
    QVERIFY(!flat.raycast(Float3{0, 1, 0}, kDown, -1).hit);
    QVERIFY(!flat.raycast(Float3{0, 1, 0}, kDown, 0.5f).hit);  // too short
    QVERIFY(flat.raycast(Float3{0, 1, 0}, kDown, inf).hit);    // long rays are capped
    // Parallel to the ground: above, on, and below it.
    QVERIFY(!flat.raycast(Float3{0, 0.5f, 0}, Float3{1, 0, 1}, 1e9f).hit);
    QVERIFY(!flat.raycast(Float3{0, 0, 0}, Float3{1, 0, 0}, 100).hit);
    QVERIFY(!flat.raycast(Float3{0, -0.5f, 0}, Float3{1, 0, 0}, 100).hit);
    const float rise = std::tan(15.0f * float(kPi) / 180.0f);
    QVERIFY(!slope.raycast(Float3{-5, 1 + 3 * rise, 3}, Float3{1, 0, 0}, 100).hit);
    // From below: rising out of the ground, or heading further down.
    QVERIFY(!flat.raycast(Float3{0, -1, 0}, kUp, 10).hit);
    QVERIFY(!flat.raycast(Float3{0, -1, 0}, kDown, 10).hit);
    QVERIFY(!slope.raycast(Float3{0, -1, 0}, Float3{0, 1, 0.2f}, 10).hit);
    // Starting on the surface and going down counts; going up does not.
    const TerrainHit onIt = flat.raycast(Float3{2, 0, 2}, kDown, 1);
    QVERIFY(onIt.hit && distance(onIt.point, Vec3f(2, 0, 2)) < 1e-5f);
    QVERIFY(!flat.raycast(Float3{2, 0, 2}, kUp, 1).hit);
  }

  void oddRaysNeverGiveNaN() {
    const Heightfield h = preset("bumps");
    const std::array<float, 10> values = {0.0f, 1.0f,   -0.5f,    1e-30f,    -1e-7f,
                                          1e7f, -1e19f, INFINITY, -INFINITY, NAN};
    std::mt19937 rng(9);
    std::uniform_int_distribution<int> pick(0, int(values.size()) - 1), coin(0, 3);
    auto coordinate = [&] {
      return coin(rng) ? std::uniform_real_distribution<float>(-2, 2)(rng) : values[pick(rng)];
    };
    for (int i = 0; i < 20000; ++i) {
      const Float3 o = toFloat3(Vec3f(coordinate(), coordinate(), coordinate())),
                   d = toFloat3(Vec3f(coordinate(), coordinate(), coordinate()));
      const TerrainHit hit = h.raycast(o, d, std::abs(coordinate()));
      QVERIFY(isFinite(hit.point) && isFinite(hit.normal));
      if (hit.hit) QVERIFY(std::abs(toEigen(hit.normal).norm() - 1.0f) < 1e-5f);
      QVERIFY(std::isfinite(h.height(o.x, o.z)) && isFinite(h.normal(o.x, o.z)));
    }
  }

  void farAwayRaysStayCheap() {
    // Far outside the grid the clamped surface is crossed in a few wide cells.
    const Heightfield h = preset("stairs15cm");
    const TerrainHit hit = h.raycast(Float3{-1e6f, 30.0f, 1e6f}, Float3{1e6f, -30.0f, -1e6f}, 2e5f);
    QVERIFY(!hit.hit);  // capped at kMaxRayLength before reaching the steps
    const TerrainHit far = h.raycast(Float3{-500.0f, 10.0f, 500.0f}, kDown, 100.0f);
    QVERIFY(far.hit);
    QVERIFY(std::abs(far.point.y - h.height(8.0f, 8.0f)) < 1e-4);
  }

  void unknownSpecNamesTheChoices() {
    std::string error;
    QVERIFY(!terrainFromSpec("lava", &error));
    QVERIFY(error.find("stairs15cm") != std::string::npos);
    QVERIFY(error.find("lava") != std::string::npos);
    QVERIFY(!Heightfield::create(1, 2, 1.0f, 0, 0, {0, 0}, &error));
    QVERIFY(!Heightfield::create(2, 2, 1.0f, 0, 0, {0, 0, 0}, &error));
    QVERIFY(!Heightfield::create(2, 2, 0.0f, 0, 0, {0, 0, 0, 0}, &error));
    QVERIFY(!Heightfield::create(2, 2, 1.0f, 0, 0, {0, 0, std::nanf(""), 0}, &error));
  }
};

QTEST_GUILESS_MAIN(TestTerrain)
#include "test_terrain.moc"
