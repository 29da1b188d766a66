#pragma once
// What an edge's blend looks like at a point of its parameter plane: the runtime graph built
// from the project (core buildRuntimeGraph), one runtime EdgeBlend on it, and forward
// kinematics, giving world-space joint transforms for the viewport. The edge loops: when its
// reference time reaches the end it starts again from where it started. It starts at the
// reference segment's first frame in its clip (root on the ground, facing the root's heading)
// so the preview plays where the recorded motion is.
//
// The editor computes nothing here: weights come from the edge's grid (EdgeBlend's bilinear
// lookup), time and root motion from the runtime's eq. 2 step and root deltas.
#include <QString>

#include <Eigen/Core>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "fatgraph/runtime/edge_blend.h"
#include "fatgraph/runtime/root_motion.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph {
struct Project;
}

namespace fatgraph::editor {

class BlendPreview {
 public:
  BlendPreview();
  ~BlendPreview();

  /// Builds the runtime graph of `project`; empty on success, else why there is none (the
  /// preview is then empty).
  QString rebuild(const Project& project);
  void clear();
  bool isReady() const { return graph_ != nullptr; }

  /// Starts the edge called `name` at its beginning; false when the graph has no such edge.
  bool begin(const std::string& name);
  int edge() const { return edge_; }
  /// Blend weights from the edge's grid at plane point (x, y), metres; kept across loops.
  void setPlanePoint(const Eigen::Vector2d& point);
  /// Steps the edge's clock by `seconds` of wall time (eq. 2), moving the character by the
  /// blended root motion; restarts the edge when it ends.
  void advance(double seconds);
  /// Samples the pose at the current time into worldRotations()/worldPositions().
  void updatePose();

  const Skeleton& skeleton() const { return graph_->skeleton; }
  std::span<const Quat> worldRotations() const { return rotations_; }
  std::span<const Vec3> worldPositions() const { return positions_; }
  /// The edge's reference time (seconds) and the current normalized weights.
  float time() const { return blend_ ? blend_->time() : 0.0f; }
  std::span<const float> weights() const;

 private:
  std::unique_ptr<RuntimeGraph> graph_;
  std::unique_ptr<EdgeBlend> blend_;    // refers to *graph_
  std::vector<CharacterFrame> starts_;  // per edge: its reference segment's first frame
  int edge_ = -1;
  Eigen::Vector2d point_ = Eigen::Vector2d::Zero();
  CharacterFrame character_;
  // Scratch sized once per graph, so a preview frame does not allocate.
  std::vector<Eigen::Quaternionf> localRotations_;
  std::vector<Eigen::Vector3f> localTranslations_;
  std::vector<Quat> doubleRotations_;
  std::vector<Vec3> doubleTranslations_;
  std::vector<Quat> rotations_;
  std::vector<Vec3> positions_;
};

}  // namespace fatgraph::editor
