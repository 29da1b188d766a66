#include "document/file_loading.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <exception>

#include "fatgraph/core/io/clip_admission.h"
#include "fatgraph/core/io/project_store.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("Document", text); }

}  // namespace

BvhImportOptions ClipImportOptions::readerOptions() const {
  BvhImportOptions reader = bvhAdmissionOptions({units, keepReferencePose, rig});
  if (rate == Rate::Resample) reader.resampleFps = fps;
  return reader;
}

SceneImportOptions ClipImportOptions::sceneOptions(double workingFps) const {
  SceneImportOptions reader;
  reader.fps = rate == Rate::Resample ? fps : workingFps;
  reader.rig = rig;
  return reader;
}

QString ClipImportOptions::validate() const {
  if (rate == Rate::Resample && !(fps > 0.0 && fps <= 1000.0)) {
    return tr("The frame rate must be in (0, 1000] fps");
  }
  return {};
}

LoadedFile loadEditorFile(const QString& path, const ClipImportOptions& options, double workingFps) {
  LoadedFile loaded;
  loaded.path = path;
  loaded.options = options;
  if (!QFileInfo(path).isFile()) {
    loaded.error = tr("Cannot open %1: no such file").arg(path);
    return loaded;
  }
  loaded.isProject = QFileInfo(path).suffix().toLower() == QLatin1String("fgproj") ||
                     isHdf5File(path.toStdString());
  try {
    if (!loaded.isProject) {
      if (QString problem = options.validate(); !problem.isEmpty()) {
        loaded.error = tr("Cannot import %1: %2").arg(path, problem);
        return loaded;
      }
      loaded.isScene = isSceneFilePath(path.toStdString());
      if (loaded.isScene) {
        loaded.scene = importSceneFile(path.toStdString(), options.sceneOptions(workingFps));
      } else {
        loaded.bvh = importBvh(path.toStdString(), options.readerOptions());
      }
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
