#include "fatgraph/eigen_bridge.h"
#include "views/blend_preview.h"

#include <algorithm>

#include "fatgraph/core/model/project.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/core/model/quaternion.h"
#include "play/preview_graph.h"

namespace fatgraph::editor {

BlendPreview::BlendPreview() = default;
BlendPreview::~BlendPreview() = default;

void BlendPreview::clear() {
  legLayer_.reset();  // before the graph it refers to
  blend_.reset();
  graph_ = nullptr;
  preview_.reset();
  edge_ = -1;
}

QString BlendPreview::rebuild(const Project& project) {
  QString why;
  adopt(makePreviewGraph(project, why));
  return why;
}

void BlendPreview::adopt(std::shared_ptr<const PreviewGraph> preview) {
  clear();
  if (!preview) return;
  const auto joints = static_cast<size_t>(preview->graph.jointCount());
  localRotations_.assign(joints, Quaternion{});
  localTranslations_.assign(joints, Float3{});
  doubleRotations_.assign(joints, Quat::Identity());
  doubleTranslations_.assign(joints, Vec3::Zero());
  rotations_.assign(joints, Quat::Identity());
  positions_.assign(joints, Vec3::Zero());
  modelRotationsF_.assign(joints, Quaternion{});
  modelPositionsF_.assign(joints, Float3{});
  preview_ = std::move(preview);
  graph_ = &preview_->graph;
  blend_ = std::make_unique<EdgeBlend>(*graph_);
  if (!graph_->legs.empty()) {
    legLayer_ = std::make_unique<LegLayer>(*graph_);
    legLayer_->setTerrain(terrain_);
  }
}

bool BlendPreview::begin(const std::string& name) {
  edge_ = graph_ ? graph_->findEdge(name) : -1;
  if (edge_ < 0) return false;
  blend_->begin(edge_);
  character_ = preview_->edgeStarts[static_cast<size_t>(edge_)];
  setPlanePoint(point_);
  restarted_ = true;
  lastDt_ = 0;
  lastDelta_ = {};
  resetLegLayer();
  return true;
}

void BlendPreview::setTerrain(const Terrain* terrain) {
  terrain_ = terrain;
  if (legLayer_) legLayer_->setTerrain(terrain);
  resetLegLayer();  // footprints planted on the old ground mean nothing on the new one
}

Span<const LegReport> BlendPreview::legReports() const {
  return legLayer_ ? legLayer_->legs() : Span<const LegReport>{};
}

void BlendPreview::setPlanePoint(const Eigen::Vector2d& point) {
  point_ = point;
  if (edge_ >= 0)
    blend_->setPlanePoint(static_cast<float>(point.x()), static_cast<float>(point.y()));
}

void BlendPreview::advance(double seconds) {
  if (edge_ < 0) return;
  // A stalled GUI (a long paint) should not make the preview jump.
  const auto dt = static_cast<float>(std::clamp(seconds, 0.0, 0.1));
  lastDelta_ = blend_->advance(dt);
  lastDt_ = dt;
  character_ = applyRootDelta(character_, lastDelta_);
  if (blend_->finished()) {  // loop: the edge again from its start, at the same point
    blend_->begin(edge_);
    character_ = preview_->edgeStarts[static_cast<size_t>(edge_)];
    setPlanePoint(point_);
    restarted_ = true;
    resetLegLayer();  // the character jumped back: no footprint carries over
  }
}

void BlendPreview::updatePose() {
  if (edge_ < 0) return;
  blend_->samplePose(localRotations_, localTranslations_);
  for (size_t j = 0; j < localRotations_.size(); ++j) {
    doubleRotations_[j] = toEigenDouble(localRotations_[j]);
    doubleTranslations_[j] = toEigenDouble(localTranslations_[j]);
  }
  localToModel(preview_->skeleton, doubleRotations_, doubleTranslations_, rotations_, positions_);
  Vec3 placement = toEigenDouble(character_.position);
  applyLegLayer(placement);
  modelToWorld({yawRotation(character_.yaw), placement}, rotations_, positions_);
}

void BlendPreview::resetLegLayer() {
  if (legLayer_) legLayer_->reset();
}

void BlendPreview::applyLegLayer(Vec3& placement) {
  if (legLayer_) {
    // The leg layer works in the player's float character space, as Player does after FK.
    for (size_t j = 0; j < rotations_.size(); ++j) {
      modelRotationsF_[j] = toQuaternion(rotations_[j]);
      modelPositionsF_[j] = toFloat3(positions_[j]);
    }
    LegLayer::Input input;
    input.edge = edge_;
    input.referenceTime = blend_->time();
    input.weights = blend_->weights();
    input.dt = lastDt_;
    input.character = character_;
    input.delta = lastDelta_;
    input.edgeChanged = restarted_;
    legLayer_->apply(input, modelRotationsF_, modelPositionsF_, graph_->skeleton.parents);
    for (size_t j = 0; j < rotations_.size(); ++j) {
      rotations_[j] = toEigenDouble(modelRotationsF_[j]);
      positions_[j] = toEigenDouble(modelPositionsF_[j]);
    }
    placement.y() = legLayer_->groundHeight();
    restarted_ = false;
  }
}

Span<const float> BlendPreview::weights() const {
  return blend_ && edge_ >= 0 ? blend_->weights() : Span<const float>{};
}

}  // namespace fatgraph::editor
