#include "views/skeleton_scene.h"

#include <algorithm>
#include <cctype>

#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph::editor {
namespace {

QVector3D toQt(const Vec3& v) {
  return {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())};
}

bool startsWithSideWord(const std::string& name, const char* word, char letter) {
  if (name.rfind(word, 0) == 0) return true;
  // "LHipJoint", "RThumb", "l_foot", "R_Arm"
  if (name.size() >= 2 && (name[0] == letter || name[0] == std::tolower(letter))) {
    const unsigned char next = static_cast<unsigned char>(name[1]);
    return std::isupper(next) || next == '_';
  }
  return false;
}

Bounds boundsOf(const std::vector<QVector3D>& points) {
  if (points.empty()) return {};
  QVector3D lo = points.front();
  QVector3D hi = points.front();
  for (const QVector3D& p : points) {
    lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
    hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
  }
  return {(lo + hi) / 2, (hi - lo).length() / 2};
}

}  // namespace

BodySide bodySideOf(const std::string& name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower.rfind("left", 0) == 0 || startsWithSideWord(name, "Left", 'L')) {
    return BodySide::Left;
  }
  if (lower.rfind("right", 0) == 0 || startsWithSideWord(name, "Right", 'R')) {
    return BodySide::Right;
  }
  return BodySide::Centre;
}

void SkeletonScene::clear() { *this = SkeletonScene(); }

void SkeletonScene::setClip(const Skeleton& skeleton, const Clip& clip) {
  clear();
  const int n = skeleton.jointCount();
  parents_ = skeleton.parents;
  // A still reference bone above the motion root stands on the floor: no bone is drawn from it.
  aboveMotionRoot_.assign(static_cast<size_t>(n), false);
  for (int p = n > skeleton.motionRoot ? skeleton.parents[skeleton.motionRoot] : -1; p >= 0;
       p = skeleton.parents[p])
    aboveMotionRoot_[static_cast<size_t>(p)] = true;
  sides_.reserve(static_cast<size_t>(n));
  for (const std::string& name : skeleton.names) sides_.push_back(bodySideOf(name));
  for (const EndSite& site : skeleton.endSites) endSiteParents_.push_back(site.parent);
  modelRotations_.resize(static_cast<size_t>(n));
  modelPositions_.resize(static_cast<size_t>(n));
  endSiteScratch_.resize(skeleton.endSites.size());

  // The motion root's path on the ground (y = 0): the joint that carries the travel, not a
  // still reference bone above it.
  const int frames = clip.frameCount();
  trajectory_.reserve(static_cast<size_t>(frames));
  const int motionRoot = skeleton.motionRoot;
  for (int f = 0; f < frames && n > 0 && motionRoot < n; ++f) {
    clipFrameToModel(skeleton, clip, f, modelRotations_, modelPositions_);
    const Vec3& root = modelPositions_[static_cast<size_t>(motionRoot)];
    trajectory_.emplace_back(static_cast<float>(root.x()), 0.0f, static_cast<float>(root.z()));
  }

  // Bounds over at most ~200 evenly spaced poses and the trajectory.
  std::vector<QVector3D> points = trajectory_;
  const int stride = std::max(1, frames / 200);
  for (int f = 0; f < frames; f += stride) {
    setFrame(skeleton, clip, f);
    points.insert(points.end(), joints_.begin(), joints_.end());
  }
  clipBounds_ = boundsOf(points);
  frame_ = -1;
  if (frames > 0) setFrame(skeleton, clip, 0);
}

void SkeletonScene::setFrame(const Skeleton& skeleton, const Clip& clip, int frame) {
  if (!hasClip() || frame < 0 || frame >= clip.frameCount()) return;
  clipFrameToModel(skeleton, clip, frame, modelRotations_, modelPositions_);
  fatgraph::endSitePositions(skeleton, modelRotations_, modelPositions_, endSiteScratch_);
  joints_.resize(modelPositions_.size());
  std::transform(modelPositions_.begin(), modelPositions_.end(), joints_.begin(), toQt);
  endSites_.resize(endSiteScratch_.size());
  std::transform(endSiteScratch_.begin(), endSiteScratch_.end(), endSites_.begin(), toQt);
  frame_ = frame;
}

void SkeletonScene::setPose(const Skeleton& skeleton, std::span<const Quat> rotations,
                            std::span<const Vec3> positions) {
  const auto n = static_cast<size_t>(skeleton.jointCount());
  if (!hasClip() || parents_.size() != n || rotations.size() != n || positions.size() != n) return;
  fatgraph::endSitePositions(skeleton, rotations, positions, endSiteScratch_);
  poseRotations_.assign(rotations.begin(), rotations.end());
  posePositions_.assign(positions.begin(), positions.end());
  poseJoints_.resize(n);
  std::transform(positions.begin(), positions.end(), poseJoints_.begin(), toQt);
  poseEndSites_.resize(endSiteScratch_.size());
  std::transform(endSiteScratch_.begin(), endSiteScratch_.end(), poseEndSites_.begin(), toQt);
  showsPose_ = true;
}

void SkeletonScene::clearPose() { showsPose_ = false; }

Bounds SkeletonScene::poseBounds() const {
  std::vector<QVector3D> points = jointPositions();
  points.insert(points.end(), endSitePositions().begin(), endSitePositions().end());
  return boundsOf(points);
}

void SkeletonScene::buildPose(LineBatch& bones, LineBatch& joints, float opacity) const {
  auto faded = [opacity](QColor color) {
    color.setAlphaF(opacity);
    return color;
  };
  const QColor centre = faded(QColor(232, 232, 226));
  const QColor left = faded(QColor(96, 170, 255));
  const QColor right = faded(QColor(255, 128, 84));
  const QColor marker = faded(QColor(250, 250, 250));
  auto colorOf = [&](int joint) {
    switch (sides_[static_cast<size_t>(joint)]) {
      case BodySide::Left: return left;
      case BodySide::Right: return right;
      default: return centre;
    }
  };
  const std::vector<QVector3D>& shown = jointPositions();
  const std::vector<QVector3D>& sites = endSitePositions();
  for (size_t j = 0; j < shown.size(); ++j) {
    const int parent = parents_[j];
    if (parent >= 0 && !aboveMotionRoot_[static_cast<size_t>(parent)]) {
      bones.addSegment(shown[static_cast<size_t>(parent)], shown[j], colorOf(static_cast<int>(j)));
    }
    joints.addMarker(shown[j], marker);
  }
  for (size_t e = 0; e < sites.size(); ++e) {
    const int parent = endSiteParents_[e];
    if (parent < 0) continue;
    bones.addSegment(shown[static_cast<size_t>(parent)], sites[e], colorOf(parent));
  }
}

void SkeletonScene::buildTrajectory(LineBatch& batch) const {
  // Slightly above the grid so it is not hidden by it.
  std::vector<QVector3D> lifted = trajectory_;
  for (QVector3D& p : lifted) p.setY(0.004f);
  batch.addStrip(lifted, QColor(240, 200, 60));
}

}  // namespace fatgraph::editor
