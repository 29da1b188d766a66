#include "fatgraph/core/model/motion_summary.h"

#include <cmath>

#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph {

double rootPathLength(const Skeleton& skeleton, const Clip& clip) {
  const int joints = skeleton.jointCount();
  const int m = skeleton.motionRoot;
  if (joints == 0 || clip.jointCount != joints || m < 0 || m >= joints) return 0.0;
  std::vector<Quat> rotations(joints);
  std::vector<Vec3> positions(joints);
  double length = 0.0;
  Vec3 previous = Vec3::Zero();
  for (int f = 0; f < clip.frameCount(); ++f) {
    clipFrameToModel(skeleton, clip, f, rotations, positions);
    if (f > 0) length += std::hypot(positions[m].x() - previous.x(), positions[m].z() - previous.z());
    previous = positions[m];
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
  s.motionRoot = skeleton.jointCount() > skeleton.motionRoot ? skeleton.names[skeleton.motionRoot]
                                                             : std::string();
  s.pathLengthM = rootPathLength(skeleton, clip);
  return s;
}

}  // namespace fatgraph
