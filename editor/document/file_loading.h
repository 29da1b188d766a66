#pragma once
// Reading the files the editor opens (.bvh clips, .fgproj projects) into memory, apart from
// adopting them into the document: reading may run on a worker thread (JobRunner), adopting
// always happens on the GUI thread (Document). HDF5 is not thread-safe here, so the document
// runs at most one reading job at a time and refuses to save while one runs.
#include <QString>

#include "fatgraph/core/bvh_import.h"
#include "fatgraph/core/project.h"

namespace fatgraph::editor {

struct LoadedFile {
  QString path;
  QString error;           // non-empty when the file did not load: one line naming the file
  bool isProject = false;  // which of the two below holds the contents
  BvhImport bvh;
  Project project;         // validated (Project::validate)
};

/// Reads `path`: a project when its suffix is .fgproj or it has the project signature, else
/// a BVH clip (a reference T-pose in frame 0 dropped). Never throws; any thread.
LoadedFile loadEditorFile(const QString& path);

}  // namespace fatgraph::editor
