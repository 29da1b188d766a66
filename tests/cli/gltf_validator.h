#pragma once
// The Khronos glTF validator for the tests: node running scripts/gltf-validate.js over the npm
// package that scripts/install-deps puts in .tools/, or the native `gltf_validator` on PATH.
// Either reports error and warning counts; a machine with neither skips (findGltfValidator's
// reason says why).
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <optional>

struct GltfValidator {
  QString program;
  QStringList arguments;  // the file's path is appended
  bool nodeScript = false;
};

struct GltfValidation {
  bool ran = false;
  int errors = -1, warnings = -1;
  QString report;  // the validator's output (the codes of errors and warnings with the script)
};

inline QString gltfValidatorPackage() {
  return QStringLiteral(FATGRAPH_SOURCE_DIR "/.tools/node_modules/gltf-validator/package.json");
}

inline std::optional<GltfValidator> findGltfValidator() {
  const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
  if (!node.isEmpty() && QFileInfo::exists(gltfValidatorPackage())) {
    return GltfValidator{node, {QStringLiteral(FATGRAPH_SOURCE_DIR "/scripts/gltf-validate.js")}, true};
  }
  const QString native = QStandardPaths::findExecutable(QStringLiteral("gltf_validator"));
  if (!native.isEmpty()) return GltfValidator{native, {QStringLiteral("-o")}, false};
  return std::nullopt;
}

inline std::string gltfValidatorMissingReason() {
  return "no glTF validator: neither node with " + gltfValidatorPackage().toStdString() +
         " (scripts/install-deps installs it) nor gltf_validator on PATH";
}

// Runs the validator on `file`; ran is false when it could not report (its output says why).
inline GltfValidation validateGltf(const GltfValidator& v, const QString& file) {
  QProcess p;
  p.start(v.program, v.arguments + QStringList{file});
  p.waitForFinished(-1);
  GltfValidation out;
  const QByteArray stdoutBytes = p.readAllStandardOutput();
  out.report = QString::fromUtf8(stdoutBytes) + QString::fromUtf8(p.readAllStandardError());
  if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) return out;
  const QJsonObject o = QJsonDocument::fromJson(stdoutBytes).object();
  // The script prints counts at the top level; the native validator's report nests them.
  const QJsonObject counts = v.nodeScript ? o : o.value(QStringLiteral("issues")).toObject();
  const QString errors = v.nodeScript ? QStringLiteral("errors") : QStringLiteral("numErrors");
  const QString warnings = v.nodeScript ? QStringLiteral("warnings") : QStringLiteral("numWarnings");
  if (!counts.contains(errors)) return out;
  out.ran = true;
  out.errors = counts.value(errors).toInt();
  out.warnings = counts.value(warnings).toInt();
  return out;
}
