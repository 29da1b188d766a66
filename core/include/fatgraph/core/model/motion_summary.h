#pragma once
// Summary figures of a clip, as `fatgraph inspect` and the editor's status bar show them.
#include <string>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

struct ClipSummary {
  std::string name;
  int frames = 0;
  double fps = 0.0;
  double durationS = 0.0;     // frames / fps: the time the frames cover
  std::string root;           // name of the first root joint
  std::string motionRoot;     // name of the joint that carries the travel (Skeleton::motionRoot)
  double pathLengthM = 0.0;   // length of the motion root's ground-projected (x, z) path
};

ClipSummary summarizeClip(const Skeleton& skeleton, const Clip& clip);

/// Length of the ground projection of the motion root's model-space path, metres (a still
/// reference bone above the hips would measure nothing).
double rootPathLength(const Skeleton& skeleton, const Clip& clip);

}  // namespace fatgraph
