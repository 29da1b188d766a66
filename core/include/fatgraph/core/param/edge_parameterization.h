#pragma once
// The parameterization of one fat edge (Fat Graph §4; docs/ALGORITHMS.md F): which joint at
// which reference time is measured, the sampled weight vectors and the joint positions the
// runtime's blending reached with them, the PCA plane, the Delaunay triangulation, the weight
// grid the player looks up (refined or plain), and how accurately it hits its targets.
#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "fatgraph/core/param/delaunay_weights.h"
#include "fatgraph/core/param/parameter_plane.h"
#include "fatgraph/core/param/weight_grid.h"

namespace fatgraph {

/// Project-wide defaults (`build --samples --grid --no-refine`); per-edge choices override.
struct ParameterizationSettings {
  int samples = 300;  // weight vectors sampled per edge (pure segments, pairs, sparse mixes)
  int grid = 32;      // weight grid vertices per side
  bool refine = true; // projected Gauss-Newton refinement of the grid's vertices
  std::uint64_t seed = 1;  // sampling and accuracy targets are deterministic given the seed
};

/// A user's choice for one edge (an edit operation; kept by edge name across re-clustering).
/// Negative / zero values mean "automatic" / "project default".
struct EdgeParameterChoice {
  std::string edge;        // fat-edge name
  int joint = -1;          // joint index; -1 automatic
  double timeSeconds = -1; // from the start of the edge's reference segment; < 0 automatic
  int samples = 0;         // 0: project default
  int grid = 0;            // 0: project default
};

/// Error statistics of one grid over the same random targets (metres).
struct ParameterAccuracy {
  int targets = 0;
  double median3d = 0, p95_3d = 0;       // |achieved joint position - target| in 3D
  double medianPlane = 0, p95Plane = 0;  // the same measured in plane coordinates
};

struct EdgeParameterization {
  std::string edge;              // fat-edge name when computed
  int joint = 0;                 // joint measured
  double referenceTime = 0;      // seconds of reference time
  bool jointAutomatic = true, timeAutomatic = true;
  std::string jointReason;       // why this joint/time ("root at the end: segments travel 1.2 m")
  std::vector<Eigen::VectorXd> sampleWeights;   // one per sample (size = segments)
  std::vector<Eigen::Vector3d> samplePositions; // joint positions in the edge-start frame
  ParameterPlane plane;
  WeightTriangulation triangulation;
  WeightGrid grid;               // what the player uses (refined unless refinement is off)
  bool refined = false;
  ParameterAccuracy plain;       // plain Delaunay grid
  ParameterAccuracy achieved;    // the grid in `grid` (== plain when not refined)
  std::vector<float> vertexError;  // G*G: 3D error at each grid vertex (metres), for plots
  std::vector<std::string> notes;  // degenerate spaces and other things worth telling
  /// The effective settings it was computed with (project defaults merged with the edge's
  /// choice), so an unchanged edge can keep its result when the graph is derived anew.
  ParameterizationSettings settings;
};

}  // namespace fatgraph
