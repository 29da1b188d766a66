// --screenshot --view: each view renders alone at the requested size, and with the sample walk
// and its graph it shows far more than the same view of an empty editor. Rendered for real
// (Xvfb + Mesa for the viewport); exits 77 (SKIPPED) when there is no X display.
#include <QApplication>
#include <QSurfaceFormat>
#include <QTest>

#include <cstdio>

#include "one_hub_request.h"
#include "app/main_window.h"
#include "app/screenshot_run.h"
#include "app/window_capture.h"
#include "document/document.h"
#include "views/viewport.h"
#include "gl_test_main.h"

using fatgraph::editor::MainWindow;

namespace {

const QString kWalk = QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh");

/// Share of pixels that differ clearly (any channel by more than 24) between two images of
/// the same size.
double differingShare(const QImage& a, const QImage& b) {
  if (a.size() != b.size() || a.isNull()) return 0.0;
  qint64 n = 0;
  for (int y = 0; y < a.height(); ++y) {
    for (int x = 0; x < a.width(); ++x) {
      const QRgb p = a.pixel(x, y);
      const QRgb q = b.pixel(x, y);
      n += qAbs(qRed(p) - qRed(q)) > 24 || qAbs(qGreen(p) - qGreen(q)) > 24 ||
           qAbs(qBlue(p) - qBlue(q)) > 24;
    }
  }
  return static_cast<double>(n) / (static_cast<double>(a.width()) * a.height());
}

}  // namespace

class TestScreenshotViews : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    empty_.setInteractive(false);
    empty_.show();
    QVERIFY(fatgraph::editor::waitUntilExposed(empty_));
    walk_.setInteractive(false);
    QCOMPARE(walk_.openFiles({kWalk}), QStringList());
    QCOMPARE(walk_.document()->buildGraph(oneHubRequest()), QString());
    QVERIFY(!walk_.document()->graph().fatEdges.empty());
    walk_.show();
    QVERIFY(fatgraph::editor::waitUntilExposed(walk_));
    QVERIFY(walk_.showFrame(150));
  }

  void viewDiffersFromEmpty_data() {
    QTest::addColumn<QString>("view");
    QTest::addColumn<double>("minimumShare");
    // The skeleton and a graph of one or two hubs are thin: a few per cent of the picture; the
    // plots fill most of it.
    QTest::newRow("viewport") << QStringLiteral("viewport") << 0.01;
    QTest::newRow("heatmap") << QStringLiteral("heatmap") << 0.25;
    QTest::newRow("graph") << QStringLiteral("graph") << 0.01;
    QTest::newRow("parameters") << QStringLiteral("parameters") << 0.05;
    // With a graph the dock is enabled and says to press Play: text, not much ink.
    QTest::newRow("play") << QStringLiteral("play") << 0.002;
  }

  void viewDiffersFromEmpty() {
    QFETCH(QString, view);
    QFETCH(double, minimumShare);
    const QSize size(640, 480);
    QString error;
    const QImage blank = fatgraph::editor::renderView(empty_, view, size, &error);
    QCOMPARE(error, QString());
    const QImage shown = fatgraph::editor::renderView(walk_, view, size, &error);
    QCOMPARE(error, QString());
    QCOMPARE(blank.size(), size);
    QCOMPARE(shown.size(), size);
    const double share = differingShare(blank, shown);
    qInfo("%s: %.1f %% of the pixels differ from the empty editor's", qPrintable(view),
          100.0 * share);
    QVERIFY2(share > minimumShare, qPrintable(QString::number(share)));
  }

  void unknownViewIsAnError() {
    QString error;
    QVERIFY(fatgraph::editor::renderView(walk_, QStringLiteral("timeline"), {}, &error).isNull());
    QVERIFY(error.contains(QStringLiteral("timeline")));
  }

  void onlyTheViewportNeedsNoGraph() {
    QVERIFY(!fatgraph::editor::viewNeedsGraph(QStringLiteral("viewport")));
    QVERIFY(!fatgraph::editor::viewNeedsGraph(QString()));
    for (const char* view : {"heatmap", "graph", "parameters", "play"}) {
      QVERIFY(fatgraph::editor::viewNeedsGraph(QString::fromLatin1(view)));
    }
  }

 private:
  MainWindow empty_;
  MainWindow walk_;
};

FATGRAPH_GL_TEST_MAIN(TestScreenshotViews)

#include "test_screenshot_views.moc"
