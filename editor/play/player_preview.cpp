#include "fatgraph/eigen_bridge.h"
#include "play/player_preview.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

#include "fatgraph/core/model/project.h"

namespace fatgraph::editor {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("PlayerPreview", text); }

}  // namespace

PlayerPreview::PlayerPreview() = default;
PlayerPreview::~PlayerPreview() = default;

void PlayerPreview::clear() {
  player_.reset();  // before the graph it refers to
  graph_ = nullptr;
  preview_.reset();
  rotations_.clear();
  positions_.clear();
}

QString PlayerPreview::playableProblem(const MotionGraph& motion) {
  if (motion.fatEdges.empty()) {
    return tr(
        "No graph to play yet: Graph > Build Graph… (Ctrl+B) finds the hubs and fat "
        "edges and parameterizes them");
  }
  if (motion.parameterizations.size() != motion.fatEdges.size()) {
    return tr(
        "The fat edges are not parameterized: Graph > Build Graph… (Ctrl+B) computes "
        "every edge's parameter space, which the stick steers");
  }
  return {};
}

QString PlayerPreview::rebuild(const Project& project) {
  clear();
  if (QString why = playableProblem(project.graph); !why.isEmpty()) return why;
  QString why;
  std::shared_ptr<const PreviewGraph> preview = makePreviewGraph(project, why);
  if (!preview) return why;
  return adopt(std::move(preview));
}

QString PlayerPreview::adopt(std::shared_ptr<const PreviewGraph> preview) {
  clear();
  if (!preview || preview->graph.edges.empty()) return tr("No fat edges: build the graph first");
  if (const std::string problem = preview->graph.validate(); !problem.empty()) {
    return tr("The runtime graph is not valid: %1").arg(QString::fromStdString(problem));
  }
  PlayerOptions options;
  const int start = preview->graph.startEdge >= 0 ? preview->graph.startEdge : 0;
  options.start = preview->edgeStarts[static_cast<size_t>(start)];
  preview_ = std::move(preview);
  graph_ = &preview_->graph;
  player_ = std::make_unique<Player>(*graph_, options);
  player_->setTerrain(terrain_);
  const auto joints = static_cast<size_t>(graph_->jointCount());
  rotations_.assign(joints, Quat::Identity());
  positions_.assign(joints, Vec3::Zero());
  player_->update(0.0f, 0.0f, 0.0f);  // the start pose, before the first tick
  trackEdgeStart();
  refreshWorldPose();
  return {};
}

void PlayerPreview::restart() {
  if (!player_) return;
  player_->reset();
  applyAim();
  player_->update(0.0f, 0.0f, 0.0f);
  trackEdgeStart();
  refreshWorldPose();
}

void PlayerPreview::setTerrain(const Terrain* terrain) {
  terrain_ = terrain;
  if (player_) player_->setTerrain(terrain);
}

void PlayerPreview::step(double seconds, float stickX, float stickY, int action) {
  if (!player_) return;
  const double dt = std::isfinite(seconds) ? std::clamp(seconds, 0.0, kMaxStepSeconds) : 0.0;
  player_->update(static_cast<float>(dt), stickX, stickY, action);
  trackEdgeStart();
  refreshWorldPose();
}

// The frame an edge began at: its EdgeStarted event's position (the character's ground point
// at that moment) and the heading after the update (an update turns it by at most a few
// hundredths of a radian). A new edge re-expresses the aim for the next update.
void PlayerPreview::trackEdgeStart() {
  bool started = false;
  for (const PlayerEvent& e : player_->events()) {
    if (e.kind != PlayerEventKind::EdgeStarted) continue;
    edgeStart_.position = e.position;
    edgeStart_.yaw = player_->character().yaw;
    started = true;
  }
  if (started) applyAim();
}

void PlayerPreview::setAim(const std::optional<Vec3>& world) {
  aimWorld_ = world && world->allFinite() ? world : std::nullopt;
  if (!aimWorld_) aimLocal_.reset();
  if (player_) applyAim();
}

void PlayerPreview::applyAim() {
  if (!aimWorld_) {
    aimLocal_.reset();
    player_->clearAim();
    return;
  }
  const Vec3 local = yawRotation(-edgeStart_.yaw) * (*aimWorld_ - toEigenDouble(edgeStart_.position));
  aimLocal_ = Float3{static_cast<float>(local.x()), static_cast<float>(local.y()), static_cast<float>(local.z())};
  player_->aim(*aimLocal_);
}

std::optional<Vec3> PlayerPreview::aimPlanned() const {
  if (!player_ || !aimWorld_) return std::nullopt;
  const AimReport& r = player_->aimReport();
  if (!r.active || !r.aimable) return std::nullopt;
  return yawRotation(edgeStart_.yaw) * toEigenDouble(r.planned) + toEigenDouble(edgeStart_.position);
}

double PlayerPreview::aimHeight() const {
  const int edge = currentEdge();
  double height = 1.0;
  if (edge >= 0 && graph_->edges[static_cast<size_t>(edge)].parameters.dimension >= 1)
    height = graph_->edges[static_cast<size_t>(edge)].parameters.origin[1];
  return edgeStart_.position.y + height;
}

void PlayerPreview::setDesiredVelocity(bool enabled, float velocityX, float velocityZ, float turnRate) {
  if (!player_) return;
  if (enabled)
    player_->setDesiredVelocity({velocityX, velocityZ}, turnRate);
  else
    player_->clearDesiredVelocity();
}

float PlayerPreview::topSpeed() {
  if (!player_) return 0.0f;
  player_->prepareVelocityControl();
  float top = 0.0f;
  for (int e = 0; e < static_cast<int>(graph_->edges.size()); ++e)
    top = std::max(top, player_->velocitySpace()->speedRange(e).y);
  return top;
}

void PlayerPreview::refreshWorldPose() {
  // world = R_y(yaw) * model + position (player.h), the position's y the leg layer's ground.
  const CharacterFrame& character = player_->character();
  const Quat yaw = yawRotation(character.yaw);
  const Span<const Quaternion> model = player_->modelRotations();
  const Span<const Float3> at = player_->modelPositions();
  const Vec3 position = toEigenDouble(character.position);
  for (size_t j = 0; j < rotations_.size() && j < model.size(); ++j) {
    rotations_[j] = (yaw * toEigenDouble(model[j])).normalized();
    positions_[j] = yaw * toEigenDouble(at[j]) + position;
  }
}

int PlayerPreview::nextHub() const {
  const int edge = currentEdge();
  if (edge < 0 || edge >= static_cast<int>(graph_->edges.size())) return -1;
  return graph_->edges[static_cast<size_t>(edge)].toHub;
}

int PlayerPreview::edgeForChoice(int choice) const {
  const int hub = nextHub();
  if (hub < 0 || hub >= static_cast<int>(graph_->hubs.size()) || choice < 0) return -1;
  const std::vector<int>& outgoing = graph_->hubs[static_cast<size_t>(hub)].outgoing;
  return choice < static_cast<int>(outgoing.size()) ? outgoing[static_cast<size_t>(choice)] : -1;
}

int PlayerPreview::nextEdge() const {
  const int hub = nextHub();
  if (hub < 0 || hub >= static_cast<int>(graph_->hubs.size())) return -1;
  const int pending = player_->pendingAction();
  if (pending >= 0 && pending < static_cast<int>(graph_->edges.size()) &&
      graph_->edges[static_cast<size_t>(pending)].fromHub == hub) {
    return pending;
  }
  const int fallback = graph_->hubs[static_cast<size_t>(hub)].defaultEdge;
  return fallback >= 0 ? fallback : graph_->startEdge;
}

QString PlayerPreview::edgeName(int edge) const {
  if (!graph_ || edge < 0 || edge >= static_cast<int>(graph_->edges.size())) return {};
  return QString::fromStdString(graph_->edges[static_cast<size_t>(edge)].name);
}

QString PlayerPreview::hubName(int hub) const {
  if (!graph_ || hub < 0 || hub >= static_cast<int>(graph_->hubs.size())) return {};
  return QString::fromStdString(graph_->hubs[static_cast<size_t>(hub)].name);
}

PreviewFootprints PlayerPreview::footprints() const {
  if (!player_) return {};
  return legLayerFootprints(player_->legLayer().legs(), graph_->legs, player_->character().yaw);
}

}  // namespace fatgraph::editor
