// BuildRanks over MPI. Rank 0 sends the other ranks exactly one request: "scan" with the
// scan's settings and the project's distance fingerprint (each rank checks it imported the
// same clips), or "done" when the build needed no scan (cached distances). Either way they
// then stop; rank 0 alone does the rest of the build and writes the project.
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <thread>

#include "../build_ranks.h"
#include "fatgraph/mpi/distributed_scan.h"
#include "fatgraph/mpi/ranks.h"

namespace fatgraph::cli {
namespace {

struct Request {
  int32_t scan = 0;  // 0: done, 1: scan
  int32_t window = 0;
  int32_t threads = 0;
  int32_t heatMapSize = 0;
  uint64_t memoryBudgetBytes = 0;
  int32_t frames = 0;
  int32_t fingerprintBytes = 0;
};

// The features every rank computes for itself, exactly as the builder does (projectFeatures).
PoseFeatures featuresOf(const Project& p) { return PoseFeatures(p.skeleton, p.clips, p.settings.jointWeights); }

// mpirun binds each rank to one core by default, which suits the scan (1.98x on 2 ranks x 1
// thread, MPI_STATUS.md). After it the other ranks only wait, asleep, yet rank 0's later
// stages would still run all their threads on its one core (the parameterization took 8.6 s
// instead of 5.1 s). So rank 0 lets itself onto every core again; threads started later
// inherit that. The kernel keeps the mask inside any cpuset the job runs in.
void releaseCoreBinding() {
  cpu_set_t all;
  CPU_ZERO(&all);
  const long cpus = std::min<long>(sysconf(_SC_NPROCESSORS_CONF), CPU_SETSIZE);
  for (long c = 0; c < cpus; ++c) CPU_SET(c, &all);
  sched_setaffinity(0, sizeof all, &all);  // best effort: a refusal leaves the binding as it was
}

}  // namespace

struct BuildRanks::State {
  mpi::Ranks ranks;
  bool requested = false;  // rank 0 has sent its one request
};

BuildRanks::BuildRanks() : state_(std::make_unique<State>()) {}

// Every rank meets at a polling barrier first: MPI_Finalize waits for all ranks, and waiting
// inside it would spin on a core rank 0 still builds on.
BuildRanks::~BuildRanks() { state_->ranks.barrier(); }

int BuildRanks::rank() const { return state_->ranks.rank(); }
int BuildRanks::size() const { return state_->ranks.size(); }

DistanceScanner BuildRanks::scanner(const Project& project) {
  if (!state_->ranks.distributed()) return {};
  return [this, &project](const PoseFeatures& features, const DistanceMatrixSettings& asked,
                          const ProgressCallback& progress) {
    if (state_->requested) return scanDistanceMatrix(features, asked, progress);  // one request only
    DistanceMatrixSettings settings = asked;
    // The tile size follows the thread count: every rank uses rank 0's.
    if (settings.threads <= 0) settings.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::string fingerprint = project.distanceFingerprint();
    Request r;
    r.scan = 1;
    r.window = settings.window;
    r.threads = settings.threads;
    r.heatMapSize = settings.heatMapSize;
    r.memoryBudgetBytes = settings.memoryBudgetBytes;
    r.frames = features.frameCount();
    r.fingerprintBytes = static_cast<int32_t>(fingerprint.size());
    state_->requested = true;
    state_->ranks.broadcast(&r, sizeof r);
    state_->ranks.broadcast(fingerprint.data(), fingerprint.size());
    DistanceScan scan = mpi::scanDistanceMatrixOnRanks(state_->ranks, features, settings, progress);
    releaseCoreBinding();
    return scan;
  };
}

void BuildRanks::serve(const Project& project) {
  Request r;
  state_->ranks.broadcast(&r, sizeof r);
  if (!r.scan) return;
  std::string fingerprint(static_cast<size_t>(r.fingerprintBytes), '\0');
  state_->ranks.broadcast(fingerprint.data(), fingerprint.size());
  const PoseFeatures features = featuresOf(project);
  if (fingerprint != project.distanceFingerprint() || features.frameCount() != r.frames) {
    state_->ranks.abort("build: this rank's clips differ from rank 0's (" + std::to_string(features.frameCount()) +
                        " frames here, " + std::to_string(r.frames) + " there): every rank must read the same files");
  }
  DistanceMatrixSettings settings;
  settings.window = r.window;
  settings.threads = r.threads;
  settings.heatMapSize = r.heatMapSize;
  settings.memoryBudgetBytes = r.memoryBudgetBytes;
  mpi::scanDistanceMatrixOnRanks(state_->ranks, features, settings);
}

void BuildRanks::finish() {
  if (!state_->ranks.distributed() || state_->requested || state_->ranks.rank() != 0) return;
  state_->requested = true;
  Request done;
  state_->ranks.broadcast(&done, sizeof done);
}

void BuildRanks::fail(const std::string& message) {
  if (state_->ranks.distributed()) state_->ranks.abort(message);
}

}  // namespace fatgraph::cli
