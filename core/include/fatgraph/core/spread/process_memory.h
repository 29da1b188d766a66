#pragma once
// The process's resident memory, so that a build can say what each stage held at its most
// (`fatgraph build --json`, docs/SCALING.md). The whole run's peak is the kernel's own (VmHWM,
// what /usr/bin/time reports too); a stage's is sampled: while a StageMeter lives, a thread
// reads the resident size every 10 ms, so the kernel's peak is never reset and outside tools
// still read the true maximum.
#include <chrono>
#include <cstdint>

namespace fatgraph {

/// The largest resident set of this process since it started, in bytes (Linux: VmHWM of
/// /proc/self/status; elsewhere getrusage); 0 when the system tells nothing.
std::uint64_t peakResidentBytes();
/// The resident set now, in bytes (0 when unknown).
std::uint64_t residentBytes();

/// One stage's wall time and peak resident memory, from its construction on: the largest of
/// the samples taken every 10 ms while it lives and of readings at its start and at each
/// peakBytes() call (a spike shorter than 10 ms between samples can be missed).
class StageMeter {
 public:
  StageMeter();
  ~StageMeter();
  StageMeter(const StageMeter&) = delete;
  StageMeter& operator=(const StageMeter&) = delete;
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  std::uint64_t peakBytes() const;

 private:
  std::chrono::steady_clock::time_point start_;
  int slot_ = -1;  // the sampler's slot; -1: none free, the whole run's peak stands in
};

}  // namespace fatgraph
