#pragma once
// What the example-game tests (test_minimal_game, test_c_game) share: exporting the 144_03
// walk with the CLI, running a build tool with a clean environment, installing this build's
// runtime package into a fresh prefix, and configuring and building one of examples/ against
// that prefix alone, as a game would. Needs the compile definitions tests/runtime/CMakeLists.txt
// gives both tests: FATGRAPH_SOURCE_DIR, FATGRAPH_BINARY_DIR, FATGRAPH_CMAKE,
// FATGRAPH_CMAKE_GENERATOR, FATGRAPH_PACKAGE_FROM_SOURCE, FATGRAPH_COMPILER_LAUNCHER.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include "cli/cli_run.h"

namespace fatgraph::test {

struct Tool {
  int exitCode = -1;
  QString out;  // stdout and stderr together (for failure messages)
};

// Runs a program with no compiler-flag variables in its environment, so the game is built
// with CMake's defaults whatever the caller's shell exports.
inline Tool runTool(const QString& program, const QStringList& args) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  for (const char* var : {"CFLAGS", "CXXFLAGS", "LDFLAGS", "CMAKE_PREFIX_PATH"}) env.remove(QString::fromUtf8(var));
  p.setProcessEnvironment(env);
  p.setProcessChannelMode(QProcess::MergedChannels);
  p.start(program, args);
  p.waitForFinished(-1);  // a hung tool is ended by the ctest TIMEOUT
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

// `fatgraph build` of 144_03 with one hub into `work`/walk.fgproj, then `fatgraph export --json`
// of it to `graph`: the export's run, or the build's when that failed.
inline CliRun exportWalk14403(const QString& work, const QString& graph) {
  const QString project = QDir(work).filePath(QStringLiteral("walk.fgproj"));
  const CliRun build = runCli({QStringLiteral("build"), QStringLiteral(FATGRAPH_DATA_DIR "/cmu-leonardo-ono-roll/144_03.bvh"),
                               QStringLiteral("-o"), project, QStringLiteral("--hubs"), QStringLiteral("1")});
  if (build.exitCode != 0) return build;
  return runCli({QStringLiteral("export"), project, QStringLiteral("-o"), graph, QStringLiteral("--json")});
}

inline Tool runCMake(const QStringList& args) { return runTool(QStringLiteral(FATGRAPH_CMAKE), args); }

// Configures runtime/ on its own in `buildDir` (Release, default flags, this build's compiler
// launcher such as ccache, `extraArgs` for CMake), builds it and installs the package into
// `prefix`. Returns the failing tool's output, or an empty string.
inline QString installPackageFromSource(const QString& buildDir, const QString& prefix,
                                        const QStringList& extraArgs = {}) {
  QStringList args{QStringLiteral("-S"), QStringLiteral(FATGRAPH_SOURCE_DIR "/runtime"), QStringLiteral("-B"), buildDir,
                   QStringLiteral("-G"), QStringLiteral(FATGRAPH_CMAKE_GENERATOR),
                   QStringLiteral("-DCMAKE_BUILD_TYPE=Release")};
  if (const QString launcher = QStringLiteral(FATGRAPH_COMPILER_LAUNCHER); !launcher.isEmpty())
    args << QStringLiteral("-DCMAKE_C_COMPILER_LAUNCHER=") + launcher << QStringLiteral("-DCMAKE_CXX_COMPILER_LAUNCHER=") + launcher;
  const Tool configure = runCMake(args + extraArgs);
  if (configure.exitCode != 0) return configure.out;
  const Tool compile = runCMake({QStringLiteral("--build"), buildDir, QStringLiteral("-j"), QStringLiteral("2")});
  if (compile.exitCode != 0) return compile.out;
  const Tool install = runCMake({QStringLiteral("--install"), buildDir, QStringLiteral("--prefix"), prefix});
  return install.exitCode != 0 ? install.out : QString();
}

// Installs the runtime package into `prefix` (`cmake --install` of this build). An
// instrumented build (sanitizers, fuzzing) installs libraries a plain game cannot link, so the
// package then comes from runtime/ configured on its own in `work`/runtime with default flags.
// Returns the failing tool's output, or an empty string.
inline QString installPackage(const QString& work, const QString& prefix) {
  if (FATGRAPH_PACKAGE_FROM_SOURCE) {
    const QString failed = installPackageFromSource(work + QStringLiteral("/runtime"), prefix);
    if (!failed.isEmpty()) return failed;
  } else {
    const Tool install = runCMake({QStringLiteral("--install"), QStringLiteral(FATGRAPH_BINARY_DIR),
                                   QStringLiteral("--prefix"), prefix});
    if (install.exitCode != 0) return install.out;
  }
  if (!QFile::exists(prefix + QStringLiteral("/lib/cmake/fatgraph/fatgraphConfig.cmake")))
    return QStringLiteral("no fatgraphConfig.cmake under ") + prefix;
  return {};
}

// Configures examples/`example` in `buildDir` against `prefix` alone (Release, no package
// registry, compile_commands.json written), with `extraArgs` for CMake, and builds it.
// Returns the failing tool's output, or an empty string.
inline QString buildExample(const QString& example, const QString& prefix, const QString& buildDir,
                            const QStringList& extraArgs = {}) {
  const Tool configure = runCMake(
      QStringList{QStringLiteral("-S"), QStringLiteral(FATGRAPH_SOURCE_DIR "/examples/") + example,
                  QStringLiteral("-B"), buildDir, QStringLiteral("-G"), QStringLiteral(FATGRAPH_CMAKE_GENERATOR),
                  QStringLiteral("-DCMAKE_PREFIX_PATH=") + prefix, QStringLiteral("-DCMAKE_BUILD_TYPE=Release"),
                  QStringLiteral("-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF"),
                  QStringLiteral("-DCMAKE_EXPORT_COMPILE_COMMANDS=ON")} +
      extraArgs);
  if (configure.exitCode != 0) return configure.out;
  const Tool compile = runCMake({QStringLiteral("--build"), buildDir, QStringLiteral("-j"), QStringLiteral("2")});
  if (compile.exitCode != 0) return compile.out;
  return {};
}

}  // namespace fatgraph::test
