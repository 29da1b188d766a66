#pragma once
// The ranks of one distributed run, in our own words over MPI's C API: who we are, how many
// we are, a barrier, broadcasts from any rank, ordered point-to-point transfers, and an abort
// that ends every rank with a message. Waits poll with short sleeps, so a rank that waits
// leaves its core to the ranks that compute (blocking MPI calls spin).
#include <cstddef>
#include <string>

namespace fatgraph::mpi {

/// True when a launcher (mpirun) started this process: only then is MPI initialized, so a
/// plain run of an MPI build behaves as a build without MPI.
bool launchedByMpirun();

class Ranks {
 public:
  /// Initializes MPI when launchedByMpirun() (and it is not initialized yet); otherwise one rank.
  Ranks();
  /// Finalizes MPI if this object initialized it.
  ~Ranks();
  Ranks(const Ranks&) = delete;
  Ranks& operator=(const Ranks&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool distributed() const { return size_ > 1; }

  void barrier() const;
  /// Rank `root`'s `bytes` at `data` to every rank.
  void broadcast(void* data, size_t bytes, int root = 0) const;
  void send(int to, const void* data, size_t bytes) const;
  void receive(int from, void* data, size_t bytes) const;
  /// Prints "rank R: message" on stderr and ends every rank of the run (MPI_Abort): no rank
  /// waits forever for one that failed.
  [[noreturn]] void abort(const std::string& message) const;

 private:
  int rank_ = 0;
  int size_ = 1;
  bool initialized_ = false;  // by this object
};

}  // namespace fatgraph::mpi
