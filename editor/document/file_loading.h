#pragma once
// Reading the files the editor opens (.bvh clips; .gltf, .glb and .fbx files, one clip per
// animation; .fgproj projects) into memory, apart from
// adopting them into the document: reading may run on a worker thread (JobRunner), adopting
// always happens on the GUI thread (Document). HDF5 is not thread-safe here, so the document
// runs at most one reading job at a time and refuses to save while one runs.
#include <QString>

#include "fatgraph/core/io/bvh_import.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/core/io/scene_import.h"

namespace fatgraph::editor {

/// How BVH files are read on their way into the document (File > Import Clips…): the choices
/// of `fatgraph convert --units / --fps / --keep-tpose`, with core's admission rules
/// (clip_admission.h) after them. The defaults are what opening or dropping a file does.
struct ClipImportOptions {
  /// What `rate` means. A project has one working rate: a clip read at another rate than
  /// the project's becomes the working rate when it is the project's first clip, and is
  /// refused otherwise (Graph > Build Graph… changes the rate of all clips).
  enum class Rate {
    Working,   // resampled to the project's working rate (30 fps in a new project)
    File,      // kept at the file's own rate
    Resample,  // resampled to `fps` while reading
  };
  BvhUnits units = BvhUnits::Auto;
  bool keepReferencePose = false;  // keep frame 0 even when it is a reference T-pose
  Rate rate = Rate::Working;
  double fps = 30.0;  // frames per second for Rate::Resample, in (0, 1000]
  /// Translation channels, up axis and motion root (`--translations`, `--up`,
  /// `--motion-root`; rig_conventions.h): decided per file unless forced.
  RigConventionOptions rig;

  /// The BVH reader's options for these choices.
  BvhImportOptions readerOptions() const;
  /// The glTF and FBX readers' options (scene_import.h): sampled at `fps` for Rate::Resample,
  /// else at `workingFps` (a scene file keys seconds, it has no rate of its own to keep).
  SceneImportOptions sceneOptions(double workingFps) const;
  /// Empty when usable, else why not (one line).
  QString validate() const;
};

struct LoadedFile {
  QString path;
  QString error;           // non-empty when the file did not load: one line naming the file
  bool isProject = false;  // which of the three below holds the contents
  bool isScene = false;    // a glTF or FBX file (isSceneFilePath)
  BvhImport bvh;
  SceneImport scene;
  Project project;         // validated (Project::validate)
  ClipImportOptions options;  // how a BVH clip was read (its rate choice applies on adoption)
};

/// Reads `path`: a project when its suffix is .fgproj or it has the project signature, a glTF
/// or FBX file by its suffix (sampled at `workingFps`, the project's rate, unless `options`
/// resample), else a BVH clip read with `options` (by default a reference T-pose in frame 0
/// dropped). Never throws; any thread.
LoadedFile loadEditorFile(const QString& path, const ClipImportOptions& options = {},
                          double workingFps = 30.0);

}  // namespace fatgraph::editor
