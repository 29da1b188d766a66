#include "fatgraph/core/io/clip_admission.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/joint_matching.h"
#include "fatgraph/core/locomotion/leg_detection.h"
#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph {
namespace {

bool sameOffsets(const Skeleton& a, const Skeleton& b) {
  for (int j = 0; j < a.jointCount(); ++j) {
    if ((a.restOffsets[j] - b.restOffsets[j]).norm() > 1e-6) return false;
  }
  return true;
}

// The first of "wanted", "wanted (2)", "wanted (3)", ... that `taken` does not hold.
template <typename Taken>
std::string uniqueName(const Taken& taken, const std::string& wanted) {
  const std::string base = wanted.empty() ? std::string("clip") : wanted;
  if (!taken(base)) return base;
  for (int k = 2;; ++k) {
    const std::string n = base + " (" + std::to_string(k) + ")";
    if (!taken(n)) return n;
  }
}

void noteName(AdmittedClip& out, const std::string& name, const std::string& file) {
  if (name != out.clip.name && !out.clip.name.empty()) {
    out.notes.push_back(file + ": clip renamed '" + name + "' (name taken)");
  }
  out.clip.name = name;
}

std::string rateText(double fps) {
  std::ostringstream s;
  s << fps;  // 6 significant digits: "120", "29.97"
  return s.str();
}

// What a user should know about how the file was read: only what differs from the plain
// convention (additive channels, Y up, the root carrying the travel), or what they forced.
std::vector<std::string> rigNotes(const BvhImport& bvh, const std::string& file) {
  std::vector<std::string> notes;
  const RigReport& r = bvh.rig;
  if (r.translations.convention == TranslationConvention::Absolute) {
    notes.push_back(file + ": position channels hold whole local translations (" +
                    (r.translations.detected
                         ? std::to_string(r.translations.absoluteJoints) + " joints equal their OFFSET)"
                         : std::string("--translations absolute)")) +
                    ", read as absolute");
  }
  if (r.up.up == UpAxisChoice::Z) {
    notes.push_back(file + ": Z-up" + (r.up.detected ? " (the body extends along Z)" : "") +
                    ", turned to Y-up");
  }
  const int m = bvh.skeleton.motionRoot;
  if (m != 0) {
    std::ostringstream s;
    s.precision(3);
    s << file << ": motion root '" << bvh.skeleton.names[m] << "' (travels "
      << r.motionRoot.jointTravelM << " m; the root '" << bvh.skeleton.names[0] << "' "
      << r.motionRoot.rootTravelM << " m" << (r.motionRoot.detected ? "" : ", --motion-root")
      << ")";
    notes.push_back(s.str());
  }
  if (r.loop.detected) notes.push_back(loopNote(r.loop, file, bvh.clip.name));
  if (r.inPlace.detected) notes.push_back(inPlaceNote(r.inPlace, file, bvh.clip.name));
  return notes;
}

}  // namespace

BvhImportOptions bvhAdmissionOptions(const ClipAdmissionOptions& options) {
  BvhImportOptions o;
  o.units = options.units;
  o.dropReferencePose = !options.keepReferencePose;
  o.rig = options.rig;
  return o;
}

AdmittedClip admitClip(const Project& project, const std::string& projectSkeletonFile,
                       const Skeleton& skeleton, Clip clip, const std::string& file, ClipNaming naming) {
  const double fps = project.settings.fps;
  if (!(fps > 0 && fps <= 1000)) throw Error("the working rate must be in (0, 1000] fps");
  if (std::string problem = skeleton.validate(); !problem.empty()) {
    throw FileError(file, 0, problem);
  }
  if (clip.frameCount() == 0) throw FileError(file, 0, "holds no motion frames");
  if (std::string problem = clip.validate(skeleton); !problem.empty()) {
    throw FileError(file, 0, problem);
  }

  AdmittedClip out;
  if (project.clips.empty()) {
    out.skeleton = skeleton;
    if (project.legs.empty()) out.legs = detectLegs(skeleton, &clip);  // the rig's legs (legs.h)
  } else {
    std::vector<int> order;
    try {
      order = matchJoints(project.skeleton, projectSkeletonFile, skeleton, file);
    } catch (const Error& e) {
      std::string why = file + ": its skeleton differs from that of " + projectSkeletonFile + ": " + e.what() +
                        "; a project has one skeleton";
      if (project.character.retargeted()) {
        why += " (the clips were retargeted onto the character " + project.character.source +
               ": add clips before choosing the character)";
      }
      throw Error(why);
    }
    Skeleton source = skeleton;
    if (!isIdentityOrder(order)) {
      source = reorderJoints(skeleton, order);
      clip = reorderJoints(clip, order);
      out.notes.push_back(file + ": joints listed in another order than in " +
                          projectSkeletonFile + ", reordered to the project's order");
    }
    if (!sameOffsets(source, project.skeleton)) {
      clip = retargetClip(clip, source, project.skeleton);
      out.notes.push_back(file + ": other bone lengths than " + projectSkeletonFile +
                          ", retargeted (rotations kept, root motion scaled by hip height)");
    }
  }
  if (std::abs(clip.fps - fps) > 1e-9) {
    out.notes.push_back(file + ": resampled from " + rateText(clip.fps) + " to " +
                        rateText(fps) + " fps (the working rate)");
    clip = resample(clip, fps);
  }
  out.clip = std::move(clip);
  if (naming == ClipNaming::UniqueInProject) {
    const auto taken = [&](const std::string& n) {
      return std::any_of(project.clips.begin(), project.clips.end(), [&](const Clip& c) { return c.name == n; });
    };
    noteName(out, uniqueName(taken, out.clip.name), file);
  }
  return out;
}

void nameUniquely(std::unordered_set<std::string>& taken, AdmittedClip& admitted, const std::string& file) {
  const std::string name = uniqueName([&](const std::string& n) { return taken.count(n) > 0; }, admitted.clip.name);
  noteName(admitted, name, file);
  taken.insert(name);
}

AdmittedClip admitBvh(const Project& project, const std::string& projectSkeletonFile,
                      BvhImport bvh, const std::string& file, ClipNaming naming) {
  std::vector<std::string> notes = rigNotes(bvh, file);
  if (bvh.referencePoseDropped) {
    notes.push_back(file + ": frame 0 is a reference T-pose (joints jump up to " +
                    std::to_string(static_cast<int>(bvh.referencePoseJumpDeg)) +
                    " deg to frame 1), dropped");
  }
  AdmittedClip out =
      admitClip(project, projectSkeletonFile, bvh.skeleton, std::move(bvh.clip), file, naming);
  out.notes.insert(out.notes.begin(), notes.begin(), notes.end());
  return out;
}

SceneImportOptions sceneAdmissionOptions(const Project& project, const ClipAdmissionOptions& options) {
  SceneImportOptions o;
  o.fps = project.settings.fps;
  o.rig = options.rig;
  return o;
}

AdmittedClip admitSceneClip(const Project& project, const std::string& projectSkeletonFile,
                            const SceneImport& scene, int index, const std::string& file, ClipNaming naming) {
  std::vector<std::string> notes;
  if (index == 0) {
    notes = scene.notes;
    const int m = scene.skeleton.motionRoot;
    if (m != 0) {
      std::ostringstream s;
      s.precision(3);
      s << file << ": motion root '" << scene.skeleton.names[m] << "' (travels "
        << scene.rig.motionRoot.jointTravelM << " m in its furthest animation)";
      notes.push_back(s.str());
    }
  }
  if (index < static_cast<int>(scene.loops.size()) && scene.loops[index].detected) {
    notes.push_back(loopNote(scene.loops[index], file, scene.clips.at(index).name));
  }
  if (index < static_cast<int>(scene.inPlace.size()) && scene.inPlace[index].detected) {
    notes.push_back(inPlaceNote(scene.inPlace[index], file, scene.clips.at(index).name));
  }
  AdmittedClip out = admitClip(project, projectSkeletonFile, scene.skeleton,
                               scene.clips.at(index), file, naming);
  out.notes.insert(out.notes.begin(), notes.begin(), notes.end());
  return out;
}

int setWorkingRate(Project& project, double fps) {
  if (!(fps > 0 && fps <= 1000)) throw Error("the working rate must be in (0, 1000] fps");
  project.settings.fps = fps;
  int resampled = 0;
  for (Clip& clip : project.clips) {
    if (std::abs(clip.fps - fps) > 1e-9) {
      clip = resample(clip, fps);
      ++resampled;
    }
  }
  return resampled;
}

double restHipHeight(const Skeleton& skeleton) {
  const Pose rest = Pose::rest(skeleton);
  std::vector<Quat> r(skeleton.jointCount());
  std::vector<Vec3> p(skeleton.jointCount()), e(skeleton.endSites.size());
  localToModel(skeleton, rest.rotations, rest.translations, r, p);
  endSitePositions(skeleton, r, p, e);
  // The motion root's height: a still reference bone above the hips stands on the floor.
  const int m = skeleton.motionRoot;
  double lowest = p[m].y();
  for (const Vec3& v : p) lowest = std::min(lowest, v.y());
  for (const Vec3& v : e) lowest = std::min(lowest, v.y());
  return p[m].y() - lowest;
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

}  // namespace fatgraph
