// The OpenGL viewport, rendered for real (Xvfb + Mesa): bones appear, orbiting changes the
// image, framing centres the character, a window capture includes the GL view, and the legs,
// footprints, footbase paths and a terrain draw (each toggle changes the picture).
// Exits 77 (SKIPPED) when there is no X display.
#include <QApplication>
#include <QOpenGLContext>
#include <QSurfaceFormat>
#include <QTest>

#include <cstdio>

#include "document/document.h"
#include "app/main_window.h"
#include "app/window_capture.h"
#include "document/leg_analysis_cache.h"
#include "fatgraph/core/io/bvh_import.h"
#include "views/viewport.h"
#include "image_pixels.h"
#include "gl_test_main.h"

using fatgraph::editor::Viewport;

namespace {

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

bool isBackground(QRgb pixel, const QColor& background) {
  return qAbs(qRed(pixel) - background.red()) < 12 &&
         qAbs(qGreen(pixel) - background.green()) < 12 &&
         qAbs(qBlue(pixel) - background.blue()) < 12;
}

/// Pixels of `image` inside `rect` that differ from the background, and their centroid.
struct Coverage {
  int count = 0;
  QPointF centroid;
};
Coverage coverage(const QImage& image, QRect rect = {}) {
  if (rect.isNull()) rect = image.rect();
  Coverage c;
  const QColor background = Viewport::backgroundColor();
  double sx = 0;
  double sy = 0;
  for (int y = rect.top(); y <= rect.bottom(); ++y) {
    for (int x = rect.left(); x <= rect.right(); ++x) {
      if (isBackground(image.pixel(x, y), background)) continue;
      ++c.count;
      sx += x;
      sy += y;
    }
  }
  if (c.count > 0) c.centroid = QPointF(sx / c.count, sy / c.count);
  return c;
}

}  // namespace

class TestViewport : public QObject {
  Q_OBJECT

 private:
  fatgraph::BvhImport walk_;

 private slots:
  void initTestCase() {
    walk_ = fatgraph::importBvh(kWalk.toStdString());
    QVERIFY(walk_.clip.frameCount() > 600);
  }

  void rendersBonesAndOrbits() {
    Viewport view;
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.context() && view.context()->isValid());
    qInfo("GL %d.%d%s", view.format().majorVersion(), view.format().minorVersion(),
          view.context()->isOpenGLES() ? " ES" : "");

    const QImage empty = view.grabFramebuffer();
    view.setShowGrid(false);
    QCOMPARE(coverage(view.grabFramebuffer()).count, 0);  // no clip, no grid: background only
    view.setShowGrid(true);
    QVERIFY(coverage(empty).count > 1000);  // the grid alone

    view.setClip(walk_.skeleton, walk_.clip);
    view.showFrame(walk_.skeleton, walk_.clip, 600);
    view.setShowGrid(false);
    view.setShowTrajectory(false);
    view.frameCharacter();
    const QImage bones = view.grabFramebuffer();
    const Coverage skeleton = coverage(bones);
    QVERIFY2(skeleton.count > 2000, qPrintable(QString::number(skeleton.count)));
    QVERIFY(skeleton.count < bones.width() * bones.height() / 4);
    // Framed: the skeleton's pixels sit around the centre of the image.
    QVERIFY(qAbs(skeleton.centroid.x() - bones.width() / 2.0) < bones.width() * 0.15);
    QVERIFY(qAbs(skeleton.centroid.y() - bones.height() / 2.0) < bones.height() * 0.15);

    view.orbit(90.0f, 0.0f);
    const QImage turned = view.grabFramebuffer();
    QVERIFY(coverage(turned).count > 1000);
    QVERIFY(differingPixels(bones, turned) > 1000);

    view.setShowTrajectory(true);
    QVERIFY(coverage(view.grabFramebuffer()).count > coverage(turned).count);
  }

  void anotherFrameMovesTheBones() {
    Viewport view;
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setClip(walk_.skeleton, walk_.clip);
    view.setShowGrid(false);
    view.showFrame(walk_.skeleton, walk_.clip, 0);
    const QImage first = view.grabFramebuffer();
    view.showFrame(walk_.skeleton, walk_.clip, 300);
    QVERIFY(differingPixels(first, view.grabFramebuffer()) > 200);
  }

  void cameraFollowsMouseAndKeys() {
    Viewport view;
    view.resize(400, 300);
    view.setClip(walk_.skeleton, walk_.clip);
    auto drag = [&](Qt::MouseButton button, Qt::KeyboardModifiers modifiers, QPoint delta) {
      const QPointF from(200, 150);
      const QPointF to = from + QPointF(delta);
      QMouseEvent press(QEvent::MouseButtonPress, from, view.mapToGlobal(from), button, button,
                        modifiers);
      QApplication::sendEvent(&view, &press);
      QMouseEvent move(QEvent::MouseMove, to, view.mapToGlobal(to), Qt::NoButton, button,
                       modifiers);
      QApplication::sendEvent(&view, &move);
    };
    const fatgraph::editor::OrbitCamera start = view.camera();
    drag(Qt::LeftButton, Qt::NoModifier, QPoint(50, 20));  // orbit
    QVERIFY(view.camera().yawDegrees != start.yawDegrees);
    QVERIFY(view.camera().pitchDegrees > start.pitchDegrees);
    QCOMPARE(view.camera().target, start.target);

    const QVector3D target = view.camera().target;
    drag(Qt::MiddleButton, Qt::NoModifier, QPoint(30, 0));  // pan
    QVERIFY((view.camera().target - target).length() > 0.01f);
    const QVector3D panned = view.camera().target;
    drag(Qt::LeftButton, Qt::ShiftModifier, QPoint(0, 30));  // pan too
    QVERIFY((view.camera().target - panned).length() > 0.01f);

    const float distance = view.camera().distance;
    QWheelEvent wheel(QPointF(200, 150), view.mapToGlobal(QPointF(200, 150)), QPoint(),
                      QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    QVERIFY(view.camera().distance < distance);

    QTest::keyClick(&view, Qt::Key_F);  // frame the character: target at the pose's centre
    QVERIFY((view.camera().target - view.scene().poseBounds().center).length() < 1e-4f);
  }

  void legsFootprintsAndTerrainRender() {
    fatgraph::editor::MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kWalk}), QStringList());
    QCOMPARE(window.setTerrain(QStringLiteral("bumps")), QString());
    window.show();
    QVERIFY(fatgraph::editor::waitUntilExposed(window));
    QVERIFY(window.showFrame(300));
    window.waitForLegAnalysis();
    Viewport* view = window.viewport();
    QVERIFY(window.legAnalysis()->current() != nullptr);
    QVERIFY(!view->legLines().empty());
    QVERIFY(!view->footprintLines().empty());
    QVERIFY(!view->footbasePathLines().empty());
    QVERIFY(!view->terrainLines().empty());

    const QImage all = view->grabFramebuffer();
    QVERIFY(coverage(all).count > 5000);
    // Each overlay is on screen: hiding it changes the picture.
    view->setShowLegs(false);
    const QImage noLegs = view->grabFramebuffer();
    QVERIFY(differingPixels(all, noLegs) > 100);
    view->setShowLegs(true);
    view->setShowFootprints(false);
    view->setShowFootbasePaths(false);
    const QImage noPrints = view->grabFramebuffer();
    QVERIFY(differingPixels(all, noPrints) > 100);
    view->setShowFootprints(true);
    view->setShowFootbasePaths(true);
    QCOMPARE(window.setTerrain(QStringLiteral("none")), QString());
    QVERIFY(differingPixels(all, view->grabFramebuffer()) > 1000);
  }

  void windowCaptureIncludesTheViewport() {
    fatgraph::editor::MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.openFiles({kWalk}), QStringList());
    window.show();
    QVERIFY(fatgraph::editor::waitUntilExposed(window));
    QVERIFY(window.showFrame(600));
    const QImage shot = fatgraph::editor::captureWindow(window);
    QCOMPARE(shot.size(), window.size());
    const QRect viewRect(window.viewport()->mapTo(&window, QPoint(0, 0)),
                         window.viewport()->size());
    QVERIFY(coverage(shot, viewRect).count > 2000);
  }
};

FATGRAPH_GL_TEST_MAIN(TestViewport)

#include "test_viewport.moc"
