#pragma once
// The ranks of one `fatgraph build`: one process without MPI (ranks/build_ranks_single.cpp),
// or every rank of `mpirun -np K` (ranks/build_ranks_mpi.cpp). Every rank imports the same
// clips and runs the same build; its spread shares out the heavy stages (distance scan, exact
// hub rows, segment pairs, parameterization) and hands every result to every rank, so every
// rank ends with the same project. Rank 0 alone prints and writes it.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fatgraph/core/spread/work_spread.h"

namespace fatgraph::cli {

class BuildRanks {
 public:
  BuildRanks();  // MPI_Init when launched by mpirun (and built with MPI)
  ~BuildRanks();
  int rank() const;
  int size() const;
  /// The build's spread over every rank; null with one rank (the ordinary build).
  WorkSpread* spread();
  /// `--threads` per rank: 0 becomes the cores this rank may run on (mpirun binds each rank to
  /// a core by default), so ranks on one machine do not fight over cores.
  int threadsPerRank(int asked) const;
  /// Called by every rank after the build: each rank's per-stage times, on rank 0, as a JSON
  /// array (null with one rank; other ranks get null too).
  nlohmann::json rankTimings();
  /// Called by every rank with its peak memory per stage (the same stages on every rank):
  /// on rank 0 one list per rank, in rank order (one rank: its own); other ranks get theirs.
  std::vector<std::vector<std::uint64_t>> gatherPeaks(const std::vector<std::uint64_t>& mine);
  /// Ends every rank with `message` (one rank: returns, the caller reports as usual).
  void fail(const std::string& message);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace fatgraph::cli
