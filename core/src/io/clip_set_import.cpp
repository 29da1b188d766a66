#include "fatgraph/core/clip_set_import.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/core/error.h"
#include "fatgraph/core/project_store.h"
#include "fatgraph/runtime/forward_kinematics.h"

namespace fatgraph {
namespace {

// The first difference between two hierarchies, for the rejection message.
std::string topologyDifference(const Skeleton& a, const Skeleton& b) {
  if (a.jointCount() != b.jointCount()) {
    return std::to_string(a.jointCount()) + " joints vs " + std::to_string(b.jointCount());
  }
  for (int j = 0; j < a.jointCount(); ++j) {
    if (a.names[j] != b.names[j]) return "joint " + std::to_string(j) + " is '" + a.names[j] + "' vs '" + b.names[j] + "'";
    if (a.parents[j] != b.parents[j]) return "joint '" + a.names[j] + "' has another parent";
  }
  return "hierarchies differ";
}

bool sameOffsets(const Skeleton& a, const Skeleton& b) {
  for (int j = 0; j < a.jointCount(); ++j) {
    if ((a.restOffsets[j] - b.restOffsets[j]).norm() > 1e-6) return false;
  }
  return true;
}

std::string uniqueName(const std::vector<Clip>& clips, const std::string& base) {
  auto taken = [&](const std::string& n) {
    return std::any_of(clips.begin(), clips.end(), [&](const Clip& c) { return c.name == n; });
  };
  if (!taken(base)) return base;
  for (int k = 2;; ++k) {
    const std::string n = base + " (" + std::to_string(k) + ")";
    if (!taken(n)) return n;
  }
}

}  // namespace

double restHipHeight(const Skeleton& skeleton) {
  const Pose rest = Pose::rest(skeleton);
  std::vector<Quat> r(skeleton.jointCount());
  std::vector<Vec3> p(skeleton.jointCount()), e(skeleton.endSites.size());
  localToModel(skeleton, rest.rotations, rest.translations, r, p);
  endSitePositions(skeleton, r, p, e);
  double lowest = p[0].y();
  for (const Vec3& v : p) lowest = std::min(lowest, v.y());
  for (const Vec3& v : e) lowest = std::min(lowest, v.y());
  return p[0].y() - lowest;
}

Clip retargetClip(const Clip& clip, const Skeleton& source, const Skeleton& target) {
  const double hs = restHipHeight(source), ht = restHipHeight(target);
  const double ratio = hs > 1e-9 && ht > 1e-9 ? ht / hs : 1.0;
  Clip out = clip;
  for (int f = 0; f < clip.frameCount(); ++f) {
    const auto in = clip.frameTranslations(f);
    auto t = out.frameTranslations(f);
    for (int j = 0; j < target.jointCount(); ++j) {
      if (source.parents[j] < 0) {
        t[j] = in[j] * ratio;
      } else if (source.animatedTranslation[j]) {
        t[j] = target.restOffsets[j] + (in[j] - source.restOffsets[j]) * ratio;
      } else {
        t[j] = target.restOffsets[j];
      }
    }
  }
  return out;
}

ClipSetImport importClipSet(const std::vector<std::string>& paths, const ClipSetOptions& options) {
  if (paths.empty()) throw Error("no input clips");
  if (!(options.fps > 0 && options.fps <= 1000)) throw Error("the working rate must be in (0, 1000] fps");
  ClipSetImport out;
  Project& p = out.project;
  p.settings.fps = options.fps;
  std::string skeletonFile;
  auto add = [&](const Skeleton& skeleton, Clip clip, const std::string& file) {
    if (skeletonFile.empty()) {
      p.skeleton = skeleton;
      skeletonFile = file;
    } else if (!skeleton.sameTopology(p.skeleton)) {
      throw Error(file + ": its skeleton differs from that of " + skeletonFile + " (" +
                  topologyDifference(p.skeleton, skeleton) + "); a project has one skeleton");
    } else if (!sameOffsets(skeleton, p.skeleton)) {
      clip = retargetClip(clip, skeleton, p.skeleton);
      out.notes.push_back(file + ": other bone lengths than " + skeletonFile +
                          ", retargeted (rotations kept, root motion scaled by hip height)");
    }
    if (std::abs(clip.fps - options.fps) > 1e-9) clip = resample(clip, options.fps);
    const std::string name = uniqueName(p.clips, clip.name);
    if (name != clip.name) out.notes.push_back(file + ": clip renamed '" + name + "' (name taken)");
    clip.name = name;
    p.clips.push_back(std::move(clip));
  };
  for (const std::string& path : paths) {
    if (isProjectFile(path)) {
      const Project loaded = loadProject(path);
      for (const Clip& c : loaded.clips) add(loaded.skeleton, c, path);
      continue;
    }
    BvhImportOptions o;
    o.units = options.units;
    o.dropReferencePose = !options.keepReferencePose;
    BvhImport bvh = importBvh(path, o);
    if (bvh.referencePoseDropped) {
      out.notes.push_back(path + ": frame 0 is a reference T-pose (joints jump up to " +
                          std::to_string(static_cast<int>(bvh.referencePoseJumpDeg)) +
                          " deg to frame 1), dropped");
    }
    if (bvh.clip.frameCount() == 0) throw FileError(path, 0, "holds no motion frames");
    add(bvh.skeleton, std::move(bvh.clip), path);
  }
  return out;
}

}  // namespace fatgraph
