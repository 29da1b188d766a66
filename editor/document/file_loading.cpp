#include "document/file_loading.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <exception>

#include "fatgraph/core/clip_admission.h"
#include "fatgraph/core/project_store.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("Document", text); }

}  // namespace

LoadedFile loadEditorFile(const QString& path) {
  LoadedFile loaded;
  loaded.path = path;
  if (!QFileInfo(path).isFile()) {
    loaded.error = tr("Cannot open %1: no such file").arg(path);
    return loaded;
  }
  loaded.isProject = QFileInfo(path).suffix().toLower() == QLatin1String("fgproj") ||
                     isHdf5File(path.toStdString());
  try {
    if (!loaded.isProject) {
      loaded.bvh = importBvh(path.toStdString(), bvhAdmissionOptions());
      return loaded;
    }
    loaded.project = loadProject(path.toStdString());
  } catch (const std::exception& e) {
    loaded.error = QString::fromStdString(e.what());
    return loaded;
  }
  if (std::string problem = loaded.project.validate(); !problem.empty()) {
    loaded.error = tr("Cannot open %1: %2").arg(path, QString::fromStdString(problem));
  }
  return loaded;
}

}  // namespace fatgraph::editor
