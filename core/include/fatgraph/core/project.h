#pragma once
// The authoring document: one skeleton and the clips recorded on it. Later stages (pose
// distances, hubs, segments, fat edges, parameterizations, legs) add their own members; the
// project store keeps each in its own HDF5 group so older files stay readable.
#include <string>
#include <vector>

#include "fatgraph/runtime/clip.h"
#include "fatgraph/runtime/skeleton.h"

namespace fatgraph {

struct Project {
  Skeleton skeleton;
  std::vector<Clip> clips;  // every clip uses `skeleton`; rates may differ per clip

  /// Index of the clip named `name`, or -1.
  int findClip(const std::string& name) const;
  /// Empty when consistent (skeleton valid, every clip matches it), else the first problem.
  std::string validate() const;
};

}  // namespace fatgraph
