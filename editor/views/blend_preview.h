#pragma once
// What an edge's blend looks like at a point of its parameter plane: the runtime graph built
// from the project (core buildRuntimeGraph), one runtime EdgeBlend on it, and forward
// kinematics, giving world-space joint transforms for the viewport. The edge loops: when its
// reference time reaches the end it starts again from where it started. It starts at the
// reference segment's first frame in its clip (root on the ground, facing the root's heading)
// so the preview plays where the recorded motion is.
//
// The editor computes nothing here: weights come from the edge's grid (EdgeBlend's bilinear
// lookup), time and root motion from the runtime's eq. 2 step and root deltas. When the graph
// has legs, the runtime's leg layer (leg_layer.h) adjusts every pose after FK as the player
// does, standing the character on the chosen terrain (flat ground at y = 0 without one).
#include <QString>

#include <Eigen/Core>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "fatgraph/runtime/edge_blend.h"
#include "fatgraph/runtime/leg_layer.h"
#include "fatgraph/runtime/root_motion.h"
#include "fatgraph/runtime/runtime_graph.h"
#include "play/preview_graph.h"

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
  /// Plays `preview` (built elsewhere, e.g. on the pool); null clears the preview.
  void adopt(std::shared_ptr<const PreviewGraph> preview);
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

  /// The ground the leg layer plants the feet on; null: flat ground. Not owned.
  void setTerrain(const Terrain* terrain);
  /// Whether poses pass through the leg layer (the graph has legs).
  bool hasLegLayer() const { return legLayer_ != nullptr; }
  /// The leg layer's reports of the last updatePose() (empty without a leg layer).
  Span<const LegReport> legReports() const;
  /// Names and foot lengths of the graph's legs, in report order.
  const std::vector<RuntimeLeg>& legs() const { return graph_->legs; }
  /// The character frame after the last advance (world, metres; its heading as yaw).
  const CharacterFrame& character() const { return character_; }

  const Skeleton& skeleton() const { return preview_->skeleton; }
  std::span<const Quat> worldRotations() const { return rotations_; }
  std::span<const Vec3> worldPositions() const { return positions_; }
  /// The edge's reference time (seconds) and the current normalized weights.
  float time() const { return blend_ ? blend_->time() : 0.0f; }
  Span<const float> weights() const;

 private:
  void resetLegLayer();
  /// Runs the leg layer on rotations_ / positions_ (model space) and sets the placement's
  /// height to the ground it stands on.
  void applyLegLayer(Vec3& placement);

  std::shared_ptr<const PreviewGraph> preview_;
  const RuntimeGraph* graph_ = nullptr;  // &preview_->graph
  std::unique_ptr<EdgeBlend> blend_;    // refers to *graph_
  int edge_ = -1;
  Eigen::Vector2d point_ = Eigen::Vector2d::Zero();
  CharacterFrame character_;
  const Terrain* terrain_ = nullptr;
  std::unique_ptr<LegLayer> legLayer_;  // refers to *graph_; null when the graph has no legs
  float lastDt_ = 0;                    // the last advance, for the leg layer's velocity
  RootDelta lastDelta_;
  bool restarted_ = true;               // the edge (re)started since the last pose
  std::vector<Quaternion> modelRotationsF_;
  std::vector<Float3> modelPositionsF_;
  // Scratch sized once per graph, so a preview frame does not allocate.
  std::vector<Quaternion> localRotations_;
  std::vector<Float3> localTranslations_;
  std::vector<Quat> doubleRotations_;
  std::vector<Vec3> doubleTranslations_;
  std::vector<Quat> rotations_;
  std::vector<Vec3> positions_;
};

}  // namespace fatgraph::editor
