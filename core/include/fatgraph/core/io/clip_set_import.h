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

#include "fatgraph/core/io/clip_admission.h"

namespace fatgraph {

class WorkSpread;

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
/// With `spread` (a distributed build, work_spread.h; every process calls this with the same
/// paths) every process reads the files up to the first clip, which gives the skeleton; the
/// later files are dealt out by size, each read and admitted whole by one process, and every
/// process gets every clip (checked against its fingerprint) with the names, notes and order of
/// a one-process import. So a slow shared file system serves each later file once.
ClipSetImport importClipSet(const std::vector<std::string>& paths, const ClipSetOptions& options,
                            WorkSpread* spread = nullptr);

}  // namespace fatgraph
