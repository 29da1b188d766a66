#pragma once
// Gathering clips from several files into one project for `fatgraph build`: BVH files, glTF
// and FBX files (.gltf, .glb, .fbx: one clip per animation) and the clips of existing
// projects, each
// admitted in turn by the rules of clip_admission.h
// (the same the editor follows): one skeleton taken from the first file, joints matched by
// name and parent and reordered, other bone lengths retargeted, every clip resampled to the
// working rate and uniquely named. A rig that differs is refused, naming both files.
#include <string>
#include <vector>

#include "fatgraph/core/clip_admission.h"

namespace fatgraph {

struct ClipSetOptions {
  double fps = 30.0;  // the working rate
  bool keepReferencePose = false;
  BvhUnits units = BvhUnits::Auto;
  RigConventionOptions rig;
};

struct ClipSetImport {
  Project project;                 // skeleton + clips at `fps` (graph empty)
  std::vector<std::string> notes;  // what admission adjusted, one line per change and file
};

/// Throws FileError / Error naming the file at fault (both files for another skeleton).
ClipSetImport importClipSet(const std::vector<std::string>& paths, const ClipSetOptions& options);

}  // namespace fatgraph
