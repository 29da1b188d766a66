#include "fatgraph/core/locomotion/play_metrics.h"

#include <algorithm>
#include <cmath>

#include "fatgraph/core/model/quaternion.h"
#include "fatgraph/core/model/statistics.h"
#include "fatgraph/eigen_bridge.h"
#include "fatgraph/runtime/footbase.h"
#include "ground_measures.h"

namespace fatgraph {
namespace {

using ground::groundHeight;
using ground::horizontalDistance;

// Band edges map the stick to a velocity, not to a point of the plane: no pass to measure.
bool hasPlane(const RuntimeEdge& edge) {
  return edge.parameters.gridResolution > 0 && edge.blend == EdgeBlendMode::Grid;
}

std::optional<double> medianOf(const std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  return median(values);
}

}  // namespace

// The runtime's eq. 4.5 and corrected 4.6 (footbase.h): b = 0 with the heel lower, 1 with the
// toe lower; the foot then rests on that end, and the contact point is where the heel is, or
// would be were the foot laid flat about the toe: toe - footLength h. A rolling foot's point
// therefore stays still while it pivots on the end that carries it. Heights are each above the
// terrain under the point; a foot without length balances at 0.5.
Vec3 footContactPoint(const Vec3& heel, const Vec3& toe, double footLength, const Heightfield* terrain,
                      const Vec3& fallbackHeading) {
  const double length = footLength > 0 ? footLength : (toe - heel).norm();
  const double heelHeight = heel.y() - groundHeight(terrain, heel);
  const double toeHeight = toe.y() - groundHeight(terrain, toe);
  const float balance = length > 0 ? footBalance(static_cast<float>(heelHeight), static_cast<float>(toeHeight),
                                                 static_cast<float>(length))
                                   : 0.5f;
  // The foot lies flat in the ground's tangent plane, not in a horizontal one: on a slope a
  // foot pivoting on its toe keeps toe - length * heading still only when the heading runs
  // along the slope (a horizontal heading would read (1 - cos slope) * length of false skate).
  const Vec3 middle = 0.5 * (heel + toe);
  const Vec3 normal = terrain ? toEigenDouble(terrain->normal(float(middle.x()), float(middle.z())))
                              : Vec3::UnitY();
  const Vec3 along = toe - heel;
  Vec3 heading = along - normal * along.dot(normal);
  heading = heading.norm() > 1e-9 ? heading.normalized() : fallbackHeading;
  // Relative to the heel: world positions keep double's precision through the float formula.
  return heel + toEigenDouble(footbase(Float3{}, toFloat3(toe - heel), toFloat3(length * heading), balance));
}

std::optional<double> PlayReport::paramErrorMedian() const { return medianOf(paramErrors); }

std::optional<double> PlayReport::footSkateMedian() const { return medianOf(footSkates); }

std::optional<double> PlayReport::footSkateMax() const {
  if (footSkates.empty()) return std::nullopt;
  return *std::max_element(footSkates.begin(), footSkates.end());
}

PlayMetrics::PlayMetrics(const RuntimeGraph& graph, const Heightfield* terrain)
    : graph_(&graph), terrain_(terrain), stances_(graph.legs.size()) {}

void PlayMetrics::begin(int edge, const CharacterFrame& start) {
  report_ = {};
  edge_ = edge;
  time_ = -1;
  transitions_ = 0;
  character_ = start;
  world_.clear();
  frameWorld_.clear();
  stances_.assign(graph_->legs.size(), Stance{});
  jerkFrames_ = 0;
  jerkSquares_ = 0;
  sinceFrame_ = 0;
  clockRate_ = -1;
  yaw_ = start.yaw;
  edgeStart_ = start;
  edgeStartKnown_ = edge >= 0;
  if (edge >= 0) report_.edgesPlayed.push_back(edge);
}

CharacterFrame lerpFrame(const CharacterFrame& a, const CharacterFrame& b, double s) {
  CharacterFrame f;
  f.position = toFloat3(toEigenDouble(a.position) + s * (toEigenDouble(b.position) - toEigenDouble(a.position)));
  f.yaw = static_cast<float>(wrapAngle(a.yaw + s * wrapAngle(double(b.yaw) - a.yaw)));
  return f;
}

double fractionOnOldEdge(double remaining, double clockRate, double dt, double newTime) {
  if (clockRate > 0 && dt > 0) return std::clamp(remaining / clockRate / dt, 0.0, 1.0);
  if (remaining + newTime > 0) return remaining / (remaining + newTime);
  return 1.0;
}

void PlayMetrics::recordPass(int edge, double fraction, const CharacterFrame& edgeStart, const Float2& planePoint,
                             const std::optional<Vec3>& aim, std::span<const Vec3> world) {
  const RuntimeParameterSpace& p = graph_->edges[size_t(edge)].parameters;
  const size_t j = size_t(p.joint);
  if (j >= world.size()) return;
  // The joint where it was at the pass, then in the edge-start frame (the inverse placement).
  const Vec3 now = world[j];
  const Vec3 achievedWorld = world_.size() == world.size() ? world_[j] + fraction * (now - world_[j]) : now;
  const Vec3 achieved = yawRotation(-edgeStart.yaw) * (achievedWorld - toEigenDouble(edgeStart.position));
  const Vec3 origin(p.origin[0], p.origin[1], p.origin[2]);
  const Vec3 xAxis(p.xAxis[0], p.xAxis[1], p.xAxis[2]);
  const Vec3 yAxis(p.yAxis[0], p.yAxis[1], p.yAxis[2]);
  const Vec3 target = origin + double(planePoint.x) * xAxis + double(planePoint.y) * yAxis;
  const double error = (achieved - target).norm();
  if (std::isfinite(error)) report_.paramErrors.push_back(error);
  if (aim && std::isfinite((achieved - *aim).norm())) {
    report_.aimErrors.push_back((achieved - *aim).norm());
    report_.aimEdges.push_back(edge);
  }
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
        recordPass(o.edge, fraction, edgeStart_, o.planePoint, o.aim, o.world);
      }
      if (dt > 0) rate = (o.time - before) / dt;
    }
  } else if (changes == 1 && edge_ >= 0 && o.edge >= 0) {
    const RuntimeEdge& old = graph_->edges[size_t(edge_)];
    const double remaining = std::max(double(old.referenceDuration) - before, 0.0);
    const double s = fractionOnOldEdge(remaining, clockRate_, dt, o.time);
    const double oldRef = old.parameters.referenceTime;
    if (hasPlane(old) && edgeStartKnown_ && time_ < oldRef && oldRef <= old.referenceDuration) {
      const double within = remaining > 0 ? (oldRef - before) / remaining : 1.0;
      recordPass(edge_, s * within, edgeStart_, planePoint_, aim_, o.world);
    }
    edgeStart_ = lerpFrame(character_, o.character, s);
    edgeStartKnown_ = true;
    const RuntimeEdge& e = graph_->edges[size_t(o.edge)];
    const double ref = e.parameters.referenceTime;
    if (hasPlane(e) && ref <= o.time) {
      const double fraction = s + (1 - s) * (o.time > 0 ? ref / o.time : 0.0);
      recordPass(o.edge, fraction, edgeStart_, o.planePoint, o.aim, o.world);
    }
    report_.edgesPlayed.push_back(o.edge);
  } else if (changes != 0 || o.edge != edge_) {
    // Several transitions in one update (or a reset): the edges in between are unknown.
    edgeStartKnown_ = false;
    if (changes > 1) report_.unlistedTransitions += changes - 1;
    if (o.edge >= 0) report_.edgesPlayed.push_back(o.edge);
  }
  yaw_ += wrapAngle(double(o.character.yaw) - character_.yaw);

  edge_ = o.edge;
  time_ = o.time;
  transitions_ = o.transitions;
  character_ = o.character;
  planePoint_ = o.planePoint;
  aim_ = o.aim;
  world_.assign(o.world.begin(), o.world.end());
  clockRate_ = rate;
  report_.transitions = o.transitions;
  report_.finalYaw = yaw_;

  sinceFrame_ += std::isfinite(dt) && dt > 0 ? dt : 0.0;
  if (!outputFrame) return;
  const int frame = report_.frames++;
  const double frameTime = sinceFrame_;
  sinceFrame_ = 0;
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
  observeJerk(root, frameTime);
  observeFeet(o, frame);
}

// Jerk = (p3 - 3 p2 + 3 p1 - p0) / h^3 over four consecutive frames h apart.
void PlayMetrics::observeJerk(const Vec3& root, double frameTime) {
  if (jerkFrames_ >= 3 && frameTime > 0) {
    const Vec3 third = root - 3.0 * jerkHistory_[2] + 3.0 * jerkHistory_[1] - jerkHistory_[0];
    const double jerk = third.norm() / (frameTime * frameTime * frameTime);
    if (std::isfinite(jerk)) {
      jerkSquares_ += jerk * jerk;
      ++report_.hipJerkSamples;
      report_.hipJerk = std::sqrt(jerkSquares_ / report_.hipJerkSamples);
    }
  }
  jerkHistory_[0] = jerkHistory_[1];
  jerkHistory_[1] = jerkHistory_[2];
  jerkHistory_[2] = root;
  jerkFrames_ = std::min(jerkFrames_ + 1, 3);
}

void PlayMetrics::observeFeet(const PlayObservation& o, int frame) {
  if (o.modelRotations.size() != o.world.size()) return;
  const Quat yaw = yawRotation(o.character.yaw);
  const Vec3 forward = yaw * Vec3::UnitZ();
  for (size_t l = 0; l < graph_->legs.size(); ++l) {
    const RuntimeLeg& leg = graph_->legs[l];
    if (leg.chain.empty()) continue;
    const size_t hip = size_t(leg.chain.front()), ankle = size_t(leg.chain.back());
    if (hip >= o.world.size() || ankle >= o.world.size()) continue;
    // The ankle's world rotation is R_y(yaw) times its model rotation; its world position is
    // given, so the heel and toe follow as rigid points of the ankle's frame.
    const Quat ankleWorld = yaw * toEigenDouble(o.modelRotations[ankle]);
    const Vec3 heel = o.world[ankle] + ankleWorld * Vec3(leg.heel[0], leg.heel[1], leg.heel[2]);
    const Vec3 toe = o.world[ankle] + ankleWorld * Vec3(leg.toeTip[0], leg.toeTip[1], leg.toeTip[2]);
    for (const Vec3* p : {&heel, &toe}) {
      const double below = groundHeight(terrain_, *p) - p->y();
      if (std::isfinite(below)) report_.penetration = std::max(report_.penetration, below);
    }
    const double stretch = (o.world[hip] - o.world[ankle]).norm() - double(leg.length);
    if (std::isfinite(stretch)) report_.legOverextension = std::max(report_.legOverextension, stretch);

    Stance& s = stances_[l];
    const bool planted = l < o.legs.size() && o.legs[l].planted;
    const Vec3 contact = footContactPoint(heel, toe, leg.footLength, terrain_, forward);
    if (planted && !s.planted) {
      s.counted = frame > 0;  // standing at frame 0: the stance began before the run
      s.start = contact;
      s.skate = 0;
    } else if (planted && s.counted) {
      const double d = horizontalDistance(contact, s.start);
      if (std::isfinite(d)) s.skate = std::max(s.skate, d);
    } else if (!planted && s.planted && s.counted) {
      report_.footSkates.push_back(s.skate);
    }
    s.planted = planted;
  }
}

}  // namespace fatgraph
