#pragma once
// The live preview of the whole graph: the runtime graph built in memory from the project
// (preview_graph.h), one runtime Player on it, stepped by the Play dock's 60 Hz timer with the
// wall time and a stick and action from the user, as a game would call it. It gives the
// world-space pose for the viewport, the leg layer's footprints and what the player is doing
// (the current edge, the next hub and the edge it will take there).
//
// The editor computes nothing here: blending, transitions, root motion and the leg layer are
// the runtime player's (player.h). The character starts where the start edge's recorded
// motion starts in its clip, so it plays over the ground the viewport draws around the clip.
#include <QString>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "fatgraph/runtime/player.h"
#include "fatgraph/core/model/quaternion.h"
#include "play/preview_graph.h"

namespace fatgraph {
struct MotionGraph;
struct Project;
}

namespace fatgraph::editor {

class PlayerPreview {
 public:
  /// The longest step one update plays (seconds): a stalled timer (a long paint, a debugger)
  /// continues from where it was instead of jumping.
  static constexpr double kMaxStepSeconds = 0.1;

  PlayerPreview();
  ~PlayerPreview();

  /// Builds the runtime graph of `project` and a player on it at the start. Empty on success,
  /// else what the user should do (the preview is then empty): the graph must be built and
  /// every fat edge parameterized.
  QString rebuild(const Project& project);
  /// A player on `preview` (built elsewhere, e.g. on the pool) at the start. Empty on success,
  /// else why it cannot play (null, invalid); the preview is then empty.
  QString adopt(std::shared_ptr<const PreviewGraph> preview);
  /// Why `graph` cannot be played yet (no fat edges, edges not parameterized); empty when it can.
  static QString playableProblem(const MotionGraph& graph);
  void clear();
  bool isReady() const { return player_ != nullptr; }
  /// Back to the start edge at the start frame (the leg layer forgets its footprints).
  void restart();

  /// The ground the leg layer plants the feet on; null: flat ground. Not owned.
  void setTerrain(const Terrain* terrain);

  /// One Player::update with `seconds` of wall time (clamped to [0, kMaxStepSeconds]), the
  /// stick in [-1, 1] (x right, y forward) and `action` (an edge index, -1 none), then the
  /// world pose is refreshed.
  void step(double seconds, float stickX, float stickY, int action);

  /// A desired velocity for the following steps (Player::setDesiredVelocity; m/s left and
  /// forward, rad/s left), or back to the stick (enabled false).
  void setDesiredVelocity(bool enabled, float velocityX, float velocityZ, float turnRate);
  /// Aims each edge's parameterized joint at a world point (Player::aim, whose target is in
  /// the edge-start character frame: re-expressed as each edge begins, from its EdgeStarted
  /// event's position and the heading after that update), or stops aiming (nullopt).
  void setAim(const std::optional<Vec3>& world);
  const std::optional<Vec3>& aim() const { return aimWorld_; }
  /// The target as the player has it now (the current edge's start frame), for recordings.
  const std::optional<Float3>& aimLocal() const { return aimLocal_; }
  /// Where the blend puts the aimed joint (world) while the current edge can aim.
  std::optional<Vec3> aimPlanned() const;
  /// World height of the current edge's parameter plane origin (its joint's height at the
  /// aiming moment), where a click ray meets the aim; 1 m above the edge's start without one.
  double aimHeight() const;
  /// The fastest any edge's blends go (m/s, the velocity spaces), for mapping a stick onto
  /// speeds; measures the velocity spaces on first use. 0 when not ready.
  float topSpeed();

  /// The edge the k-th choice (0-based: button A, key 1, ...) takes at the next hub: the k-th
  /// outgoing edge of the current edge's destination hub, ascending; -1 when it has none.
  int edgeForChoice(int choice) const;
  /// The current edge's destination hub, -1 when not ready.
  int nextHub() const;
  /// The edge the player will take at the next hub: the latched action when it leaves that
  /// hub, else the hub's default edge (the start edge when the hub has no outgoing edge).
  int nextEdge() const;
  int currentEdge() const { return player_ ? player_->currentEdge() : -1; }
  QString edgeName(int edge) const;
  QString hubName(int hub) const;

  const RuntimeGraph& graph() const { return *graph_; }
  const Player& player() const { return *player_; }
  const Skeleton& skeleton() const { return preview_->skeleton; }
  std::span<const Quat> worldRotations() const { return rotations_; }
  std::span<const Vec3> worldPositions() const { return positions_; }
  /// The leg layer's footprints of the last step, for Viewport::setPreviewFootprints.
  PreviewFootprints footprints() const;

 private:
  void refreshWorldPose();
  void trackEdgeStart();
  void applyAim();

  std::shared_ptr<const PreviewGraph> preview_;
  const RuntimeGraph* graph_ = nullptr;  // &preview_->graph
  std::unique_ptr<Player> player_;  // refers to *graph_
  const Terrain* terrain_ = nullptr;
  std::vector<Quat> rotations_;
  std::vector<Vec3> positions_;
  std::optional<Vec3> aimWorld_;
  std::optional<Float3> aimLocal_;
  CharacterFrame edgeStart_;  // the character frame the current edge began at
};

}  // namespace fatgraph::editor
