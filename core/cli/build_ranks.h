#pragma once
// The ranks of one `fatgraph build`: one process without MPI (ranks/build_ranks_single.cpp),
// or every rank of `mpirun -np K` (ranks/build_ranks_mpi.cpp). Rank 0 runs the build; the
// other ranks import the same clips, take part in the distance scan when rank 0 asks, and stop
// quietly when it says it is done.
#include <functional>
#include <memory>
#include <string>

#include "fatgraph/core/distance_matrix.h"
#include "fatgraph/core/project.h"

namespace fatgraph::cli {

using DistanceScanner =
    std::function<DistanceScan(const PoseFeatures&, const DistanceMatrixSettings&, const ProgressCallback&)>;

class BuildRanks {
 public:
  BuildRanks();  // MPI_Init when launched by mpirun (and built with MPI)
  ~BuildRanks();
  int rank() const;
  int size() const;
  /// Rank 0: a scanner for BuildOptions::scanDistances that spreads the scan of `project`
  /// over every rank (empty with one rank: the ordinary scan).
  DistanceScanner scanner(const Project& project);
  /// Ranks > 0: serve rank 0's scans of `project` until rank 0 calls finish().
  void serve(const Project& project);
  /// Rank 0: the other ranks are no longer needed (they return from serve()).
  void finish();
  /// Ends every rank with `message` (one rank: returns, the caller reports as usual).
  void fail(const std::string& message);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace fatgraph::cli
