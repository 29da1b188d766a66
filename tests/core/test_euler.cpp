// Euler <-> quaternion for all six orders, checked against explicit rotation matrices.
#include <QtTest>

#include <cmath>
#include <numbers>
#include <random>

#include "fatgraph/core/model/euler.h"

using namespace fatgraph;

Q_DECLARE_METATYPE(fatgraph::EulerOrder)

namespace {
Eigen::Matrix3d axisMatrix(int axis, double a) {
  const double c = std::cos(a), s = std::sin(a);
  Eigen::Matrix3d m = Eigen::Matrix3d::Identity();
  const int i = (axis + 1) % 3, j = (axis + 2) % 3;
  m(i, i) = c; m(i, j) = -s;
  m(j, i) = s; m(j, j) = c;
  return m;
}
}  // namespace

class TestEuler : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip_data() {
    QTest::addColumn<EulerOrder>("order");
    for (EulerOrder o : kAllEulerOrders) {
      QTest::newRow(std::string(eulerOrderName(o)).c_str()) << o;
    }
  }

  void roundTrip() {
    QFETCH(EulerOrder, order);
    std::mt19937 rng(static_cast<unsigned>(order) + 3);
    std::uniform_real_distribution<double> angle(-3 * std::numbers::pi, 3 * std::numbers::pi);
    for (int n = 0; n < 2000; ++n) {
      const Vec3 a(angle(rng), angle(rng), angle(rng));
      const Quat q = eulerToQuat(a, order);
      // Matches the matrix product in channel order (beyond +-180 degrees too).
      const Eigen::Matrix3d expected = axisMatrix(eulerAxis(order, 0), a[0]) *
                                       axisMatrix(eulerAxis(order, 1), a[1]) *
                                       axisMatrix(eulerAxis(order, 2), a[2]);
      QVERIFY((q.toRotationMatrix() - expected).norm() < 1e-12);
      const Vec3 back = quatToEuler(q, order);
      QVERIFY(std::abs(back[1]) <= std::numbers::pi / 2 + 1e-12);
      QVERIFY(std::abs(std::abs(eulerToQuat(back, order).dot(q)) - 1.0) < 1e-12);
      // The continuity helper returns an equivalent set near the reference.
      const Vec3 near = eulerNearest(back, a, order);
      QVERIFY(std::abs(std::abs(eulerToQuat(near, order).dot(q)) - 1.0) < 1e-12);
      QVERIFY((near - a).cwiseAbs().maxCoeff() < 1e-6);
    }
  }

  void gimbalLock_data() { roundTrip_data(); }

  void gimbalLock() {
    QFETCH(EulerOrder, order);
    for (double middle : {std::numbers::pi / 2, -std::numbers::pi / 2}) {
      const Vec3 a(0.4, middle, -0.9);
      const Quat q = eulerToQuat(a, order);
      const Vec3 back = quatToEuler(q, order);
      QVERIFY(back.allFinite());
      QVERIFY(std::abs(std::abs(eulerToQuat(back, order).dot(q)) - 1.0) < 1e-9);
    }
  }

  void orderNames() {
    QCOMPARE(eulerOrderName(EulerOrder::ZXY), std::string_view("ZXY"));
    QCOMPARE(eulerOrderFromAxes(2, 1, 0).value(), EulerOrder::ZYX);
    QVERIFY(!eulerOrderFromAxes(0, 0, 1).has_value());
  }
};

QTEST_GUILESS_MAIN(TestEuler)
#include "test_euler.moc"
