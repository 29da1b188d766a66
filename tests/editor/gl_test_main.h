#pragma once
// main() for the editor tests that draw with OpenGL (the viewport, the body, --screenshot): they
// need an X display under the xcb platform (xvfb-run in ctest), and report SKIPPED (77) without
// one rather than failing to create a context; the viewport's surface format is set before the
// application exists, as the editor's own main does.
#include <QApplication>
#include <QSurfaceFormat>
#include <QTest>
#include <cstdio>

#include "views/viewport.h"

#define FATGRAPH_GL_TEST_MAIN(TestClass)                                                   \
  int main(int argc, char* argv[]) {                                                      \
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qgetenv("QT_QPA_PLATFORM") == "xcb") {  \
      std::puts("SKIP: no X display (run under xvfb-run)");                               \
      return 77;                                                                          \
    }                                                                                     \
    QSurfaceFormat::setDefaultFormat(fatgraph::editor::Viewport::preferredFormat());      \
    QApplication app(argc, argv);                                                         \
    TestClass test;                                                                       \
    return QTest::qExec(&test, argc, argv);                                               \
  }
