#include "play_metrics.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/runtime/quaternion.h"

namespace fatgraph::cli {
namespace {

CharacterFrame lerpFrame(const CharacterFrame& a, const CharacterFrame& b, double s) {
  CharacterFrame f;
  f.position = a.position + s * (b.position - a.position);
  f.yaw = wrapAngle(a.yaw + s * wrapAngle(b.yaw - a.yaw));
  return f;
}

bool hasPlane(const RuntimeEdge& edge) { return edge.parameters.gridResolution > 0; }

}  // namespace

std::optional<double> PlayReport::paramErrorMedian() const {
  if (paramErrors.empty()) return std::nullopt;
  std::vector<double> sorted = paramErrors;
  std::sort(sorted.begin(), sorted.end());
  const size_t n = sorted.size();
  return n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

PlayMetrics::PlayMetrics(const RuntimeGraph& graph) : graph_(&graph) {}

void PlayMetrics::begin(int edge, const CharacterFrame& start) {
  report_ = {};
  edge_ = edge;
  time_ = -1;
  transitions_ = 0;
  character_ = start;
  world_.clear();
  frameWorld_.clear();
  clockRate_ = -1;
  yaw_ = start.yaw;
  edgeStart_ = start;
  edgeStartKnown_ = edge >= 0;
  if (edge >= 0) report_.edgesPlayed.push_back(edge);
}

void PlayMetrics::recordPass(int edge, double fraction, const CharacterFrame& edgeStart,
                             const Eigen::Vector2f& planePoint, std::span<const Vec3> world) {
  const RuntimeParameterSpace& p = graph_->edges[size_t(edge)].parameters;
  const size_t j = size_t(p.joint);
  if (j >= world.size()) return;
  // The joint where it was at the pass, then in the edge-start frame (the inverse placement).
  const Vec3 now = world[j];
  const Vec3 achievedWorld = world_.size() == world.size() ? world_[j] + fraction * (now - world_[j]) : now;
  const Vec3 achieved = yawRotation(-edgeStart.yaw) * (achievedWorld - edgeStart.position);
  const Vec3 origin(p.origin[0], p.origin[1], p.origin[2]);
  const Vec3 xAxis(p.xAxis[0], p.xAxis[1], p.xAxis[2]);
  const Vec3 yAxis(p.yAxis[0], p.yAxis[1], p.yAxis[2]);
  const Vec3 target = origin + double(planePoint.x()) * xAxis + double(planePoint.y()) * yAxis;
  const double error = (achieved - target).norm();
  if (std::isfinite(error)) report_.paramErrors.push_back(error);
}

void PlayMetrics::observe(const PlayObservation& o, double dt, bool outputFrame) {
  const int changes = o.transitions - transitions_;
  const double before = std::max(time_, 0.0);  // T at the previous observation
  double rate = -1;
  if (changes == 0 && o.edge == edge_) {
    if (o.edge >= 0) {
      const RuntimeEdge& e = graph_->edges[size_t(o.edge)];
      const double ref = e.parameters.referenceTime;
      if (hasPlane(e) && edgeStartKnown_ && time_ < ref && ref <= o.time) {
        const double fraction = o.time > before ? (ref - before) / (o.time - before) : 1.0;
        recordPass(o.edge, fraction, edgeStart_, o.planePoint, o.world);
      }
      if (dt > 0) rate = (o.time - before) / dt;
    }
  } else if (changes == 1 && edge_ >= 0 && o.edge >= 0) {
    const RuntimeEdge& old = graph_->edges[size_t(edge_)];
    const double remaining = std::max(double(old.referenceDuration) - before, 0.0);
    // The fraction of the update spent on the old edge (see the header).
    double s = 1.0;
    if (clockRate_ > 0 && dt > 0) {
      s = std::clamp(remaining / clockRate_ / dt, 0.0, 1.0);
    } else if (remaining + o.time > 0) {
      s = remaining / (remaining + o.time);
    }
    const double oldRef = old.parameters.referenceTime;
    if (hasPlane(old) && edgeStartKnown_ && time_ < oldRef && oldRef <= old.referenceDuration) {
      const double within = remaining > 0 ? (oldRef - before) / remaining : 1.0;
      recordPass(edge_, s * within, edgeStart_, planePoint_, o.world);
    }
    edgeStart_ = lerpFrame(character_, o.character, s);
    edgeStartKnown_ = true;
    const RuntimeEdge& e = graph_->edges[size_t(o.edge)];
    const double ref = e.parameters.referenceTime;
    if (hasPlane(e) && ref <= o.time) {
      const double fraction = s + (1 - s) * (o.time > 0 ? ref / o.time : 0.0);
      recordPass(o.edge, fraction, edgeStart_, o.planePoint, o.world);
    }
    report_.edgesPlayed.push_back(o.edge);
  } else if (changes != 0 || o.edge != edge_) {
    // Several transitions in one update (or a reset): the edges in between are unknown.
    edgeStartKnown_ = false;
    if (changes > 1) report_.unlistedTransitions += changes - 1;
    if (o.edge >= 0) report_.edgesPlayed.push_back(o.edge);
  }
  yaw_ += wrapAngle(o.character.yaw - character_.yaw);

  edge_ = o.edge;
  time_ = o.time;
  transitions_ = o.transitions;
  character_ = o.character;
  planePoint_ = o.planePoint;
  world_.assign(o.world.begin(), o.world.end());
  clockRate_ = rate;
  report_.transitions = o.transitions;
  report_.finalYaw = yaw_;

  if (!outputFrame) return;
  const int frame = report_.frames++;
  if (!o.finite) {
    if (report_.nanFrames++ == 0) report_.firstNanFrame = frame;
  }
  if (o.world.empty()) return;
  const Vec3& root = o.world.front();
  if (frame == 0) {
    report_.rootStart = root;
  } else if (frameWorld_.size() == o.world.size()) {
    const Vec3 step = root - frameWorld_.front();
    report_.rootTravel += std::hypot(step.x(), step.z());
    for (size_t j = 0; j < o.world.size(); ++j) {
      const double jump = (o.world[j] - frameWorld_[j]).norm();
      if (jump > report_.maxJointJump) {
        report_.maxJointJump = jump;
        report_.maxJointJumpFrame = frame;
        report_.maxJointJumpJoint = int(j);
      }
    }
  }
  report_.rootEnd = root;
  frameWorld_.assign(o.world.begin(), o.world.end());
}

}  // namespace fatgraph::cli
