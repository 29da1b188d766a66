#pragma once
// Runs the `fatgraph` command line as a user or a script would, for the CLI tests: exit code,
// stdout and stderr of one invocation (a crash counts as exit code -1).
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtTest>

struct CliRun {
  int exitCode = -1;
  QString out, err;
  /// stdout parsed as the one JSON object `--json` prints.
  QJsonObject json() const { return QJsonDocument::fromJson(out.toUtf8()).object(); }
};

// No time limit here: a hung run is ended by the test's ctest TIMEOUT.
inline CliRun runCli(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(FATGRAPH_CLI), args);
  p.waitForFinished(-1);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
          QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

/// Writes `text` to `path` (an input file for the command), failing the test when it cannot.
inline void writeText(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(text);
}
