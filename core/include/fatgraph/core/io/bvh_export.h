#pragma once
// BVH export: standard BVH (one ROOT, OFFSET/CHANNELS/End Site, one frame per line) that
// other tools read. Lengths in a chosen unit (metres by default), rotations as Euler angles
// in degrees in a chosen order, kept continuous from frame to frame.
#include <string>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/euler.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

struct BvhExportOptions {
  double metresPerUnit = 1.0;              // 0.01 writes centimetres
  EulerOrder rotationOrder = EulerOrder::ZYX;
  int decimals = 6;                        // digits after the point for every value
  /// Six channels on every joint, as game-engine and glTF-minded exporters write them.
  bool positionChannelsOnEveryJoint = false;
  /// Position channels hold the whole local translation (the absolute convention) instead of
  /// translation - OFFSET (the additive one most readers expect).
  bool absoluteTranslations = false;
};

/// The BVH text of a clip. Joints with animated translation (and every root) get six
/// channels (position = translation - offset, or the translation itself with
/// absoluteTranslations), the others three rotation channels.
std::string writeBvh(const Skeleton& skeleton, const Clip& clip,
                     const BvhExportOptions& options = {});

/// Writes the text atomically (temp file + rename): an existing file is replaced only once
/// the new one is complete. Throws fatgraph::Error on failure.
void exportBvh(const std::string& path, const Skeleton& skeleton, const Clip& clip,
               const BvhExportOptions& options = {});

}  // namespace fatgraph
