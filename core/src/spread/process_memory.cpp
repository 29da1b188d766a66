#include "fatgraph/core/process_memory.h"

#include <sys/resource.h>

#include <fstream>
#include <string>

namespace fatgraph {

namespace {
// A "Name:   123 kB" line of /proc/self/status in bytes, 0 when absent.
std::uint64_t statusKilobytes(const char* name) {
  std::ifstream status("/proc/self/status");
  const std::string prefix = std::string(name) + ":";
  for (std::string line; std::getline(status, line);) {
    if (line.rfind(prefix, 0) == 0) return 1024 * std::stoull(line.substr(prefix.size()));
  }
  return 0;
}
}  // namespace

std::uint64_t peakResidentBytes() {
  if (const std::uint64_t hwm = statusKilobytes("VmHWM")) return hwm;
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return 1024 * static_cast<std::uint64_t>(usage.ru_maxrss);  // kilobytes on Linux and BSD
}

std::uint64_t residentBytes() { return statusKilobytes("VmRSS"); }

void resetPeakResident() {
  std::ofstream clear("/proc/self/clear_refs");
  if (clear) clear << "5";
}

}  // namespace fatgraph
