#include "fatgraph/core/motion_summary.h"

#include <cmath>

namespace fatgraph {

double rootPathLength(const Clip& clip) {
  double length = 0.0;
  for (int f = 1; f < clip.frameCount(); ++f) {
    // Joint 0 is a root (parents-first order), so its local translation is its model position.
    const Vec3 d = clip.frameTranslations(f)[0] - clip.frameTranslations(f - 1)[0];
    length += std::hypot(d.x(), d.z());
  }
  return length;
}

ClipSummary summarizeClip(const Skeleton& skeleton, const Clip& clip) {
  ClipSummary s;
  s.name = clip.name;
  s.frames = clip.frameCount();
  s.fps = clip.fps;
  s.durationS = clip.fps > 0 ? s.frames / clip.fps : 0.0;
  s.root = skeleton.jointCount() > 0 ? skeleton.names[0] : std::string();
  s.pathLengthM = rootPathLength(clip);
  return s;
}

}  // namespace fatgraph
