#include "scene_rig.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>

#include <Eigen/Geometry>

#include "fatgraph/core/model/error.h"

namespace fatgraph::scene {

double uniformScale(const Vec3& scale, const std::string& what) {
  const double lo = scale.minCoeff(), hi = scale.maxCoeff();
  if (!(lo > 0) || hi > lo * (1 + 1e-3)) {
    std::ostringstream s;
    s << what << " has scale (" << scale.x() << ", " << scale.y() << ", " << scale.z()
      << "), only a positive uniform scale is supported";
    throw SceneProblem(s.str());
  }
  return scale.mean();
}

std::string clipPart(const std::string& animation, const std::set<std::string>& armatures) {
  const size_t bar = animation.rfind('|');
  if (bar == std::string::npos || bar + 1 == animation.size()) return animation;
  return armatures.count(animation.substr(0, bar)) ? animation.substr(bar + 1) : animation;
}

namespace {

// The mesh turned with the skeleton (convertZUpToYUp): positions and normals by the quarter
// turn T, each inverse bind matrix conjugated (T K T^-1), so skinning commutes with the turn.
void turnZUpToYUp(CharacterMesh& mesh) {
  const Eigen::Matrix3f turn = Eigen::AngleAxisf(-0.5f * std::numbers::pi_v<float>, Eigen::Vector3f::UnitX()).toRotationMatrix();
  const auto apply = [&](Float3& v) {
    const Eigen::Vector3f r = turn * Eigen::Vector3f(v.x, v.y, v.z);
    v = {r.x(), r.y(), r.z()};
  };
  for (Float3& p : mesh.positions) apply(p);
  for (Float3& n : mesh.normals) apply(n);
  Eigen::Matrix4f t = Eigen::Matrix4f::Identity();
  t.topLeftCorner<3, 3>() = turn;
  for (Float4x4& k : mesh.inverseBind) {
    const Eigen::Matrix4f m = t * Eigen::Map<const Eigen::Matrix4f>(k.m) * t.transpose();
    Eigen::Map<Eigen::Matrix4f>(k.m) = m;
  }
}

void decideUpAndMotionRoot(SceneImport& out, const RigConventionOptions& rig) {
  out.rig.translations.convention = TranslationConvention::Absolute;
  out.rig.up.up = rig.up == UpAxisChoice::Z ? UpAxisChoice::Z : UpAxisChoice::Y;
  if (out.rig.up.up == UpAxisChoice::Z) {
    const Skeleton original = out.skeleton;
    for (Clip& c : out.clips) {
      out.skeleton = original;
      convertZUpToYUp(out.skeleton, c);
    }
    out.skeleton = original;  // a character without clips still turns its skeleton
    convertZUpToYUp(out.skeleton, out.restPose);
    turnZUpToYUp(out.mesh);
  }
  if (!rig.motionRoot.empty()) {
    const int joint = out.skeleton.find(rig.motionRoot);
    if (joint < 0) throw SceneProblem("--motion-root names '" + rig.motionRoot + "', which is not a joint of this file");
    out.rig.motionRoot.joint = joint;
  } else {
    // One skeleton for every clip: the joint chosen on the clip whose chosen joint travels
    // furthest (an idle clip that never moves has nothing to say about it).
    for (const Clip& c : out.clips) {
      const MotionRootDecision d = detectMotionRoot(out.skeleton, c);
      if (d.jointTravelM > out.rig.motionRoot.jointTravelM || &c == &out.clips.front()) out.rig.motionRoot = d;
    }
  }
  out.skeleton.motionRoot = out.rig.motionRoot.joint;
}

}  // namespace

void decideRigAndValidate(SceneImport& out, const RigConventionOptions& rig) {
  decideUpAndMotionRoot(out, rig);
  if (std::string e = out.skeleton.validate(); !e.empty()) throw SceneProblem(e);
  for (size_t i = 0; i < out.clips.size(); ++i) {
    if (std::string e = out.clips[i].validate(out.skeleton); !e.empty()) {
      throw SceneProblem("animation '" + out.animationNames[i] + "': " + e);
    }
  }
  if (out.restPose.frameCount() > 0) {
    if (std::string e = out.restPose.validate(out.skeleton); !e.empty()) throw SceneProblem("rest pose: " + e);
  }
  if (!out.mesh.empty()) {
    if (std::string e = out.mesh.validate(out.skeleton.jointCount()); !e.empty()) throw SceneProblem("mesh: " + e);
  }
  // Game assets' clips are often one cycle of a loop: repeated before the in-place rule, so
  // the root motion from the feet runs on through the repetition (looping_clips.h).
  for (Clip& c : out.clips) out.loops.push_back(repeatLoopingClip(out.skeleton, c, !rig.keepLoops));
  // Game assets' walks often stay in place: they travel with their feet (in_place_motion.h).
  // The joints given the travel now key their translation, whatever the file keyed: admission
  // onto another rig keeps a keyed translation, not the rest offset.
  const int joints = out.skeleton.jointCount();
  for (Clip& c : out.clips) {
    const std::vector<Vec3> before = c.translations;
    out.inPlace.push_back(giveInPlaceRootMotion(out.skeleton, c, !rig.keepInPlace));
    for (size_t i = 0; i < before.size(); ++i) {
      if (before[i] != c.translations[i]) out.skeleton.animatedTranslation[i % joints] = true;
    }
  }
}

std::string readWholeFile(const std::string& path, const std::string& expected) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw FileError(path, 0, "is a directory, expected " + expected);
  std::ifstream file(path, std::ios::binary);
  if (!file) throw FileError(path, 0, "cannot open file for reading");
  std::ostringstream buffer;
  buffer << file.rdbuf();
  if (file.bad()) throw FileError(path, 0, "read error");
  return std::move(buffer).str();
}

bool hasExtension(const std::string& path, std::initializer_list<const char*> extensions) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return std::any_of(extensions.begin(), extensions.end(), [&](const char* e) { return ext == e; });
}

}  // namespace fatgraph::scene
