#pragma once
// Pose features for the Kovar et al. (2002) point-cloud distance used by the Fat Graph paper
// (Fat Graph §3.1; docs/ALGORITHMS.md A). Every frame of every clip becomes its joints' model-space
// positions scaled by sqrt(w_j), so that the weighted sums of the distance are plain dot
// products of per-frame vectors and the whole distance matrix reduces to matrix products.
#include <Eigen/Core>
#include <vector>

#include "fatgraph/core/model/clip.h"
#include "fatgraph/core/model/skeleton.h"

namespace fatgraph {

/// A frame of a project: clip index and frame within that clip (at the clip's own rate).
struct FrameRef {
  int clip = -1;
  int frame = -1;
  bool operator==(const FrameRef&) const = default;
  auto operator<=>(const FrameRef&) const = default;
};

class PoseFeatures {
 public:
  /// `weights` has one entry per joint (>= 0) or is empty for all ones.
  PoseFeatures(const Skeleton& skeleton, const std::vector<Clip>& clips,
               const std::vector<double>& weights = {});

  int frameCount() const { return static_cast<int>(x.rows()); }
  int jointCount() const { return static_cast<int>(x.cols()); }
  int clipCount() const { return static_cast<int>(clipStart_.size()) - 1; }
  /// First global frame index of clip c; clipStart(clipCount()) == frameCount().
  int clipStart(int c) const { return clipStart_[c]; }
  int globalIndex(FrameRef f) const { return clipStart_[f.clip] + f.frame; }
  FrameRef frameRef(int global) const;

  double weightSum = 0.0;  // W1 = sum of joint weights (one frame)
  /// Per clip, the floor height subtracted from every y (metres): mocap floors are not at
  /// y = 0 and differ between capture sessions, which must not make equal poses differ. It is
  /// the 1st percentile over the clip's frames of the lowest joint's height.
  std::vector<double> clipFloor;

  // Row i = frame i, column j = joint j, each coordinate times sqrt(w_j) (metres).
  Eigen::MatrixXd x, y, z;
  /// Per joint, sqrt(w_j): the factor in x, y and z.
  std::vector<double> jointScale;
  // Per frame: sum_j w_j x_j, sum_j w_j z_j, sum_j w_j |p_j|^2.
  Eigen::VectorXd sumX, sumZ, sumP2;

 private:
  std::vector<int> clipStart_;
};

/// How many PoseFeatures this process has computed from clips (constructions, not copies):
/// tests check with it that edits needing no features compute none.
long poseFeatureComputations();

/// The window of `window` frames around frame i covers i - window/2 .. i + (window-1) - window/2.
inline int windowBefore(int window) { return window / 2; }
inline int windowAfter(int window) { return window - 1 - window / 2; }

/// True when frame i's whole window lies inside its clip (the distance is defined there).
bool windowInsideClip(const PoseFeatures& features, int i, int window);

/// D(i, j): the minimum over a rotation about +Y and a ground translation of the weighted
/// squared distance between the two windows' point clouds, in closed form (docs/ALGORITHMS.md A).
/// Global frame indices; both windows must lie inside their clips.
double windowDistance(const PoseFeatures& features, int i, int j, int window);

/// The per-frame distance d(i, j) = sqrt(D_{k=1}(i, j) / W), the weighted RMS point distance
/// in metres after the best ground alignment.
double frameDistance(const PoseFeatures& features, int i, int j);

/// D converted to the same RMS metres: sqrt(D / (window * W)). Thresholds are given this way.
double distanceToRms(double D, const PoseFeatures& features, int window);
double rmsToDistance(double rms, const PoseFeatures& features, int window);

}  // namespace fatgraph
