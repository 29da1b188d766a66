#include "fatgraph/mpi/ranks.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace fatgraph::mpi {
namespace {

// MPI counts are ints: larger transfers go in pieces of 1 GiB.
constexpr size_t kPiece = size_t(1) << 30;

// MPI_Wait spins on its core; a rank that waits minutes for another's share would halve the
// work of two ranks on two cores. MPI_Test plus a millisecond's sleep costs nothing and adds
// at most a millisecond per transfer.
void wait(MPI_Request& request) {
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

template <typename Start>
void inPieces(void* data, size_t bytes, const Start& start) {
  auto* p = static_cast<char*>(data);
  do {
    const size_t piece = std::min(bytes, kPiece);
    MPI_Request request;
    start(p, static_cast<int>(piece), &request);
    wait(request);
    p += piece;
    bytes -= piece;
  } while (bytes > 0);
}

}  // namespace

bool launchedByMpirun() {
  // Open MPI's launcher sets OMPI_COMM_WORLD_SIZE; PMIx and PMI launchers (srun, Hydra) set
  // the others.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"}) {
    if (std::getenv(name)) return true;
  }
  return false;
}

Ranks::Ranks() {
  int already = 0;
  MPI_Initialized(&already);
  if (!already) {
    if (!launchedByMpirun()) return;
    // Only the calling thread talks to MPI; the scan's worker threads never do.
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    initialized_ = true;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Ranks::~Ranks() {
  if (initialized_) MPI_Finalize();
}

void Ranks::barrier() const {
  if (size_ == 1) return;
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  wait(request);
}

void Ranks::broadcast(void* data, size_t bytes, int root) const {
  if (size_ == 1 || bytes == 0) return;
  inPieces(data, bytes,
           [root](char* p, int n, MPI_Request* r) { MPI_Ibcast(p, n, MPI_BYTE, root, MPI_COMM_WORLD, r); });
}

void Ranks::send(int to, const void* data, size_t bytes) const {
  if (bytes == 0) return;
  inPieces(const_cast<void*>(data), bytes,
           [to](char* p, int n, MPI_Request* r) { MPI_Isend(p, n, MPI_BYTE, to, 0, MPI_COMM_WORLD, r); });
}

void Ranks::receive(int from, void* data, size_t bytes) const {
  if (bytes == 0) return;
  inPieces(data, bytes,
           [from](char* p, int n, MPI_Request* r) { MPI_Irecv(p, n, MPI_BYTE, from, 0, MPI_COMM_WORLD, r); });
}

void Ranks::abort(const std::string& message) const {
  std::fprintf(stderr, "rank %d of %d: %s\n", rank_, size_, message.c_str());
  std::fflush(stderr);
  int running = 0, finalized = 0;
  MPI_Initialized(&running);
  MPI_Finalized(&finalized);
  if (running && !finalized) MPI_Abort(MPI_COMM_WORLD, 1);
  std::exit(1);
}

}  // namespace fatgraph::mpi
