#pragma once
// The ground chosen for previewing: none, one of the runtime's presets (terrain.h:
// terrainFromSpec) or a heightfield file (runtime_io heightfield_file.h). The viewport draws
// it and the blend preview's leg layer stands on it. A choice that fails (an unreadable or
// malformed file) keeps the previous ground and says why.
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

#include "fatgraph/runtime/terrain.h"

namespace fatgraph::editor {

class TerrainChoice : public QObject {
  Q_OBJECT

 public:
  explicit TerrainChoice(QObject* parent = nullptr);

  /// "none" followed by the runtime's preset names.
  static QStringList specs();

  /// Selects "none", a preset by name, or a heightfield file by path. Empty on success, else
  /// a one-line reason (and the previous ground stays).
  QString select(const QString& spec);
  /// Loads a heightfield file; empty on success, else "Cannot load <file>: <reason>".
  QString loadFile(const QString& path);

  /// The chosen ground; null for none. Valid until the next successful choice.
  const Heightfield* terrain() const { return terrain_ ? &*terrain_ : nullptr; }
  /// What is chosen: "none", a preset name or the file's path.
  const QString& spec() const { return spec_; }

 signals:
  /// The ground changed (terrain() may be null).
  void changed();

 private:
  std::optional<Heightfield> terrain_;
  QString spec_ = QStringLiteral("none");
};

}  // namespace fatgraph::editor
