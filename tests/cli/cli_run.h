#pragma once
// Runs the `fatgraph` command line as a user or a script would, for the CLI tests: how it
// ended, stdout and stderr of one invocation; and checks a run that must fail the way the
// command line's contract says a command fails (docs/DESIGN.md, "The command line").
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtTest>

/// The exit codes of a failed command: a usage error (a missing or malformed argument) and any
/// other failure (a file that does not load, a build that cannot succeed). A crash is neither.
constexpr int kCliUsageError = 2;
constexpr int kCliFailure = 1;

struct CliRun {
  QProcess::ExitStatus exitStatus = QProcess::CrashExit;
  int exitCode = -1;  // -1 after a crash, so that it is never 0
  QString out, err;
  /// stdout parsed as the one JSON object `--json` prints.
  QJsonObject json() const { return QJsonDocument::fromJson(out.toUtf8()).object(); }
};

// No time limit here: a hung run is ended by the test's ctest TIMEOUT.
inline CliRun runCli(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(FATGRAPH_CLI), args);
  p.waitForFinished(-1);
  const QProcess::ExitStatus status = p.exitStatus();
  return {status, status == QProcess::NormalExit ? p.exitCode() : -1,
          QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

/// Whether `run` failed as the contract says: it exited (no crash) with `exitCode` and printed
/// `message` in the one line of its reason on stderr. Otherwise records a Qt Test failure at
/// file:line that says how it ended instead.
inline bool cliFailedWith(const CliRun& run, int exitCode, const QString& message, const char* file, int line) {
  QString instead;
  if (run.exitStatus != QProcess::NormalExit)
    instead = QStringLiteral("it crashed");
  else if (run.exitCode != exitCode)
    instead = QStringLiteral("it exited with %1").arg(run.exitCode);
  else if (!run.err.contains(message))
    instead = QStringLiteral("its message is not that");
  else if (run.err.trimmed().count(QLatin1Char('\n')) != 0)
    instead = QStringLiteral("the reason is not one line");
  else
    return true;
  const QString failure = QStringLiteral("Expected exit code %1 with \"%2\" on stderr, but %3; stderr: %4")
                              .arg(QString::number(exitCode), message, instead, run.err);
  QTest::qFail(failure.toUtf8().constData(), file, line);
  return false;
}

/// Fails the test function unless `run` failed with `exitCode` (kCliUsageError or kCliFailure)
/// and `message` (a QString) on stderr, in one line.
#define FATGRAPH_VERIFY_CLI_FAILS(run, exitCode, message)                      \
  do {                                                                         \
    if (!cliFailedWith((run), (exitCode), (message), __FILE__, __LINE__)) return; \
  } while (false)

/// Writes `text` to `path` (an input file for the command), failing the test when it cannot.
inline void writeText(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(text);
}
