#pragma once
// The steps of parameterizing one fat edge (core only; the public entry points are in
// fatgraph/core/param/parameterization.h): blending with the runtime's kernel, sampling weight
// vectors, the piecewise-linear surface through the samples, accuracy and grid refinement.
#include <Eigen/Core>
#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "fatgraph/core/param/edge_parameterization.h"
#include "fatgraph/core/model/progress.h"
#include "fatgraph/core/model/project.h"
#include "fatgraph/core/spread/work_spread.h"
#include "fatgraph/runtime/edge_blend.h"
#include "fatgraph/runtime/runtime_graph.h"

namespace fatgraph::param {

/// Where one blend of a fat edge takes a joint: a one-edge RuntimeGraph built by the same
/// builder the export uses, played by the same EdgeBlend the player runs (Fat Graph §5.1), so
/// the plane measures exactly the motion a game shows.
class BlendProbe {
 public:
  /// Per-thread state: the runtime's blend object and pose scratch (no allocation per blend).
  class Worker {
   public:
    explicit Worker(const BlendProbe& probe);
    /// The joint's position (edge-start frame) at the probe's time under `weights` (one per
    /// segment; normalized by the runtime).
    Eigen::Vector3d reach(std::span<const float> weights);
    Eigen::Vector3d reach(const Eigen::VectorXd& weights);
    /// The same with the weights the runtime looks up in the installed grid at plane point p.
    Eigen::Vector3d reachPlanePoint(const Eigen::Vector2d& p);

   private:
    Eigen::Vector3d play();  // from begin() with weights set: advance to the time, pose, FK
    const BlendProbe& probe_;
    EdgeBlend blend_;
    std::vector<float> weights_;
    std::vector<Quaternion> rotationsF_;
    std::vector<Float3> translationsF_;
    std::vector<Quat> rotations_, modelRotations_;
    std::vector<Vec3> translations_, modelPositions_;
  };

  /// Throws Error when the edge cannot be built (the runtime builder's message). `threads`:
  /// what forEachWithProbe uses when not told otherwise (0: every core).
  BlendProbe(const Project& project, int fatEdge, int joint, double time, int threads = 0);

  int threads() const { return threads_; }

  /// Spreads the blends of every forEachWithProbe on this probe that says where its results
  /// live (ItemSlot) over the processes of `spread`: an edge too large for one process (the
  /// largest of a distributed build). Every process must make the same calls in the same order;
  /// `edge` tells the processes' edges apart. Null: the blends stay on this process.
  void spreadBlends(WorkSpread* spread, uint64_t edge) {
    spread_ = spread;
    edgeKey_ = edge;
  }
  WorkSpread* blendSpread() const { return spread_; }
  uint64_t edgeKey() const { return edgeKey_; }

  int segmentCount() const { return static_cast<int>(graph_.edges[0].segments.size()); }
  int referenceSegment() const { return graph_.edges[0].referenceSegment; }
  float referenceDuration() const { return graph_.edges[0].referenceDuration; }
  /// Installs `p`'s plane and grid as the edge's parameter space (the runtime's lookup then
  /// reads it). Not while workers are reaching.
  void install(const EdgeParameterization& p);

 private:
  RuntimeGraph graph_;
  Skeleton skeleton_;  // the project's, for forward kinematics in double
  int joint_ = 0;
  float time_ = 0;
  int threads_ = 0;
  WorkSpread* spread_ = nullptr;
  uint64_t edgeKey_ = 0;
};

/// Where item i's result lives: `bytes` bytes at at(i) (trivially copyable values), so a
/// spread forEachWithProbe can hand the results one process computed to the others.
struct ItemSlot {
  std::function<void*(int)> at;
  size_t bytes = 0;
};

/// Runs body(worker, index) for index in [0, count) on up to `threads` threads (0: the probe's
/// threads(), and when that is 0 too, every core),
/// each thread with its own BlendProbe::Worker. `progress` (fraction of items done) is called
/// from the calling thread only; when it returns false the remaining items are skipped and
/// Cancelled is thrown after every thread stopped. With `slots` (everything body writes for an
/// item) and a probe whose blends are spread, each process runs a contiguous share of the
/// items and every process ends with every item's slots filled, the same bits as one process.
void forEachWithProbe(const BlendProbe& probe, int count,
                      const std::function<void(BlendProbe::Worker&, int)>& body,
                      const ProgressCallback& progress = {}, int threads = 0,
                      const std::vector<ItemSlot>& slots = {});

/// The weight vectors to sample (Fat Graph §4: random blends of the segments): every segment
/// alone, then 50/50 pairs (a random subset when not all fit), then sparse random mixes of 2
/// to 4 segments with random weights, `samples` in all (fewer when the edge has fewer
/// distinct blends: one segment gives one sample). Deterministic given `seed`. Notes say when
/// the edge has one segment or more segments than samples.
std::vector<Eigen::VectorXd> sampleWeightVectors(int segments, int reference, int samples,
                                                 std::uint64_t seed,
                                                 std::vector<std::string>& notes);

/// The piecewise-linear surface through the sample positions over the triangulation: the
/// target the blend should reach at each plane point (a triangle's corners are hit exactly by
/// construction; in between, the plane's parameterization promises linear interpolation).
class SampleSurface {
 public:
  SampleSurface(const ParameterPlane& plane, const WeightTriangulation& triangulation,
                const std::vector<Eigen::Vector3d>& samplePositions);
  /// The 3D target of plane point p: the surface at the hull point nearest p, moved by p's
  /// offset from it along the plane's axes (flat continuation beyond the hull).
  Eigen::Vector3d target(const Eigen::Vector2d& p) const;
  bool inside(const Eigen::Vector2d& p) const;
  /// Distance from p to the hull (0 inside).
  double distanceToHull(const Eigen::Vector2d& p) const;
  /// The triangle (or 1D piece) holding the hull point nearest p: its site indices.
  std::vector<int> cornersAt(const Eigen::Vector2d& p) const;

 private:
  Eigen::Vector3d lift(const Eigen::Vector2d& q) const;  // q on or inside the hull
  const ParameterPlane& plane_;
  const WeightTriangulation& tri_;
  std::vector<Eigen::Vector3d> sitePositions_;
};

/// `count` uniform random plane points inside the hull (rejection sampling in the sites'
/// bounding box), none on a sample site. Empty for a single-site (0D) space.
std::vector<Eigen::Vector2d> randomTargets(const SampleSurface& surface,
                                           const WeightTriangulation& triangulation, int count,
                                           std::uint64_t seed);

/// Median and 95th percentile of |achieved - target| over `targets`, where achieved is the
/// runtime's blend with the weights its bilinear lookup gives from the probe's installed grid.
ParameterAccuracy measureAccuracy(const BlendProbe& probe, const ParameterPlane& plane,
                                  const SampleSurface& surface,
                                  const std::vector<Eigen::Vector2d>& targets,
                                  const ProgressCallback& progress = {});

/// Grid refinement (projected Gauss-Newton on the weight vectors of the vertices inside or
/// near the hull). Returns the refined grid; `vertexError` receives the 3D error of every
/// vertex of the returned grid.
/// `samples` supplies the triangulation and the measured samples (starting points).
WeightGrid refineGrid(const BlendProbe& probe, const WeightGrid& plain,
                      const EdgeParameterization& samples, const SampleSurface& surface,
                      std::vector<float>& vertexError, const ProgressCallback& progress = {});

/// Second refinement pass (cell_refinement.cpp): each vertex near the hull is fitted to its
/// own target and to those of its cells' centres, where the runtime's lookup averages the
/// cell's corners. Returns the fitted grid; a 1D grid comes back unchanged.
WeightGrid refineCells(const BlendProbe& probe, const WeightGrid& grid, const SampleSurface& surface,
                       const ProgressCallback& progress = {});

/// The 3D error of every vertex of `grid` (no refinement).
std::vector<float> gridVertexErrors(const BlendProbe& probe, const WeightGrid& grid,
                                    const SampleSurface& surface,
                                    const ProgressCallback& progress = {});

/// Euclidean projection of v onto the simplex {x >= 0, sum x = mass}: the nearest vector of
/// non-negative weights with that sum (both refinement passes keep weights on it).
Eigen::VectorXd projectToSimplex(const Eigen::VectorXd& v, double mass);

/// parameterizeEdge with the edge's blends spread over `blendSpread`'s processes (null: none),
/// every process calling it for the same edge at the same point of the build.
EdgeParameterization parameterizeEdgeOn(const Project& project, int fatEdge, const ProgressCallback& progress,
                                        int threads, WorkSpread* blendSpread);

/// parameterizeEdge of each of `edges` in turn (progress spans them all).
std::vector<EdgeParameterization> parameterizeEdges(const Project& project, const std::vector<int>& edges,
                                                    const ProgressCallback& progress, int threads);

/// Every fat edge's parameterization with the edges spread over the processes of a
/// distributed build (parameterization_spread.cpp).
std::vector<EdgeParameterization> spreadEdgeParameterizations(const Project& project, const ProgressCallback& progress,
                                                              int threads, WorkSpread& spread);

}  // namespace fatgraph::param
