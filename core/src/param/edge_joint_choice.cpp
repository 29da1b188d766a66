// Which joint at which time a fat edge is parameterized by (Fat Graph §4: "the root at the
// last frame for walking, the hand at impact for a bat swing, the foot at contact for a
// kick"). A walk's segments end in different places, so the root at the end says where the
// motion goes; for motions that stay in place the joint that differs most between the
// segments, at the moment it differs most, is the one a user steers (the kicking foot at
// contact, the hand at impact).
#include <cmath>
#include <sstream>
#include <tuple>
#include <vector>

#include "fatgraph/core/locomotion/character_heading.h"
#include "fatgraph/core/model/error.h"
#include "fatgraph/core/param/parameterization.h"
#include "fatgraph/core/model/forward_kinematics.h"
#include "fatgraph/runtime/root_motion.h"

namespace fatgraph {
namespace {

std::string metres(double v) {
  std::ostringstream s;
  s.precision(2);
  s << std::fixed << v << " m";
  return s.str();
}

std::string seconds(double v) {
  std::ostringstream s;
  s.precision(2);
  s << std::fixed << v << " s";
  return s.str();
}

// Every joint's position at segment time `frames` (frames from the segment's first frame),
// in the segment's start frame: its motion root's first ground position and heading at the origin,
// facing +Z (where the runtime's character frame starts the edge).
class SegmentPoser {
 public:
  SegmentPoser(const Project& p, const Segment& s) : p_(p), clip_(p.clips.at(static_cast<size_t>(s.clip))), first_(s.first) {
    model(first_ / clip_.fps);
    const int m = p.skeleton.motionRoot;
    yaw0_ = headingYaw(rotations_[m]) + rootFacingOffset(p.skeleton, clip_, p.legs, s.first, s.last);
    ground0_ = Vec3(positions_[m].x(), 0.0, positions_[m].z());
  }
  const std::vector<Vec3>& at(double frames) {
    model((first_ + frames) / clip_.fps);
    const Quat unturn = yawRotation(-yaw0_);
    for (Vec3& x : positions_) x = unturn * (x - ground0_);
    return positions_;
  }

 private:
  void model(double t) {
    const Pose pose = clip_.sample(t);
    const auto j = static_cast<size_t>(p_.skeleton.jointCount());
    rotations_.resize(j);
    positions_.resize(j);
    localToModel(p_.skeleton, pose.rotations, pose.translations, rotations_, positions_);
  }
  const Project& p_;
  const Clip& clip_;
  int first_;
  double yaw0_ = 0;
  Vec3 ground0_ = Vec3::Zero();
  std::vector<Quat> rotations_;
  std::vector<Vec3> positions_;
};

// Positions of every joint, every segment, every reference frame (warped times):
// [segment][reference frame][joint], and how far the segments' motion root travels on average.
struct EdgeJointPositions {
  std::vector<std::vector<std::vector<Vec3>>> pos;
  double travel = 0;
};

EdgeJointPositions edgeJointPositions(const Project& project, const FatEdge& e, int refFrames) {
  const MotionGraph& g = project.graph;
  const size_t n = e.segments.size();
  EdgeJointPositions out;
  out.pos.resize(n);
  const int m = project.skeleton.motionRoot;  // "the root" of the paper: the one that travels
  for (size_t i = 0; i < n; ++i) {
    const Segment& s = g.segments.at(static_cast<size_t>(e.segments[i]));
    SegmentPoser poser(project, s);
    const WarpMap* warp = i < e.warps.size() && !e.warps[i].empty() ? &e.warps[i] : nullptr;
    for (int t = 0; t < refFrames; ++t) {
      const double proportional = refFrames > 1 ? t * double(s.frameCount() - 1) / (refFrames - 1) : 0.0;
      out.pos[i].push_back(poser.at(warp ? warp->map(t) : proportional));
    }
    const Vec3& end = poser.at(s.frameCount() - 1)[static_cast<size_t>(m)];
    out.travel += std::hypot(end.x(), end.z());
  }
  out.travel /= static_cast<double>(n);
  return out;
}

// Variation of joint j at reference frame t: mean squared distance to the segments' mean.
double jointVariation(const std::vector<std::vector<std::vector<Vec3>>>& pos, int j, int t) {
  const size_t n = pos.size();
  Vec3 mean = Vec3::Zero();
  for (size_t i = 0; i < n; ++i) mean += pos[i][static_cast<size_t>(t)][static_cast<size_t>(j)];
  mean /= static_cast<double>(n);
  double v = 0;
  for (size_t i = 0; i < n; ++i) v += (pos[i][static_cast<size_t>(t)][static_cast<size_t>(j)] - mean).squaredNorm();
  return v / static_cast<double>(n);
}

// The joint (only `onlyJoint` when it is >= 0) and reference frame (only `fixedFrame` when it is
// >= 0) varying most, and its spread (RMS); `fallbackJoint` at the last frame when nothing does.
std::tuple<int, int, double> mostVaryingJoint(const std::vector<std::vector<std::vector<Vec3>>>& pos, int joints,
                                             int refFrames, int onlyJoint, int fixedFrame, int fallbackJoint) {
  int bj = onlyJoint >= 0 ? onlyJoint : fallbackJoint, bt = fixedFrame >= 0 ? fixedFrame : refFrames - 1;
  double bv = -1;
  for (int j = 0; j < joints; ++j) {
    if (onlyJoint >= 0 && j != onlyJoint) continue;
    for (int t = 0; t < refFrames; ++t) {
      if (fixedFrame >= 0 && t != std::min(fixedFrame, refFrames - 1)) continue;
      const double v = jointVariation(pos, j, t);
      if (v > bv) {
        bv = v;
        bj = j;
        bt = t;
      }
    }
  }
  return std::tuple<int, int, double>(bj, bt, std::sqrt(std::max(0.0, bv)));
}

// The fat edge, after checking the edge, the joint and the time against the project.
const FatEdge& checkedJointChoiceEdge(const Project& project, int fatEdge, int joint, double time) {
  const MotionGraph& g = project.graph;
  if (fatEdge < 0 || fatEdge >= static_cast<int>(g.fatEdges.size())) {
    throw Error("fat edge " + std::to_string(fatEdge) + " does not exist");
  }
  const FatEdge& e = g.fatEdges[static_cast<size_t>(fatEdge)];
  if (joint >= project.skeleton.jointCount()) throw Error("joint " + std::to_string(joint) + " does not exist");
  const Segment& ref = g.segments.at(static_cast<size_t>(e.reference));
  const double duration = (ref.frameCount() - 1) / project.settings.fps;
  if (time > duration + 1e-9) {
    throw Error("time " + seconds(time) + " is past the end of edge '" + e.name + "' (" + seconds(duration) + ")");
  }
  return e;
}

}  // namespace

ParameterJointChoice chooseParameterJoint(const Project& project, int fatEdge, int joint, double time) {
  const FatEdge& e = checkedJointChoiceEdge(project, fatEdge, joint, time);
  const int refFrames = project.graph.segments.at(static_cast<size_t>(e.reference)).frameCount();
  const double duration = (refFrames - 1) / project.settings.fps;
  const size_t n = e.segments.size();
  const int m = project.skeleton.motionRoot;
  const EdgeJointPositions positions = edgeJointPositions(project, e, refFrames);
  const double travel = positions.travel;

  ParameterJointChoice c;
  const std::string& name0 = project.skeleton.names[static_cast<size_t>(m)];
  if (joint < 0 && travel > kTravellingEdgeMetres) {
    c.joint = m;
    c.time = time >= 0 ? time : duration;
    c.reason = name0 + (time >= 0 ? " at " + seconds(c.time) : std::string(" at the end")) +
               ": the segments travel " + metres(travel) + " on average";
    return c;
  }
  const int fixedFrame = time >= 0 ? static_cast<int>(std::lround(time * project.settings.fps)) : -1;
  const auto [bj, bt, spread] =
      mostVaryingJoint(positions.pos, project.skeleton.jointCount(), refFrames, joint, fixedFrame, m);
  c.joint = bj;
  c.time = time >= 0 ? time : bt / project.settings.fps;
  if (n < 2) {
    // Nothing varies: measure where the motion ends (the root at the end unless told).
    c.joint = joint >= 0 ? joint : m;
    c.time = time >= 0 ? time : duration;
    c.reason = project.skeleton.names[static_cast<size_t>(c.joint)] + " at " + seconds(c.time) +
               ": one segment, nothing varies between segments";
  } else {
    c.reason = project.skeleton.names[static_cast<size_t>(c.joint)] + " at " + seconds(c.time) + ": " +
               (joint < 0 ? "the joint varying most across the " : "its greatest variation across the ") +
               std::to_string(n) + " segments (" + metres(spread) + " RMS; the segments travel " +
               metres(travel) + ")";
  }
  if (joint >= 0 && time >= 0) c.reason = "chosen by the user";
  return c;
}

}  // namespace fatgraph
