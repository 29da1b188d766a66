#include "fatgraph/core/spread/process_memory.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>

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

// The resident pages of /proc/self/statm (its second field): one short read, cheap enough
// to take every 10 ms.
std::uint64_t statmResident() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0;
  const bool read = std::fscanf(f, "%llu %llu", &size, &resident) == 2;
  std::fclose(f);
  const long page = sysconf(_SC_PAGESIZE);
  return read && page > 0 ? resident * static_cast<std::uint64_t>(page) : 0;
}

// The meters' running maxima, fed by one thread started with the first meter. It samples
// while any meter is open and otherwise sleeps until one opens (the editor builds often).
class ResidentSampler {
 public:
  static ResidentSampler& instance() {
    static ResidentSampler sampler;
    return sampler;
  }
  ~ResidentSampler() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

  int open() {
    const std::uint64_t now = statmResident();
    std::lock_guard<std::mutex> lock(mutex_);
    for (int k = 0; k < static_cast<int>(slots_.size()); ++k) {
      if (slots_[k].open) continue;
      slots_[k] = {true, now};
      ++openCount_;
      if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
      wake_.notify_all();
      return k;
    }
    return -1;
  }
  std::uint64_t peak(int k) {
    const std::uint64_t now = statmResident();
    std::lock_guard<std::mutex> lock(mutex_);
    slots_[k].peak = std::max(slots_[k].peak, now);
    return slots_[k].peak;
  }
  void close(int k) {
    std::lock_guard<std::mutex> lock(mutex_);
    slots_[k].open = false;
    --openCount_;
  }

 private:
  struct Slot {
    bool open = false;
    std::uint64_t peak = 0;
  };
  void run() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
      if (openCount_ == 0) {
        wake_.wait(lock, [this] { return stop_ || openCount_ > 0; });
        continue;
      }
      wake_.wait_for(lock, std::chrono::milliseconds(10));
      lock.unlock();
      const std::uint64_t now = statmResident();
      lock.lock();
      for (Slot& s : slots_) {
        if (s.open) s.peak = std::max(s.peak, now);
      }
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::array<Slot, 16> slots_{};
  int openCount_ = 0;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace

std::uint64_t peakResidentBytes() {
  if (const std::uint64_t hwm = statusKilobytes("VmHWM")) return hwm;
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return 1024 * static_cast<std::uint64_t>(usage.ru_maxrss);  // kilobytes on Linux and BSD
}

std::uint64_t residentBytes() { return statmResident(); }

StageMeter::StageMeter() : start_(std::chrono::steady_clock::now()), slot_(ResidentSampler::instance().open()) {}

StageMeter::~StageMeter() {
  if (slot_ >= 0) ResidentSampler::instance().close(slot_);
}

std::uint64_t StageMeter::peakBytes() const {
  return slot_ >= 0 ? ResidentSampler::instance().peak(slot_) : peakResidentBytes();
}

}  // namespace fatgraph
