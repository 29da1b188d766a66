#include "views/ghost_poses.h"

#include <algorithm>
#include <vector>

#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph::editor {
namespace {

QVector3D toQt(const Vec3& v) {
  return {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())};
}

bool inClip(const Project& project, const FrameRef& f) {
  return f.clip >= 0 && f.clip < static_cast<int>(project.clips.size()) && f.frame >= 0 &&
         f.frame < project.clips[static_cast<size_t>(f.clip)].frameCount();
}

}  // namespace

void addGhostSkeleton(LineBatch& batch, const Skeleton& skeleton, const Clip& clip, int frame,
                      const QColor& colour) {
  const auto n = static_cast<size_t>(skeleton.jointCount());
  if (n == 0 || frame < 0 || frame >= clip.frameCount()) return;
  std::vector<Quat> rotations(n);
  std::vector<Vec3> positions(n);
  clipFrameToModel(skeleton, clip, frame, rotations, positions);
  std::vector<Vec3> sites(skeleton.endSites.size());
  endSitePositions(skeleton, rotations, positions, sites);
  for (size_t j = 0; j < n; ++j) {
    const int parent = skeleton.parents[j];
    if (parent >= 0) batch.addSegment(toQt(positions[static_cast<size_t>(parent)]), toQt(positions[j]), colour);
  }
  for (size_t e = 0; e < sites.size(); ++e) {
    const int parent = skeleton.endSites[e].parent;
    if (parent >= 0) batch.addSegment(toQt(positions[static_cast<size_t>(parent)]), toQt(sites[e]), colour);
  }
}

LineBatch hubGhostPoses(const Project& project, int hub) {
  LineBatch batch;
  batch.width = 1.5f;
  if (hub < 0 || hub >= static_cast<int>(project.graph.hubs.size())) return batch;
  const Hub& h = project.graph.hubs[static_cast<size_t>(hub)];
  const QColor match(64, 220, 255, 70);
  const std::vector<FrameRef>& matches = h.matchSet;
  const size_t shown = std::min(matches.size(), static_cast<size_t>(kMaxGhostPoses - 1));
  for (size_t i = 0; i < shown; ++i) {
    // Evenly spaced through the set when it is too large to draw whole.
    const FrameRef& f = matches[i * matches.size() / std::max<size_t>(shown, 1)];
    if (inClip(project, f)) {
      addGhostSkeleton(batch, project.skeleton, project.clips[static_cast<size_t>(f.clip)], f.frame, match);
    }
  }
  if (inClip(project, h.frame)) {  // last, so it draws over its matches
    addGhostSkeleton(batch, project.skeleton, project.clips[static_cast<size_t>(h.frame.clip)],
                     h.frame.frame, QColor(64, 220, 255, 170));
  }
  return batch;
}

}  // namespace fatgraph::editor
