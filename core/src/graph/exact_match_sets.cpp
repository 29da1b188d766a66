#include "exact_match_sets.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "distance_rows.h"

namespace fatgraph::detail {

std::vector<std::vector<int>> exactMatchSets(const PoseFeatures& f, const std::vector<int>& frames,
                                             int window, double thresholdRms, double tolerance, int threadCount) {
  std::vector<std::vector<int>> out(frames.size());
  if (frames.empty()) return out;
  const size_t wanted = threadCount > 0 ? static_cast<size_t>(threadCount) : std::thread::hardware_concurrency();
  const size_t threads = std::clamp<size_t>(wanted, 1, frames.size());
  // A block holds four rows-by-frames matrices of doubles: 64 rows, about 64 MiB at most.
  const size_t fit = std::max<size_t>(1, (size_t(64) << 20) / (32 * size_t(std::max(1, f.frameCount()))));
  const size_t block = std::min({size_t(64), fit, (frames.size() + threads - 1) / threads});
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex mutex;
  auto work = [&] {
    try {
      for (size_t start; (start = next.fetch_add(block)) < frames.size();) {
        const size_t end = std::min(frames.size(), start + block);
        const std::vector<int> batch(frames.begin() + static_cast<long>(start), frames.begin() + static_cast<long>(end));
        const Eigen::MatrixXd rows = distanceRows(f, batch, window);
        for (size_t r = 0; r < batch.size(); ++r) {
          out[start + r] = exactMatches(f, rowVector(rows, static_cast<int>(r)), batch[r], window, thresholdRms, tolerance);
        }
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return out;
}

std::vector<char> repeatedWindows(const PoseFeatures& f, int window) {
  const int n = f.frameCount();
  std::vector<char> repeat(n, 0);
  // FNV-1a over each frame's feature bits, then over the window's frame hashes; windows whose
  // hashes agree are compared in full.
  std::vector<uint64_t> frameHash(n);
  for (int i = 0; i < n; ++i) {
    uint64_t h = 1469598103934665603ull;
    for (const Eigen::MatrixXd* m : {&f.x, &f.y, &f.z}) {
      for (int j = 0; j < f.jointCount(); ++j) {
        const double v = (*m)(i, j);
        uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        h = (h ^ bits) * 1099511628211ull;
      }
    }
    frameHash[i] = h;
  }
  const int before = windowBefore(window), after = windowAfter(window);
  auto sameWindow = [&](int a, int b) {
    for (int t = -before; t <= after; ++t) {
      if (f.x.row(a + t) != f.x.row(b + t) || f.y.row(a + t) != f.y.row(b + t) || f.z.row(a + t) != f.z.row(b + t)) {
        return false;
      }
    }
    return true;
  };
  std::unordered_map<uint64_t, std::vector<int>> distinct;  // window hash -> distinct windows
  for (int i = 0; i < n; ++i) {
    if (!windowInsideClip(f, i, window)) continue;
    uint64_t h = 1469598103934665603ull;
    for (int t = -before; t <= after; ++t) h = (h ^ frameHash[i + t]) * 1099511628211ull;
    std::vector<int>& seen = distinct[h];
    if (std::any_of(seen.begin(), seen.end(), [&](int a) { return sameWindow(a, i); })) {
      repeat[i] = 1;
    } else {
      seen.push_back(i);
    }
  }
  return repeat;
}

}  // namespace fatgraph::detail
