#include "fatgraph/core/graph/pose_features.h"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/model/forward_kinematics.h"

namespace fatgraph {

namespace {
std::atomic<long> featureComputations{0};
}  // namespace

long poseFeatureComputations() { return featureComputations.load(); }

PoseFeatures::PoseFeatures(const Skeleton& skeleton, const std::vector<Clip>& clips,
                           const std::vector<double>& weights) {
  ++featureComputations;
  const int joints = skeleton.jointCount();
  if (!weights.empty() && static_cast<int>(weights.size()) != joints) {
    throw Error("pose distance: " + std::to_string(weights.size()) + " joint weights for " +
                std::to_string(joints) + " joints");
  }
  // Bones above the motion root (a still reference bone on the floor) are not the figure: they
  // stay where the capture volume's origin is, so they would tell poses apart by where in the
  // volume they happened. By default they weigh nothing.
  std::vector<double> w(joints, 1.0);
  std::vector<bool> aboveMotionRoot(joints, false);
  if (skeleton.motionRoot < joints)
    for (int p = skeleton.parents[skeleton.motionRoot]; p >= 0; p = skeleton.parents[p]) {
      aboveMotionRoot[p] = true;
      w[p] = 0.0;
    }
  for (int j = 0; j < static_cast<int>(weights.size()); ++j) {
    if (!(weights[j] >= 0.0) || !std::isfinite(weights[j])) {
      throw Error("pose distance: joint weight for '" + skeleton.names[j] + "' must be >= 0");
    }
    w[j] = weights[j];
  }
  for (double v : w) {
    weightSum += v;
    jointScale.push_back(std::sqrt(v));
  }
  if (!(weightSum > 0.0)) throw Error("pose distance: every joint weight is zero");

  clipStart_.push_back(0);
  for (const Clip& c : clips) clipStart_.push_back(clipStart_.back() + c.frameCount());
  const int n = clipStart_.back();
  x.resize(n, joints);
  y.resize(n, joints);
  z.resize(n, joints);
  sumX.resize(n);
  sumZ.resize(n);
  sumP2.resize(n);
  std::vector<Quat> rot(joints);
  std::vector<Vec3> pos(joints);
  for (const Clip& c : clips) {
    std::vector<double> lowest(c.frameCount());
    for (int f = 0; f < c.frameCount(); ++f) {
      clipFrameToModel(skeleton, c, f, rot, pos);
      lowest[f] = pos[skeleton.motionRoot].y();
      for (int j = 0; j < joints; ++j)
        if (!aboveMotionRoot[j]) lowest[f] = std::min(lowest[f], pos[j].y());
    }
    double floor = 0.0;
    if (!lowest.empty()) {
      const size_t k = lowest.size() / 100;
      std::nth_element(lowest.begin(), lowest.begin() + static_cast<long>(k), lowest.end());
      floor = lowest[k];
    }
    clipFloor.push_back(floor);
  }
  int row = 0;
  for (size_t c = 0; c < clips.size(); ++c) {
    const Clip& clip = clips[c];
    for (int f = 0; f < clip.frameCount(); ++f, ++row) {
      clipFrameToModel(skeleton, clip, f, rot, pos);
      for (Vec3& p : pos) p.y() -= clipFloor[c];
      double sx = 0, sz = 0, sp = 0;
      for (int j = 0; j < joints; ++j) {
        const double s = jointScale[j];
        x(row, j) = s * pos[j].x();
        y(row, j) = s * pos[j].y();
        z(row, j) = s * pos[j].z();
        sx += w[j] * pos[j].x();
        sz += w[j] * pos[j].z();
        sp += w[j] * pos[j].squaredNorm();
      }
      sumX[row] = sx;
      sumZ[row] = sz;
      sumP2[row] = sp;
    }
  }
}

FrameRef PoseFeatures::frameRef(int global) const {
  const auto it = std::upper_bound(clipStart_.begin(), clipStart_.end(), global);
  const int c = static_cast<int>(it - clipStart_.begin()) - 1;
  return {c, global - clipStart_[c]};
}

bool windowInsideClip(const PoseFeatures& f, int i, int window) {
  const FrameRef r = f.frameRef(i);
  const int first = f.clipStart(r.clip), last = f.clipStart(r.clip + 1) - 1;
  return i - windowBefore(window) >= first && i + windowAfter(window) <= last;
}

double windowDistance(const PoseFeatures& f, int i, int j, int window) {
  double sxx = 0, szz = 0, sxz = 0, szx = 0, syy = 0;
  double xi = 0, zi = 0, xj = 0, zj = 0, pi = 0, pj = 0;
  for (int t = -windowBefore(window); t <= windowAfter(window); ++t) {
    const int a = i + t, b = j + t;
    sxx += f.x.row(a).dot(f.x.row(b));
    szz += f.z.row(a).dot(f.z.row(b));
    sxz += f.x.row(a).dot(f.z.row(b));
    szx += f.z.row(a).dot(f.x.row(b));
    syy += f.y.row(a).dot(f.y.row(b));
    xi += f.sumX[a];
    zi += f.sumZ[a];
    xj += f.sumX[b];
    zj += f.sumZ[b];
    pi += f.sumP2[a];
    pj += f.sumP2[b];
  }
  const double W = window * f.weightSum;
  const double A = (sxz - szx) - (xi * zj - xj * zi) / W;
  const double B = (sxx + szz) - (xi * xj + zi * zj) / W;
  const double D = pi + pj - 2.0 * syy - (xi * xi + zi * zi + xj * xj + zj * zj) / W -
                   2.0 * std::sqrt(A * A + B * B);
  return std::max(D, 0.0);  // rounding can leave a tiny negative for identical windows
}

double frameDistance(const PoseFeatures& f, int i, int j) {
  return std::sqrt(windowDistance(f, i, j, 1) / f.weightSum);
}

double distanceToRms(double D, const PoseFeatures& f, int window) {
  return std::sqrt(std::max(D, 0.0) / (window * f.weightSum));
}

double rmsToDistance(double rms, const PoseFeatures& f, int window) {
  return rms * rms * window * f.weightSum;
}

}  // namespace fatgraph
