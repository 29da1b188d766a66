#pragma once
// Other studios' rig conventions, made by rewriting a clip of data/ so the motion stays the
// same and only how the file says it changes (docs/DESIGN.md, conventions):
//   still_root     a still reference bone above the hips (Unreal's `root`, a DCC armature)
//   still_root_far the same, the take 30 m from the bone (a capture volume's far corner)
//   absolute       six channels on every joint holding the whole local translation
//   bones_along_x  every joint's frame turned so its bone runs along +X, ZXY rotation order
//   z_up           the world turned Z-up, every joint's frame with it (3ds Max)
//   z_up_motion    Z-up motion on a Y-up rest pose (the rest pose disagrees with the motion)
//   facing_minus_z every joint's frame turned half a turn, so the rest pose faces -Z
//   facing_plus_x  a quarter turn, so the rest pose faces +X
//   inches_120fps  inches at 120 fps
//   studio         still root + absolute + centimetres at 60 fps (the sample in data/)
// Every fixture but the Z-up ones and the far one has the original's world positions; the
// Z-up ones have them turned Z-up, which import turns back; the far one has them moved.
#include <numbers>
#include <string>
#include <vector>

#include "fatgraph/core/io/bvh_export.h"
#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph::rig_fixtures {

struct Rig {
  Skeleton skeleton;
  Clip clip;
};

/// A still bone called `name` above every root, at `offset` (metres) with identity rotation;
/// the old roots keep their world transforms.
inline Rig withStillRootBone(const Rig& in, const std::string& name, const Vec3& offset) {
  Rig out;
  const int joints = in.skeleton.jointCount();
  out.skeleton.addJoint(name, -1, offset, true);
  for (int j = 0; j < joints; ++j) {
    const int p = in.skeleton.parents[j];
    out.skeleton.addJoint(in.skeleton.names[j], p < 0 ? 0 : p + 1, in.skeleton.restOffsets[j],
                          in.skeleton.animatedTranslation[j] || p < 0);
  }
  for (EndSite e : in.skeleton.endSites) {
    e.parent += 1;
    out.skeleton.endSites.push_back(e);
  }
  out.clip = in.clip;
  out.clip.jointCount = joints + 1;
  out.clip.rotations.clear();
  out.clip.translations.clear();
  for (int f = 0; f < in.clip.frameCount(); ++f) {
    out.clip.rotations.push_back(Quat::Identity());
    out.clip.translations.push_back(offset);
    for (int j = 0; j < joints; ++j) {
      out.clip.rotations.push_back(in.clip.frameRotations(f)[j]);
      const Vec3 t = in.clip.frameTranslations(f)[j];
      out.clip.translations.push_back(in.skeleton.parents[j] < 0 ? Vec3(t - offset) : t);
    }
  }
  return out;
}

/// Every joint's local frame turned by `frames[j]` (its new frame is old * frames[j]), world
/// positions kept: q' = B_p^-1 q B_j, t' = B_p^-1 t, end sites B_j^-1 o.
inline Rig reframed(const Rig& in, const std::vector<Quat>& frames) {
  Rig out = in;
  const Skeleton& s = in.skeleton;
  auto parentFrame = [&](int j) { return s.parents[j] < 0 ? Quat::Identity() : frames[s.parents[j]]; };
  for (int j = 0; j < s.jointCount(); ++j) {
    out.skeleton.restOffsets[j] = parentFrame(j).conjugate() * s.restOffsets[j];
  }
  for (EndSite& e : out.skeleton.endSites) e.offset = frames[e.parent].conjugate() * e.offset;
  for (int f = 0; f < in.clip.frameCount(); ++f) {
    auto r = out.clip.frameRotations(f);
    auto t = out.clip.frameTranslations(f);
    for (int j = 0; j < s.jointCount(); ++j) {
      r[j] = (parentFrame(j).conjugate() * r[j] * frames[j]).normalized();
      t[j] = parentFrame(j).conjugate() * t[j];
    }
  }
  return out;
}

/// Frames that put each joint's first bone (to its first child, else its end site) on +X.
inline std::vector<Quat> bonesAlongX(const Skeleton& s) {
  std::vector<Quat> frames(s.jointCount(), Quat::Identity());
  for (int j = 0; j < s.jointCount(); ++j) {
    Vec3 bone = Vec3::Zero();
    for (int c : s.children(j)) {
      if (s.restOffsets[c].norm() > 1e-6) {
        bone = s.restOffsets[c];
        break;
      }
    }
    for (const EndSite& e : s.endSites) {
      if (bone.isZero() && e.parent == j && e.offset.norm() > 1e-6) bone = e.offset;
    }
    if (!bone.isZero()) frames[j] = Quat::FromTwoVectors(Vec3::UnitX(), bone);
  }
  return frames;
}

/// The world turned by `turn`: every joint's frame with it (`wholeRig`), or only the roots'
/// motion (the rest pose keeps its old up).
inline Rig worldTurned(const Rig& in, const Quat& turn, bool wholeRig) {
  Rig out = in;
  const Quat back = turn.conjugate();
  const Skeleton& s = in.skeleton;
  for (int j = 0; j < s.jointCount(); ++j) {
    if (wholeRig || s.parents[j] < 0) out.skeleton.restOffsets[j] = turn * s.restOffsets[j];
  }
  if (wholeRig) {
    for (EndSite& e : out.skeleton.endSites) e.offset = turn * e.offset;
  }
  for (int f = 0; f < in.clip.frameCount(); ++f) {
    auto r = out.clip.frameRotations(f);
    auto t = out.clip.frameTranslations(f);
    for (int j = 0; j < s.jointCount(); ++j) {
      if (wholeRig) {
        r[j] = (turn * r[j] * back).normalized();
        t[j] = turn * t[j];
      } else if (s.parents[j] < 0) {
        r[j] = (turn * r[j]).normalized();
        t[j] = turn * t[j];
      }
    }
  }
  return out;
}

/// Y-up to Z-up: (x, y, z) -> (x, -z, y), a quarter turn about +X.
inline Quat yUpToZUp() { return Quat(Eigen::AngleAxisd(0.5 * std::numbers::pi, Vec3::UnitX())); }

/// The whole motion moved by `shift` on the ground (metres): the capture volume's origin far
/// from where the take happens.
inline Rig shifted(const Rig& in, const Vec3& shift) {
  Rig out = in;
  for (int f = 0; f < in.clip.frameCount(); ++f) {
    auto t = out.clip.frameTranslations(f);
    for (int j = 0; j < in.skeleton.jointCount(); ++j)
      if (in.skeleton.parents[j] < 0) t[j] += shift;
  }
  return out;
}

struct Fixture {
  std::string name;
  Rig rig;
  BvhExportOptions bvh;
  bool zUp = false;          // world positions are the original's turned Z-up
  bool absolute = false;     // written with absolute translation channels
  bool stillRoot = false;    // a still root bone above the hips
  Vec3 shift = Vec3::Zero(); // world positions are the original's moved by this
  int frameStep = 1;         // frames of the fixture per frame of the original (a higher rate)
};

/// Where the takes of `still_root_far` happen: 30 m from the volume's origin, along Z.
inline Vec3 farShift() { return Vec3(8.0, 0.0, 30.0); }

/// The fixtures of the class, each from `original` (metres, Y up, a root that travels).
inline std::vector<Fixture> allFixtures(const Rig& original) {
  std::vector<Fixture> out;
  const Rig rooted = withStillRootBone(original, "root", Vec3::Zero());
  {
    Fixture f{"still_root", rooted, {}, false, false, true};
    out.push_back(f);
  }
  {
    // The still bone stays at the origin while the take happens 30 m away.
    Fixture f{"still_root_far", withStillRootBone(shifted(original, farShift()), "root", Vec3::Zero()),
              {}, false, false, true, farShift()};
    out.push_back(f);
  }
  {
    Fixture f{"absolute", original, {}, false, true, false};
    f.bvh.positionChannelsOnEveryJoint = true;
    f.bvh.absoluteTranslations = true;
    out.push_back(f);
  }
  {
    Fixture f{"bones_along_x", reframed(original, bonesAlongX(original.skeleton)), {}, false, false, false};
    f.bvh.rotationOrder = EulerOrder::ZXY;
    out.push_back(f);
  }
  out.push_back({"z_up", worldTurned(original, yUpToZUp(), true), {}, true, false, false});
  out.push_back({"z_up_motion", worldTurned(original, yUpToZUp(), false), {}, true, false, false});
  {
    const std::vector<Quat> half(original.skeleton.jointCount(),
                                 Quat(Eigen::AngleAxisd(std::numbers::pi, Vec3::UnitY())));
    out.push_back({"facing_minus_z", reframed(original, half), {}, false, false, false});
  }
  {
    // The rest pose faces +X: the rig's frames turned a quarter turn clockwise seen from above.
    const std::vector<Quat> quarter(original.skeleton.jointCount(),
                                    Quat(Eigen::AngleAxisd(-0.5 * std::numbers::pi, Vec3::UnitY())));
    out.push_back({"facing_plus_x", reframed(original, quarter), {}, false, false, false});
  }
  {
    // Inches at four times the rate (120 fps from 30: every fourth frame is an original one).
    Rig fast = original;
    fast.clip = resample(original.clip, 4.0 * original.clip.fps);
    Fixture f{"inches_120fps", fast, {}, false, false, false};
    f.bvh.metresPerUnit = 0.0254;
    f.frameStep = 4;
    out.push_back(f);
  }
  {
    Fixture f{"studio", rooted, {}, false, true, true};
    f.bvh.positionChannelsOnEveryJoint = true;
    f.bvh.absoluteTranslations = true;
    f.bvh.metresPerUnit = 0.01;
    f.bvh.decimals = 4;
    out.push_back(f);
  }
  return out;
}

}  // namespace fatgraph::rig_fixtures
