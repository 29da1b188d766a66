#include "document/terrain_choice.h"

#include <QFileInfo>

#include <exception>
#include <string>

#include "fatgraph/runtime_io/heightfield_file.h"

namespace fatgraph::editor {

TerrainChoice::TerrainChoice(QObject* parent) : QObject(parent) {}

QStringList TerrainChoice::specs() {
  QStringList names{QStringLiteral("none")};
  names += QString::fromLatin1(kTerrainPresetNames.data(),
                               static_cast<qsizetype>(kTerrainPresetNames.size()))
               .split(u' ', Qt::SkipEmptyParts);
  return names;
}

QString TerrainChoice::select(const QString& spec) {
  if (spec.isEmpty() || spec == QLatin1String("none")) {
    terrain_.reset();
    spec_ = QStringLiteral("none");
    emit changed();
    return {};
  }
  if (!specs().contains(spec)) return loadFile(spec);
  std::string error;
  std::optional<Heightfield> preset = terrainFromSpec(spec.toStdString(), &error);
  if (!preset) return tr("Unknown terrain %1: %2").arg(spec, QString::fromStdString(error));
  terrain_ = std::move(preset);
  spec_ = spec;
  emit changed();
  return {};
}

QString TerrainChoice::loadFile(const QString& path) {
  try {
    Heightfield loaded = loadHeightfield(path.toStdString());
    terrain_ = std::move(loaded);
  } catch (const std::exception& e) {
    return tr("Cannot load the heightfield %1: %2")
        .arg(QFileInfo(path).fileName(), QString::fromStdString(e.what()));
  }
  spec_ = path;
  emit changed();
  return {};
}

}  // namespace fatgraph::editor
