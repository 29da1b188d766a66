// The parameter plot on a hand-made parameterization (a square of four pure samples, two
// Delaunay triangles, a 4 x 4 grid): plane points map to pixels and back, the aspect ratio is
// kept and y is drawn upwards, hovering emits the plane point and leaving ends it, a cell of
// high error is drawn in another colour than one of low error, and line and point spaces
// (1D, 0D) paint with their note. Pressing holds a point (dragging moves it, it stays after
// release and leaving, a right click lets go); a joystick mapping draws its handles at the
// range bounds through the neutral, and dragging one emits the plane coordinate under it.
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

#include "views/heat_map_image.h"
#include "views/parameter_plot.h"

using fatgraph::EdgeParameterization;
using fatgraph::editor::ParameterPlot;

namespace {

constexpr int kGrid = 4;
// Vertex (1, 2) lies at (-1/6, 1/6) and (2, 1) at (1/6, -1/6): away from every triangle edge.
constexpr int kHighX = 1, kHighY = 2, kLowX = 2, kLowY = 1;

Eigen::VectorXd oneHot(int size, int hot) {
  Eigen::VectorXd w = Eigen::VectorXd::Zero(size);
  w[hot] = 1.0;
  return w;
}

/// Four segments whose pure samples sit at the corners of a 1 m square around the origin.
EdgeParameterization squareSpace() {
  EdgeParameterization p;
  p.edge = "square";
  const std::vector<Eigen::Vector2d> corners = {{-0.5, -0.5}, {0.5, -0.5}, {-0.5, 0.5}, {0.5, 0.5}};
  p.plane.dimension = 2;
  p.plane.xAxis = {-1, 0, 0};
  p.plane.yAxis = {0, 0, 1};
  p.plane.normal = {0, 1, 0};
  for (int i = 0; i < 4; ++i) {
    const Eigen::Vector2d& c = corners[static_cast<size_t>(i)];
    p.sampleWeights.push_back(oneHot(4, i));
    p.samplePositions.push_back(p.plane.unproject(c));
    p.plane.projected.push_back(c);
  }
  fatgraph::WeightTriangulation& t = p.triangulation;
  t.dimension = 2;
  t.segmentCount = 4;
  t.sites = corners;
  t.weights = p.sampleWeights;
  t.siteOfPoint = {0, 1, 2, 3};
  t.triangles = {{0, 1, 3}, {0, 3, 2}};  // counter-clockwise, split along y = x
  t.hull = {0, 1, 3, 2};
  fatgraph::WeightGrid& g = p.grid;
  g.resolution = kGrid;
  g.segmentCount = 4;
  g.minCorner = {-0.5, -0.5};
  g.maxCorner = {0.5, 0.5};
  g.weights.assign(kGrid * kGrid * 4, 0.25f);
  p.vertexError.assign(kGrid * kGrid, 0.004f);
  p.vertexError[kHighY * kGrid + kHighX] = 0.05f;
  p.vertexError[kLowY * kGrid + kLowX] = 0.0f;
  return p;
}

void sendMove(QWidget& widget, const QPointF& at, Qt::MouseButtons held = Qt::NoButton) {
  QMouseEvent move(QEvent::MouseMove, at, widget.mapToGlobal(at), Qt::NoButton, held,
                   Qt::NoModifier);
  QCoreApplication::sendEvent(&widget, &move);
}

void sendButton(QWidget& widget, QEvent::Type type, const QPointF& at,
                Qt::MouseButton button = Qt::LeftButton) {
  const Qt::MouseButtons held = type == QEvent::MouseButtonPress ? button : Qt::NoButton;
  QMouseEvent event(type, at, widget.mapToGlobal(at), button, held, Qt::NoModifier);
  QCoreApplication::sendEvent(&widget, &event);
}

/// A mapping centred at (0.1, -0.1), x reaching from -0.4 to 0.45, y from -0.3 to 0.35.
fatgraph::JoystickMapping squareJoystick() {
  fatgraph::JoystickMapping m;
  m.neutral[0] = 0.1f;
  m.neutral[1] = -0.1f;
  m.rangeMin[0] = -0.4f;
  m.rangeMin[1] = -0.3f;
  m.rangeMax[0] = 0.45f;
  m.rangeMax[1] = 0.35f;
  return m;
}

}  // namespace

class TestParameterPlot : public QObject {
  Q_OBJECT

 private slots:
  void mapsPlaneToPixelsAndBack_data() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("wide") << QSize(520, 300);
    QTest::newRow("tall") << QSize(300, 560);
    QTest::newRow("square") << QSize(420, 420);
  }
  void mapsPlaneToPixelsAndBack() {
    QFETCH(QSize, size);
    ParameterPlot plot;
    plot.resize(size);
    plot.setParameterization(squareSpace());
    const QRectF area = plot.plotRect();
    QVERIFY(QRectF(plot.rect()).contains(area));
    for (const Eigen::Vector2d& p : plot.parameterization().triangulation.sites) {
      const QPointF pixel = plot.toWidget(p);
      QVERIFY(area.contains(pixel));
      QVERIFY((plot.toPlane(pixel) - p).norm() < 1e-9);
    }
    const Eigen::Vector2d outside(3.0, -2.0);
    QVERIFY((plot.toPlane(plot.toWidget(outside)) - outside).norm() < 1e-9);
    // One metre is as long across as up, and forward is drawn upwards.
    const QPointF o = plot.toWidget({0, 0});
    const QPointF right = plot.toWidget({1, 0});
    const QPointF forward = plot.toWidget({0, 1});
    QVERIFY(right.x() > o.x());
    QVERIFY(forward.y() < o.y());
    QVERIFY(std::abs((right.x() - o.x()) - (o.y() - forward.y())) < 1e-9);
  }

  void hoverEmitsThePlanePoint() {
    ParameterPlot plot;
    plot.resize(400, 360);
    plot.setParameterization(squareSpace());
    QSignalSpy hovered(&plot, &ParameterPlot::planePointHovered);
    QSignalSpy ended(&plot, &ParameterPlot::hoverEnded);
    const Eigen::Vector2d target(0.25, -0.125);
    sendMove(plot, plot.toWidget(target));
    QCOMPARE(hovered.count(), 1);
    const Eigen::Vector2d got(hovered[0][0].toDouble(), hovered[0][1].toDouble());
    QVERIFY2((got - target).norm() < 1e-9,
             qPrintable(QStringLiteral("%1 %2").arg(got.x()).arg(got.y())));
    QVERIFY(plot.hoverPoint().has_value());
    QCOMPARE(ended.count(), 0);

    sendMove(plot, QPointF(2, 2));  // in the margin, outside the plane
    QCOMPARE(ended.count(), 1);
    QVERIFY(!plot.hoverPoint().has_value());
    sendMove(plot, plot.toWidget(target));
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(&plot, &leave);
    QCOMPARE(ended.count(), 2);
    QCOMPARE(hovered.count(), 2);
  }

  void pressHoldsAPoint() {
    ParameterPlot plot;
    plot.resize(400, 360);
    plot.setParameterization(squareSpace());
    QSignalSpy pinned(&plot, &ParameterPlot::pointPinned);
    QSignalSpy cleared(&plot, &ParameterPlot::pinCleared);
    const Eigen::Vector2d first(-0.25, 0.125), second(0.375, 0.25);
    sendButton(plot, QEvent::MouseButtonPress, plot.toWidget(first));
    QCOMPARE(pinned.count(), 1);
    QVERIFY((*plot.pinnedPoint() - first).norm() < 1e-9);
    sendMove(plot, plot.toWidget(second), Qt::LeftButton);  // the held point follows a drag
    QCOMPARE(pinned.count(), 2);
    const Eigen::Vector2d dragged(pinned[1][0].toDouble(), pinned[1][1].toDouble());
    QVERIFY((dragged - second).norm() < 1e-9);
    sendButton(plot, QEvent::MouseButtonRelease, plot.toWidget(second));
    sendMove(plot, plot.toWidget(first));  // hovering elsewhere leaves it where it is
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(&plot, &leave);
    QVERIFY(plot.pinnedPoint().has_value());
    QVERIFY((*plot.pinnedPoint() - second).norm() < 1e-9);
    QCOMPARE(pinned.count(), 2);
    QCOMPARE(cleared.count(), 0);
    sendButton(plot, QEvent::MouseButtonPress, plot.toWidget(first), Qt::RightButton);
    QCOMPARE(cleared.count(), 1);
    QVERIFY(!plot.pinnedPoint().has_value());
  }

  void joystickHandlesDrag() {
    ParameterPlot plot;
    plot.resize(420, 380);
    plot.setParameterization(squareSpace());
    plot.setJoystick(squareJoystick());
    // Handles sit at each range bound on the line through the neutral.
    QVERIFY((plot.toPlane(plot.rangeHandle(0, 0)) - Eigen::Vector2d(-0.4, -0.1)).norm() < 1e-6);
    QVERIFY((plot.toPlane(plot.rangeHandle(0, 1)) - Eigen::Vector2d(0.45, -0.1)).norm() < 1e-6);
    QVERIFY((plot.toPlane(plot.rangeHandle(1, 0)) - Eigen::Vector2d(0.1, -0.3)).norm() < 1e-6);
    QVERIFY((plot.toPlane(plot.rangeHandle(1, 1)) - Eigen::Vector2d(0.1, 0.35)).norm() < 1e-6);
    QVERIFY(!plot.grab().toImage().isNull());

    QSignalSpy started(&plot, &ParameterPlot::rangeDragStarted);
    QSignalSpy dragged(&plot, &ParameterPlot::rangeDragged);
    QSignalSpy finished(&plot, &ParameterPlot::rangeDragFinished);
    QSignalSpy pinned(&plot, &ParameterPlot::pointPinned);
    const QPointF grip = plot.rangeHandle(1, 1) + QPointF(3, -2);  // near the top handle
    sendButton(plot, QEvent::MouseButtonPress, grip);
    QCOMPARE(started.count(), 1);
    QCOMPARE(pinned.count(), 0);  // a handle is taken, not a point held
    const double targets[] = {0.3, 0.25, 0.2};
    for (double y : targets) sendMove(plot, plot.toWidget({0.3, y}), Qt::LeftButton);
    QCOMPARE(dragged.count(), 3);
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(dragged[i][0].toInt(), 1);  // y axis
      QCOMPARE(dragged[i][1].toInt(), 1);  // its maximum
      QVERIFY(std::abs(dragged[i][2].toDouble() - targets[i]) < 1e-9);
    }
    sendButton(plot, QEvent::MouseButtonRelease, plot.toWidget({0.3, 0.2}));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(pinned.count(), 0);
    // A new parameterization of the same edge keeps the mapping drawn.
    plot.setParameterization(squareSpace());
    QVERIFY(plot.joystick().has_value());
    plot.clear(QStringLiteral("gone"));
    QVERIFY(!plot.joystick().has_value());
  }

  void errorColoursTheCells() {
    ParameterPlot plot;
    plot.resize(440, 400);
    plot.setParameterization(squareSpace());
    QCOMPARE(plot.errorScaleMax(), static_cast<double>(0.05f));
    const QImage image = plot.grab().toImage();
    const auto pixelAt = [&](int ix, int iy) {
      const QPointF p = plot.toWidget(plot.parameterization().grid.vertex(ix, iy)) + QPointF(3, 3);
      return image.pixel(p.toPoint());
    };
    const QRgb high = pixelAt(kHighX, kHighY);
    const QRgb low = pixelAt(kLowX, kLowY);
    QVERIFY(high != low);
    QCOMPARE(high, fatgraph::editor::heatColour(1.0));
    QCOMPARE(low, fatgraph::editor::heatColour(0.0));
    QVERIFY(qGray(high) > qGray(low) + 100);
  }

  void lineAndPointSpacesPaint() {
    EdgeParameterization point;
    point.plane.dimension = 0;
    point.plane.reason = "all samples reach the same point";
    point.notes = {"one segment: nothing to blend"};
    point.triangulation.dimension = 0;
    point.triangulation.segmentCount = 1;
    point.triangulation.sites = {{0, 0}};
    point.triangulation.weights = {oneHot(1, 0)};
    point.triangulation.hull = {0};
    point.sampleWeights = {oneHot(1, 0)};
    point.samplePositions = {Eigen::Vector3d::Zero()};
    point.grid.resolution = 2;
    point.grid.segmentCount = 1;
    point.grid.weights.assign(4, 1.0f);
    point.vertexError.assign(4, 0.0f);
    ParameterPlot plot;
    plot.resize(360, 300);
    plot.setParameterization(point);
    QVERIFY(plot.plotRect().isValid());
    QVERIFY(plot.plotRect().contains(plot.toWidget({0, 0})));
    QVERIFY(!plot.grab().toImage().isNull());

    EdgeParameterization line = point;
    line.plane.dimension = 1;
    line.plane.reason = "the samples lie on a line";
    line.triangulation.dimension = 1;
    line.triangulation.segmentCount = 2;
    line.triangulation.sites = {{-0.4, 0}, {0.4, 0}};
    line.triangulation.weights = {oneHot(2, 0), oneHot(2, 1)};
    line.triangulation.hull = {0, 1};
    line.sampleWeights = line.triangulation.weights;
    line.samplePositions = {Eigen::Vector3d(-0.4, 0, 0), Eigen::Vector3d(0.4, 0, 0)};
    line.plane.projected = line.triangulation.sites;
    line.grid.minCorner = {-0.4, 0};
    line.grid.maxCorner = {0.4, 0};
    line.grid.segmentCount = 2;
    line.grid.weights.assign(8, 0.5f);
    plot.setParameterization(line);
    const QRectF area = plot.plotRect();
    QVERIFY(area.height() > 0.2 * area.width());  // the line gets a readable band
    QVERIFY(!plot.grab().toImage().isNull());

    plot.clear(QStringLiteral("not parameterized"));
    QVERIFY(!plot.hasSpace());
    QVERIFY(!plot.grab().toImage().isNull());
  }
};

QTEST_MAIN(TestParameterPlot)
#include "test_parameter_plot.moc"
