// main() for a Qt Test executable that may have nothing to test on this machine (optional
// data or tool absent). It returns 77, which ctest reports as SKIPPED (tests/CMakeLists.txt
// sets SKIP_RETURN_CODE 77), when a precondition is unmet -- without running anything -- or
// when every test function skipped itself (Qt Test's skip). That skip alone leaves the executable
// "Passed", so a test that could not run would look like one that did.
//
//   FATGRAPH_SKIPPABLE_TEST_MAIN(TestH5dump,
//       {!QStandardPaths::findExecutable("h5dump").isEmpty(), "h5dump is not installed"})
#pragma once

#include <QCoreApplication>
#include <QFile>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace fatgraph::test {

struct Precondition {
  bool met = true;
  std::string unmetReason;  // printed after "SKIPPED: "
};

// Runs `test` like QTest::qExec with an extra TAP log beside the usual output, and returns 77
// instead of 0 when that log shows that every test function (initTestCase and
// cleanupTestCase aside) was skipped.
inline int runOrSkip(QObject& test, int argc, char** argv,
                     const std::vector<Precondition>& preconditions) {
  for (const Precondition& p : preconditions) {
    if (!p.met) {
      std::printf("SKIPPED: %s\n", p.unmetReason.c_str());
      return 77;
    }
  }
  QTemporaryDir dir;
  if (!dir.isValid()) return QTest::qExec(&test, argc, argv);
  const QByteArray tapPath = dir.filePath(QStringLiteral("log.tap")).toLocal8Bit();
  std::string tapOutput = tapPath.toStdString() + ",tap";
  std::string stdoutOutput = "-,txt";
  std::string dashO = "-o", dashO2 = "-o";
  std::vector<char*> args(argv, argv + argc);
  bool hasOutput = false;
  for (int i = 1; i < argc; ++i) hasOutput = hasOutput || std::strcmp(argv[i], "-o") == 0;
  if (!hasOutput) {  // keep the plain text on stdout once a log file is added
    args.push_back(dashO.data());
    args.push_back(stdoutOutput.data());
  }
  args.push_back(dashO2.data());
  args.push_back(tapOutput.data());
  const int result = QTest::qExec(&test, static_cast<int>(args.size()), args.data());
  if (result != 0) return result;

  QFile tap(QString::fromLocal8Bit(tapPath));
  if (!tap.open(QIODevice::ReadOnly | QIODevice::Text)) return result;
  int functions = 0, skipped = 0;
  while (!tap.atEnd()) {
    const QByteArray line = tap.readLine().trimmed();
    if (!line.startsWith("ok ") && !line.startsWith("not ok ")) continue;
    if (line.contains("initTestCase()") || line.contains("cleanupTestCase()")) continue;
    ++functions;
    if (line.contains("# SKIP")) ++skipped;
  }
  if (functions > 0 && skipped == functions) {
    std::printf("SKIPPED: every test function skipped\n");
    return 77;
  }
  return result;
}

}  // namespace fatgraph::test

// main() for TestObject; the optional arguments are Precondition initialisers.
#define FATGRAPH_SKIPPABLE_TEST_MAIN(TestObject, ...)                              \
  int main(int argc, char** argv) {                                                \
    QCoreApplication app(argc, argv);                                              \
    TestObject test;                                                               \
    return fatgraph::test::runOrSkip(test, argc, argv, {__VA_ARGS__});            \
  }
