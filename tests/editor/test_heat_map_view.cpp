// The pose distance heat map: the colour ramp (dark = similar, lightness rising), undefined
// cells in a neutral grey, the image of a real build (one pixel per cell of the scan), clicks
// that ask for a row's frame, and the out-of-date notice when the clips changed.
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include <cmath>
#include <limits>

#include "document/document.h"
#include "fatgraph/core/graph/distance_matrix.h"
#include "views/heat_map_image.h"
#include "views/heat_map_view.h"

using fatgraph::editor::HeatMapView;

namespace {

const QString kRoll = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

}  // namespace

class TestHeatMapView : public QObject {
  Q_OBJECT

 private slots:
  void rampGetsLighter() {
    int previous = -1;
    for (int i = 0; i <= 20; ++i) {
      const int grey = qGray(fatgraph::editor::heatColour(i / 20.0));
      QVERIFY2(grey > previous, qPrintable(QString::number(i)));
      previous = grey;
    }
    QVERIFY(qGray(fatgraph::editor::heatColour(0.0)) < 10);
    QCOMPARE(fatgraph::editor::heatColour(2.0), fatgraph::editor::heatColour(1.0));
  }

  void undefinedCellsAreNeutral() {
    fatgraph::DistanceScan scan;
    scan.heatSize = 2;
    scan.heat = {0.0f, std::numeric_limits<float>::quiet_NaN(), 0.5f, 1.0f};
    const QImage image = fatgraph::editor::heatMapImage(scan, 1.0);
    QCOMPARE(image.size(), QSize(2, 2));
    QCOMPARE(image.pixel(0, 0), fatgraph::editor::heatColour(0.0));
    QCOMPARE(image.pixel(1, 0), fatgraph::editor::undefinedHeatColour());
    QCOMPARE(image.pixel(1, 1), fatgraph::editor::heatColour(1.0));
    const QRgb grey = fatgraph::editor::undefinedHeatColour();
    QCOMPARE(qRed(grey), qGreen(grey));
    QCOMPARE(qGreen(grey), qBlue(grey));
  }

  void imageOfABuild() {
    fatgraph::editor::Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    HeatMapView view;
    view.resize(500, 460);
    view.setProject(doc.project());
    QVERIFY(view.image().isNull());
    QVERIFY(!view.message().isEmpty());

    QCOMPARE(doc.buildGraph({}), QString());
    view.setProject(doc.project());
    const fatgraph::DistanceScan& scan = doc.project().distances.scan;
    QVERIFY(scan.heatSize > 100);
    QCOMPARE(view.image().size(), QSize(scan.heatSize, scan.heatSize));
    QCOMPARE(view.stride(), scan.heatStride);
    QVERIFY(view.message().isEmpty());
    QVERIFY(view.scaleMax() > 0.01 && view.scaleMax() < 2.0);
    int dark = 0;  // the diagonal: every frame is like itself
    for (int i = 5; i < scan.heatSize - 5; ++i) dark += qGray(view.image().pixel(i, i)) < 40;
    QVERIFY2(dark > (scan.heatSize - 10) * 9 / 10, qPrintable(QString::number(dark)));

    QSignalSpy requested(&view, &HeatMapView::frameRequested);
    const QRectF matrix = view.matrixRect();
    QVERIFY(matrix.width() > 100);
    QTest::mouseClick(&view, Qt::LeftButton, {},
                      QPoint(qRound(matrix.center().x()), qRound(matrix.top() + matrix.height() * 0.25)));
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toInt(), 0);
    const int frame = requested.at(0).at(1).toInt();
    QVERIFY2(std::abs(frame - doc.clip(0).frameCount() / 4) <= 2 * scan.heatStride,
             qPrintable(QString::number(frame)));
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(2, 2));  // outside the matrix
    QCOMPARE(requested.count(), 1);

    const QImage drawn = view.grab().toImage();
    QVERIFY(!drawn.isNull());
  }

  // The wheel zooms about the cursor, Shift+drag pans, a double-click resets; a click on the
  // zoomed map still asks for the frame of the row under the mouse.
  void zoomAndPan() {
    fatgraph::editor::Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(doc.buildGraph({}), QString());
    HeatMapView view;
    view.resize(500, 460);
    view.setProject(doc.project());
    const QRectF m = view.matrixRect();
    QCOMPARE(view.zoom(), 1.0);
    QSignalSpy zoomed(&view, &HeatMapView::zoomChanged);

    // Zoom 4x about the point at a quarter of each side: that point stays under the cursor.
    const QPointF anchor(m.left() + m.width() * 0.25, m.top() + m.height() * 0.25);
    view.zoomAt(anchor, 4.0);
    QCOMPARE(zoomed.count(), 1);
    QVERIFY(std::abs(view.zoom() - 4.0) < 1e-9);
    const QRectF region = view.visibleRegion();
    QVERIFY(std::abs(region.left() + 0.25 * region.width() - 0.25) < 1e-9);
    QVERIFY(std::abs(region.top() + 0.25 * region.height() - 0.25) < 1e-9);

    // The row under the mouse follows the zoom: the middle of the widget is now row 1/4 + ...
    const auto [clip, frame] = view.frameAt(m.center());
    QCOMPARE(clip, 0);
    const int frames = doc.clip(0).frameCount();
    const int stride = view.stride();
    const double expected = (region.top() + 0.5 * region.height()) * stride * view.image().height();
    QVERIFY2(std::abs(frame - expected) <= 2 * stride, qPrintable(QString::number(frame)));
    QVERIFY(frame < frames);

    // Shift+drag by a tenth of the side moves the region by a tenth of its width, against the mouse.
    QTest::mousePress(&view, Qt::LeftButton, Qt::ShiftModifier, m.center().toPoint());
    QMouseEvent move(QEvent::MouseMove, m.center() + QPointF(m.width() / 10, 0),
                     view.mapToGlobal(m.center() + QPointF(m.width() / 10, 0)), Qt::NoButton,
                     Qt::LeftButton, Qt::ShiftModifier);
    QCoreApplication::sendEvent(&view, &move);
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::ShiftModifier, (m.center() + QPointF(m.width() / 10, 0)).toPoint());
    QVERIFY(std::abs(view.visibleRegion().left() - (region.left() - region.width() / 10)) < 0.01 * region.width());
    QCOMPARE(view.visibleRegion().top(), region.top());

    // The wheel zooms out about the cursor; never past the whole matrix.
    QWheelEvent wheel(m.center(), view.mapToGlobal(m.center()), QPoint(), QPoint(0, -120 * 20),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(&view, &wheel);
    QCOMPARE(view.zoom(), 1.0);
    QCOMPARE(view.visibleRegion(), QRectF(0, 0, 1, 1));

    // Zooming in far stops where one cell fills 64 pixels: the scan has nothing finer.
    view.zoomAt(m.center(), 1e6);
    QVERIFY(view.zoom() <= view.image().width() * 64.0 / m.width() + 1e-9);
    QTest::mouseDClick(&view, Qt::LeftButton, {}, m.center().toPoint());
    QCOMPARE(view.zoom(), 1.0);
    QVERIFY(!view.grab().isNull());
  }

  void outOfDateAfterAddingAClip() {
    fatgraph::editor::Document doc;
    QCOMPARE(doc.openFile(kRoll), QString());
    QCOMPARE(doc.buildGraph({}), QString());
    QCOMPARE(doc.openFile(kRoll), QString());
    HeatMapView view;
    view.setProject(doc.project());
    QVERIFY(view.message().contains(QStringLiteral("Out of date")));
  }
};

QTEST_MAIN(TestHeatMapView)
#include "test_heat_map_view.moc"
