#pragma once
// The process's resident memory, so that each stage of a build can report the most it held
// (`fatgraph build --json`, docs/SCALING.md). On Linux the peak is VmHWM of /proc/self/status,
// which writing 5 to /proc/self/clear_refs resets; where that is missing the peak is the
// whole run's (getrusage), never less than the truth.
#include <chrono>
#include <cstdint>

namespace fatgraph {

/// The largest resident set of this process since the last resetPeakResident() (or its
/// start), in bytes; 0 when the system tells nothing.
std::uint64_t peakResidentBytes();
/// The resident set now, in bytes (0 when unknown).
std::uint64_t residentBytes();
/// Starts a new peak at the current resident set (Linux); elsewhere does nothing.
void resetPeakResident();

/// One stage's wall time and peak resident memory, from its construction on.
class StageMeter {
 public:
  StageMeter() : start_(std::chrono::steady_clock::now()) { resetPeakResident(); }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  std::uint64_t peakBytes() const { return peakResidentBytes(); }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace fatgraph
